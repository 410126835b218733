import ArgumentParser

/// The start-up fast path for the commands a batch job starts once per file: their
/// arguments read by hand when every one is of a plain form, without ArgumentParser.
///
/// ArgumentParser finds a command's arguments by reflection (`Mirror`) and dynamic casts,
/// and each cast of a type not met before scans every protocol conformance in the binary:
/// ~8M of the 13M instructions of an `icukit convert` that has nothing to convert, where
/// ICU's `uconv` needs 3M in all. The default values live in one place, the command's
/// `Arguments` (the ArgumentParser declarations repeat them for help; a test checks they
/// agree). Here the arguments are split into `--name value`,
/// `--name=value`, flags and positionals; anything else — a short option, `--`, `-h`,
/// `--help`, an unknown name, a repeated option, a value that starts with `-` or is empty,
/// too many positionals — returns nil, and the caller parses as before (same values,
/// messages and usage lines; `StartupParseTests` checks the two agree).
enum FastParse {
    /// The job `arguments` (without the program name) ask for, ready to run; nil to leave
    /// them to ArgumentParser. (A job, not a command value: building a command's property
    /// wrappers alone costs a conformance scan, ~0.9M instructions.)
    static func job(_ arguments: [String]) -> (() throws -> Void)? {
        guard let name = arguments.first else { return nil }
        switch name {
        case "convert":
            guard let values = ConvertCommand.fastParse(arguments.dropFirst()) else { return nil }
            return { try ConvertCommand.convert(values) }
        default:
            return nil
        }
    }

    /// `arguments` split by the rules above, or nil.
    struct Arguments {
        private(set) var values: [String: String] = [:]
        private(set) var flags: Set<String> = []
        private(set) var positionals: [String] = []

        init?(_ arguments: ArraySlice<String>, options: Set<String>, flags known: Set<String>, positionals limit: Int) {
            var index = arguments.startIndex
            while index < arguments.endIndex {
                let argument = arguments[index]
                index += 1
                guard argument.hasPrefix("-"), argument != "-" else {
                    guard positionals.count < limit else { return nil }
                    positionals.append(argument)
                    continue
                }
                guard argument.hasPrefix("--") else { return nil }
                var name = String(argument.dropFirst(2))
                var value: String? = nil
                if let equals = name.firstIndex(of: "=") {
                    value = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                if known.contains(name) {
                    guard value == nil, flags.insert(name).inserted else { return nil }
                    continue
                }
                guard options.contains(name), values[name] == nil else { return nil }
                if value == nil {
                    guard index < arguments.endIndex else { return nil }
                    value = arguments[index]
                    index += 1
                }
                guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
                values[name] = value
            }
        }
    }
}

extension ConvertCommand {
    /// `convert [--from NAME] [--to NAME] [--lossy] [FILE]`, or nil (see ``FastParse``).
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(arguments, options: ["from", "to"], flags: ["lossy"], positionals: 1) else {
            return nil
        }
        var values = Arguments()
        if let from = parsed.values["from"] { values.from = from }
        if let to = parsed.values["to"] { values.to = to }
        values.lossy = parsed.flags.contains("lossy")
        values.file = parsed.positionals.first
        return values
    }
}
