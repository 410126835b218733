@testable @_spi(Internals) import ICUKit
import Testing

/// `Segmenter.countSegments(inUnvalidatedUTF8:through:wordLikeOnly:)` (what `icukit segment
/// --format count` asks of each window) against the boundaries `forEachBoundary` reports.
@Suite("Segment counts up to a cut-off")
struct SegmentCountTests {
    /// Phrases in many scripts, with 4-byte letters (Deseret), emoji sequences, CR LF, a
    /// paragraph separator, Thai and Japanese (dictionary word breaks).
    static let phrases = [
        "The quick brown fox doesn't jump over 3.14 lazy dogs. ", "Съешь же ещё этих мягких булок! ",
        "مرحبا بالعالم، هذا نص عربي. ", "नमस्ते दुनिया, यह हिंदी है। ", "𐐀𐐡𐐨 𐐔𐐯𐑅𐐨𐑉𐐯𐐻 ", "👨‍👩‍👧‍👦 🇫🇷 👍🏽 ",
        "\r\n", "\u{2029}", "ภาษาไทยเขียนติดกันโดยไม่เว้นวรรค ", "東京で日本語のテキストを分割します。", "a", " ",
    ]

    /// The count from every boundary `forEachBoundary` reports, taken whole.
    static func reference(_ segmenter: Segmenter, _ bytes: UnsafeBufferPointer<UInt8>, cutoff: Int, wordLikeOnly: Bool) -> SegmentCount? {
        var boundaries: [(end: Int, kind: Segment.Kind)] = []
        guard segmenter.forEachBoundary(inUnvalidatedUTF8: bytes, { boundaries.append(($0, $1)) }) == nil else { return nil }
        let before = boundaries.filter { $0.end <= cutoff }
        var result = SegmentCount()
        result.count = before.filter { !wordLikeOnly || $0.kind.isWordLike }.count
        result.last = before.last?.end ?? 0
        if let after = boundaries.first(where: { $0.end > cutoff }), after.end < bytes.count {
            result.next = after.end
            result.nextCounts = !wordLikeOnly || after.kind.isWordLike
        }
        return result
    }

    @Test("random texts and cut-offs (mid-character ones too), every unit, word-like or all", arguments: Segmenter.Unit.allCases)
    func countsEqualTheBoundaries(unit: Segmenter.Unit) throws {
        let segmenters = try [Segmenter(unit, locale: "en"), Segmenter(unit, locale: "ja")]
        var random = SplitMix(state: 16)
        for round in 0..<150 {
            let text = (0..<Int.random(in: 1...60, using: &random)).map { _ in Self.phrases.randomElement(using: &random)! }.joined()
            // Mostly non-ASCII texts take the UTF-16 path for graphemes too; an ASCII run the UTF-8 one.
            var bytes = Array((round % 5 == 0 ? String(repeating: "plain ascii words. ", count: 40) + text : text).utf8)
            if round % 7 == 3 { bytes.insert(0xFF, at: Int.random(in: 0...bytes.count, using: &random)) }
            let segmenter = segmenters[round % 2]
            for _ in 0..<8 {
                let cutoff = Bool.random(using: &random) ? Int.random(in: 0...bytes.count, using: &random) : Int.max
                for wordLikeOnly in [false, true] {
                    bytes.withUnsafeBufferPointer { buffer in
                        let count = segmenter.countSegments(inUnvalidatedUTF8: buffer, through: cutoff, wordLikeOnly: wordLikeOnly)
                        let expected = Self.reference(segmenter, buffer, cutoff: cutoff, wordLikeOnly: wordLikeOnly)
                        #expect(count == expected, "\(unit) round \(round) cutoff \(cutoff) words \(wordLikeOnly)")
                    }
                }
            }
        }
    }

    @Test("the UTF-16 length of whole characters before a cut-off")
    func utf16LengthOfWholeCharacters() {
        let text = "aé€𐐀b"  // 1, 2, 3 and 4 UTF-8 bytes; 1, 1, 1, 2 and 1 UTF-16 units
        let expected: [Int32] = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 5, 6]  // by cut-off 0…11
        var copy = text
        copy.withUTF8 { bytes in
            for cutoff in 0...bytes.count {
                #expect(Segmenter.utf16Length(ofWholeCharactersIn: bytes, upTo: cutoff) == expected[cutoff], "cutoff \(cutoff)")
            }
            #expect(Segmenter.utf16Length(ofWholeCharactersIn: bytes, upTo: Int.max) == 6)
        }
    }
}
