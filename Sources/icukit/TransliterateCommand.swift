import ArgumentParser
import ICUKit

/// `icukit transliterate`: ICU system transliterators, compound IDs and custom rules.
struct TransliterateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transliterate",
        abstract: "Transliterate text with an ICU transliterator ID or custom rules.",
        usage: """
            icukit transliterate ID [--reverse] [--jsonl] [--lossy] [FILE|-]
            icukit transliterate --rules FILE [--reverse] [--jsonl] [--lossy] [INPUT|-]
            icukit transliterate --list
            """,
        discussion: """
            ID is any system or compound ID ("Any-Latin; Latin-ASCII", "Greek-Latin/UNGEGN", \
            "[:Latin:] Any-Upper", "NFD; [:Nonspacing Mark:] Remove; NFC"). --list writes \
            every system ID, one per line. An unknown ID or bad rules exit 64.
            """
    ).leaf

    @Option(name: .long, help: "A file of ICU transliteration rules to use instead of an ID.")
    var rules: String?

    @Flag(name: .long, help: "Use the reverse direction.")
    var reverse = false

    @Flag(name: .long, help: "List the system transliterator IDs.")
    var list = false

    @OptionGroup var jsonLines: JSONLinesFlag
    @OptionGroup var lossiness: LossyFlag
    @OptionGroup var batch: BatchOptions

    @Argument(help: "The ID (unless --rules or --list), then the input file; - or none for stdin.")
    var arguments: [String] = []

    func run() throws {
        try Self.transliterate(
            Arguments(rules: rules, reverse: reverse, list: list, arguments: arguments,
                      input: DocumentInput.Values(jsonl: jsonLines.jsonl, lossy: lossiness.lossy, onError: batch.onError,
                                                  jobs: batch.jobs, flush: batch.flush)))
    }

    /// The values of `transliterate`'s arguments, as ArgumentParser or ``FastParse`` read
    /// them (the positionals, ID and FILE, in `arguments`; `input.file` unused).
    struct Arguments: Equatable {
        var rules: String? = nil
        var reverse = false
        var list = false
        var arguments: [String] = []
        var input = DocumentInput.Values()
    }

    /// Runs `transliterate` on its arguments' values.
    static func transliterate(_ values: Arguments) throws {
        let (rules, reverse, batch) = (values.rules, values.reverse, values.input)
        var out = OutputBuffer()
        if values.list {
            for id in Transliterator.availableIDs { out.append(id + "\n") }
            out.flush()
            return
        }
        var arguments = values.arguments[...]
        let transliterator: Transliterator
        if let rules {
            let bytes = try CLI.readInput(rules)
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CLIFailure.data("\(rules): the rules are not valid UTF-8")
            }
            transliterator = try TextCLI.run { () throws(TextTransformError) in try Transliterator(rules: text, reverse: reverse) }
        } else {
            guard let id = arguments.popFirst() else { throw CLIFailure.usage("missing transliterator ID (or --rules FILE, or --list)") }
            transliterator = try TextCLI.run { () throws(TextTransformError) in try Transliterator(id, reverse: reverse) }
        }
        guard arguments.count <= 1 else { throw CLIFailure.usage("unexpected argument '\(arguments.dropFirst().first!)'") }
        let jsonl = batch.jsonl
        if !jsonl, batch.onError != .fail || batch.jobs != nil { throw CLIFailure.usage("--on-error and --jobs apply to --jsonl input") }
        let pipeline = RecordPipeline(
            jsonLines: jsonl, lossy: batch.lossy, onError: batch.onError,
            jobs: batch.jobs ?? CLI.processorCount, flushesEachRecord: batch.flush)
        try pipeline.run(file: arguments.first) { document, out throws(CLIFailure) in
            let result = try TextCLI.run { () throws(TextTransformError) in try transliterator.transliterate(document) }
            if jsonl { out.append(jsonLine: result) } else { out.append(result) }
        }
    }
}
