import Foundation
@_spi(Testing) import ICUKit
import Testing

/// Properties of normalization over random strings built from the characters that
/// exercise it (combining marks in and out of order, Hangul jamo, compatibility forms,
/// composition exclusions), plus ASCII and supplementary characters.
@Suite("Normalization properties")
struct NormalizationPropertyTests {
    static let alphabet: [Unicode.Scalar] = {
        let values: [UInt32] = [
            0x41, 0x61, 0x65, 0x20, 0x2E, 0x49, 0x69, 0x53, 0x73, 0x0A,
            0xC5, 0xE9, 0x1E9B, 0x212B, 0x2126, 0xFB01, 0xFF21, 0x2460, 0x00BD, 0x1E0A, 0x1E0C,
            0x0300, 0x0301, 0x0302, 0x0307, 0x0308, 0x030A, 0x0323, 0x0327, 0x0328, 0x0345, 0x05B0, 0x0F71,
            0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x0958, 0x0915, 0x093C, 0x0F73, 0x0344,
            0x3099, 0x304B, 0x304C, 0x30AB, 0xFF76, 0xFF9E, 0x00DF, 0x1E9E, 0x03A3, 0x03C2, 0x00AD, 0x200D,
            0x2F800, 0x1D15E, 0x1D165, 0x1F600, 0x4E00, 0x0627, 0x0653, 0x0654, 0x06C1, 0x0CC6, 0x0CC2, 0x0CD5,
        ]
        return values.map { Unicode.Scalar($0)! }
    }()

