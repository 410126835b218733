import Testing

@testable import icukit

/// The command-line parser, help formatter and completion scripts of `Support/`, on a small
/// command tree with one option of each kind, and on `icukit`'s own tree.
@Suite("icukit command line")
struct CommandLineParserTests {
    /// A leaf with one declaration of each kind.
    struct Sample: CLICommand {
        static let spec = CommandSpec(
            Self.self, name: "sample", abstract: "A sample command.", discussion: "It has one option of each kind.",
            options: { [quietOption, nameOption, countOption, yearOption, modeOption, inputOption, restOption] }
        )
        static let quietOption = OptionSpec.flag("quiet", help: "Say less.")
        static let nameOption = OptionSpec.option("name", help: "A name.", default: "anon")
        static let countOption = OptionSpec.integer("count", help: "How many.")
        static let yearOption = OptionSpec.integer("year", help: "A year (may be negative).", dashed: true)
        static let modeOption = OptionSpec.choice("mode", Mode.self, help: "fast or slow.", default: .fast)
        static let inputOption = OptionSpec.positional("input", help: "The input.", required: true)
        static let restOption = OptionSpec.variadic("rest", help: "The rest.")

        enum Mode: String, CaseIterable { case fast, slow }

        init(_ arguments: ParsedArguments) {}
        func run() {}
    }

    /// A leaf whose variadic collects unknown options and the words after `--`.
    struct Numbers: CLICommand {
        static let spec = CommandSpec(
            Self.self, name: "numbers", abstract: "Numbers that may be negative.", options: { [markOption, valuesOption] })
        static let markOption = OptionSpec.flag("mark", help: "Mark them.")
        static let valuesOption = OptionSpec.variadic("values", help: "The values.", unrecognized: true)

        init(_ arguments: ParsedArguments) {}
        func run() {}
    }

    static let root = CommandSpec(
        group: "tool", abstract: "A tool.",
        subcommands: [
            Sample.spec,
            CommandSpec(group: "group", abstract: "A group with a default.", subcommands: [Numbers.spec], defaultSubcommand: "numbers"),
        ]
    )

    /// The parsed arguments of `words`, or the usage error's report.
    func parse(_ words: [String]) -> Result<ParsedArguments, UsageErrorText> {
        do {
            guard case .run(_, let parsed) = try CommandLineParser.request(words, root: Self.root) else {
                return .failure(UsageErrorText(text: "not a run"))
            }
            return .success(parsed)
        } catch {
            return .failure(UsageErrorText(text: error.report))
        }
    }

    struct UsageErrorText: Error, Equatable { let text: String }

    func parsed(_ words: [String]) throws -> ParsedArguments { try parse(words).get() }

    func failure(_ words: [String]) -> String? {
        if case .failure(let error) = parse(words) { return error.text }
        return nil
    }

    static let sampleUsage = """
        Usage: tool sample [--quiet] [--name <name>] [--count <count>] [--year <year>] [--mode <mode>] <input> [<rest> ...]
          See 'tool sample --help' for more information.

        """

