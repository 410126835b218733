import Testing
@_spi(Internals) import ICUKit

/// Boundary properties on random strings: strictly increasing, from the start to the end,
/// on scalar boundaries; both text paths and windowed segmentation agree.
@Suite("Segmentation properties")
struct PropertyTests {
    /// Code points that exercise the rules: ASCII, controls, marks, ZWJ, emoji, regional
    /// indicators, Hangul jamo, Thai, CJK, kana, Arabic, Devanagari, spaces, punctuation.
    static let alphabet: [UInt32] = [
        0x41, 0x61, 0x31, 0x20, 0x2E, 0x2C, 0x3A, 0x27, 0x22, 0x2D, 0x3F, 0x21, 0x0D, 0x0A, 0x09, 0x85, 0x2028,
        0x301, 0x308, 0x200D, 0x200B, 0x2060, 0xFE0F, 0x1F469, 0x1F466, 0x1F3FD, 0x1F1EF, 0x1F1F5, 0x2764,
        0x1100, 0x1161, 0x11A8, 0xAC00, 0xE01, 0xE32, 0xE44, 0x4E2D, 0x6587, 0x3042, 0x30AB, 0x3002, 0x627,
        0x644, 0x915, 0x94D, 0x937, 0x93F, 0xA0, 0x3000, 0xFF10, 0x1F600, 0x10000, 0xE0061,
    ]

    static func randomString(_ rng: inout SplitMix, length: Int) -> String {
        var text = ""
        for _ in 0..<length {
            if Int.random(in: 0..<4, using: &rng) == 0 {
                // Any scalar, surrogates excluded.
                var value = UInt32.random(in: 0...0x10FFFF, using: &rng)
                if (0xD800...0xDFFF).contains(value) { value = 0xFFFD }
                text.unicodeScalars.append(Unicode.Scalar(value)!)
            } else {
                text.unicodeScalars.append(Unicode.Scalar(alphabet.randomElement(using: &rng)!)!)
            }
        }
        return text
    }

    static func checkProperties(_ offsets: [Int], of text: some StringProtocol) -> Bool {
        guard offsets.first == 0, offsets.last == text.utf8.count else { return false }
        if text.isEmpty { return offsets == [0] }
        let bytes = Array(text.utf8)
        for (a, b) in zip(offsets, offsets.dropFirst()) where a >= b { return false }
        return offsets.allSatisfy { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }
    }

    @Test("random strings", arguments: Segmenter.Unit.allCases)
    func randomStrings(_ unit: Segmenter.Unit) throws {
        var rng = SplitMix(state: 0x1CE_C0DE &+ UInt64(unit.hashValue & 0xFF))
        for locale in ["", "th", "ja", "en@ss=standard"] {
            let segmenter = try Segmenter(unit, locale: LocaleID(locale))
            for round in 0..<300 {
                let text = Self.randomString(&rng, length: Int.random(in: 0..<60, using: &rng))
                var utf8: [Int] = [0], utf16: [Int] = [0], windowed: [Int] = [0]
                var kinds8: [Segment.Kind] = [], kinds16: [Segment.Kind] = []
                segmenter.forEachBoundary(in: text, path: .utf8, window: Int(Int32.max) - 1) { utf8.append($0); kinds8.append($1) }
                segmenter.forEachBoundary(in: text, path: .utf16, window: Int(Int32.max) - 1) { utf16.append($0); kinds16.append($1) }
                segmenter.forEachBoundary(in: text, path: nil, window: 16) { offset, _ in windowed.append(offset) }
                #expect(Self.checkProperties(utf8, of: text), "\(unit) \(locale) round \(round)")
                #expect(utf8 == utf16, "\(unit) \(locale) round \(round): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
                #expect(kinds8 == kinds16)
                #expect(Self.checkProperties(windowed, of: text))
                // Boundaries at segment starts are segment starts for the slice too.
                let segments = segmenter.segments(of: text)
                #expect(segments.first?.range.lowerBound ?? text.startIndex == text.startIndex)
                #expect(segments.last?.range.upperBound ?? text.endIndex == text.endIndex)
            }
        }
    }

    @Test("windowed segmentation of a long real text equals one pass")
    func windows() throws {
        let paragraph = """
            The committee met on 3 March. Mr. Jones presented the report; nobody objected. \
            東京で日本語のテキストを分割します。ภาษาไทยเขียนติดกันโดยไม่เว้นวรรค \
            Съешь же ещё этих мягких французских булок. 👩‍👩‍👧 🇯🇵 e\u{301}\r\n
            """
        let text = String(repeating: paragraph, count: 40)
        for unit in Segmenter.Unit.allCases {
            let segmenter = try Segmenter(unit, locale: "ja")
            let whole = segmenter.boundaryOffsets(of: text)
            for window in [4096, 1000, 333] {
                var windowed = [0]
                segmenter.forEachBoundary(in: text, path: nil, window: window) { offset, _ in windowed.append(offset) }
                #expect(windowed == whole, "\(unit) window \(window)")
            }
        }
    }

    @Test("unvalidated UTF-8 bytes: ICU's conversion finds the same first bad byte as the standard library")
    func unvalidatedBytes() throws {
        var rng = SplitMix(state: 0x5E67)
        let pieces: [[UInt8]] = [
            Array("word ".utf8), Array("Привет, мир. ".utf8), Array("مرحبا بالعالم ".utf8), Array("日本語の文。".utf8),
            Array("👩‍👩‍👧 🇫🇷 ".utf8), [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE3, 0x81],
            [0xF0, 0x9F, 0x98], [0xFF], [0x00], [0xC2, 0xA0],
        ]
        let segmenters = try [Segmenter(.grapheme), Segmenter(.word), Segmenter(.sentence), Segmenter(.line)]
        for round in 0..<600 {
            var bytes: [UInt8] = []
            let invalid = round % 3 == 0
            for _ in 0..<Int.random(in: 1...40, using: &rng) {
                var piece = pieces[Int.random(in: 0..<5, using: &rng)]
                if invalid && Int.random(in: 0..<8, using: &rng) == 0 { piece = pieces.randomElement(using: &rng)! }
                bytes += piece
            }
            // The reference: the standard library's validation and the generic parser.
            let expected: Int? = String(validating: bytes, as: UTF8.self) == nil
                ? UTF8Decoding.firstInvalidOffset(in: bytes.lazy.map { $0 }) : nil
            #expect(UTF8Decoding.firstInvalidOffset(in: bytes) == expected)
            for segmenter in segmenters {
                var offsets: [Int] = []
                let found = bytes.withUnsafeBufferPointer { segmenter.forEachBoundary(inUnvalidatedUTF8: $0) { end, _ in offsets.append(end) } }
                #expect(found == expected, "\(segmenter.unit) \(bytes)")
                if let text = String(validating: bytes, as: UTF8.self) {
                    #expect(offsets == Array(segmenter.boundaryOffsets(of: text).dropFirst()))
                } else {
                    #expect(offsets.isEmpty)
                }
            }
        }
    }
}
