#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ICUKit

/// `icukit spoof`: UTS #39 skeletons, confusables, identifier checks and a confusable index.
enum SpoofCommand {
    static let spec = CommandSpec(
        group: "spoof",
        abstract: "Spoof checking of identifiers (UTS #39): skeletons, confusables, restriction levels.",
        discussion: """
            Identifiers come as TEXT arguments, or one per line from FILE or stdin (blank lines \
            skipped; one argument naming an existing file, or -, is read as FILE), or with \
            --jsonl one JSON string per line. Invalid UTF-8 exits 65 naming the byte offset \
            (--lossy replaces it with U+FFFD).
            """,
        subcommands: [SpoofSkeletonCommand.spec, SpoofConfusableCommand.spec, SpoofCheckCommand.spec, SpoofIndexCommand.spec]
    )
}

/// The identifiers of a `spoof` subcommand: TEXT…, FILE or stdin (one per line), or JSON Lines.
struct IdentifierInput {
    static let valuesOption = OptionSpec.variadic("values", help: "Identifiers; or one FILE (one identifier per line), - or none for stdin.")
    static var options: [OptionSpec] { [JSONLinesFlag.option, LossyFlag.option] + BatchOptions.options + [valuesOption] }

    var jsonLines: JSONLinesFlag
    var lossiness: LossyFlag
    var batch: BatchOptions
    var values: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        jsonLines = JSONLinesFlag(arguments)
        lossiness = LossyFlag(arguments)
        batch = try BatchOptions(arguments)
        values = arguments.strings(Self.valuesOption)
    }

    /// The input file when the arguments name one (`nil` for stdin), or `.none` when they are texts.
    private var file: String?? {
        if values.isEmpty { return .some(nil) }
        if values.count == 1, values[0] == "-" { return .some(nil) }
        if values.count == 1, access(values[0], F_OK) == 0 { return .some(values[0]) }
        return .none
    }

    /// Runs `body` on every identifier, writing its output in input order.
    func forEachIdentifier(_ body: @escaping DocumentBody) throws(CLIFailure) {
        if !jsonLines.jsonl, batch.onError != .fail || batch.jobs != nil {
            throw .usage("--on-error and --jobs apply to --jsonl input")
        }
        guard let file else {
            if jsonLines.jsonl { throw .usage("--jsonl reads FILE or stdin, not TEXT arguments") }
            var out = OutputBuffer(flushesEachRecord: batch.flush)
            defer { out.flush() }
            for value in values {
                try body(value, &out)
                out.endRecord()
            }
            return
        }
        let pipeline = RecordPipeline(
            jsonLines: jsonLines.jsonl, lossy: lossiness.lossy, onError: batch.onError,
            jobs: batch.jobs ?? CLI.processorCount, flushesEachRecord: batch.flush
        )
        if jsonLines.jsonl {
            try pipeline.run(file: file, body)
        } else {
            try pipeline.run(file: file) { document, out throws(CLIFailure) in
                for line in CLI.lines(of: document) where !line.isEmpty {
                    try body(String(line), &out)
                }
            }
        }
    }
}

/// `IdentifierError` as the CLI's exit codes: bad bytes and lengths 65, bad options 64, ICU 70.
enum SpoofCLI {
    static func run<R>(_ body: () throws(IdentifierError) -> R) throws(CLIFailure) -> R {
        do { return try body() } catch {
            switch error {
            case .invalidUTF8(let invalid): throw .data("invalid UTF-8 at byte offset \(invalid.byteOffset)")
            case .inputTooLong: throw .data(error.description)
            case .unknownLocale: throw .usage(error.description)
            default: throw CLIFailure(message: error.description, code: CLI.software)
            }
        }
    }
}

/// `icukit spoof skeleton`.
struct SpoofSkeletonCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "skeleton",
        abstract: "The UTS #39 skeleton of each identifier (equal skeletons: confusable).",
        discussion: "One JSON line per identifier: {\"text\":\"раураl\",\"skeleton\":\"paypal\"}.",
        options: { IdentifierInput.options }
    )


    var input: IdentifierInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = try IdentifierInput(arguments)
    }

    func run() throws {
        let checker = try SpoofCLI.run { () throws(IdentifierError) in try SpoofChecker() }
        try input.forEachIdentifier { text, out throws(CLIFailure) in
            let skeleton = try SpoofCLI.run { () throws(IdentifierError) in try checker.skeleton(text) }
            out.append("{\"text\":")
            out.append(jsonString: text)
            out.append(",\"skeleton\":")
            out.append(jsonString: skeleton)
            out.append("}\n")
        }
    }
}

