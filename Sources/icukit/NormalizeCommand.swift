import ICUKit

/// `icukit normalize`: Unicode normalization, streaming.
struct NormalizeCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "normalize",
        abstract: "Normalize text to NFC, NFD, NFKC, NFKD or NFKC_Casefold.",
        discussion: """
            Writes the normalized text of FILE (or stdin), streaming in 1 MiB chunks cut only \
            at normalization boundaries, so any file size works in bounded memory. With \
            --jsonl, each input line is one JSON string and each output line one JSON string. \
            --check writes {"normalized":true} or false per document instead. Invalid UTF-8 \
            exits 65 naming the byte offset, unless --lossy.
            """,
        options: { [formOption, checkOption] + DocumentInput.options }
    )

    static let formOption = OptionSpec.choice("form", Normalizer.Form.self, help: "nfc, nfd, nfkc, nfkd or nfkc-casefold.", required: true)
    static let checkOption = OptionSpec.flag("check", help: "Write {\"normalized\":true|false} per document instead of the text.")

    var form: Normalizer.Form
    var check: Bool
    var input: DocumentInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        form = arguments.choice(Self.formOption)!
        check = arguments.flag(Self.checkOption)
        input = try DocumentInput(arguments)
    }

    func run() throws {
        let normalizer = Normalizer(self.form)
        if self.check || self.input.jsonl {
            let check = self.check
            try input.pipeline().run(file: self.input.file) { document, out throws(CLIFailure) in
                if check {
                    let normalized = try TextCLI.run { () throws(TextTransformError) in try normalizer.isNormalized(document) }
                    out.append(normalized ? "{\"normalized\":true}\n" : "{\"normalized\":false}\n")
                } else {
                    out.append(jsonLine: try TextCLI.run { () throws(TextTransformError) in try normalizer.normalize(document) })
                }
            }
            return
        }
        try input.checkBatchOptions()
        // Bytes in, bytes out: each chunk is validated once and normalized in place, and what
        // is already normalized is written from the input's own bytes (no `String` per chunk).
        var out = OutputBuffer()
        let file = try InputFile(self.input.file)
        defer { file.close() }
        var stream = normalizer.makeStream(lossy: self.input.lossy)
        defer { out.flush() }
        let write = { (bytes: UnsafeBufferPointer<UInt8>) in
            if bytes.count < OutputBuffer.blockSize {
                out.append(bytes: bytes)
            } else {
                out.flush()
                CLI.write(bytes: bytes)
            }
        }
        while true {
            let chunk = try file.read(upTo: CLI.chunkSize)
            try TextCLI.run { () throws(TextTransformError) in
                if chunk.isEmpty { return try stream.finish(write) }
                try chunk.withUnsafeBufferPointer { (bytes) throws(TextTransformError) in try stream.normalize(utf8: bytes, write) }
            }
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