    static func randomStrings(_ count: Int, seed: UInt64 = 42) -> [String] {
        var generator = SplitMix(state: seed)
        return (0..<count).map { _ in
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
            }
            return text
        }
    }

    @Test("the UTF-8 fast path equals ICU's UTF-16 answer; idempotence; isNormalized agrees", arguments: Normalizer.Form.allCases)
    func fastPathAgrees(form: Normalizer.Form) throws {
        let normalizer = Normalizer(form)
        for text in Self.randomStrings(3000, seed: UInt64(form.rawValue.count)) {
            let fast = try normalizer.normalize(text)
            let icu = try normalizer.normalizeThroughICU(text)
            #expect(same(fast, icu), "\(form) of \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(same(try normalizer.normalize(fast), fast))
            let normalized = try normalizer.isNormalized(text)
            #expect(normalized == same(fast, text))
            #expect(normalized == (try normalizer.isNormalizedThroughICU(text)))
            switch try normalizer.quickCheck(text) {
            case .yes: #expect(normalized)
            case .no: #expect(!normalized)
            case .maybe: break
            }
        }
    }

    @Test("long texts (pieces, regions and the unscanned dense mode) equal ICU's UTF-16 answer", arguments: Normalizer.Form.allCases)
    func longTextsAgree(form: Normalizer.Form) throws {
        let normalizer = Normalizer(form)
        let random = Self.randomStrings(12_000, seed: 7 + UInt64(form.rawValue.count))
        let dense = random.joined()  // about 200 KiB, nearly all of it needing work
        // Dense stretches, then sparse ones (a suspect every few hundred bytes), then dense:
        // the dense mode must start, stop and start again at piece boundaries.
        var mixed = String(dense.prefix(40_000))
        for (index, piece) in random[0..<600].enumerated() {
            mixed += String(repeating: index % 7 == 0 ? "Съешь же ещё этих мягких булок. " : "plain ascii words, ", count: 8) + piece
        }
        mixed += String(dense.suffix(60_000))
        // A run of 70,000 combining marks has no boundary for a piece to end at.
        let noBoundary = "a" + String(repeating: "\u{301}\u{323}", count: 35_000) + "b"
        let hindi = String(repeating: "क़िले में फ़िल्म ज़रूर देखो, ", count: 2_000)
        for text in [dense, mixed, noBoundary, hindi, mixed + hindi + dense] {
            let fast = try normalizer.normalize(text)
            #expect(same(fast, try normalizer.normalizeThroughICU(text)), "\(form), \(text.utf8.count) bytes")
        }
    }

    @Test("NFC(NFD(x)) = NFC(x), NFKC(NFKD(x)) = NFKC(x)")
    func compositionOfDecomposition() throws {
        for text in Self.randomStrings(2000, seed: 7) {
            #expect(same(try Normalizer.nfc.normalize(Normalizer.nfd.normalize(text)), try Normalizer.nfc.normalize(text)))
            #expect(same(try Normalizer.nfkc.normalize(Normalizer.nfkd.normalize(text)), try Normalizer.nfkc.normalize(text)))
        }
    }

    @Test("streaming equals one pass at every cut, including inside UTF-8 sequences", arguments: Normalizer.Form.allCases)
    func streamingEveryCut(form: Normalizer.Form) throws {
        for text in Self.randomStrings(150, seed: 99) {
            let bytes = Array(text.utf8)
            let expected = try Normalizer(form).normalize(text)
            for cut in 0...bytes.count {
                var stream = Normalizer(form).makeStream()
                var output = try stream.normalize(bytes[..<cut])
                output += try stream.normalize(bytes[cut...])
                output += try stream.finish()
                #expect(same(output, expected), "cut \(cut) of \(bytes)")
            }
            // Byte by byte.
            var stream = Normalizer(form).makeStream()
            var output = ""
            for byte in bytes { output += try stream.normalize([byte]) }
            output += try stream.finish()
            #expect(same(output, expected))
        }
    }

    @Test("invalid UTF-8: a typed error with the offset, in one piece and streamed; lossy streams replace it")
    func invalidUTF8() throws {
        #expect(throws: TextTransformError.invalidUTF8(InvalidUTF8Error(byteOffset: 2))) {
            try Normalizer.nfc.normalize(utf8: [0x61, 0x62, 0xC3, 0x28])
        }
        var stream = Normalizer.nfc.makeStream()
        #expect(throws: TextTransformError.invalidUTF8(InvalidUTF8Error(byteOffset: 5))) {
            _ = try stream.normalize(Array("abc".utf8))
            _ = try stream.normalize([0x64, 0x65, 0xFF, 0x66])
            _ = try stream.finish()
        }
        var lossy = Normalizer.nfc.makeStream(lossy: true)
        var output = try lossy.normalize([0x41, 0xCC])
        output += try lossy.normalize([0x8A, 0xFF, 0x42])
        output += try lossy.finish()
        #expect(same(output, "Å\u{FFFD}B"))
    }

    @Test("byte streams: chunks of any size give the whole text's normalization, the first bad byte's offset, or its lossy repair")
    func byteStreams() throws {
        var random = SplitMix(state: 37)
        let pieces = ["a", " ", "é", "e\u{301}", "Å", "A\u{30A}", "ж", "\u{627}\u{653}", "\u{628}\u{64B}\u{651}", "\u{915}\u{93C}",
                      "\u{915}\u{94D}\u{937}", "\u{304B}\u{3099}", "\u{30AC}", "漢", "\u{1100}\u{1161}", "😀", "\u{1E0A}\u{323}"]
        let bad: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xC3], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE3, 0x81], [0xF4, 0x90, 0x80, 0x80], [0x80]]
        for round in 0..<60 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 20...120, using: &random) { bytes += Array(pieces.randomElement(using: &random)!.utf8) }
            if round % 3 == 0 { bytes.insert(contentsOf: bad.randomElement(using: &random)!, at: Int.random(in: 0...bytes.count, using: &random)) }
            let invalid = UTF8Decoding.firstInvalidOffset(in: bytes)
            for form in [Normalizer.Form.nfc, .nfd, .nfkcCasefold] {
                for lossy in [false, true] {
                    let chunk = Int.random(in: 1...100, using: &random)
                    var stream = Normalizer(form).makeStream(lossy: lossy)
                    var output: [UInt8] = []
                    var offset: Int? = nil
                    do {
                        for start in stride(from: 0, to: bytes.count, by: chunk) {
                            try bytes[start..<min(bytes.count, start + chunk)].withUnsafeBufferPointer { part in
                                try stream.normalize(utf8: part) { output += $0 }
                            }
                        }
                        try stream.finish { output += $0 }
                    } catch {
                        guard case .invalidUTF8(let invalidUTF8)? = error as? TextTransformError else { throw error }
                        offset = invalidUTF8.byteOffset
                    }
                    if lossy || invalid == nil {
                        let expected = try Normalizer(form).normalize(String(decoding: bytes, as: UTF8.self))
                        #expect(offset == nil && output == Array(expected.utf8), "\(form) chunk \(chunk): \(bytes)")
                    } else {
                        #expect(offset == invalid, "\(form) chunk \(chunk): \(bytes)")
                    }
                }
            }
        }
    }

    @Test("known answers and the no-copy path")
    func knownAnswers() throws {
        #expect(same(try Normalizer.nfc.normalize("Ame\u{301}lie"), "Amélie"))
        #expect(same(try Normalizer.nfd.normalize("Å"), "A\u{30A}"))
        #expect(same(try Normalizer.nfkc.normalize("ﬁ①"), "fi1"))
        #expect(same(try Normalizer.nfkcCasefold.normalize("Ｓｔｒａßｅ\u{AD}"), "strasse"))
        #expect(same(try Normalizer.nfkcCasefold.normalize("ABC"), "abc"))
        #expect(same(try Normalizer.nfc.normalize(""), ""))
        #expect(try Normalizer.nfc.quickCheck("e\u{301}") == .maybe)
        #expect(try Normalizer.nfd.quickCheck("é") == .no)
        #expect(try Normalizer.nfc.quickCheck("plain ascii") == .yes)
        #expect(same(try Normalizer.nfc.normalize("ab\u{301}c"[...].dropFirst()), "b\u{301}c"))
        let text = String(repeating: "Съешь же ещё этих мягких французских булок. ", count: 100)
        let result = try Normalizer.nfc.normalize(text)
        // Same storage: no copy was made.
        var a = text, b = result
        let same = a.withUTF8 { x in b.withUTF8 { y in x.baseAddress == y.baseAddress } }
        #expect(same)
    }
}
