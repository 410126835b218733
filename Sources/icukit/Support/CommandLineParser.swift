/// Reads `icukit`'s arguments against the command tree (``CommandSpec``) and says what they
/// ask for: a command to run with its values, a help text, the version or a completion script.
///
/// Words are matched with `==` over small arrays: no reflection, no `Mirror`, no `Set` or
/// `Dictionary` (see ``OptionSpec``), so that a small job's start-up is the loader's and
/// ICU's, not the parser's.
enum CommandLineParser {
    /// What a command line asks for.
    enum Request {
        case run(CommandSpec, ParsedArguments)
        case help(CommandSpec, path: [String])
        /// `icukit help help`: the help of the `help` command itself.
        case helpCommandHelp
        case version
        case completion(String)
    }

    /// The request of `arguments` (argv without the program name).
    static func request(_ arguments: [String], root: CommandSpec) throws(UsageError) -> Request {
        var command = root
        var path = [root.name]
        var index = 0
        // `icukit help [COMMAND…]`: the help of the deepest command named.
        if arguments.first == "help" {
            if arguments.count > 1, arguments[1] == "help" { return .helpCommandHelp }
            index = 1
            while index < arguments.count, let child = command.subcommand(arguments[index]) {
                command = child
                path.append(child.name)
                index += 1
            }
            return .help(command, path: path)
        }
        while !command.subcommands.isEmpty {
            if index < arguments.count, let child = command.subcommand(arguments[index]) {
                command = child
                path.append(child.name)
                index += 1
                continue
            }
            var rest = arguments[index...]
            if let asked = helpOrVersion(rest, command: command, path: path) { return asked }
            if let shell = try completionShell(rest, command: command, path: path) { return .completion(shell) }
            if let name = command.defaultSubcommand, let child = command.subcommand(name) {
                command = child
                path.append(child.name)
                break
            }
            if let terminator = rest.firstIndex(of: "--") { rest.remove(at: terminator) }
            if rest.isEmpty { return .help(command, path: path) }
            let none = ParsedArguments(path: path, command: command, options: [], values: [])
            if let word = rest.first(where: { $0.hasPrefix("-") && $0 != "-" && $0 != "--" }) {
                throw none.error(unknownOptionMessage(word, options: []))
            }
            throw none.error(unexpectedMessage(Array(rest)))
        }
        let rest = arguments[index...]
        if let asked = helpOrVersion(rest, command: command, path: path) { return asked }
        if let shell = try completionShell(rest, command: command, path: path) { return .completion(shell) }
        return .run(command, try parse(rest, command: command, path: path))
    }

    /// `-h`, `--help` or `--help-hidden` (with or without a value; no option is hidden) or
    /// `--version` before any `--`.
    static func helpOrVersion(_ arguments: ArraySlice<String>, command: CommandSpec, path: [String]) -> Request? {
        var version = false
        for word in arguments {
            if word == "--" { break }
            if word == "-h" || word == "--help" || word.hasPrefix("--help=") || word == "--help-hidden" || word.hasPrefix("--help-hidden=") {
                return .help(command, path: path)
            }
            if word == "--version" { version = true }
        }
        return version ? .version : nil
    }

    /// The shell of `--generate-completion-script [SHELL]` (bash when omitted), given to
    /// any command before any `--`: the script is the whole tree's.
    static func completionShell(_ arguments: ArraySlice<String>, command: CommandSpec, path: [String]) throws(UsageError) -> String? {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        guard let at = arguments[..<end].firstIndex(where: { $0 == "--generate-completion-script" || $0.hasPrefix("--generate-completion-script=") })
        else { return nil }
        let word = arguments[at]
        var shell = "bash"
        if let equals = word.firstIndex(of: "=") {
            shell = String(word[word.index(after: equals)...])
        } else if at + 1 < arguments.endIndex {
            shell = arguments[at + 1]
        }
        guard CompletionScript.shells.contains(shell) else {
            throw UsageError(
                message: """
                    Can't generate completion scripts for '\(shell)'.
                    Please use --generate-completion-script=<shell> with one of:
                        \(CompletionScript.shells.joined(separator: " "))
                    """, path: path, command: command, option: nil)
        }
        return shell
    }

