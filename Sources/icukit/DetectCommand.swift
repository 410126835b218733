import ArgumentParser
import Foundation
import ICUKit

/// `icukit detect`: the character encoding of each FILE (or stdin), ranked.
struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Detect the character encoding of each FILE (or stdin).",
        discussion: """
            json: one line per file, {"file","encoding","confidence","language","bom",\
            "candidates":[{"encoding","confidence","language"}…]} (the top N candidates, \
            best first; IANA names as ICU spells them). An unknown encoding name in --declared \
            or --allow exits 64.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(name: .long, help: "How many candidates to list (default 1 in text, 5 in json).")
    var top: Int?

    @Option(name: .long, help: "An encoding declared by the transport (HTTP charset); it wins when it decodes.")
    var declared: String?

    @Option(name: .long, help: "Consider only these encodings (comma-separated ICU names or aliases).")
    var allow: String?

    @Option(name: .long, help: "The probable language (BCP 47: ru, ja, zh-Hant…).")
    var language: String?

    @Flag(name: .long, help: "Accept decodings that need U+FFFD replacements.")
    var lossy = false

    @Option(name: .long, help: "text or json.")
    var format: Format = .text

    @Argument(help: "Files; - or none for stdin.")
    var files: [String] = []

    func validate() throws {
        if let top, top < 1 { throw ValidationError("--top must be at least 1") }
    }

    func run() throws {
        var detector = EncodingDetector()
        detector.declaredEncoding = declared
        detector.allowedEncodings = allow.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        detector.languageHint = language
        detector.allowsLossyDecoding = lossy
        var out = OutputBuffer()
        let limit = top ?? (format == .json ? 5 : 1)
        for file in files.isEmpty ? ["-"] : files {
            let bytes = try CLI.readInput(file)
            let guesses: [EncodingGuess]
            do { guesses = try detector.detect(bytes) } catch {
                switch error {
                case .unknownEncoding: throw CLIFailure.usage(error.description)
                default: throw CLIFailure.data(error.description)
                }
            }
            guard let best = guesses.first else { throw CLIFailure.data("\(file): no allowed encoding decodes it") }
            switch format {
            case .json:
                let candidates = guesses.prefix(limit).map {
                    "{\"encoding\":\(JSON.string($0.encoding)),\"confidence\":\(Self.number($0.confidence)),\"language\":\($0.language.map(JSON.string) ?? "null")}"
                }
                out.append("{\"file\":\(JSON.string(file)),\"encoding\":\(JSON.string(best.encoding)),\"confidence\":\(Self.number(best.confidence)),\"language\":\(best.language.map(JSON.string) ?? "null"),\"bom\":\(best.hasByteOrderMark),\"candidates\":[\(candidates.joined(separator: ","))]}\n")
            case .text:
                for (rank, guess) in guesses.prefix(limit).enumerated() {
                    let prefix = rank == 0 ? "\(file): " : String(repeating: " ", count: file.count + 2)
                    var line = "\(prefix)\(guess.encoding) (confidence \(Self.number(guess.confidence))"
                    if let language = guess.language { line += ", language \(language)" }
                    if guess.hasByteOrderMark { line += ", BOM" }
                    if guess.isLossy { line += ", lossy" }
                    out.append(line + ")\n")
                }
            }
        }
        out.flush()
    }

    static func number(_ value: Double) -> String {
        String((value * 1000).rounded() / 1000)
    }
}

extension TourCommand {
    /// The encoding section of `icukit tour`: the same sentence in several legacy code
    /// pages, detected and decoded, plus a strict-decoding error with its offset.
    func encodingTour() throws {
        print("\n== Encodings: icukit detect FILE… [--format json], icukit convert [--from ENC|auto] [--to ENC] ==\n")
        let samples: [(String, String)] = [
            ("Съешь же ещё этих мягких французских булок", "KOI8-R"),
            ("Чуєш їх, доцю, га? Кумедна ж ти, прощайся без ґольфів", "KOI8-U"),
            ("Съешь же ещё этих мягких французских булок", "IBM866"),
            ("Ζαφείρι δέξου πάγκαλο, βαθών ψυχής τό σημάδι", "ISO-8859-7"),
            ("ภาษาไทยเป็นภาษาที่มีระดับเสียง", "windows-874"),
            ("Żółć gęślą jaźń, zażółć", "windows-1250"),
            ("日本語の文章を判定します", "Shift_JIS"),
            ("한국어 문장입니다", "EUC-KR"),
        ]
        let detector = EncodingDetector()
        func pad(_ s: String) -> String { s + String(repeating: " ", count: max(0, 13 - s.count)) }
        for (text, encoding) in samples {
            let bytes = try TextConverter(encodingName: encoding).encode(text)
            let result = try detector.decode(bytes)
            let guess = result.guess
            print("  \(pad(encoding)) -> \(pad(guess.encoding)) \(guess.language ?? "-") (\(guess.confidence)): \(result.text)")
        }
        do {
            _ = try TextConverter(encodingName: "Shift_JIS").decode([0x93, 0xFA, 0x96, 0x7B, 0x82])
        } catch {
            print("  strict decoding: \(error)")
        }
    }
}
