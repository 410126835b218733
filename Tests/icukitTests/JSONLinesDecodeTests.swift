import Foundation
import Testing

@testable import icukit

/// `JSONLines.decodeString` (the `--jsonl` reader) against Foundation's JSON decoder, on
/// random strings of every kind of character placed at every offset of the 8-byte scan.
@Suite("JSON Lines string decoding")
struct JSONLinesDecodeTests {
    static func decode(_ line: String) -> String? {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBufferPointer { JSONLines.decodeString(UnsafeBufferPointer($0)) }
    }

    @Test("random strings, encoded by Foundation, decode to themselves")
    func roundTrip() throws {
        var random = SplitMix(state: 2026)
        let pieces: [String] = ["a", "é", "日本", "😀", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", " ", "ab", "\u{2028}", "abcdefgh"]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let encoded = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
            #expect(Self.decode(encoded) == text, "\(encoded)")
            #expect(Self.decode("  " + encoded + " \t") == text)
        }
    }

    @Test("escapes, surrogate pairs and what is not one JSON string")
    func edges() {
        #expect(Self.decode(#""\u00e9\ud83d\ude00 \"q\" \\ \/""#) == "é😀 \"q\" \\ /")
        #expect(Self.decode(#""12345678\"""#) == "12345678\"")
        #expect(Self.decode(#""1234567\n""#) == "1234567\n")
        for bad in [#""ab"#, #"ab""#, #""a"b""#, "\"a\u{1}b\"", #""\ud800""#, #""\udc00x""#, #""\x""#, #""a" "b""#, "", "\""] {
            #expect(Self.decode(bad) == nil, "\(bad)")
        }
        // A quote or control byte at each position of the 8-byte scan is found.
        for position in 0..<17 {
            var inner = String(repeating: "x", count: 17)
            inner.insert("\"", at: inner.index(inner.startIndex, offsetBy: position))
            #expect(Self.decode("\"" + inner + "\"") == nil, "\(position)")
        }
    }
}
