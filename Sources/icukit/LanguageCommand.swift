import FoundationEssentials
import ICUKit

/// `icukit language`: the dominant language of each document, its hypotheses, or its
/// language runs.
struct LanguageCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "language",
        abstract: "Recognize the language of a document (FILE or stdin), or of each --jsonl line.",
        discussion: """
            json: one line per document, {"language","confidence","hypotheses":[{"language",\
            "confidence"}…]} (the top N, best first; "language":null when undetermined); with \
            --runs {"runs":[{"start","end","language"}…]} in UTF-8 byte offsets. text: the \
            language code (BCP 47; "und" when undetermined), or with --runs one "start end \
            language" line per run. An unknown language in --hints or --constraints exits 64.
            """,
        options: { [topOption, hintsOption, constraintsOption, runsOption, formatOption] + DocumentInput.options }
    )

    enum Format: String, CaseIterable { case text, json }

    static let topOption = OptionSpec.integer("top", help: "How many hypotheses to list in json (default 5).", default: 5)
    static let hintsOption = OptionSpec.option("hints", help: "Prior weights, such as fr=0.5,de=0.3 (BCP 47 codes, weights 0…1).")
    static let constraintsOption = OptionSpec.option("constraints", help: "Answer only with these languages, such as en,fr,de.")
    static let runsOption = OptionSpec.flag("runs", help: "List the language runs (sentence-based) instead of one language.")
    static let formatOption = OptionSpec.choice("format", Format.self, help: "text or json.", default: .text)

    var top: Int
    var hints: String?
    var constraints: String?
    var runs: Bool
    var format: Format
    var input: DocumentInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        top = arguments.integer(Self.topOption)!
        hints = arguments.string(Self.hintsOption)
        constraints = arguments.string(Self.constraintsOption)
        runs = arguments.flag(Self.runsOption)
        format = arguments.choice(Self.formatOption)!
        input = try DocumentInput(arguments)
        if top < 1 { throw arguments.error("--top must be at least 1") }
    }

    func run() throws {
        let recognizer = try Self.makeRecognizer(hints: hints, constraints: constraints)
        let (top, runs, json) = (self.top, self.runs, format == .json)
        // Each answer's BCP 47 code (and JSON string), computed once per model language
        // (ICU's uloc_toLanguageTag per answer was a few % of a --jsonl run).
        // The JSON strings sit in one buffer kept for the process's life, looked up as
        // (offset, count): handing out a shared `[UInt8]` per answer retained and released
        // its storage, and with `--jobs` two cores fought over those reference counts
        // (`language --jsonl --jobs 2` ran 1.18x one job).
        var plainCodes: [LocaleID: String] = [:]
        var jsonRanges: [LocaleID: Range<Int>] = [:]
        var jsonBytes: [UInt8] = []
        for language in LanguageRecognizer.supportedLanguages {
            plainCodes[language] = language.bcp47
            let start = jsonBytes.count
            jsonBytes.append(contentsOf: JSON.string(language.bcp47).utf8)
            jsonRanges[language] = start..<jsonBytes.count
        }
        let arena = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(jsonBytes.count, 1))
        _ = arena.initialize(from: jsonBytes)
        let jsonArena = ProcessLifetimeBytes(bytes: UnsafeBufferPointer(arena))
        let (bcp47Codes, jsonCodeRanges) = (plainCodes, jsonRanges)
        let code = { @Sendable (language: LocaleID) in bcp47Codes[language] ?? language.bcp47 }
        let appendJSONCode = { @Sendable (language: LocaleID, record: inout [UInt8]) in
            if let range = jsonCodeRanges[language] {
                record.append(contentsOf: UnsafeBufferPointer(rebasing: jsonArena.bytes[range]))
            } else {
                record.append(contentsOf: JSON.string(language.bcp47).utf8)
            }
        }
        try input.pipeline().run(file: input.file) { document, out throws(CLIFailure) in
            if runs {
                let found = recognizer.languageRuns(in: document)
                if json {
                    let items = found.map {
                        "{\"start\":\($0.utf8Offsets.lowerBound),\"end\":\($0.utf8Offsets.upperBound),\"language\":\(Self.code($0.language))}"
                    }
                    out.append("{\"runs\":[\(items.joined(separator: ","))]}\n")
                } else {
                    for run in found {
                        out.append("\(run.utf8Offsets.lowerBound) \(run.utf8Offsets.upperBound) \(run.language?.bcp47 ?? "und")\n")
                    }
                }
                return
            }
            let hypotheses = recognizer.hypotheses(for: document, maximum: json ? top : 1)
            if json {
                // {"language":…,"confidence":…,"hypotheses":[{"language":…,"confidence":…}…]},
                // made in one buffer and appended once (appending each piece to the
                // output cost ~300 instructions a piece, as much as decoding the line).
                var record: [UInt8] = []
                record.reserveCapacity(64 + 64 * hypotheses.count)
                record.append(contentsOf: Self.languageKey)
                if let best = hypotheses.first {
                    appendJSONCode(best.language, &record)
                    record.append(contentsOf: Self.confidenceKey)
                    record.append(contentsOf: Self.numberBytes(best.probability))
                } else {
                    record.append(contentsOf: Self.undetermined)
                }
                record.append(contentsOf: Self.hypothesesKey)
                for (position, hypothesis) in hypotheses.enumerated() {
                    record.append(contentsOf: position == 0 ? Self.firstHypothesis : Self.nextHypothesis)
                    appendJSONCode(hypothesis.language, &record)
                    record.append(contentsOf: Self.confidenceKey)
                    record.append(contentsOf: Self.numberBytes(hypothesis.probability))
                    record.append(UInt8(ascii: "}"))
                }
                record.append(contentsOf: Self.recordEnd)
                out.append(bytes: record)
            } else {
                out.append(hypotheses.first.map { code($0.language) } ?? "und")
                out.append("\n")
            }
        }
    }

    private static func makeRecognizer(hints: String?, constraints: String?) throws(CLIFailure) -> LanguageRecognizer {
        var weights: [String: Double] = [:]
        for item in Self.list(hints) {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let weight = Double(parts[1].trimmingSpaces()) else {
                throw .usage("--hints: expected CODE=WEIGHT, got \(item)")
            }
            weights[parts[0].trimmingSpaces()] = weight
        }
        do {
            return try LanguageRecognizer(languageHints: weights, languageConstraints: Self.list(constraints))
        } catch {
            throw .usage(error.description)
        }
    }

    private static func list(_ option: String?) -> [String] {
        (option ?? "").split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    private static func code(_ language: LocaleID?) -> String {
        language.map { JSON.string($0.bcp47) } ?? "null"
    }

    /// `value` rounded to thousandths, as Swift prints the `Double` (`0.5`, `0.123`, `1.0`).
    static func number(_ value: Double) -> String {
        let thousandths = (value * 1000).rounded()
        // Probabilities (0…1): the same text from a table made once.
        if thousandths.sign == .plus && thousandths <= 1000 { return Self.thousandths[Int(thousandths)] }
        return String(thousandths / 1000)
    }

    /// ``number(_:)``'s UTF-8.
    static func numberBytes(_ value: Double) -> [UInt8] {
        let thousandths = (value * 1000).rounded()
        if thousandths.sign == .plus && thousandths <= 1000 { return Self.thousandthsBytes[Int(thousandths)] }
        return Array(String(thousandths / 1000).utf8)
    }

    static let thousandthsBytes = thousandths.map { Array($0.utf8) }
    static let languageKey = Array("{\"language\":".utf8)
    static let confidenceKey = Array(",\"confidence\":".utf8)
    static let undetermined = Array("null,\"confidence\":0".utf8)
    static let hypothesesKey = Array(",\"hypotheses\":[".utf8)
    static let firstHypothesis = Array("{\"language\":".utf8)
    static let nextHypothesis = Array(",{\"language\":".utf8)
    static let recordEnd = Array("]}\n".utf8)

    /// `String(Double(k) / 1000)` for k in 0…1000.
    static let thousandths = (0...1000).map { String(Double($0) / 1000) }
}

/// Bytes written once and then only read, never freed (they live as long as the process):
/// safe to share between threads.
private struct ProcessLifetimeBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
}
