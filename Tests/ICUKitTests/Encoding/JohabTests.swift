import Foundation
import ICUKit
import Testing

/// Johab (KS X 1001:1992 annex 3), which ICU 72 lacks: ICUKit's own converter.
@Suite("Johab")
struct JohabTests {
    let johab: TextConverter

    init() throws { johab = try TextConverter(encodingName: "johab") }

    @Test("name and aliases")
    func names() throws {
        #expect(johab.name == "Johab")
        for alias in ["Johab", "x-johab", "cp1361", "MS1361"] {
            #expect(try TextConverter(encodingName: alias).name == "Johab")
        }
    }

    @Test("codes from the standard: syllables, jamo, symbols, Hanja")
    func knownCodes() throws {
        // Python's `johab` codec gives the same bytes.
        let expected: [(String, [UInt8])] = [
            ("가", [0x88, 0x61]), ("각", [0x88, 0x62]), ("힣", [0xD3, 0xBD]), ("ㄱ", [0x88, 0x41]),
            ("ㅏ", [0x84, 0x61]), ("ㄳ", [0x84, 0x44]), ("、", [0xD9, 0x32]), ("伽", [0xE0, 0x31]),
            ("漢字", [0xF7, 0xD3, 0xF1, 0xAE]), ("①", [0xDC, 0xE7]), ("\u{3164}", [0xDA, 0xD4]), ("A\\", [0x41, 0x5C]),
        ]
        for (text, bytes) in expected {
            #expect(try johab.encode(text) == bytes, "\(text)")
            #expect(try johab.decode(bytes) == text, "\(text)")
        }
    }

    @Test("every modern syllable and compatibility jamo round-trips")
    func roundTrip() throws {
        let syllables = String(String.UnicodeScalarView((0xAC00...0xD7A3).compactMap(Unicode.Scalar.init)))
        let jamo = String(String.UnicodeScalarView((0x3131...0x3163).compactMap(Unicode.Scalar.init)))
        for text in [syllables, jamo] {
            let bytes = try johab.encode(text)
            #expect(bytes.count == text.unicodeScalars.count * 2)
            #expect(try johab.decode(bytes) == text)
        }
    }

    @Test("symbols and Hanja agree with ICU's EUC-KR, cell by cell")
    func symbolsAgreeWithEUCKR() throws {
        let euckr = try TextConverter(encodingName: "EUC-KR")
        var checked = 0
        for row in Array(0x21...0x2C) + Array(0x4A...0x7D) where row != 0x24 {
            for column in 0x21...0x7E {
                guard let text = try? euckr.decode([UInt8(row | 0x80), UInt8(column | 0x80)]) else { continue }
                let bytes = try johab.encode(text)
                #expect(bytes.count == 2 && bytes[0] >= 0xD9, "\(row) \(column)")
                #expect(try johab.decode(bytes) == text)
                checked += 1
            }
        }
        #expect(checked >= 5700)  // 4,888 Hanja and 892 symbols in ICU 72's table
    }

    @Test("invalid bytes: offsets, lossy replacement, a character split between chunks")
    func invalid() throws {
        #expect(invalidOffset { _ = try johab.decode([0x41, 0x80, 0x88, 0x61]) } == 1)  // 0x80 cannot lead
        #expect(invalidOffset { _ = try johab.decode([0x88, 0x61, 0x88, 0x01]) } == 2)  // trail 0x01 is ASCII
        #expect(invalidOffset { _ = try johab.decode([0x88, 0x61, 0x88]) } == 2)  // cut off
        #expect(invalidOffset { _ = try johab.decode([0xD8, 0x31]) } == 0)  // user-defined area
        #expect(try johab.decode([0x88, 0x20, 0x41], lossy: true) == "\u{FFFD} A")
        let decoder = johab.makeDecoder()
        var text = try decoder.decode([0x41, 0x88])
        #expect(text == "A")
        text += try decoder.decode([0x61, 0xD3], isFinal: false)
        text += try decoder.decode([0xBD], isFinal: true)
        #expect(text == "A가힣")
        #expect(throws: TextConversionError.self) { _ = try johab.encode("ğ") }
        #expect(try johab.encode("가ğ", lossy: true) == [0x88, 0x61, 0x3F])
    }
}
