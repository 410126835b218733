
/// `icukit format`: locale-aware formatting: dates, intervals, durations and relative
/// times (FormatDateCommands.swift); numbers, measures, plurals, lists and messages
/// (FormatNumberCommands.swift).
enum FormatCommand {
    static let spec = CommandSpec(
        group: "format",
        abstract: "Format dates, durations, numbers, measurements, plural categories, lists and messages as a locale writes them.",
        subcommands: [FormatDateCommand.spec, FormatIntervalCommand.spec, FormatDurationCommand.spec, FormatRelativeCommand.spec, FormatNumberCommand.spec, FormatMeasureCommand.spec, FormatPluralCommand.spec, FormatListCommand.spec, FormatMessageCommand.spec]
    )
}