    @Test("a flag is false until given; a value after it is an error, an empty one is not")
    func flags() throws {
        #expect(try !parsed(["sample", "in"]).flag(Sample.quietOption))
        #expect(try parsed(["sample", "in", "--quiet"]).flag(Sample.quietOption))
        #expect(try parsed(["sample", "--quiet=", "in"]).flag(Sample.quietOption))
        #expect(failure(["sample", "--quiet=yes", "in"])
            == "icukit: error: The option '--quiet' does not take any value, but 'yes' was specified.\n" + Self.sampleUsage)
    }

    @Test("an option reads --name VALUE and --name=VALUE, the last one wins, its default otherwise")
    func options() throws {
        #expect(try parsed(["sample", "in"]).string(Sample.nameOption) == "anon")
        #expect(try parsed(["sample", "--name", "x", "in"]).string(Sample.nameOption) == "x")
        #expect(try parsed(["sample", "--name=x", "--name", "y", "in"]).string(Sample.nameOption) == "y")
        #expect(try parsed(["sample", "in"]).string(Sample.countOption) == nil)
        #expect(failure(["sample", "in", "--name"])
            == "icukit: error: Missing value for '--name <name>'\nHelp:  --name <name>  A name.\n" + Self.sampleUsage)
        #expect(failure(["sample", "in", "--name="])?.hasPrefix("icukit: error: Missing value for '--name <name>'\n") == true)
        // A word that looks like an option is not a value.
        #expect(failure(["sample", "in", "--name", "--quiet"])?.hasPrefix("icukit: error: Missing value for '--name <name>'\n") == true)
    }

    @Test("an integer option checks its value; a dashed one takes a negative number")
    func integers() throws {
        #expect(try parsed(["sample", "in", "--count", "3"]).integer(Sample.countOption) == 3)
        #expect(failure(["sample", "in", "--count", "three"])
            == "icukit: error: The value 'three' is invalid for '--count <count>'\nHelp:  --count <count>  How many.\n" + Self.sampleUsage)
        #expect(failure(["sample", "in", "--count", "-3"])?.hasPrefix("icukit: error: Missing value for '--count <count>'\n") == true)
        #expect(try parsed(["sample", "in", "--year", "-44"]).integer(Sample.yearOption) == -44)
    }

    @Test("a choice option accepts only its values and names them in the error")
    func choices() throws {
        #expect(try parsed(["sample", "in"]).choice(Sample.modeOption, as: Sample.Mode.self) == .fast)
        #expect(try parsed(["sample", "in", "--mode", "slow"]).choice(Sample.modeOption, as: Sample.Mode.self) == .slow)
        #expect(failure(["sample", "in", "--mode", "warp"])
            == "icukit: error: The value 'warp' is invalid for '--mode <mode>'. Please provide one of 'fast' and 'slow'.\n"
            + "Help:  --mode <mode>  fast or slow.\n" + Self.sampleUsage)
        #expect(CommandLineParser.choiceList(["a", "b", "c"]) == ". Please provide one of 'a', 'b' or 'c'.")
        #expect(CommandLineParser.choiceList(["a", "b", "c", "d", "e", "f"])
            == ". Please provide one of the following:\n  - a\n  - b\n  - c\n  - d\n  - e\n  - f")
    }

    @Test("positionals fill in order, a variadic takes the rest; missing and surplus ones are errors")
    func positionals() throws {
        let arguments = try parsed(["sample", "a", "--quiet", "b", "c"])
        #expect(arguments.strings(Sample.inputOption) == ["a"])
        #expect(arguments.strings(Sample.restOption) == ["b", "c"])
        #expect(try parsed(["sample", "--", "--quiet"]).strings(Sample.inputOption) == ["--quiet"])
        #expect(failure(["sample"]) == "icukit: error: Missing expected argument '<input>'\nHelp:  <input>  The input.\n" + Self.sampleUsage)
        // A missing argument is reported before an unknown option.
        #expect(failure(["sample", "--bogus"])?.hasPrefix("icukit: error: Missing expected argument '<input>'\n") == true)
    }

    @Test("an unknown option is an error, with the nearest name when one is close")
    func unknownOptions() {
        #expect(failure(["sample", "in", "--quiett"]) == "icukit: error: Unknown option '--quiett'. Did you mean '--quiet'?\n" + Self.sampleUsage)
        #expect(failure(["sample", "in", "--zzzzzzzz"]) == "icukit: error: Unknown option '--zzzzzzzz'\n" + Self.sampleUsage)
        #expect(failure(["sample", "in", "-z"]) == "icukit: error: Unknown option '-z'\n" + Self.sampleUsage)
        #expect(CommandLineParser.editDistance("kitten", "sitting") == 3)
    }

    @Test("a collecting variadic takes unknown options and --, for the command to check")
    func collecting() throws {
        let arguments = try parsed(["group", "numbers", "-5", "--mark", "--", "--x"])
        #expect(arguments.strings(Numbers.valuesOption) == ["-5", "--", "--x"])
        #expect(arguments.flag(Numbers.markOption))
        #expect(throws: CLIFailure.self) { try CLI.positionalValues(["--bogus"], names: nil) }
        #expect(try CLI.positionalValues(["-5", "--", "--x"], names: ["A", "B"]) == ["-5", "--x"])
    }

    @Test("groups: a subcommand by name, the default one otherwise, help when there are no arguments")
    func groups() throws {
        #expect(try parsed(["group", "-1"]).path == ["tool", "group", "numbers"])
        guard case .help(let command, let path) = try CommandLineParser.request([], root: Self.root) else {
            Issue.record("no help")
            return
        }
        #expect(command.name == "tool" && path == ["tool"])
        #expect(failure(["nosuch"]) == "icukit: error: Unexpected argument 'nosuch'\nUsage: tool <subcommand>\n  See 'tool --help' for more information.\n")
        #expect(failure(["x", "y"])?.hasPrefix("icukit: error: 2 unexpected arguments: 'x', 'y'\n") == true)
    }

    @Test("help, -h, --help and help COMMAND ask for help; --version for the version")
    func helpRequests() throws {
        for words in [["sample", "--help"], ["sample", "in", "-h"], ["help", "sample"], ["sample", "--help=x"], ["sample", "--bogus", "--help"]] {
            guard case .help(let command, let path) = try CommandLineParser.request(words, root: Self.root) else {
                Issue.record("\(words): not help")
                continue
            }
            #expect(command.name == "sample" && path == ["tool", "sample"])
        }
        guard case .version = try CommandLineParser.request(["sample", "--version"], root: Self.root) else {
            Issue.record("not the version")
            return
        }
        // After --, --help is a value.
        #expect(try parsed(["sample", "--", "--help"]).strings(Sample.inputOption) == ["--help"])
    }

    @Test("help: overview, usage, arguments, options with their values and defaults, wrapped to the width")
    func helpText() {
        let help = HelpFormatter.help(Sample.spec, path: ["tool", "sample"], width: 60)
        #expect(help == """
            OVERVIEW: A sample command.

            It has one option of each kind.

            USAGE: tool sample [--quiet] [--name <name>] [--count <count>] [--year <year>] [--mode <mode>] <input> [<rest> ...]

            ARGUMENTS:
              <input>                 The input.
              <rest>                  The rest.

            OPTIONS:
              --quiet                 Say less.
              --name <name>           A name. (default: anon)
              --count <count>         How many.
              --year <year>           A year (may be negative).
              --mode <mode>           fast or slow. (values: fast,
                                      slow; default: fast)
              --version               Show the version.
              -h, --help              Show help information.


            """)
        let group = HelpFormatter.help(Self.root.subcommands[1], path: ["tool", "group"], width: 80)
        #expect(group.hasSuffix("""
            SUBCOMMANDS:
              numbers (default)       Numbers that may be negative.

              See 'tool help group <subcommand>' for detailed help.

            """))
        // A label of 24 characters or more puts its help on the next line.
        #expect(HelpFormatter.row("--a-rather-long-name <x>", "Help.", width: 80) == "  --a-rather-long-name <x>\n                          Help.\n")
    }

    @Test("wrapping: at spaces, a long word alone, line breaks kept, the indent on every non-empty line")
    func wrapping() {
        // A line fills the width only at the end of the text: the break is found among the
        // first `width` characters.
        #expect(HelpFormatter.wrap("aaa bbb ccc", width: 7) == "aaa\nbbb ccc")
        #expect(HelpFormatter.wrap("aaa bbb ccc", width: 8) == "aaa bbb\nccc")
        #expect(HelpFormatter.wrap("a verylongword b", width: 6) == "a\nverylongword\nb")
        #expect(HelpFormatter.wrap("one\n\ntwo", width: 80) == "one\n\ntwo")
        #expect(HelpFormatter.wrap("aa bb", width: 6, indent: 3) == "   aa\n   bb")
    }

    @Test("usage: more than 12 options keep only the required ones and the positionals")
    func usageCollapse() {
        #expect(HelpFormatter.usage(SearchCommand.spec, path: ["icukit", "search"]) == "icukit search [<options>] <pattern> [<file>]")
        #expect(HelpFormatter.usage(ConvertCommand.spec, path: ["icukit", "convert"])
            == "icukit convert [--from <from>] [--to <to>] [--lossy] [<file>]")
    }

    @Test("icukit's tree: option names unique per command, defaults among the allowed values, every help renders")
    func tree() {
        func visit(_ command: CommandSpec, path: [String]) {
            let options = command.options()
            for (index, option) in options.enumerated() {
                #expect(!options[..<index].contains { $0.isSame(as: option) }, "\(path) --\(option.name) twice")
                if let value = option.defaultValue, !option.allowedValues.isEmpty {
                    #expect(option.allowedValues.contains(value), "\(path) --\(option.name) default \(value)")
                }
            }
            #expect(HelpFormatter.help(command, path: path, width: 80).hasPrefix("OVERVIEW: "))
            for child in command.subcommands { visit(child, path: path + [child.name]) }
        }
        visit(ICUKitCommand.spec, path: ["icukit"])
    }

    @Test("completion scripts name every subcommand, option and choice value; an unknown shell is a usage error")
    func completion() throws {
        for shell in CompletionScript.shells {
            let script = CompletionScript.script(for: shell, root: ICUKitCommand.spec)
            for word in ["segment", "isolate", "to-ascii", "by", "grapheme", "nfkc-casefold", "on-error", "report"] {
                #expect(script.contains(word), "\(shell): \(word)")
            }
            #expect(!script.contains("verify-tables"), "\(shell): a diagnostic command is not offered")
        }
        guard case .completion("zsh") = try CommandLineParser.request(["--generate-completion-script", "zsh"], root: ICUKitCommand.spec)
        else {
            Issue.record("not a completion request")
            return
        }
        #expect(throws: UsageError.self) { try CommandLineParser.request(["--generate-completion-script=tcsh"], root: ICUKitCommand.spec) }
    }
}
