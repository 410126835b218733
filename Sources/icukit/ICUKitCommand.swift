import ICUKit

/// `icukit`: every ICUKit capability from the command line (see ARCHITECTURE.md for the
/// stable contract: JSON Lines output, UTF-8 byte offsets, sysexits exit codes).
@main
enum ICUKitCommand {
    static let spec = CommandSpec(
        group: "icukit",
        abstract: "Real-world text handling with ICU \(ICUVersion.icu) (Unicode \(ICUVersion.unicode)).",
        discussion: "Errors go to stderr as 'icukit: error: …'. Exit codes: 0 ok (also when the reader of the output goes away, as with | head), 64 usage, 65 invalid input data, 66 input file missing or unreadable, 70 internal, 74 I/O error.",
        subcommands: [
            SegmentCommand.spec, SortCommand.spec, CompareCommand.spec, SearchCommand.spec, BidiCommand.spec, FormatCommand.spec,
            LocaleCommand.spec, CalendarCommand.spec, DetectCommand.spec, ConvertCommand.spec, NormalizeCommand.spec, CaseCommand.spec,
            TransliterateCommand.spec, CharsCommand.spec, ScriptsCommand.spec, IDNACommand.spec, StringPrepCommand.spec,
            SpoofCommand.spec, LanguageCommand.spec, StringsCommand.spec, TourCommand.spec,
        ]
    )

    static let version = "icukit \(ICUKitVersion.string) (ICU \(ICUVersion.icu), Unicode \(ICUVersion.unicode))"

    /// Parses and runs the command, mapping every failure to one `icukit: error:` report
    /// and a sysexits code.
    static func main() {
        CLI.prepareStandardStreams()
        do {
            switch try CommandLineParser.request(Array(CommandLine.arguments.dropFirst()), root: spec) {
            case .run(let command, let arguments):
                try command.run?(arguments)
            case .help(let command, let path):
                CLI.print(HelpFormatter.help(command, path: path), terminator: "")
            case .helpCommandHelp:
                CLI.print(HelpFormatter.helpCommandHelp(tool: spec.name), terminator: "")
            case .version:
                CLI.print(version)
            case .completion(let shell):
                CLI.print(CompletionScript.script(for: shell, root: spec), terminator: "")
            }
        } catch let failure as CLIFailure {
            CLI.fail(failure.message, code: failure.code)
        } catch let failure as UsageError {
            CLI.standardError(failure.report)
            CLI.terminate(CLI.usage)
        } catch {
            CLI.standardError("icukit: error: \(error)\n")
            CLI.terminate(1)
        }
    }
}
