#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import ICUKit

extension Collator.Strength: ExpressibleByArgument {}

/// The collation flags shared by `sort` and `compare`.
struct CollationFlags: ParsableArguments {
    enum CaseFirstFlag: String, ExpressibleByArgument, CaseIterable { case upper, lower }

    @OptionGroup var locale: LocaleOption
    @OptionGroup var strictness: StrictFlag

    @Option(name: .long, help: "primary, secondary, tertiary, quaternary or identical.")
    var strength: Collator.Strength?

    @Flag(name: .long, help: "Order runs of digits by value (file2 < file10).")
    var numeric = false

    @Option(name: .long, help: "upper or lower: which case sorts first.")
    var caseFirst: CaseFirstFlag?

    @Flag(name: .long, help: "Ignore spaces and punctuation (alternate = shifted).")
    var ignorePunctuation = false

    @Flag(name: .long, help: "Finder-style ordering (numeric, case- and width-insensitive, locale-aware; strings equal so are then ordered by case and code point, as Apple's localizedStandardCompare).")
    var standard = false

    /// These flags' values, as ArgumentParser read them.
    var values: Values {
        Values(locale: locale.locale, strict: strictness.strict, strength: strength, numeric: numeric, caseFirst: caseFirst,
               ignorePunctuation: ignorePunctuation, standard: standard)
    }

    func collator() throws(CLIFailure) -> Collator { try values.collator() }

    /// The values of the collation flags, as ArgumentParser or ``FastParse`` read them.
    struct Values: Equatable {
        var locale: String? = nil
        var strict = false
        var strength: Collator.Strength? = nil
        var numeric = false
        var caseFirst: CaseFirstFlag? = nil
        var ignorePunctuation = false
        var standard = false

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
}

/// `icukit sort`: sorts lines in a language's order.
struct SortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sort",
        abstract: "Sort the lines of FILE (or stdin) in a locale's collation order.",
        discussion: "Lines end with LF or CR LF; the last line needs no newline. Output lines end with LF."
    ).leaf

    @OptionGroup var collation: CollationFlags

    @Flag(name: .long, help: "Descending order.")
    var reverse = false

    @Flag(name: .long, help: "Keep one line of each run the collator finds equal (the first).")
    var unique = false

    @OptionGroup var lossiness: LossyFlag
    @OptionGroup var input: InputFileArgument

    func run() throws {
        try Self.sort(Arguments(collation: collation.values, reverse: reverse, unique: unique, lossy: lossiness.lossy, file: input.file))
    }

    /// The values of `sort`'s arguments, as ArgumentParser or ``FastParse`` read them.
    struct Arguments: Equatable {
        var collation = CollationFlags.Values()
        var reverse = false
        var unique = false
        var lossy = false
        var file: String? = nil
    }

    /// Runs `sort` on its arguments' values.
    static func sort(_ arguments: Arguments) throws {
        let collator = try arguments.collation.collator()
        var text = try CLI.text(try CLI.readInput(arguments.file), lossy: arguments.lossy)
        let lines = Self.lines(of: &text)
        var sorted = collator.sorted(lines)
        if arguments.unique {
            var kept: [Substring] = []
            for line in sorted where kept.last.map({ collator.compare($0, line) != .equal }) ?? true { kept.append(line) }
            sorted = kept
        }
        if arguments.reverse { sorted.reverse() }
        var out = OutputBuffer()
        for var line in sorted {
            line.withUTF8 { out.append(bytes: $0) }
            out.append(byte: 0x0A)
        }
        out.flush()
    }

    /// The lines of `text`, split on its bytes at LF and CR LF (the same lines as
    /// ``CLI/lines(of:)``, without walking `Character`s); a final terminator ends the last line.
    static func lines(of text: inout String) -> [Substring] {
        var ends: [(Int, Int)] = []  // (end of the line's text, start of the next line)
        let count = text.utf8.count
        text.withUTF8 { bytes in
            var start = 0
            while start < count {
                guard let found = memchr(bytes.baseAddress! + start, 0x0A, count - start) else {
                    ends.append((count, count))
                    break
                }
                let newline = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
                let end = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
                ends.append((end, newline + 1))
                start = newline + 1
            }
        }
        let utf8 = text.utf8
        var lines: [Substring] = []
        lines.reserveCapacity(ends.count)
        var start = 0
        for (end, next) in ends {
            // O(1) on a native UTF-8 string; LF is ASCII, so both ends are scalar boundaries.
            lines.append(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]))
            start = next
        }
        return lines
    }
}

