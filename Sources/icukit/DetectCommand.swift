import Dispatch
import FoundationEssentials
import ICUKit

/// `icukit detect`: the character encoding of each FILE (or stdin), ranked.
struct DetectCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "detect",
        abstract: "Detect the character encoding of each FILE (or stdin).",
        discussion: """
            json: one line per file, {"file","encoding","confidence","language","bom",\
            "candidates":[{"encoding","confidence","language"}…]} (the top N candidates, \
            best first; IANA names as ICU spells them). text: the best encoding (--top N: \
            the first N), with confidence and language. --lossy also considers encodings \
            whose decoding needs U+FFFD replacements. An unknown encoding name in --declared \
            or --allow exits 64.
            """,
        options: {
            [topOption, declaredOption, allowOption, languageOption, LossyFlag.option, FormatOption<OutputFormat>.option, jobsOption,
             filesOption]
        }
    )

    static let topOption = OptionSpec.integer("top", help: "How many candidates to list (default 1 in text, 5 in json).")
    static let declaredOption = OptionSpec.option("declared", help: "An encoding declared by the transport (HTTP charset); it wins when it decodes.")
    static let allowOption = OptionSpec.option("allow", help: "Consider only these encodings (comma-separated ICU names or aliases).")
    static let languageOption = OptionSpec.option("language", help: "The probable language (BCP 47: ru, ja, zh-Hant…).")
    static let jobsOption = OptionSpec.integer(
        "jobs", help: "Files detected in parallel on N threads (default: the number of cores); output stays in file order.")
    static let filesOption = OptionSpec.variadic("files", help: "Files; - or none for stdin.")

    var top: Int?
    var declared: String?
    var allow: String?
    var language: String?
    var lossy: Bool
    var format: OutputFormat
    var jobs: Int?
    var files: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        top = arguments.integer(Self.topOption)
        declared = arguments.string(Self.declaredOption)
        allow = arguments.string(Self.allowOption)
        language = arguments.string(Self.languageOption)
        lossy = LossyFlag(arguments).lossy
        format = FormatOption<OutputFormat>(arguments).format
        jobs = arguments.integer(Self.jobsOption)
        files = arguments.strings(Self.filesOption)
        if let top, top < 1 { throw arguments.error("--top must be at least 1") }
        if let jobs, jobs < 1 { throw arguments.error("--jobs must be at least 1") }
    }

    /// Runs `detect` (`top` and `jobs` are checked: at least 1).
    func run() throws {
        var detector = EncodingDetector()
        detector.declaredEncoding = declared
        detector.allowedEncodings = allow.map { $0.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty } }
        detector.languageHint = language
        detector.allowsLossyDecoding = lossy
        let format = self.format
        let limit = top ?? (format == .json ? 5 : 1)
        let paths = files.isEmpty ? ["-"] : files
        let jobs = min(self.jobs ?? CLI.processorCount, paths.count)
        let shared = detector
        var out = OutputBuffer()
        // Files in batches of 4 per job: each worker reads and detects its own files (so at
        // most `jobs` files are in memory), the results are written in file order, and a
        // failing file stops the run after the results of the files before it.
        let batchSize = jobs * 4
        var start = 0
        while start < paths.count {
            let batch = Array(paths[start..<min(paths.count, start + batchSize)])
            let results = ResultSlots(count: batch.count)
            if jobs == 1 {
                for (index, path) in batch.enumerated() { results[index] = Self.report(path, shared, format, limit) }
            } else {
                DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                    var index = worker
                    while index < batch.count {
                        results[index] = Self.report(batch[index], shared, format, limit)
                        index += jobs
                    }
                }
            }
            for index in batch.indices {
                switch results[index]! {
                case .success(let text): out.append(text)
                case .failure(let failure):
                    out.flush()
                    throw failure
                }
            }
            start += batch.count
        }
        out.flush()
    }

    /// One file's lines of output, or its failure.
    static func report(_ file: String, _ detector: EncodingDetector, _ format: OutputFormat, _ limit: Int) -> Result<String, CLIFailure> {
        Result { () throws(CLIFailure) -> String in
            let bytes = try CLI.readInput(file)
            let guesses: [EncodingGuess]
            do throws(TextConversionError) { guesses = try detector.detect(bytes) } catch {
                switch error {
                case .unknownEncoding: throw CLIFailure.usage(error.description)
                default: throw CLIFailure.data(error.description)
                }
            }
            guard let best = guesses.first else { throw CLIFailure.data("\(file): no allowed encoding decodes it") }
            var text = ""
            switch format {
            case .json:
                let candidates = guesses.prefix(limit).map {
                    "{\"encoding\":\(JSON.string($0.encoding)),\"confidence\":\(Self.number($0.confidence)),\"language\":\($0.language.map(JSON.string) ?? "null")}"
                }
                text = "{\"file\":\(JSON.string(file)),\"encoding\":\(JSON.string(best.encoding)),\"confidence\":\(Self.number(best.confidence)),\"language\":\(best.language.map(JSON.string) ?? "null"),\"bom\":\(best.hasByteOrderMark),\"candidates\":[\(candidates.joined(separator: ","))]}\n"
            case .text:
                for (rank, guess) in guesses.prefix(limit).enumerated() {
                    let prefix = rank == 0 ? "\(file): " : String(repeating: " ", count: file.count + 2)
                    var line = "\(prefix)\(guess.encoding) (confidence \(Self.number(guess.confidence))"
                    if let language = guess.language { line += ", language \(language)" }
                    if guess.hasByteOrderMark { line += ", BOM" }
                    if guess.isLossy { line += ", lossy" }
                    text += line + ")\n"
                }
            }
            return text
        }
    }

    static func number(_ value: Double) -> String {
        String((value * 1000).rounded() / 1000)
    }
}

/// One slot per file of a batch, each written by exactly one worker before the main thread
/// reads them all (after `concurrentPerform` returns, which orders the writes before).
private final class ResultSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<String, CLIFailure>?>
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }
    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }
    subscript(index: Int) -> Result<String, CLIFailure>? {
        get { slots[index] }
        set { slots[index] = newValue }
    }
}