/// `icukit spoof confusable A B`.
struct SpoofConfusableCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "confusable",
        abstract: "Whether two identifiers are confusable, and how (single-, mixed-, whole-script).",
        discussion: """
            One JSON line: {"confusable":true,"kinds":["mixedScript"]} (kinds singleScript, \
            mixedScript, wholeScript), or {"confusable":false,"kinds":[]}. Exit 0 either way.
            """,
        options: { [firstOption, secondOption] }
    )

    static let firstOption = OptionSpec.positional("first", help: "The first identifier.", required: true)
    static let secondOption = OptionSpec.positional("second", help: "The second identifier.", required: true)

    var first: String
    var second: String

    init(_ arguments: ParsedArguments) {
        first = arguments.strings(Self.firstOption)[0]
        second = arguments.strings(Self.secondOption)[0]
    }

    func run() throws {
        let (first, second) = (first, second)
        let kinds = try SpoofCLI.run { () throws(IdentifierError) in try SpoofChecker().areConfusable(first, second) }
        CLI.print("{\"confusable\":\(!kinds.isEmpty),\"kinds\":" + JSON.array(kinds.names) + "}")
    }
}


/// `icukit spoof check`.
struct SpoofCheckCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "check",
        abstract: "Check identifiers: restriction level, invisible characters, allowed characters, mixed numbers.",
        discussion: """
            One JSON line per identifier: {"text":…,"passed":false,"failures":["restrictionLevel"],\
            "restrictionLevel":"minimally-restrictive","scripts":["Cyrl","Latn"]}. failures: \
            restrictionLevel, invisible, allowedCharacters, mixedNumbers, hiddenOverlay (ICU's \
            check for a dot above hidden on i or j). restrictionLevel is the level the identifier \
            reaches; scripts its resolved script set, or the scripts it uses when that set is \
            empty (mixed script). Without options the checker is ICU's default (all checks, \
            highly restrictive, every character allowed).
            """,
        options: { [restrictionLevelOption, allowedLocalesOption] + IdentifierInput.options }
    )

    static let restrictionLevelOption = OptionSpec.choice("restriction-level", values: SpoofChecker.RestrictionLevel.allCases.map(\.name), help: "The loosest level that passes: ascii, single-script, highly-restrictive (default), moderately-restrictive, minimally-restrictive, unrestricted.")
    static let allowedLocalesOption = OptionSpec.option("allowed-locales", help: "Only characters of these locales' scripts (comma-separated, e.g. en,ru) and Common/Inherited pass.")

    var restrictionLevel: SpoofChecker.RestrictionLevel?
    var allowedLocales: String?
    var input: IdentifierInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        restrictionLevel = arguments.string(Self.restrictionLevelOption).flatMap(SpoofChecker.RestrictionLevel.init(name:))
        allowedLocales = arguments.string(Self.allowedLocalesOption)
        input = try IdentifierInput(arguments)
    }

    func run() throws {
        let level = restrictionLevel ?? .highlyRestrictive
        let locales = allowedLocales.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
        if let allowedLocales, allowedLocales.isEmpty { throw CLIFailure.usage("--allowed-locales needs at least one locale") }
        let checker = try SpoofCLI.run { () throws(IdentifierError) in try SpoofChecker(restrictionLevel: level, allowedLocales: locales) }
        try input.forEachIdentifier { text, out throws(CLIFailure) in
            let result = try SpoofCLI.run { () throws(IdentifierError) in try checker.check(text) }
            // `scripts` is computed on each read (it costs more than ICU's whole check): once.
            let resolved = result.scripts
            out.append("{\"text\":")
            out.append(jsonString: text)
            out.append(result.passed ? ",\"passed\":true,\"failures\":" : ",\"passed\":false,\"failures\":")
            out.append(jsonArray: result.failures.failureNames)
            out.append(",\"restrictionLevel\":")
            if let level = result.restrictionLevel { out.append(jsonString: level.name) } else { out.append("null") }
            out.append(",\"scripts\":")
            out.append(jsonArray: resolved.isMixedScript ? resolved.scriptsUsed : resolved.scripts)
            out.append("}\n")
        }
    }
}

/// `icukit spoof index`.
struct SpoofIndexCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "index",
        abstract: "Find the existing names each candidate is confusable with (same skeleton).",
        discussion: """
            Indexes NAMES_FILE (one name per line, blank lines skipped), then writes one JSON \
            line per candidate: {"text":"раураl","confusableWith":["paypal"]}, the existing names \
            in file order; a candidate already in the file lists itself.
            """,
        options: { [existingOption] + IdentifierInput.options }
    )

    static let existingOption = OptionSpec.option("existing", help: "The existing names, one per line.", required: true)

    var existing: String
    var input: IdentifierInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        existing = arguments.string(Self.existingOption)!
        input = try IdentifierInput(arguments)
    }

    func run() throws {
        let bytes = try CLI.readInput(existing)
        let text: String
        do { text = try UTF8Decoding.decode(bytes) } catch {
            throw CLIFailure.data("\(existing): invalid UTF-8 at byte offset \(error.byteOffset)")
        }
        let names = CLI.lines(of: text).filter { !$0.isEmpty }
        let index = try SpoofCLI.run { () throws(IdentifierError) in try ConfusableIndex(names) }
        try input.forEachIdentifier { candidate, out throws(CLIFailure) in
            let matches = try SpoofCLI.run { () throws(IdentifierError) in try index.matches(for: candidate) }
            out.append("{\"text\":")
            out.append(jsonString: candidate)
            out.append(",\"confusableWith\":")
            out.append(jsonArray: matches)
            out.append("}\n")
        }
    }
}