/// `icukit compare A B`: -1, 0 or 1.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare A and B in a locale's collation order: prints -1, 0 or 1."
    ).leaf

    @OptionGroup var collation: CollationFlags

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The two strings (-1 is a value; after -- any word is).", valueName: "a b"))
    var strings: [String] = []

    func run() throws {
        let pair = try CLI.positionalValues(strings, names: ["A", "B"])
        CLI.print(try collation.collator().compare(pair[0], pair[1]).rawValue)
    }
}

/// `icukit search PATTERN`: locale-aware search.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find PATTERN in FILE (or stdin) the way the locale compares text.",
        discussion: """
            json: one object per document, {"matches":[[start,end],…]} with UTF-8 byte offsets. \
            text: one line per match, "start<TAB>end<TAB>matched text". Without --all only the \
            first match (the last with --backwards) is reported.
            """
    ).leaf

    @Argument(help: "The text to find.")
    var pattern: String

    @OptionGroup var locale: LocaleOption
    @OptionGroup var strictness: StrictFlag

    @Flag(name: .long, help: "a matches A.")
    var caseInsensitive = false

    @Flag(name: .long, help: "e matches é.")
    var diacriticInsensitive = false

    @Flag(name: .long, help: "Search from the end (with --all: the same matches, in text order).")
    var backwards = false

    @Flag(name: .long, help: "Match only at the start (with --backwards: at the end).")
    var anchored = false

    @Flag(name: .long, help: "Report every match, not only the first.")
    var all = false

    @OptionGroup var output: FormatOption<OutputFormat>

    @OptionGroup var input: DocumentInput

    func run() throws {
        try Self.search(Arguments(
            pattern: pattern, locale: locale.locale, strict: strictness.strict, caseInsensitive: caseInsensitive,
            diacriticInsensitive: diacriticInsensitive, backwards: backwards, anchored: anchored, all: all,
            format: output.format, input: input.values))
    }

    /// The values of `search`'s arguments, as ArgumentParser or ``FastParse`` read them.
    struct Arguments: Equatable {
        var pattern: String
        var locale: String? = nil
        var strict = false
        var caseInsensitive = false
        var diacriticInsensitive = false
        var backwards = false
        var anchored = false
        var all = false
        var format = OutputFormat.defaultFormat
        var input = DocumentInput.Values()
    }

    /// Runs `search` on its arguments' values.
    static func search(_ arguments: Arguments) throws {
        var options: StringSearcher.Options = []
        if arguments.caseInsensitive { options.insert(.caseInsensitive) }
        if arguments.diacriticInsensitive { options.insert(.diacriticInsensitive) }
        if arguments.backwards { options.insert(.backwards) }
        if arguments.anchored { options.insert(.anchored) }
        let searcher: StringSearcher
        do {
            searcher = try StringSearcher(arguments.pattern, options: options, locale: try CLI.locale(arguments.locale, strict: arguments.strict))
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure(message: "cannot prepare the search: \(error)", code: CLI.software)
        }
        let all = arguments.all, format = arguments.format
        try DocumentInput.pipeline(arguments.input).run(file: arguments.input.file) { document, out throws(CLIFailure) in
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
                        SegmentCommand.appendVisible(UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
                    }
                }
            }
        }
    }
}
