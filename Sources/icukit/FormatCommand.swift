import ArgumentParser

/// `icukit format`: locale-aware formatting: dates, intervals, durations and relative
/// times (FormatDateCommands.swift); numbers, measures, plurals, lists and messages
/// (FormatNumberCommands.swift).
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Format dates, durations, numbers, measurements, plural categories, lists and messages as a locale writes them.",
        subcommands: [
            FormatDateCommand.self, FormatIntervalCommand.self, FormatDurationCommand.self, FormatRelativeCommand.self,
            FormatNumberCommand.self, FormatMeasureCommand.self, FormatPluralCommand.self,
            FormatListCommand.self, FormatMessageCommand.self,
        ]
    ).leaf
}
