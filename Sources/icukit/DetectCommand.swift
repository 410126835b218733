import ArgumentParser
import Dispatch
import FoundationEssentials
import ICUKit

/// `icukit detect`: the character encoding of each FILE (or stdin), ranked.
struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Detect the character encoding of each FILE (or stdin).",
        discussion: """
            json: one line per file, {"file","encoding","confidence","language","bom",\
            "candidates":[{"encoding","confidence","language"}…]} (the top N candidates, \
            best first; IANA names as ICU spells them). text: the best encoding (--top N: \
            the first N), with confidence and language. --lossy also considers encodings \
            whose decoding needs U+FFFD replacements. An unknown encoding name in --declared \
            or --allow exits 64.
            """
    ).leaf

    @Option(name: .long, help: "How many candidates to list (default 1 in text, 5 in json).")
    var top: Int?

    @Option(name: .long, help: "An encoding declared by the transport (HTTP charset); it wins when it decodes.")
    var declared: String?

    @Option(name: .long, help: "Consider only these encodings (comma-separated ICU names or aliases).")
    var allow: String?

    @Option(name: .long, help: "The probable language (BCP 47: ru, ja, zh-Hant…).")
    var language: String?

    @OptionGroup var lossiness: LossyFlag

    @OptionGroup var output: FormatOption<OutputFormat>

    @Option(name: .long, help: "Files detected in parallel on N threads (default: the number of cores); output stays in file order.")
    var jobs: Int?

    @Argument(help: "Files; - or none for stdin.")
    var files: [String] = []

    func validate() throws {
        if let top, top < 1 { throw ValidationError("--top must be at least 1") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        try Self.detect(
            Arguments(top: top, declared: declared, allow: allow, language: language, lossy: lossiness.lossy,
                      format: output.format, jobs: jobs, files: files))
    }

    /// The values of `detect`'s arguments, as ArgumentParser or ``FastParse`` read them.
    struct Arguments: Equatable {
        var top: Int? = nil
        var declared: String? = nil
        var allow: String? = nil
        var language: String? = nil
        var lossy = false
        var format = OutputFormat.defaultFormat
        var jobs: Int? = nil
        var files: [String] = []
    }

    /// Runs `detect` on its arguments' values (already validated: `top` and `jobs` ≥ 1).
    static func detect(_ arguments: Arguments) throws {
        var detector = EncodingDetector()
        detector.declaredEncoding = arguments.declared
        detector.allowedEncodings = arguments.allow.map { $0.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty } }
        detector.languageHint = arguments.language
        detector.allowsLossyDecoding = arguments.lossy
        let format = arguments.format
        let limit = arguments.top ?? (format == .json ? 5 : 1)
        let paths = arguments.files.isEmpty ? ["-"] : arguments.files
        let jobs = min(arguments.jobs ?? CLI.processorCount, paths.count)
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
