import ArgumentParser
import ICUKit

/// The start-up fast path for the commands a batch job starts once per file or block
/// (`convert`, `detect`, `segment`, `normalize`, `language`, `transliterate`, `sort`, `bidi`,
/// `search`, `case`, `calendar convert`, `format date`): their arguments read by hand when every one is of a plain form, without
/// ArgumentParser.
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
        case "detect":
            guard let values = DetectCommand.fastParse(arguments.dropFirst()) else { return nil }
            return { try DetectCommand.detect(values) }
        case "segment":
            guard let values = SegmentCommand.fastParse(arguments.dropFirst()) else { return nil }
            return { try SegmentCommand.segment(values) }
        case "normalize":
            guard let values = NormalizeCommand.fastParse(arguments.dropFirst()) else { return nil }
            return { try NormalizeCommand.normalize(values) }
        case "language":
            guard let values = LanguageCommand.fastParse(arguments.dropFirst()) else { return nil }
            return { try LanguageCommand.recognize(values) }
        case "transliterate":
            guard let values = TransliterateCommand.fastParse(arguments.dropFirst()) else { return nil }
            return { try TransliterateCommand.transliterate(values) }
        case "sort":
            guard let values = SortCommand.fastParse(arguments.dropFirst()) else { return nil }
            return { try SortCommand.sort(values) }
        case "bidi":
            guard let values = BidiAnalyzeCommand.fastParse(arguments.dropFirst()) else { return nil }
            return { try BidiAnalyzeCommand.analyze(values) }
        case "search":
            guard let values = SearchCommand.fastParse(arguments.dropFirst()) else { return nil }
            return { try SearchCommand.search(values) }
        case "case":
            guard let values = CaseCommand.fastParse(arguments.dropFirst()) else { return nil }
            return { try CaseCommand.map(values) }
        case "format":
            guard arguments.count > 1, arguments[1] == "date",
                  let values = FormatDateCommand.fastParse(arguments.dropFirst(2)) else { return nil }
            return { try FormatDateCommand.format(values) }
        case "calendar":
            guard arguments.count > 1, arguments[1] == "convert",
                  let values = CalendarConvertCommand.fastParse(arguments.dropFirst(2)) else { return nil }
            return { try CalendarConvertCommand.convert(values) }
        default:
            return nil
        }
    }

    /// `arguments` split by the rules above, or nil. (Arrays, not a `Set` or `Dictionary`:
    /// the first `String: Hashable` check of a process scans every protocol conformance in
    /// the binary, ~280,000 instructions, more than this whole parse.)
    struct Arguments {
        private var named: [(name: String, value: String)] = []
        private(set) var flags: [String] = []
        private(set) var positionals: [String] = []

        /// The value given to option `name`, if any.
        subscript(name: String) -> String? {
            named.first { $0.name == name }?.value
        }

        init?(_ arguments: ArraySlice<String>, options: [String], flags known: [String], positionals limit: Int = .max) {
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
                    guard value == nil, !flags.contains(name) else { return nil }
                    flags.append(name)
                    continue
                }
                guard options.contains(name), self[name] == nil else { return nil }
                if value == nil {
                    guard index < arguments.endIndex else { return nil }
                    value = arguments[index]
                    index += 1
                }
                guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
                named.append((name, value))
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
        if let from = parsed["from"] { values.from = from }
        if let to = parsed["to"] { values.to = to }
        values.lossy = parsed.flags.contains("lossy")
        values.file = parsed.positionals.first
        return values
    }
}

extension FastParse {
    /// A count option's value: plain decimal digits for a number from 1 up, or nil (zero,
    /// signs, overflow and other spellings are left to ArgumentParser and its messages).
    static func positiveCount(_ value: String?) -> Int?? {
        guard let value else { return .some(nil) }
        guard value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(value), number >= 1 else { return nil }
        return .some(number)
    }
}

