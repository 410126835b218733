import ArgumentParser
import ICUKit

/// `icukit`: every ICUKit capability from the command line (see ARCHITECTURE.md for the
/// stable contract: JSON Lines output, UTF-8 byte offsets, sysexits exit codes).
@main
struct ICUKitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icukit",
        abstract: "Real-world text handling with ICU \(ICUVersion.icu) (Unicode \(ICUVersion.unicode)).",
        discussion: "Errors go to stderr as 'icukit: error: …'. Exit codes: 0 ok (also when the reader of the output goes away, as with | head), 64 usage, 65 invalid input data, 66 input file missing or unreadable, 70 internal, 74 I/O error.",
        version: "icukit \(ICUKitVersion.string) (ICU \(ICUVersion.icu), Unicode \(ICUVersion.unicode))",
        subcommands: [SegmentCommand.self, SortCommand.self, CompareCommand.self, SearchCommand.self, BidiCommand.self, FormatCommand.self, LocaleCommand.self, CalendarCommand.self, DetectCommand.self, ConvertCommand.self, NormalizeCommand.self, CaseCommand.self, TransliterateCommand.self, CharsCommand.self, ScriptsCommand.self, IDNACommand.self, StringPrepCommand.self, SpoofCommand.self, LanguageCommand.self, TourCommand.self]
    )

    /// Parses and runs the command, mapping every failure to one `icukit: error:` line
    /// and a sysexits code.
    static func main() {
        CLI.prepareStandardStreams()
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if let job = FastParse.job(arguments) {
                try job()
            } else {
                var command = try parseLeaf(arguments) ?? parseAsRoot()
                try command.run()
            }
        } catch let failure as CLIFailure {
            CLI.fail(failure.message, code: failure.code)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                CLI.print(fullMessage(for: error))
                CLI.terminate(0)
            }
            let message = fullMessage(for: error)
            // Usage errors: ArgumentParser's message plus its usage line, with our prefix.
            let first = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? message
            let rest = message.dropFirst(first.count)
            let text = first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
            CLI.standardError("icukit: error: \(text)\(rest)\n")
            CLI.terminate(code == .validationFailure ? CLI.usage : code.rawValue)
        }
    }

    /// The start-up fast path: parses the named leaf subcommand as if it were the root, or
    /// returns nil so the caller parses from the root as usual.
    ///
    /// ArgumentParser's root pass builds the leaf's whole argument set once more only to ask
    /// whether it takes pass-through arguments (reflection: ~7M instructions, a third of a
    /// small job's start-up). A leaf parsed as root reads the same options into the same
    /// values; anything else — help, `--version`, completion scripts, an unknown
    /// subcommand, any parse or validation error — returns nil, and the full parse gives
    /// exactly the old answer, message and usage line (`CLIStartupTests` checks both agree).
    static func parseLeaf(_ arguments: [String]) -> ParsableCommand? {
        var group: ParsableCommand.Type = ICUKitCommand.self
        var rest = arguments[...]
        while true {
            let children = group.configuration.subcommands
            if children.isEmpty { break }
            if let name = rest.first, let child = children.first(where: { $0._commandName == name }) {
                group = child
                rest = rest.dropFirst()
            } else if let fallback = group.configuration.defaultSubcommand {
                group = fallback
            } else {
                return nil
            }
        }
        guard group != ICUKitCommand.self,
              let parsed = try? group.parseAsRoot(Array(rest)),
              type(of: parsed) == group
        else { return nil }
        return parsed
    }
}

extension CommandConfiguration {
    /// A subcommand's configuration, marked for the start-up fast path (``ICUKitCommand/parseLeaf(_:)``).
    ///
    /// A command parsed as the root first parses the arguments twice more, looking for
    /// `--generate-completion-script` (~6M instructions, 30% of a small job's start-up),
    /// unless its configuration names a super command (`_superCommandName`, ArgumentParser's
    /// mark for pseudo-commands). ArgumentParser reads that name only from the root of the
    /// command stack (help, usage, the completion check), and in the full parse from
    /// `icukit` a subcommand is never the root, so the mark changes nothing there: help,
    /// errors and completion requests all take the full parse (`parseLeaf` returns nil for
    /// them), with the same output as before (`StartupParseTests`).
    var leaf: CommandConfiguration {
        var marked = self
        marked._superCommandName = "icukit"
        return marked
    }
}
