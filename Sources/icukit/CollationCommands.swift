#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ICUKit

/// The collation flags shared by `sort` and `compare`.
struct CollationFlags {
    enum CaseFirstFlag: String, CaseIterable { case upper, lower }

    static let strengthOption = OptionSpec.choice(
        "strength", Collator.Strength.self, help: "primary, secondary, tertiary, quaternary or identical.")
    static let numericOption = OptionSpec.flag("numeric", help: "Order runs of digits by value (file2 < file10).")
    static let caseFirstOption = OptionSpec.choice("case-first", CaseFirstFlag.self, help: "upper or lower: which case sorts first.")
    static let ignorePunctuationOption = OptionSpec.flag("ignore-punctuation", help: "Ignore spaces and punctuation (alternate = shifted).")
    static let standardOption = OptionSpec.flag("standard", help: "Finder-style ordering (numeric, case- and width-insensitive, locale-aware; strings equal so are then ordered by case and code point, as Apple's localizedStandardCompare).")
    static let options = [LocaleOption.option, StrictFlag.option, strengthOption, numericOption, caseFirstOption, ignorePunctuationOption, standardOption]

    var locale: String?
    var strict: Bool
    var strength: Collator.Strength?
    var numeric: Bool
    var caseFirst: CaseFirstFlag?
    var ignorePunctuation: Bool
    var standard: Bool

    init(_ arguments: ParsedArguments) {
        locale = LocaleOption(arguments).locale
        strict = StrictFlag(arguments).strict
        strength = arguments.choice(Self.strengthOption)
        numeric = arguments.flag(Self.numericOption)
        caseFirst = arguments.choice(Self.caseFirstOption)
        ignorePunctuation = arguments.flag(Self.ignorePunctuationOption)
        standard = arguments.flag(Self.standardOption)
    }

    func collator() throws(CLIFailure) -> Collator {
        let locale = try CLI.locale(locale, strict: strict)
        if standard && (strength != nil || numeric || caseFirst != nil || ignorePunctuation) {
            throw .usage("--standard cannot be combined with --strength, --numeric, --case-first or --ignore-punctuation")
        }
        do {
            if standard { return try Collator.standard(locale: locale) }
            var options = Collator.Options()
            options.strength = strength
            if numeric { options.numeric = true }
            options.caseFirst = caseFirst.map { $0 == .upper ? .upper : .lower }
            if ignorePunctuation { options.alternate = .shifted }
            return try Collator(locale: locale, options: options)
        } catch {
            throw CLIFailure(message: "cannot open the collator: \(error)", code: CLI.software)
        }
    }
}

/// `icukit sort`: sorts lines in a language's order.
struct SortCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "sort",
        abstract: "Sort the lines of FILE (or stdin) in a locale's collation order.",
        discussion: "Lines end with LF or CR LF; the last line needs no newline. Output lines end with LF.",
        options: { CollationFlags.options + [reverseOption, uniqueOption, LossyFlag.option, InputFileArgument.option] }
    )

    static let reverseOption = OptionSpec.flag("reverse", help: "Descending order.")
    static let uniqueOption = OptionSpec.flag("unique", help: "Keep one line of each run the collator finds equal (the first).")

    var collation: CollationFlags
    var reverse: Bool
    var unique: Bool
    var lossy: Bool
    var file: String?

    init(_ arguments: ParsedArguments) {
        collation = CollationFlags(arguments)
        reverse = arguments.flag(Self.reverseOption)
        unique = arguments.flag(Self.uniqueOption)
        lossy = LossyFlag(arguments).lossy
        file = InputFileArgument(arguments).file
    }

    func run() throws {
        let collator = try collation.collator()
        var text = try CLI.text(try CLI.readInput(file), lossy: lossy)
        let lines = CLI.lines(of: &text)
        var sorted = collator.sorted(lines)
        if unique {
            var kept: [Substring] = []
            for line in sorted where kept.last.map({ collator.compare($0, line) != .equal }) ?? true { kept.append(line) }
            sorted = kept
        }
        if reverse { sorted.reverse() }
        var out = OutputBuffer()
        for var line in sorted {
            line.withUTF8 { out.append(bytes: $0) }
            out.append(byte: 0x0A)
        }
        out.flush()
    }
}

