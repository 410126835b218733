@testable import ICUKit
import Testing

/// `ResolvedScriptSet`'s bit-set computation against the same rules on `Set`s of script
/// values (`ResolvedScriptSet.computed`, written as UTS #39 §5.1 reads).
@Suite("Resolved script sets: bit set against the Set reference")
struct ResolvedScriptSetTests {
    static func agree(_ text: String) -> Bool {
        let fast = ResolvedScriptSet(text)
        let reference = ResolvedScriptSet.computed(text)
        return fast.scripts == reference.scripts && fast.isAll == reference.isAll && fast.scriptsUsed == reference.scriptsUsed
    }

    @Test("every 13th scalar alone, and random mixes of scripts, agree with the reference")
    func agreesWithReference() {
        var mismatches: [String] = []
        for value in stride(from: 0, through: 0x10FFFF, by: 13) {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            if !Self.agree(String(scalar)) { mismatches.append(String(value, radix: 16)) }
        }
        // Letters of many scripts, Han/kana/Hangul/Bopomofo (the augmented sets), digits,
        // Common punctuation, combining marks and characters with several extensions.
        let pool: [Unicode.Scalar] = Array("aZжΩعאहকதกა日本のテレビ한국어ㄅ漢字ﾊﾝ٠١۰0１・ー、。-_. \u{301}\u{0951}\u{064B}Ꭺ𐐀𝔸😀".unicodeScalars)
        var generator = SplitMix(state: 0x5C21)
        for _ in 0..<20_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<(1 + Int(generator.next() % 6)) { text.append(pool[Int(generator.next() % UInt64(pool.count))]) }
            if !Self.agree(String(text)) { mismatches.append(String(text)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
        #expect(Self.agree(""))
    }
}
