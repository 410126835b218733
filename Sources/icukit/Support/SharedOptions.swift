import ICUKit

// The options several commands share, each declared once with one help text. A command
// lists a group's `options` where they belong in its usage line, and reads the group's
// values with the group's `init(_:)`.

/// `--locale`: the locale identifier, resolved with ``StrictFlag``.
struct LocaleOption {
    static let option = OptionSpec.option("locale", help: """
        An ICU or BCP 47 locale identifier, keywords included (th, en@ss=standard, \
        de-u-co-phonebk, ja_JP@calendar=japanese). Omitted: root data in segment, sort, \
        compare and search; in format, LC_ALL, LC_MESSAGES or LANG (en for C/POSIX).
        """)

    var locale: String?

    init(_ arguments: ParsedArguments) { locale = arguments.string(Self.option) }

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
struct StrictFlag {
    static let option = OptionSpec.flag("strict", help: "Refuse a locale ICU does not know (exit 64) instead of falling back to root data.")

    var strict: Bool

    init(_ arguments: ParsedArguments) { strict = arguments.flag(Self.option) }
}

/// The values of a command's `--format`: an enum whose raw values are the names, with the
/// command's default.
protocol OutputFormatChoice: CaseIterable, RawRepresentable<String>, Sendable {
    /// The format used when `--format` is omitted.
    static var defaultFormat: Self { get }
}

/// The `--format` of most commands: the text alone, or one JSON object per line.
enum OutputFormat: String, OutputFormatChoice {
    case text, json
    static let defaultFormat = OutputFormat.text
}

/// `--format`: the output format; the command's description says what each writes.
struct FormatOption<Choice: OutputFormatChoice> {
    /// The option for `Choice`'s values and default.
    static var option: OptionSpec {
        .choice("format", Choice.self, help: "Output format (json: JSON Lines, one object per line).", default: Choice.defaultFormat)
    }

    var format: Choice

    init(_ arguments: ParsedArguments) { format = arguments.choice(Self.option)! }
}

/// `--lossy`: replace what does not convert instead of failing with exit 65.
struct LossyFlag {
    static let option = OptionSpec.flag("lossy", help: """
        Replace bytes that do not decode with U+FFFD (convert: and characters the target \
        encoding lacks with its substitute) instead of failing with exit 65.
        """)

    var lossy: Bool

    init(_ arguments: ParsedArguments) { lossy = arguments.flag(Self.option) }
}

/// `--jsonl`: each input line is a JSON string, one document.
struct JSONLinesFlag {
    static let option = OptionSpec.flag("jsonl", help: "Each input line is one JSON string, a separate document.")

    var jsonl: Bool

    init(_ arguments: ParsedArguments) { jsonl = arguments.flag(Self.option) }
}

/// The input `FILE` argument: a path, or stdin when omitted or `-`.
struct InputFileArgument {
    static let option = OptionSpec.positional("file", help: "Input file; - or none for stdin.")

    var file: String?

    init(_ arguments: ParsedArguments) { file = arguments.strings(Self.option).first }
}

/// The batch options of the JSON Lines modes: `--on-error`, `--jobs`, `--flush`.
struct BatchOptions {
    static let onErrorOption = OptionSpec.choice("on-error", OnErrorPolicy.self, help: """
        With --jsonl, what a record that fails does: fail (stop with its error, the default), \
        skip (drop it, count it on stderr at the end) or report (write {"line":N,"error":"…"} \
        in its place and go on).
        """, default: .fail)
    static let jobsOption = OptionSpec.integer(
        "jobs", help: "With --jsonl, records processed in parallel on N threads (default: the number of cores); output stays in input order.")
    static let flushOption = OptionSpec.flag(
        "flush", help: "Write each result at once instead of in 64 KiB blocks (results are always written before the input is waited for).")
    static let options = [onErrorOption, jobsOption, flushOption]

    var onError: OnErrorPolicy
    var jobs: Int?
    var flush: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        onError = arguments.choice(Self.onErrorOption)!
        jobs = arguments.integer(Self.jobsOption)
        flush = arguments.flag(Self.flushOption)
        if let jobs, jobs < 1 { throw arguments.error("--jobs must be at least 1") }
    }
}

/// The input options of the commands that read documents: `--jsonl`, `--lossy`, the batch
/// options and FILE.
struct DocumentInput {
    static let options = batchOptions + [InputFileArgument.option]
    /// The options without FILE.
    static let batchOptions = [JSONLinesFlag.option, LossyFlag.option] + BatchOptions.options

    var jsonl: Bool
    var lossy: Bool
    var onError: OnErrorPolicy
    var jobs: Int?
    var flush: Bool
    var file: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        try self.init(arguments, file: InputFileArgument(arguments).file)
    }

    /// The input options of a command whose FILE is one of its own positionals.
    init(_ arguments: ParsedArguments, file: String?) throws(UsageError) {
        let batch = try BatchOptions(arguments)
        jsonl = JSONLinesFlag(arguments).jsonl
        lossy = LossyFlag(arguments).lossy
        onError = batch.onError
        jobs = batch.jobs
        flush = batch.flush
        self.file = file
    }

    /// Refuses the batch options without `--jsonl` (exit 64), for the pipeline and for the
    /// commands that stream plain input past it.
    func checkBatchOptions() throws(CLIFailure) {
        if !jsonl, onError != .fail || jobs != nil {
            throw .usage("--on-error and --jobs apply to --jsonl input")
        }
    }

    /// The pipeline over this input: the whole input as one document, or (`--jsonl`) one
    /// document per line, streamed.
    func pipeline() throws(CLIFailure) -> RecordPipeline {
        try checkBatchOptions()
        return RecordPipeline(
            jsonLines: jsonl, lossy: lossy, onError: onError, jobs: jobs ?? CLI.processorCount, flushesEachRecord: flush
        )
    }

    /// Runs `body` on every document of the input, writing its output in input order.
    func forEachDocument(_ body: @escaping DocumentBody) throws(CLIFailure) {
        try pipeline().run(file: file, body)
    }
}

extension CLI {
    /// The positional values of a command whose values may be negative numbers (`-5`,
    /// `-1234.5`, `-.5`), collected by a variadic that takes unrecognized words
    /// (``OptionSpec/variadic(_:help:unrecognized:)``). A dash-prefixed word that does not
    /// start a number is an unknown option; after `--` every word is a value. Exactly
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