    /// Reads a leaf command's arguments. Errors come in the order a user fixes them: a
    /// value that is malformed or missing, then a required option or argument that is
    /// absent, then unknown options, then surplus arguments.
    static func parse(_ arguments: ArraySlice<String>, command: CommandSpec, path: [String]) throws(UsageError) -> ParsedArguments {
        let options = command.options()
        var parsed = ParsedArguments(path: path, command: command, options: options, values: Array(repeating: [], count: options.count))
        let collector = options.firstIndex { $0.kind == .variadic && $0.collectsUnrecognized }
        // The positional words in order; `false`: an unknown option or `--`, which only a
        // collecting variadic takes.
        var positionals: [(word: String, isPlain: Bool)] = []
        var unknown: String?
        var index = arguments.startIndex
        var afterTerminator = false
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if afterTerminator || word == "-" || !word.hasPrefix("-") {
                positionals.append((word, true))
                continue
            }
            if word == "--" {
                afterTerminator = true
                if collector != nil { positionals.append((word, false)) }
                continue
            }
            var name = Substring(word.dropFirst(word.hasPrefix("--") ? 2 : 1))
            var inline: Substring?
            if word.hasPrefix("--"), let equals = name.firstIndex(of: "=") {
                inline = name[name.index(after: equals)...]
                name = name[..<equals]
            }
            let isShort = !word.hasPrefix("--") && name.count == 1
            guard word.hasPrefix("--") || isShort, let at = options.firstIndex(where: {
                $0.kind != .positional && $0.kind != .variadic && (isShort ? $0.shortName == name.first : $0.name == name)
            })
            else {
                if collector != nil {
                    positionals.append((word, false))
                } else if unknown == nil {
                    unknown = word
                }
                continue
            }
            let option = options[at]
            if option.kind == .flag {
                if let inline, !inline.isEmpty { throw parsed.error("The option '--\(option.name)' does not take any value, but '\(inline)' was specified.") }
                parsed.values[at].append("")
                continue
            }
            let value: String
            if let inline {
                value = String(inline)
            } else if index < arguments.endIndex, option.takesDashedValue || !isOptionLike(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                throw parsed.error("Missing value for '\(option.label)'", option: option)
            }
            if value.isEmpty && inline != nil { throw parsed.error("Missing value for '\(option.label)'", option: option) }
            if option.isInteger && Int(value) == nil || !option.allowedValues.isEmpty && !option.allowedValues.contains(value) {
                throw parsed.error("The value '\(value)' is invalid for '\(option.label)'\(choiceList(option.allowedValues))", option: option)
            }
            parsed.values[at].append(value)
        }
        // Positionals, in declaration order: a single one takes the next plain word, a
        // variadic all the words left.
        for at in options.indices {
            switch options[at].kind {
            case .positional:
                if let first = positionals.firstIndex(where: { $0.isPlain }) {
                    parsed.values[at] = [positionals.remove(at: first).word]
                }
            case .variadic:
                parsed.values[at] = positionals.map { $0.word }
                positionals = []
            case .flag, .option:
                break
            }
        }
        for at in options.indices where options[at].isRequired && parsed.values[at].isEmpty {
            throw parsed.error("Missing expected argument '\(options[at].label)'", option: options[at])
        }
        if let unknown { throw parsed.error(unknownOptionMessage(unknown, options: options)) }
        if !positionals.isEmpty { throw parsed.error(unexpectedMessage(positionals.map { $0.word })) }
        return parsed
    }

    /// A word the parser reads as an option, so not as an option's value: a dash and a
    /// letter or another dash (`-5` neither takes a value nor is one, as `--year -5` with a
    /// dashed option shows).
    static func isOptionLike(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-"
    }

    /// `. Please provide one of 'a', 'b' or 'c'.`, or nothing for any value.
    static func choiceList(_ values: [String]) -> String {
        if values.isEmpty { return "" }
        if values.count >= 6 { return ". Please provide one of the following:\n" + values.map { "  - \($0)" }.joined(separator: "\n") }
        let quoted = values.map { "'\($0)'" }
        let list = quoted.count <= 2 ? quoted.joined(separator: " and ") : quoted.dropLast().joined(separator: ", ") + " or \(quoted[quoted.count - 1])"
        return ". Please provide one of \(list)."
    }

    /// `Unknown option '--bogus'`, with the closest long name when one is near.
    static func unknownOptionMessage(_ word: String, options: [OptionSpec]) -> String {
        let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
        guard name.hasPrefix("--") else { return "Unknown option '\(name)'" }
        var best: String?
        var bestDistance = 4  // a suggestion must be closer than this
        let candidates = options.filter { $0.kind == .flag || $0.kind == .option }.map { "--\($0.name)" } + ["--help", "--version"]
        for candidate in candidates {
            let distance = editDistance(candidate, name)
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        guard let best else { return "Unknown option '\(name)'" }
        return "Unknown option '\(name)'. Did you mean '\(best)'?"
    }

    /// `Unexpected argument 'x'`, or `3 unexpected arguments: 'x', 'y', 'z'`.
    static func unexpectedMessage(_ words: [String]) -> String {
        if words.count == 1 { return "Unexpected argument '\(words[0])'" }
        return "\(words.count) unexpected arguments: \(words.map { "'\($0)'" }.joined(separator: ", "))"
    }

    /// The Levenshtein distance of `a` and `b`, in characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] : 1 + min(previous[j - 1], previous[j], current[j - 1])
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
