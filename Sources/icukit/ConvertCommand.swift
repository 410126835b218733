import ArgumentParser
import ICUKit

/// `icukit convert`: re-encode FILE (or stdin) from one encoding (or a detected one) to another.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert FILE (or stdin) between character encodings; writes the bytes to stdout.",
        discussion: """
            Streams in 1 MiB chunks, so a file of any size converts in bounded memory (with \
            --from auto, the encoding is detected on the first chunk). Without --lossy, an \
            undecodable byte exits 65 naming its byte offset, and so does a character the \
            target encoding lacks. An unknown encoding name exits 64.
            """
    )

    @Option(name: .long, help: "The input encoding (any ICU name or alias), or auto to detect it.")
    var from = "auto"

    @Option(name: .long, help: "The output encoding.")
    var to = "UTF-8"

    @OptionGroup var lossiness: LossyFlag
    @OptionGroup var input: InputFileArgument

    static let chunkSize = 1 << 20

    func run() throws {
        let lossy = lossiness.lossy
        let input = try InputFile(self.input.file)
        defer { input.close() }
        let target: TextConverter
        do { target = try TextConverter(encodingName: to) } catch { throw CLIFailure.usage(error.description) }
        var first = try input.read(upTo: Self.chunkSize)
        let source: TextConverter
        if from == "auto" {
            var detector = EncodingDetector()
            detector.allowsLossyDecoding = lossy
            detector.inputIsPrefix = first.count == Self.chunkSize  // more follows
            let guess = (try? detector.detect(first))?.first?.encoding ?? "UTF-8"
            source = try! TextConverter(encodingName: guess)
        } else {
            do { source = try TextConverter(encodingName: from) } catch { throw CLIFailure.usage(error.description) }
        }
        let decoder = source.makeDecoder(lossy: lossy)
        let encoder = target.makeEncoder(lossy: lossy)
        var isFinal = first.count < Self.chunkSize
        var outputOffset = 0
        // Only a strict conversion to a non-Unicode encoding can fail on a character, and
        // only its message needs the UTF-8 offset of the text so far.
        let tracksOffsets = !lossy && !target.name.uppercased().hasPrefix("UTF")
        while true {
            // Decoded UTF-16 goes straight to the encoder: no String, no UTF-8 round trip.
            let units: [UInt16]
            do { units = try decoder.decodeUTF16(first, isFinal: isFinal) } catch {
                if case .invalidBytes(let offset, _) = error {
                    throw CLIFailure.data("invalid \(source.name) byte sequence at byte offset \(offset) (use --lossy to replace it with U+FFFD)")
                }
                throw CLIFailure.data(error.description)
            }
            do {
                let bytes = try encoder.encode(utf16: units, isFinal: isFinal)
                if !bytes.isEmpty { CLI.write(bytes: bytes) }  // 1 MiB pieces: no buffer needed
            } catch {
                if case .unencodable(let offset, let scalar) = error {
                    throw CLIFailure.data("U+\(String(scalar.value, radix: 16, uppercase: true)) at byte offset \(outputOffset + offset) of the decoded UTF-8 text cannot be encoded in \(target.name) (use --lossy)")
                }
                throw CLIFailure.data(error.description)
            }
            if tracksOffsets { outputOffset += Self.utf8Count(units) }
            if isFinal { break }
            first = try input.read(upTo: Self.chunkSize)
            isFinal = first.isEmpty || first.count < Self.chunkSize
        }
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
