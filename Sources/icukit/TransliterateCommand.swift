import ICUKit

/// `icukit transliterate`: ICU system transliterators, compound IDs and custom rules.
struct TransliterateCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "transliterate",
        abstract: "Transliterate text with an ICU transliterator ID or custom rules.",
        discussion: """
            ID is any system or compound ID ("Any-Latin; Latin-ASCII", "Greek-Latin/UNGEGN", \
            "[:Latin:] Any-Upper", "NFD; [:Nonspacing Mark:] Remove; NFC"). --list writes \
            every system ID, one per line. An unknown ID or bad rules exit 64.
            """,
        usage: """
            icukit transliterate ID [--reverse] [--jsonl] [--lossy] [FILE|-]
            icukit transliterate --rules FILE [--reverse] [--jsonl] [--lossy] [INPUT|-]
            icukit transliterate --list
            """,
        options: { [rulesOption, reverseOption, listOption] + DocumentInput.batchOptions + [argumentsOption] }
    )

    static let rulesOption = OptionSpec.option("rules", help: "A file of ICU transliteration rules to use instead of an ID.")
    static let reverseOption = OptionSpec.flag("reverse", help: "Use the reverse direction.")
    static let listOption = OptionSpec.flag("list", help: "List the system transliterator IDs.")
    static let argumentsOption = OptionSpec.variadic(
        "arguments", help: "The ID (unless --rules or --list), then the input file; - or none for stdin.")

    var rules: String?
    var reverse: Bool
    var list: Bool
    /// The positionals, ID and FILE (`input.file` is unused).
    var arguments: [String]
    var input: DocumentInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        rules = arguments.string(Self.rulesOption)
        reverse = arguments.flag(Self.reverseOption)
        list = arguments.flag(Self.listOption)
        self.arguments = arguments.strings(Self.argumentsOption)
        input = try DocumentInput(arguments, file: nil)
    }

    func run() throws {
        let (rules, reverse, batch) = (self.rules, self.reverse, input)
        var out = OutputBuffer()
        if list {
            for id in Transliterator.availableIDs { out.append(id + "\n") }
            out.flush()
            return
        }
        var arguments = self.arguments[...]
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