extension DetectCommand {
    /// `detect [--top N] [--declared NAME] [--allow NAMES] [--language TAG] [--lossy]
    /// [--format text|json] [--jobs N] [FILE…]`, or nil (see ``FastParse``).
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(
            arguments, options: ["top", "declared", "allow", "language", "format", "jobs"], flags: ["lossy"]) else {
            return nil
        }
        var values = Arguments()
        guard let top = FastParse.positiveCount(parsed["top"]),
              let jobs = FastParse.positiveCount(parsed["jobs"]) else { return nil }
        values.top = top
        values.jobs = jobs
        if let format = parsed["format"] {
            guard let choice = OutputFormat(rawValue: format) else { return nil }
            values.format = choice
        }
        values.declared = parsed["declared"]
        values.allow = parsed["allow"]
        values.language = parsed["language"]
        values.lossy = parsed.flags.contains("lossy")
        values.files = parsed.positionals
        return values
    }
}

extension SegmentCommand {
    /// `segment --by UNIT [--locale ID] [--strict] [--format text|json|count] [--words-only]
    /// [--jsonl] [--lossy] [--on-error fail|skip|report] [--jobs N] [--flush] [FILE]`, or nil
    /// (see ``FastParse``; `--by` is required, so its absence is left to ArgumentParser too).
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(
            arguments, options: ["by", "locale", "format"] + DocumentInput.Values.options,
            flags: ["strict", "words-only"] + DocumentInput.Values.flags, positionals: 1) else {
            return nil
        }
        guard let byName = parsed["by"], let by = Segmenter.Unit(rawValue: byName) else { return nil }
        var values = Arguments(by: by)
        if let format = parsed["format"] {
            guard let choice = Format(rawValue: format) else { return nil }
            values.format = choice
        }
        guard let input = DocumentInput.Values(parsed) else { return nil }
        values.input = input
        values.locale = parsed["locale"]
        values.strict = parsed.flags.contains("strict")
        values.wordsOnly = parsed.flags.contains("words-only")
        return values
    }
}

extension NormalizeCommand {
    /// `normalize --form FORM [--check] [--jsonl] [--lossy] [--on-error POLICY] [--jobs N]
    /// [--flush] [FILE]`, or nil (see ``FastParse``).
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(
            arguments, options: ["form"] + DocumentInput.Values.options, flags: ["check"] + DocumentInput.Values.flags,
            positionals: 1) else {
            return nil
        }
        guard let formName = parsed["form"], let form = Normalizer.Form(rawValue: formName),
              let input = DocumentInput.Values(parsed) else { return nil }
        return Arguments(form: form, check: parsed.flags.contains("check"), input: input)
    }
}

extension LanguageCommand {
    /// `language [--top N] [--hints H] [--constraints C] [--runs] [--format text|json]
    /// [--jsonl] [--lossy] [--on-error POLICY] [--jobs N] [--flush] [FILE]`, or nil.
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(
            arguments, options: ["top", "hints", "constraints", "format"] + DocumentInput.Values.options,
            flags: ["runs"] + DocumentInput.Values.flags, positionals: 1) else {
            return nil
        }
        guard let top = FastParse.positiveCount(parsed["top"]), let input = DocumentInput.Values(parsed) else { return nil }
        var values = Arguments(hints: parsed["hints"], constraints: parsed["constraints"], runs: parsed.flags.contains("runs"), input: input)
        if let top { values.top = top }
        if let format = parsed["format"] {
            guard let choice = Format(rawValue: format) else { return nil }
            values.format = choice
        }
        return values
    }
}

extension TransliterateCommand {
    /// `transliterate ID|--rules FILE [--reverse] [--jsonl] [--lossy] [--on-error POLICY]
    /// [--jobs N] [--flush] [FILE]` (and `--list`), or nil. The positionals (ID, FILE) are
    /// checked by the command itself, as after ArgumentParser.
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(
            arguments, options: ["rules"] + DocumentInput.Values.options,
            flags: ["reverse", "list"] + DocumentInput.Values.flags) else {
            return nil
        }
        guard var input = DocumentInput.Values(parsed) else { return nil }
        input.file = nil
        return Arguments(rules: parsed["rules"], reverse: parsed.flags.contains("reverse"), list: parsed.flags.contains("list"),
                         arguments: parsed.positionals, input: input)
    }
}

