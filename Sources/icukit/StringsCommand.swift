import ICUKit

/// `icukit strings`: an app's own strings (String Catalogs, `.strings`/`.stringsdict`
/// folders, gettext `.po`/`.mo`): formatted as Apple and GNU resolve them, checked,
/// pseudo-localized and converted.
enum StringsCommand {
    static let spec = CommandSpec(
        group: "strings",
        abstract: "Serve, check, pseudo-localize and convert an app's localized strings (.xcstrings, .strings, .stringsdict, .po, .mo).",
        subcommands: [StringsFormatCommand.spec, StringsCheckCommand.spec, StringsPseudoCommand.spec, StringsConvertCommand.spec, StringsLanguagesCommand.spec]
    )
}
