@_spi(Internals) import ICUKit

/// `icukit convert`: re-encode FILE (or stdin) from one encoding (or a detected one) to another.
struct ConvertCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "convert",
        abstract: "Convert FILE (or stdin) between character encodings; writes the bytes to stdout.",
        discussion: """
            Streams in chunks of at most 1 MiB, so a file of any size converts in bounded memory (with \
            --from auto, the encoding is detected on the first chunk). Without --lossy, an \
            undecodable byte exits 65 naming its byte offset, and so does a character the \
            target encoding lacks, an invisible one too (U+200D, U+00AD, variation selectors: \
            ICU's default callbacks and uconv drop those silently; --lossy writes ? for them). \
            An unknown encoding name exits 64.
            """,
        options: { [fromOption, toOption, LossyFlag.option, InputFileArgument.option] }
    )

    static let fromOption = OptionSpec.option("from", help: "The input encoding (any ICU name or alias), or auto to detect it.", default: "auto")
    static let toOption = OptionSpec.option("to", help: "The output encoding.", default: "UTF-8")

    /// Later chunks of the `ucnv_convertEx` path: small enough that the read buffer and
    /// ICU's output stay in cache and in pages already mapped (1 MiB chunks cost ~1,000 page
    /// faults more than `uconv` on a 2.3 MB file, which the instruction count does not show).
    static let directChunkSize = 1 << 16

    var from: String
    var to: String
    var lossy: Bool
    var file: String?

    init(_ arguments: ParsedArguments) {
        from = arguments.string(Self.fromOption)!
        to = arguments.string(Self.toOption)!
        lossy = LossyFlag(arguments).lossy
        file = InputFileArgument(arguments).file
    }

    func run() throws {
        let lossy = self.lossy, from = self.from, to = self.to
        let input = try InputFile(file)
        defer { input.close() }
        let target: TextConverter
        do { target = try TextConverter(encodingName: to) } catch { throw CLIFailure.usage(error.description) }
        var named: TextConverter?
        if from != "auto" {
            do { named = try TextConverter(encodingName: from) } catch { throw CLIFailure.usage(error.description) }
        }
        // The ucnv_convertEx path reads small chunks (see directChunkSize); detection and
        // the streaming path read 1 MiB.
        let firstLimit = !lossy && named.map { DirectTranscoder.canTranscode(from: $0, to: target) } == true
            ? Self.directChunkSize : CLI.chunkSize
        var first = try input.read(upTo: firstLimit)
        let source: TextConverter
        if let named {
            source = named
        } else {
            var detector = EncodingDetector()
            detector.allowsLossyDecoding = lossy
            detector.inputIsPrefix = first.count == CLI.chunkSize  // more follows
            let guess = (try? detector.detect(first))?.first?.encoding ?? "UTF-8"
            source = try! TextConverter(encodingName: guess)
        }
        var isFinal = first.count < firstLimit
        if !lossy, let direct = DirectTranscoder(from: source, to: target) {
            // Bytes to bytes inside ICU. A chunk ICU stops on is converted again, from the
            // bytes the converter still held, by the streaming decoder and encoder below,
            // whose error names the failing sequence and its offset.
            var consumed = 0  // bytes of the input before `first`
            var carried: [UInt8] = []  // the unfinished sequence at the end of the last chunk
            while true {
                let converted = first.withUnsafeBufferPointer { direct.convert($0, isFinal: isFinal) }
                if !converted {
                    try Self.explainFailure(of: carried + first, isFinal: isFinal, from: source, to: target, inputBase: consumed - carried.count)
                }
                if direct.output.count > 0 { CLI.write(bytes: direct.output) }  // whole chunks: no buffer needed
                if isFinal { return }
                consumed += first.count
                carried = direct.pendingBytes
                first = try input.read(upTo: Self.directChunkSize)
                isFinal = first.isEmpty || first.count < Self.directChunkSize
            }
        }
        let decoder = source.makeDecoder(lossy: lossy)
        let encoder = target.makeEncoder(lossy: lossy)
        var outputOffset = 0
        // Only a strict conversion to a non-Unicode encoding can fail on a character, and
        // only its message needs the UTF-8 offset of the text so far.
        let tracksOffsets = !lossy && !target.name.uppercased().hasPrefix("UTF")
        while true {
            // Decoded UTF-16 goes straight to the encoder: no String, no UTF-8 round trip.
            let units: [UInt16]
            do { units = try decoder.decodeUTF16(first, isFinal: isFinal) } catch {
                throw Self.failure(error, from: source, to: target, inputBase: 0, outputBase: 0)
            }
            do {
                let bytes = try encoder.encode(utf16: units, isFinal: isFinal)
                if !bytes.isEmpty { CLI.write(bytes: bytes) }  // 1 MiB pieces: no buffer needed
            } catch {
                throw Self.failure(error, from: source, to: target, inputBase: 0, outputBase: outputOffset)
            }
            if tracksOffsets { outputOffset += Self.utf8Count(units) }
            if isFinal { break }
            first = try input.read(upTo: CLI.chunkSize)
            isFinal = first.isEmpty || first.count < CLI.chunkSize
        }
    }

    /// The message of a conversion error: `inputBase` is added to a byte offset of the
    /// input, `outputBase` to an offset in the decoded UTF-8 text.
    static func failure(_ error: TextConversionError, from source: TextConverter, to target: TextConverter,
                        inputBase: Int, outputBase: Int) -> CLIFailure {
        switch error {
        case .invalidBytes(let offset, _):
            .data("invalid \(source.name) byte sequence at byte offset \(inputBase + offset) (use --lossy to replace it with U+FFFD)")
        case .unencodable(let offset, let scalar):
            .data("U+\(String(scalar.value, radix: 16, uppercase: true)) at byte offset \(outputBase + offset) of the decoded UTF-8 text cannot be encoded in \(target.name) (use --lossy)")
        default:
            .data(error.description)
        }
    }

    /// Throws the error of a chunk on which ``DirectTranscoder`` stopped, found by converting
    /// it again (with the unfinished sequence the converter held before it) through the
    /// streaming decoder and encoder. The transcoder only takes pairs where that is exact:
    /// a source that keeps no other state, and an unencodable character's offset in the
    /// decoded text equal to its input offset (UTF-8 source).
    static func explainFailure(of chunk: [UInt8], isFinal: Bool, from source: TextConverter, to target: TextConverter,
                               inputBase: Int) throws(CLIFailure) -> Never {
        let units: [UInt16]
        do { units = try source.makeDecoder().decodeUTF16(chunk, isFinal: isFinal) } catch {
            throw failure(error, from: source, to: target, inputBase: inputBase, outputBase: 0)
        }
        do { _ = try target.makeEncoder().encode(utf16: units, isFinal: isFinal) } catch {
            throw failure(error, from: source, to: target, inputBase: 0, outputBase: inputBase)
        }
        throw .data("cannot convert \(source.name) to \(target.name) after byte offset \(max(0, inputBase)) of the input")
    }

    /// The length of `units` in UTF-8 (for the offsets of error messages): 1, 2 or 3 bytes
    /// per unit, 2 per surrogate (a pair is 4 bytes; a lone one becomes U+FFFD or an error).
    static func utf8Count(_ units: [UInt16]) -> Int {
        units.withUnsafeBufferPointer { units in
            var extra = 0  // branch-free, so that the loop vectorizes
            for unit in units {
                extra &+= (unit >= 0x80 ? 1 : 0) &+ (unit >= 0x800 && unit & 0xF800 != 0xD800 ? 1 : 0)
            }
            return units.count &+ extra
        }
    }
}