extension SortCommand {
    /// `sort [--locale ID] [--strict] [--strength S] [--numeric] [--case-first upper|lower]
    /// [--ignore-punctuation] [--standard] [--reverse] [--unique] [--lossy] [FILE]`, or nil.
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(
            arguments, options: ["locale", "strength", "case-first"],
            flags: ["strict", "numeric", "ignore-punctuation", "standard", "reverse", "unique", "lossy"], positionals: 1) else {
            return nil
        }
        var values = Arguments()
        if let name = parsed["strength"] {
            guard let strength = Collator.Strength(rawValue: name) else { return nil }
            values.collation.strength = strength
        }
        if let name = parsed["case-first"] {
            guard let caseFirst = CollationFlags.CaseFirstFlag(rawValue: name) else { return nil }
            values.collation.caseFirst = caseFirst
        }
        values.collation.locale = parsed["locale"]
        values.collation.strict = parsed.flags.contains("strict")
        values.collation.numeric = parsed.flags.contains("numeric")
        values.collation.ignorePunctuation = parsed.flags.contains("ignore-punctuation")
        values.collation.standard = parsed.flags.contains("standard")
        values.reverse = parsed.flags.contains("reverse")
        values.unique = parsed.flags.contains("unique")
        values.lossy = parsed.flags.contains("lossy")
        values.file = parsed.positionals.first
        return values
    }
}

extension BidiAnalyzeCommand {
    /// `bidi [--direction auto|ltr|rtl] [--format text|json|visual] [--jsonl] [--lossy]
    /// [--on-error POLICY] [--jobs N] [--flush] [FILE]` (the default subcommand), or nil. A
    /// FILE named like a subcommand (`analyze`, `isolate`, `help`) is left to ArgumentParser.
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(
            arguments, options: ["direction", "format"] + DocumentInput.Values.options, flags: DocumentInput.Values.flags,
            positionals: 1) else {
            return nil
        }
        if let file = parsed.positionals.first, ["analyze", "isolate", "help"].contains(file) { return nil }
        guard let input = DocumentInput.Values(parsed) else { return nil }
        var values = Arguments(input: input)
        if let name = parsed["direction"] {
            guard let direction = BidiParagraph.Direction(rawValue: name) else { return nil }
            values.direction = direction
        }
        if let name = parsed["format"] {
            guard let format = Format(rawValue: name) else { return nil }
            values.format = format
        }
        return values
    }
}

extension SearchCommand {
    /// `search PATTERN [--locale ID] [--strict] [--case-insensitive] [--diacritic-insensitive]
    /// [--backwards] [--anchored] [--all] [--format text|json] [--jsonl] [--lossy]
    /// [--on-error POLICY] [--jobs N] [--flush] [FILE]`, or nil (a PATTERN that starts with
    /// `-` is left to ArgumentParser, as is a missing one).
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(
            arguments, options: ["locale", "format"] + DocumentInput.Values.options,
            flags: ["strict", "case-insensitive", "diacritic-insensitive", "backwards", "anchored", "all"] + DocumentInput.Values.flags,
            positionals: 2) else {
            return nil
        }
        guard let pattern = parsed.positionals.first, var input = DocumentInput.Values(parsed) else { return nil }
        input.file = parsed.positionals.count > 1 ? parsed.positionals[1] : nil
        var values = Arguments(pattern: pattern, input: input)
        if let name = parsed["format"] {
            guard let format = OutputFormat(rawValue: name) else { return nil }
            values.format = format
        }
        values.locale = parsed["locale"]
        values.strict = parsed.flags.contains("strict")
        values.caseInsensitive = parsed.flags.contains("case-insensitive")
        values.diacriticInsensitive = parsed.flags.contains("diacritic-insensitive")
        values.backwards = parsed.flags.contains("backwards")
        values.anchored = parsed.flags.contains("anchored")
        values.all = parsed.flags.contains("all")
        return values
    }
}

