import ArgumentParser
import ICUKit

extension Normalizer.Form: ExpressibleByArgument {}

/// `icukit normalize`: Unicode normalization, streaming.
struct NormalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "normalize",
        abstract: "Normalize text to NFC, NFD, NFKC, NFKD or NFKC_Casefold.",
        discussion: """
            Writes the normalized text of FILE (or stdin), streaming in 1 MiB chunks cut only \
            at normalization boundaries, so any file size works in bounded memory. With \
            --jsonl, each input line is one JSON string and each output line one JSON string. \
            --check writes {"normalized":true} or false per document instead. Invalid UTF-8 \
            exits 65 naming the byte offset, unless --lossy.
            """
    ).leaf

    @Option(name: .long, help: "nfc, nfd, nfkc, nfkd or nfkc-casefold.")
    var form: Normalizer.Form

    @Flag(name: .long, help: "Write {\"normalized\":true|false} per document instead of the text.")
    var check = false

    @OptionGroup var input: DocumentInput

    func run() throws {
        try Self.normalize(Arguments(form: form, check: check, input: input.values))
    }

    /// The values of `normalize`'s arguments, as ArgumentParser or ``FastParse`` read them.
    struct Arguments: Equatable {
        var form: Normalizer.Form
        var check = false
        var input = DocumentInput.Values()
    }

    /// Runs `normalize` on its arguments' values.
    static func normalize(_ arguments: Arguments) throws {
        let normalizer = Normalizer(arguments.form)
        if arguments.check || arguments.input.jsonl {
            let check = arguments.check
            try DocumentInput.pipeline(arguments.input).run(file: arguments.input.file) { document, out throws(CLIFailure) in
                if check {
                    let normalized = try TextCLI.run { () throws(TextTransformError) in try normalizer.isNormalized(document) }
                    out.append(normalized ? "{\"normalized\":true}\n" : "{\"normalized\":false}\n")
                } else {
                    out.append(jsonLine: try TextCLI.run { () throws(TextTransformError) in try normalizer.normalize(document) })
                }
            }
            return
        }
        try DocumentInput.checkBatchOptions(arguments.input)
        var out = OutputBuffer()
        let file = try InputFile(arguments.input.file)
        defer { file.close() }
        var stream = normalizer.makeStream(lossy: arguments.input.lossy)
        defer { out.flush() }
        while true {
            let chunk = try file.read(upTo: ConvertCommand.chunkSize)
            out.append(try TextCLI.run { () throws(TextTransformError) in
                chunk.isEmpty ? try stream.finish() : try stream.normalize(chunk)
            })
            if chunk.isEmpty { break }
        }
    }
}

/// What the text-transform subcommands share: opening FILE or stdin for streaming and
/// turning ``TextTransformError`` into sysexits failures.
enum TextCLI {
    /// Runs a transform: invalid UTF-8 and texts too long (or grown too large) exit 65,
    /// naming the offset of bad UTF-8; unknown names and bad rules or patterns 64, ICU
    /// failures 70.
    static func run<R>(_ body: () throws(TextTransformError) -> R) throws(CLIFailure) -> R {
        do { return try body() } catch { throw failure(error) }
    }

    static func failure(_ error: TextTransformError) -> CLIFailure {
        switch error {
        case .invalidUTF8(let invalid):
            .data("invalid UTF-8 at byte offset \(invalid.byteOffset) (use --lossy to replace it with U+FFFD)")
        case .inputTooLong, .outputTooLarge: .data(error.description)
        case .icu: CLIFailure(message: error.description, code: CLI.software)
        default: .usage(error.description)
        }
    }
}
