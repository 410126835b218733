import ArgumentParser

/// `icukit format`: locale-aware formatting. Each capability adds its subcommands here
/// (numbers, measures, plurals, lists and messages in FormatNumberCommands.swift).
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Format numbers, measurements, plural categories, lists and messages as a locale writes them.",
        subcommands: [
            FormatNumberCommand.self, FormatMeasureCommand.self, FormatPluralCommand.self,
            FormatListCommand.self, FormatMessageCommand.self,
        ]
    )
}