extension CaseCommand {
    /// `case --to upper|lower|title|fold [--locale ID] [--jsonl] [--lossy] [--on-error POLICY]
    /// [--jobs N] [--flush] [FILE]`, or nil (`--to` is required: its absence is left to
    /// ArgumentParser).
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(
            arguments, options: ["to", "locale"] + DocumentInput.Values.options, flags: DocumentInput.Values.flags, positionals: 1) else {
            return nil
        }
        guard let name = parsed["to"], let to = Mapping(rawValue: name), let input = DocumentInput.Values(parsed) else { return nil }
        return Arguments(to: to, locale: parsed["locale"], input: input)
    }
}

extension CalendarConvertCommand {
    /// `calendar convert --to CALENDAR [--time-zone ZONE] [--format json|text] [DATE…]`, or
    /// nil (`--to` is required; a date that starts with `-`, such as `-0044-03-15`, is left
    /// to ArgumentParser; `-` alone, stdin, is a plain DATE).
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(arguments, options: ["to", "time-zone", "format"], flags: []),
              let to = parsed["to"] else {
            return nil
        }
        var values = Arguments(to: to, timeZone: parsed["time-zone"], dates: parsed.positionals)
        if let name = parsed["format"] {
            guard let format = CalendarOutputFormat(rawValue: name) else { return nil }
            values.format = format
        }
        return values
    }
}

extension FormatDateCommand {
    /// `format date [--style S] [--time-style S] [--template T] [--pattern P] [--hour-cycle C]
    /// [--locale ID] [--calendar C] [--time-zone Z] [--context C] [--strict] [--parse]
    /// [--lenient] [--format text|json] [VALUE…]`, or nil (a value that starts with `-`, such
    /// as `-0044-03-15T12:00:00Z`, is left to ArgumentParser).
    static func fastParse(_ arguments: ArraySlice<String>) -> Arguments? {
        guard let parsed = FastParse.Arguments(
            arguments, options: ["style", "time-style", "template", "pattern", "hour-cycle", "locale", "calendar", "time-zone", "context", "format"],
            flags: ["strict", "parse", "lenient"]) else {
            return nil
        }
        var values = Arguments(template: parsed["template"], pattern: parsed["pattern"], hourCycle: parsed["hour-cycle"],
                               parse: parsed.flags.contains("parse"), lenient: parsed.flags.contains("lenient"), values: parsed.positionals)
        if let name = parsed["style"] {
            guard let style = DateTimeFormatter.Style(rawValue: name) else { return nil }
            values.style = style
        }
        if let name = parsed["time-style"] {
            guard let style = DateTimeFormatter.Style(rawValue: name) else { return nil }
            values.timeStyle = style
        }
        if let name = parsed["context"] {
            guard let context = CapitalizationContext(rawValue: name) else { return nil }
            values.options.context = context
        }
        if let name = parsed["format"] {
            guard let format = OutputFormat(rawValue: name) else { return nil }
            values.format = format
        }
        values.options.locale = parsed["locale"]
        values.options.calendar = parsed["calendar"]
        values.options.timeZone = parsed["time-zone"]
        values.options.strict = parsed.flags.contains("strict")
        return values
    }
}

extension DocumentInput.Values {
    /// The names of the document-input options and flags, for ``FastParse/Arguments``.
    static let options = ["on-error", "jobs"]
    static let flags = ["jsonl", "lossy", "flush"]

    /// The document-input values of a hand-read command line, or nil when one must be
    /// left to ArgumentParser.
    init?(_ parsed: FastParse.Arguments) {
        guard let jobs = FastParse.positiveCount(parsed["jobs"]) else { return nil }
        if let policy = parsed["on-error"] {
            guard let choice = OnErrorPolicy(rawValue: policy) else { return nil }
            onError = choice
        }
        self.jobs = jobs
        jsonl = parsed.flags.contains("jsonl")
        lossy = parsed.flags.contains("lossy")
        flush = parsed.flags.contains("flush")
        file = parsed.positionals.first
    }
}
