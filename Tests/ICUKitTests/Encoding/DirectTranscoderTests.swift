import Testing
@_spi(Internals) import ICUKit

/// `DirectTranscoder` (ICU's `ucnv_convertEx`, used by `icukit convert`) against the
/// streaming decoder and encoder it replaces: the same bytes, and a failure exactly where
/// they fail, whatever the chunking; and a failed chunk, converted again from the bytes
/// the converter held, fails in the streaming converters too (the CLI's error message).
@Suite("DirectTranscoder")
struct DirectTranscoderTests {
    static let pairs: [(String, String)] = [
        ("windows-1251", "UTF-8"), ("UTF-8", "Shift_JIS"), ("Shift_JIS", "UTF-8"), ("UTF-8", "windows-1251"),
        ("GB18030", "UTF-8"), ("UTF-8", "GB18030"), ("EUC-KR", "UTF-16"), ("Big5", "UTF-16LE"), ("UTF-8", "UTF-32"),
        ("ISO-8859-1", "UTF-8"), ("US-ASCII", "UTF-8"), ("UTF-8", "US-ASCII"), ("UTF-8", "EUC-JP"), ("UTF-8", "UTF-8"),
    ]

    /// The reference: decode and encode chunk by chunk; the output before the first error.
    static func streaming(_ chunks: [[UInt8]], _ from: TextConverter, _ to: TextConverter) -> (bytes: [UInt8], failed: Bool) {
        let decoder = from.makeDecoder(), encoder = to.makeEncoder()
        var out: [UInt8] = []
        for (index, chunk) in chunks.enumerated() {
            let last = index == chunks.count - 1
            guard let units = try? decoder.decodeUTF16(chunk, isFinal: last),
                  let bytes = try? encoder.encode(utf16: units, isFinal: last) else { return (out, true) }
            out += bytes
        }
        return (out, false)
    }

    @Test("same bytes and same failures as the streaming converters, any chunking")
    func differential() throws {
        var rng = SplitMix(state: 0xC0DE)
        let samples = ["Привет, мир! ", "日本語のテキスト。", "Hello, world. ", "한국어 문장 ", "中文繁體字 ", "€ ü ß ", "😀 ", "\u{0}"]
        var checked = 0, failures = 0
        for (fromName, toName) in Self.pairs {
            let from = try TextConverter(encodingName: fromName), to = try TextConverter(encodingName: toName)
            #expect(DirectTranscoder.canTranscode(from: from, to: to), "\(fromName) → \(toName)")
            for round in 0..<60 {
                // Text the source can encode (lossy: unencodable characters become `?`), then damage.
                var text = ""
                for _ in 0..<Int.random(in: 1...30, using: &rng) { text += samples.randomElement(using: &rng)! }
                var input = try from.encode(text, lossy: true)
                if round % 3 == 0, !input.isEmpty {
                    input[Int.random(in: 0..<input.count, using: &rng)] = UInt8.random(in: 0x80...0xFF, using: &rng)
                }
                if round % 7 == 0 { input += [0xFF, 0xFE, 0x81] }
                // Random cuts, including inside multi-byte sequences.
                var chunks: [[UInt8]] = []
                var start = 0
                while start < input.count {
                    let end = min(input.count, start + Int.random(in: 1...40, using: &rng))
                    chunks.append(Array(input[start..<end]))
                    start = end
                }
                if chunks.isEmpty || round % 5 == 0 { chunks.append([]) }
                let expected = Self.streaming(chunks, from, to)
                let direct = try #require(DirectTranscoder(from: from, to: to))
                var out: [UInt8] = [], failed = false, carried: [UInt8] = []
                for (index, chunk) in chunks.enumerated() {
                    let last = index == chunks.count - 1
                    if !chunk.withUnsafeBufferPointer({ direct.convert($0, isFinal: last) }) {
                        failed = true
                        // What the CLI does next: the chunk again, after the held bytes, must fail.
                        let again = Self.streaming([carried + chunk], from, to)
                        #expect(again.failed, "\(fromName) → \(toName): \(carried + chunk)")
                        break
                    }
                    out += Array(direct.output)
                    carried = direct.pendingBytes
                }
                #expect(failed == expected.failed, "\(fromName) → \(toName): \(input)")
                if !failed { #expect(out == expected.bytes, "\(fromName) → \(toName): \(input)") }
                checked += 1
                if failed { failures += 1 }
            }
        }
        #expect(checked == Self.pairs.count * 60)
        #expect(failures > 100)  // the damaged inputs did exercise the error path
    }

    @Test("pairs it does not take: stateful, lossy-only targets, built-in tables")
    func refusals() throws {
        #expect(try !DirectTranscoder.canTranscode(from: TextConverter(encodingName: "ISO-2022-JP"), to: .utf8))
        #expect(try !DirectTranscoder.canTranscode(from: TextConverter(encodingName: "UTF-16"), to: .utf8))
        #expect(try !DirectTranscoder.canTranscode(from: TextConverter(encodingName: "windows-1251"), to: TextConverter(encodingName: "Shift_JIS")))
        #expect(try !DirectTranscoder.canTranscode(from: .utf8, to: TextConverter(encodingName: "ISO-8859-16")))
        #expect(try !DirectTranscoder.canTranscode(from: .utf8, to: TextConverter(encodingName: "UTF-7")))
    }
}
