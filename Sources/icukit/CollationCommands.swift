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

    @Flag(name: .long, help: "Finder-style ordering (numeric, case- and width-insensitive, locale-aware).")
    var standard = false

    func collator() throws(CLIFailure) -> Collator {
        let locale = try locale.localeID(strict: strictness)
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
struct SortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sort",
        abstract: "Sort the lines of FILE (or stdin) in a locale's collation order.",
        discussion: "Lines end with LF or CR LF; the last line needs no newline. Output lines end with LF."
    )

    @OptionGroup var collation: CollationFlags

    @Flag(name: .long, help: "Descending order.")
    var reverse = false

    @Flag(name: .long, help: "Keep one line of each run the collator finds equal (the first).")
    var unique = false

    @OptionGroup var lossiness: LossyFlag
    @OptionGroup var input: InputFileArgument

    func run() throws {
        let collator = try collation.collator()
        let text = try CLI.documents(try CLI.readInput(input.file), jsonl: false, lossy: lossiness.lossy)[0]
        var sorted = collator.sorted(CLI.lines(of: text))
        if unique {
            var kept: [Substring] = []
            for line in sorted where kept.last.map({ collator.compare($0, line) != .equal }) ?? true { kept.append(line) }
            sorted = kept
        }
        if reverse { sorted.reverse() }
        var out = OutputBuffer()
        for line in sorted { out.append(line + "\n") }
        out.flush()
    }
}

/// `icukit compare A B`: -1, 0 or 1.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare A and B in a locale's collation order: prints -1, 0 or 1."
    )

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
    )

    @Argument(help: "The text to find.")
    var pattern: String

    @OptionGroup var locale: LocaleOption
    @OptionGroup var strictness: StrictFlag

    @Flag(name: .long, help: "a matches A.")
    var caseInsensitive = false

    @Flag(name: .long, help: "e matches é.")
    var diacriticInsensitive = false

    @Flag(name: .long, help: "Search from the end.")
    var backwards = false

    @Flag(name: .long, help: "Match only at the start (with --backwards: at the end).")
    var anchored = false

    @Flag(name: .long, help: "Report every match, not only the first.")
    var all = false

    @OptionGroup var output: FormatOption<OutputFormat>

    @OptionGroup var input: DocumentInput

    func run() throws {
        var options: StringSearcher.Options = []
        if caseInsensitive { options.insert(.caseInsensitive) }
        if diacriticInsensitive { options.insert(.diacriticInsensitive) }
        if backwards { options.insert(.backwards) }
        if anchored { options.insert(.anchored) }
        let searcher: StringSearcher
        do {
            searcher = try StringSearcher(pattern, options: options, locale: try locale.localeID(strict: strictness))
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure(message: "cannot prepare the search: \(error)", code: CLI.software)
        }
        let all = all, backwards = backwards, anchored = anchored, format = output.format
        var out = OutputBuffer()
        for document in try input.documents() {
            var ranges = searcher.utf8Ranges(in: document)
            if !all, backwards, !anchored { ranges = Array(ranges.suffix(1)) } else if !all { ranges = Array(ranges.prefix(1)) }
            switch format {
            case .json:
                out.append("{\"matches\":[" + ranges.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",") + "]}\n")
            case .text:
                let bytes = Array(document.utf8)
                for range in ranges {
                    out.append("\(range.lowerBound)\t\(range.upperBound)\t" + SegmentCommand.visible(Substring(String(decoding: bytes[range], as: UTF8.self))) + "\n")
                }
            }
        }
        out.flush()
    }
}
