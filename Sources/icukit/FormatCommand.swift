import ArgumentParser

/// `icukit format`: locale-aware formatting (dates, intervals, durations, relative times).
struct FormatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Locale-aware formatting.",
        subcommands: [FormatDateCommand.self, FormatIntervalCommand.self, FormatDurationCommand.self, FormatRelativeCommand.self]
    )
}