/// `icukit compare A B`: -1, 0 or 1.
struct CompareCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "compare",
        abstract: "Compare A and B in a locale's collation order: prints -1, 0 or 1.",
        options: { CollationFlags.options + [stringsOption] }
    )

    static let stringsOption = OptionSpec.variadic("a b", help: "The two strings (-1 is a value; after -- any word is).", unrecognized: true)

    var collation: CollationFlags
    var strings: [String]

    init(_ arguments: ParsedArguments) {
        collation = CollationFlags(arguments)
        strings = arguments.strings(Self.stringsOption)
    }

    func run() throws {
        let pair = try CLI.positionalValues(strings, names: ["A", "B"])
        CLI.print(try collation.collator().compare(pair[0], pair[1]).rawValue)
    }
}

/// `icukit search PATTERN`: locale-aware search.
struct SearchCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "search",
        abstract: "Find PATTERN in FILE (or stdin) the way the locale compares text.",
        discussion: """
            json: one object per document, {"matches":[[start,end],…]} with UTF-8 byte offsets. \
            text: one line per match, "start<TAB>end<TAB>matched text". Without --all only the \
            first match (the last with --backwards) is reported.
            """,
        options: {
            [patternOption, LocaleOption.option, StrictFlag.option, caseInsensitiveOption, diacriticInsensitiveOption, backwardsOption,
             anchoredOption, allOption, FormatOption<OutputFormat>.option] + DocumentInput.options
        }
    )

    static let patternOption = OptionSpec.positional("pattern", help: "The text to find.", required: true)
    static let caseInsensitiveOption = OptionSpec.flag("case-insensitive", help: "a matches A.")
    static let diacriticInsensitiveOption = OptionSpec.flag("diacritic-insensitive", help: "e matches é.")
    static let backwardsOption = OptionSpec.flag("backwards", help: "Search from the end (with --all: the same matches, in text order).")
    static let anchoredOption = OptionSpec.flag("anchored", help: "Match only at the start (with --backwards: at the end).")
    static let allOption = OptionSpec.flag("all", help: "Report every match, not only the first.")

    var pattern: String
    var locale: String?
    var strict: Bool
    var caseInsensitive: Bool
    var diacriticInsensitive: Bool
    var backwards: Bool
    var anchored: Bool
    var all: Bool
    var format: OutputFormat
    var input: DocumentInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        pattern = arguments.strings(Self.patternOption)[0]
        locale = LocaleOption(arguments).locale
        strict = StrictFlag(arguments).strict
        caseInsensitive = arguments.flag(Self.caseInsensitiveOption)
        diacriticInsensitive = arguments.flag(Self.diacriticInsensitiveOption)
        backwards = arguments.flag(Self.backwardsOption)
        anchored = arguments.flag(Self.anchoredOption)
        all = arguments.flag(Self.allOption)
        format = FormatOption<OutputFormat>(arguments).format
        input = try DocumentInput(arguments)
    }

    func run() throws {
        var options: StringSearcher.Options = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if diacriticInsensitive { options.insert(.diacriticInsensitive) }
        if backwards { options.insert(.backwards) }
        if anchored { options.insert(.anchored) }
        let searcher: StringSearcher
        do {
            searcher = try StringSearcher(pattern, options: options, locale: try CLI.locale(locale, strict: strict))
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure(message: "cannot prepare the search: \(error)", code: CLI.software)
        }
        let all = self.all, format = self.format
        try input.pipeline().run(file: input.file) { document, out throws(CLIFailure) in
            // Without --all, ICU's own first (or last) match: the search stops there, and a
            // backwards search finds the last match as `usearch_last` does ("aa" in "aaa" is
            // 1..<3, not the last of the forward matches).
            let ranges: [Range<Int>]
            if all {
                ranges = searcher.utf8Ranges(in: document)
            } else if let first = searcher.firstRange(in: document) {
                let utf8 = document.utf8
                let start = utf8.distance(from: utf8.startIndex, to: first.lowerBound)
                ranges = [start..<start + utf8.distance(from: first.lowerBound, to: first.upperBound)]
            } else {
                ranges = []
            }
            switch format {
            case .json:
                out.append("{\"matches\":[")
                for (index, range) in ranges.enumerated() {
                    if index > 0 { out.append(byte: UInt8(ascii: ",")) }
                    out.append(byte: UInt8(ascii: "["))
                    out.append(decimal: range.lowerBound)
                    out.append(byte: UInt8(ascii: ","))
                    out.append(decimal: range.upperBound)
                    out.append(byte: UInt8(ascii: "]"))
                    out.flushIfFull()
                }
                out.append("]}\n")
            case .text:
                var text = document
                text.withUTF8 { bytes in
                    for range in ranges {
                        out.append(decimal: range.lowerBound)
                        out.append(byte: 0x09)
                        out.append(decimal: range.upperBound)
                        out.append(byte: 0x09)
                        CLI.appendVisible(UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
                    }
                }
            }
        }
    }
}
