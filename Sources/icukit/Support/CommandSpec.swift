/// A command of `icukit`: a group of subcommands, or a leaf with its options and the
/// code that runs it. The tree of these values is the one description of the command
/// line: ``CommandLineParser`` reads argv against it, ``HelpFormatter`` and the usage
/// errors print it, ``CompletionScript`` writes the shell completions from it.
struct CommandSpec: Sendable {
    let name: String
    /// The one-line description (a closure, as the discussion: some name ICU's data, which
    /// only help needs).
    let abstract: @Sendable () -> String
    let discussion: @Sendable () -> String
    /// A usage text written by hand, replacing the generated synopsis.
    let usage: String?
    /// Listed in its group's help (a diagnostic command is not).
    let isListed: Bool
    /// A leaf's options and positionals, in help and usage order. (Built when first asked
    /// for: start-up builds only the command it runs.)
    let options: @Sendable () -> [OptionSpec]
    let subcommands: [CommandSpec]
    /// The subcommand that runs when a group is given none of its subcommands' names.
    let defaultSubcommand: String?
    let run: (@Sendable (ParsedArguments) throws -> Void)?

    /// A leaf command.
    init<Command: CLICommand>(
        _ command: Command.Type, name: String, abstract: @escaping @autoclosure @Sendable () -> String,
        discussion: @escaping @autoclosure @Sendable () -> String = "", usage: String? = nil,
        isListed: Bool = true, options: @escaping @Sendable () -> [OptionSpec]
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.usage = usage
        self.isListed = isListed
        self.options = options
        subcommands = []
        defaultSubcommand = nil
        run = { parsed in try Command(parsed).run() }
    }

    /// A group of subcommands.
    init(
        group name: String, abstract: @escaping @autoclosure @Sendable () -> String,
        discussion: @escaping @autoclosure @Sendable () -> String = "", subcommands: [CommandSpec], defaultSubcommand: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        usage = nil
        isListed = true
        options = { [] }
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        run = nil
    }

    /// The subcommand called `name`, if any.
    func subcommand(_ name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}

/// A leaf command: reads its values from the parsed arguments, then runs.
protocol CLICommand: SendableMetatype {
    /// Reads the values; a value the parser cannot check alone (`--top 0`) throws a
    /// ``UsageError``.
    init(_ arguments: ParsedArguments) throws(UsageError)
    func run() throws
}

/// The values of one command line, by declaration: one list of words per option of the
/// command, in the order of its `options`. An option declared with a default always has a
/// value (`arguments.string(Self.fromOption)!`), and so has a required one once parsed.
struct ParsedArguments {
    /// The command's names from the root (`["icukit", "calendar", "convert"]`).
    let path: [String]
    let command: CommandSpec
    let options: [OptionSpec]
    var values: [[String]]

    @inline(__always)
    private func words(_ option: OptionSpec) -> [String] {
        for index in options.indices where options[index].isSame(as: option) { return values[index] }
        preconditionFailure("--\(option.name) is not an option of \(path.joined(separator: " "))")
    }

    /// Whether the flag was given.
    func flag(_ option: OptionSpec) -> Bool { !words(option).isEmpty }

    /// The option's last value, else its default.
    func string(_ option: OptionSpec) -> String? { words(option).last ?? option.defaultValue }

    /// The values of a variadic positional.
    func strings(_ option: OptionSpec) -> [String] { words(option) }

    /// An integer option's value (the parser checked it), else its default.
    func integer(_ option: OptionSpec) -> Int? { string(option).flatMap { Int($0) } }

    /// A choice option's value (the parser checked it), else its default.
    func choice<Choice: RawRepresentable<String>>(_ option: OptionSpec, as type: Choice.Type = Choice.self) -> Choice? {
        string(option).flatMap(Choice.init(rawValue:))
    }

    /// A usage error about this command (`option`: the declaration its `Help:` line shows).
    func error(_ message: String, option: OptionSpec? = nil) -> UsageError {
        UsageError(message: message, path: path, command: command, option: option)
    }
}

/// A command line `icukit` cannot run: reported on stderr as `icukit: error: message`,
/// the option's help, the usage line and where to find help, with exit code 64.
struct UsageError: Error {
    let message: String
    let path: [String]
    let command: CommandSpec
    let option: OptionSpec?
    /// Without the usage lines (the command's own checks of its values).
    var isBare = false

    /// The text for stderr.
    var report: String {
        var text = "icukit: error: \(message)\n"
        if isBare { return text }
        if let option { text += "Help:  \(option.label)  \(option.help)\n" }
        let usage = HelpFormatter.usage(command, path: path)
        text += "Usage: \(HelpFormatter.hangingIndent(usage, by: 7))\n"
        text += "  See '\(path.joined(separator: " ")) --help' for more information.\n"
        return text
    }
}
