#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The help text and usage line of a command, from its ``CommandSpec``: an overview
/// (abstract and discussion), the usage line, the arguments, options and subcommands, in
/// columns wrapped to the terminal's width (`COLUMNS`, else the terminal's, else 80).
enum HelpFormatter {
    /// The width of the label column; a longer label puts its help on the next line.
    static let labelWidth = 26

    /// The help of `command` (whose names from the root are `path`), ending with a newline.
    static func help(_ command: CommandSpec, path: [String], width: Int = screenWidth()) -> String {
        var overview = command.abstract()
        let discussion = command.discussion()
        if !discussion.isEmpty {
            if !overview.isEmpty { overview += "\n" }
            overview += "\n" + discussion
        }
        var text = overview.isEmpty ? "" : wrap("OVERVIEW: " + overview, width: width) + "\n\n"
        text += "USAGE: " + hangingIndent(usage(command, path: path), by: 7) + "\n\n"
        let options = command.options()
        var sections: [String] = []
        let arguments = options.filter { $0.kind == .positional || $0.kind == .variadic }
        if !arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + arguments.map { row($0.label, abstractOf($0), width: width) }.joined())
        }
        var rows = options.filter { $0.kind == .flag || $0.kind == .option }.map { option in
            row(option.label, abstractOf(option), width: width) + (option.listsValuesBelow ? valueList(option.allowedValues, width: width) : "")
        }
        rows.append(row("--version", "Show the version.", width: width))
        rows.append(row("-h, --help", "Show help information.", width: width))
        sections.append("OPTIONS:\n" + rows.joined())
        let listed = command.subcommands.filter(\.isListed)
        if !listed.isEmpty {
            sections.append("SUBCOMMANDS:\n" + listed.map { child in
                row(child.name + (child.name == command.defaultSubcommand ? " (default)" : ""), child.abstract(), width: width)
            }.joined())
        }
        text += sections.joined(separator: "\n")
        if !listed.isEmpty {
            var names = path
            names.insert("help", at: 1)
            text += "\n  See '\(names.joined(separator: " ")) <subcommand>' for detailed help."
        }
        return text + "\n"
    }

    /// The help of `icukit help` itself.
    static func helpCommandHelp(tool: String, width: Int = screenWidth()) -> String {
        wrap("OVERVIEW: Show subcommand help information.", width: width) + "\n\n"
            + "USAGE: \(tool) help [<subcommands> ...]\n\n"
            + "ARGUMENTS:\n" + row("<subcommands>", "", width: width) + "\n"
            + "OPTIONS:\n" + row("--version", "Show the version.", width: width) + "\n"
    }

    /// An option's help with its values and default: `… (values: a, b; default: a)`.
    static func abstractOf(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if !option.allowedValues.isEmpty && !option.listsValuesBelow { notes.append("values: " + option.allowedValues.joined(separator: ", ")) }
        if let value = option.defaultValue, !value.isEmpty { notes.append("default: " + value) }
        return notes.isEmpty ? option.help : option.help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// One row of a section: the label indented by two, its help in the second column.
    static func row(_ label: String, _ abstract: String, width: Int) -> String {
        let padded = "  " + label
        guard !abstract.isEmpty else { return padded + "\n" }
        let wrapped = wrap(abstract, width: width, indent: labelWidth)
        if padded.count < labelWidth { return padded + String(wrapped.dropFirst(padded.count)) + "\n" }
        return padded + "\n" + wrapped + "\n"
    }

    /// The values of an option listed under its help, one per line, indented by eight, each
    /// with a dash in the second column (a value too long for the first on a line of its own).
    static func valueList(_ values: [String], width: Int) -> String {
        let dash = wrap("- ", width: width, indent: labelWidth + 2)
        return values.map { value in
            let padded = String(repeating: " ", count: 8) + value
            if padded.count < labelWidth { return padded + String(dash.dropFirst(2 + padded.count)) + "\n" }
            return padded + "\n" + String(dash.dropFirst(2)) + "\n"
        }.joined()
    }

    /// The synopsis of `command`: its hand-written usage, or each option and argument in
    /// order (with more than 12, only the required ones and the positionals, after
    /// `[<options>]`), and `<subcommand>` for a group.
    static func usage(_ command: CommandSpec, path: [String]) -> String {
        if let usage = command.usage { return usage }
        let tool = path.joined(separator: " ")
        var options = command.options()
        var synopsis: String
        if options.isEmpty {
            synopsis = tool
        } else if options.count > 12 {
            options = options.filter { $0.kind == .positional || $0.kind == .variadic || $0.isRequired }
            synopsis = !options.isEmpty && options.count <= 12
                ? tool + " [<options>] " + options.map(synopsisOf).joined(separator: " ") : tool + " <options>"
        } else {
            synopsis = tool + " " + options.map(synopsisOf).joined(separator: " ")
        }
        if !command.subcommands.isEmpty { synopsis += " <subcommand>" }
        return synopsis
    }

    /// One option or argument in a usage line: `--by <by>`, `[--strict]`, `[<file>]`,
    /// `[<dates> ...]`.
    static func synopsisOf(_ option: OptionSpec) -> String {
        switch option.kind {
        case .variadic: "[\(option.label) ...]"
        case .flag: "[\(option.label)]"
        case .option, .positional: option.isRequired ? option.label : "[\(option.label)]"
        }
    }

    /// `text` with every line after the first indented by `count` spaces.
    static func hangingIndent(_ text: String, by count: Int) -> String {
        let indent = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : indent + $0.element }.joined(separator: "\n")
    }

    /// `text` broken at spaces into lines of at most `width` characters, each non-empty line
    /// indented by `indent` (which counts in the width); a word longer than a line stands
    /// alone, and the text's own line breaks are kept.
    static func wrap(_ text: String, width: Int, indent: Int = 0) -> String {
        let columns = width - indent
        guard columns > 0 else { return "" }
        let characters = Array(text)
        var lines: [ArraySlice<Character>] = []
        var start = 0
        while true {
            let end = min(start + columns, characters.count)
            let chunk = characters[start..<end]
            if let newline = chunk.lastIndex(of: "\n") {
                // Every line of the chunk up to its last line break, as it stands.
                var lineStart = start
                for at in start..<newline where characters[at] == "\n" {
                    lines.append(characters[lineStart..<at])
                    lineStart = at + 1
                }
                lines.append(characters[lineStart..<newline])
                start = newline + 1
            } else if end == characters.count {
                lines.append(characters[start...])
                break
            } else if let space = chunk.lastIndex(of: " ") {
                lines.append(characters[start..<space])
                start = space + 1
            } else if let space = characters[start...].firstIndex(of: " ") {
                lines.append(characters[start..<space])
                start = space + 1
            } else {
                lines.append(characters[start...])
                break
            }
        }
        let padding = String(repeating: " ", count: indent)
        return lines.map { $0.isEmpty ? "" : padding + String($0) }.joined(separator: "\n")
    }

    /// The width help is wrapped to: `COLUMNS`, else the terminal's, else 80.
    static func screenWidth() -> Int {
        if let columns = getenv("COLUMNS").flatMap({ Int(String(cString: $0)) }) { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
