import ArgumentParser
import ICUKit

// The options several subcommands share, each declared once with one help text. A
// subcommand includes a group with `@OptionGroup`, where the option belongs in its usage
// line, and copies the values into locals before any per-item loop.

/// `--locale`: the locale identifier, resolved with ``StrictFlag``.
struct LocaleOption: ParsableArguments {
    @Option(name: .long, help: """
        An ICU or BCP 47 locale identifier, keywords included (th, en@ss=standard, \
        de-u-co-phonebk, ja_JP@calendar=japanese). Omitted: root data in segment, sort, \
        compare and search; in format, LC_ALL, LC_MESSAGES or LANG (en for C/POSIX).
        """)
    var locale: String?

    /// The locale, root when omitted (segment, sort, compare, search).
    func localeID(strict: StrictFlag) throws(CLIFailure) -> LocaleID {
        try CLI.locale(locale, strict: strict.strict)
    }

    /// The locale, the environment's when omitted (the `format` subcommands).
    func formattingLocaleID(strict: StrictFlag) throws(CLIFailure) -> LocaleID {
        try CLI.formattingLocale(locale, strict: strict.strict)
    }
}

/// `--strict`: refuse identifiers ICU does not know instead of its silent fallback.
struct StrictFlag: ParsableArguments {
    @Flag(name: .long, help: "Refuse a locale ICU does not know (exit 64) instead of falling back to root data.")
    var strict = false
}

/// The values of a subcommand's `--format`: an enum whose raw values are the names,
/// with the subcommand's default.
protocol OutputFormatChoice: ExpressibleByArgument, CaseIterable, RawRepresentable<String>, Sendable {
    /// The format used when `--format` is omitted.
    static var defaultFormat: Self { get }
}

/// The `--format` of most subcommands: the text alone, or one JSON object per line.
enum OutputFormat: String, OutputFormatChoice {
    case text, json
    static let defaultFormat = OutputFormat.text
}

/// `--format`: the output format; the subcommand's description says what each writes.
struct FormatOption<Choice: OutputFormatChoice>: ParsableArguments {
    @Option(name: .long, help: "Output format (json: JSON Lines, one object per line).")
    var format: Choice = Choice.defaultFormat
}

/// `--lossy`: replace what does not convert instead of failing with exit 65.
struct LossyFlag: ParsableArguments {
    @Flag(name: .long, help: """
        Replace bytes that do not decode with U+FFFD (convert: and characters the target \
        encoding lacks with its substitute) instead of failing with exit 65.
        """)
    var lossy = false
}

/// `--jsonl`: each input line is a JSON string, one document.
struct JSONLinesFlag: ParsableArguments {
    @Flag(name: .long, help: "Each input line is one JSON string, a separate document.")
    var jsonl = false
}

/// The input `FILE` argument: a path, or stdin when omitted or `-`.
struct InputFileArgument: ParsableArguments {
    @Argument(help: "Input file; - or none for stdin.")
    var file: String?
}

extension OnErrorPolicy: ExpressibleByArgument {}

/// The batch options of the JSON Lines modes: `--on-error`, `--jobs`, `--flush`.
struct BatchOptions: ParsableArguments {
    @Option(name: .long, help: """
        With --jsonl, what a record that fails does: fail (stop with its error, the default), \
        skip (drop it, count it on stderr at the end) or report (write {"line":N,"error":"…"} \
        in its place and go on).
        """)
    var onError: OnErrorPolicy = .fail

    @Option(name: .long, help: "With --jsonl, records processed in parallel on N threads (default: the number of cores); output stays in input order.")
    var jobs: Int?

    @Flag(name: .long, help: "Write each result at once instead of in 64 KiB blocks (results are always written before the input is waited for).")
    var flush = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }
}

/// The input options of the subcommands that read documents: `--jsonl`, `--lossy`,
/// the batch options and FILE.
struct DocumentInput: ParsableArguments {
    @OptionGroup var jsonLines: JSONLinesFlag
    @OptionGroup var lossiness: LossyFlag
    @OptionGroup var batch: BatchOptions
    @OptionGroup var input: InputFileArgument

    /// The pipeline over this input: the whole input as one document, or (`--jsonl`) one
    /// document per line, streamed.
    func pipeline() throws(CLIFailure) -> RecordPipeline {
        try Self.pipeline(values)
    }

    /// These options' values, as ArgumentParser read them.
    var values: Values {
        Values(jsonl: jsonLines.jsonl, lossy: lossiness.lossy, onError: batch.onError, jobs: batch.jobs, flush: batch.flush,
               file: input.file)
    }

    /// The values of these options, as ArgumentParser or ``FastParse`` read them.
    struct Values: Equatable {
        var jsonl = false
        var lossy = false
        var onError = OnErrorPolicy.fail
        var jobs: Int? = nil
        var flush = false
        var file: String? = nil
    }

    /// Refuses the batch options without `--jsonl` (exit 64), for the pipeline and for the
    /// commands that stream plain input past it.
    static func checkBatchOptions(_ values: Values) throws(CLIFailure) {
        if !values.jsonl, values.onError != .fail || values.jobs != nil {
            throw .usage("--on-error and --jobs apply to --jsonl input")
        }
    }

    /// The pipeline over input options' `values` (see ``pipeline()``).
    static func pipeline(_ values: Values) throws(CLIFailure) -> RecordPipeline {
        try checkBatchOptions(values)
        return RecordPipeline(
            jsonLines: values.jsonl, lossy: values.lossy, onError: values.onError,
            jobs: values.jobs ?? CLI.processorCount, flushesEachRecord: values.flush
        )
    }

    /// Runs `body` on every document of the input, writing its output in input order.
    func forEachDocument(_ body: @escaping DocumentBody) throws(CLIFailure) {
        try pipeline().run(file: input.file, body)
    }
}

extension CLI {
    /// The positional values of a subcommand whose values may be negative numbers (`-5`,
    /// `-1234.5`, `-.5`), collected with ArgumentParser's `parsing: .allUnrecognized`, which
    /// would otherwise take them for options. A dash-prefixed word that does not start a
    /// number is still an unknown option; after `--` every word is a value. Exactly
    /// `names.count` values are expected (`["VALUE", "UNIT"]`), any number for nil.
    static func positionalValues(_ arguments: [String], names: [String]?) throws(CLIFailure) -> [String] {
        var values: [String] = []
        var afterTerminator = false
        for argument in arguments {
            if !afterTerminator && argument == "--" {
                afterTerminator = true
                continue
            }
            if !afterTerminator, argument.hasPrefix("-"), let next = argument.dropFirst().first, !(next.isASCII && (next.isNumber || next == ".")) {
                throw .usage("Unknown option '\(argument)'")
            }
            values.append(argument)
        }
        if let names, values.count != names.count {
            let expected = names.count == 1 ? "one \(names[0])" : names.joined(separator: " ")
            throw .usage("expected \(expected), got \(values.count) argument\(values.count == 1 ? "" : "s")")
        }
        return values
    }
}
