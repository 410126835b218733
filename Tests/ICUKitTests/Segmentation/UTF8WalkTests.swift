@testable import ICUKit
import Testing

/// The two UTF-16 → UTF-8 offset walks (`UTF8Walk` by lead bytes, `UTF8BlockWalk` by
/// blocks of eight UTF-16 units) against the standard library's own offsets, on random
/// texts of every UTF-8 length — surrogate pairs cut by a block's end included — and
/// random increasing targets, short steps and long ones.
@Suite("UTF-16 to UTF-8 offset walks")
struct UTF8WalkTests {
    static let pieces: [String] = ["a", " ", "é", "ж", "ع", "ह", "中", "ｶ", "😀", "𝄞", "👩‍👩‍👧", "\u{FFFD}", "\u{E000}", "\u{10FFFF}"]

    @Test("both walks give the standard library's UTF-8 offset of every UTF-16 offset they are asked")
    func walksAgree() {
        var generator = SplitMix(state: 0x5EED)
        for round in 0..<400 {
            var text = ""
            let length = round < 200 ? Int(generator.next() % 40) : Int(generator.next() % 3000)
            for _ in 0..<length { text += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
            if round % 7 == 0 { text = String(repeating: "x", count: Int(generator.next() % 50)) }  // all ASCII
            // UTF-16 offsets of the scalar boundaries, with their UTF-8 offsets.
            var pairs: [(Int, Int)] = [(0, 0)]
            var u16 = 0, u8 = 0
            for scalar in text.unicodeScalars {
                u16 += scalar.utf16.count
                u8 += scalar.utf8.count
                pairs.append((u16, u8))
            }
            let bytes = Array(text.utf8), units = Array(text.utf16)
            bytes.withUnsafeBufferPointer { bytes in
                units.withUnsafeBufferPointer { units in
                    var walk = UTF8Walk(bytes, allASCII: units.count == bytes.count)
                    var blockWalk = UTF8BlockWalk(bytes, utf16: units)
                    var index = 0
                    while index < pairs.count {
                        let (target, expected) = pairs[index]
                        #expect(walk.utf8Offset(ofUTF16: target) == expected, "round \(round) utf16 \(target)")
                        #expect(blockWalk.utf8Offset(ofUTF16: target) == expected, "round \(round) utf16 \(target)")
                        // Mostly short steps, sometimes a long jump.
                        index += generator.next() % 5 == 0 ? 1 + Int(generator.next() % 200) : 1 + Int(generator.next() % 3)
                    }
                    #expect(blockWalk.utf8Offset(ofUTF16: units.count) == bytes.count)
                }
            }
        }
    }

    @Test("a block sum over whole blocks: UTF-8 bytes beyond one per unit")
    func blockSum() {
        let text = "aé中😀" + String(repeating: "ж", count: 12)  // 1+1+1+2 units, then 12
        let units = Array(text.utf16)
        units.withUnsafeBufferPointer { units in
            // The first 16 units: a 0, é 1, 中 2, 😀 1 + 1 (4 bytes for its two surrogates), 11 × ж 1.
            #expect(UTF8BlockWalk.extraBytes(units.baseAddress!, blocks: 2) == 0 + 1 + 2 + 2 + 11)
        }
    }
}
