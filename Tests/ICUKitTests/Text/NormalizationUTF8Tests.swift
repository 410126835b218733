import Foundation
@_spi(Testing) import ICUKit
import Testing

/// ICU's UTF-8 normalizer (C++ `Normalizer2::normalizeUTF8` / `isNormalizedUTF8`, which the
/// fast path sends its regions to) against ICU's UTF-16 `unorm2_normalize` /
/// `unorm2_isNormalized` of the same, loaded ICU: equal on every string of
/// NormalizationTest.txt and on random multi-script text, in all five forms. Both answers
/// come from the ICU the tests run against, so the suite holds on any ICU version.
@Suite("Normalization UTF-8 path")
struct NormalizationUTF8Tests {
    /// Every string of NormalizationTest.txt (all five columns of every line).
    static let strings: Result<[String], Error> = Result {
        var strings: [String] = []
        for raw in try UnicodeDataFile.text("NormalizationTest.txt").split(separator: "\n") where !raw.hasPrefix("@") {
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            strings += fields[0..<5].map { UnicodeDataFile.string($0.trimmingCharacters(in: .whitespaces)[...]) }
        }
        return strings
    }

    static func hex(_ text: String) -> String {
        text.unicodeScalars.prefix(12).map { String($0.value, radix: 16) }.joined(separator: " ")
    }

    @Test("every NormalizationTest.txt string: UTF-8 path = UTF-16 unorm2_normalize, and isNormalized", arguments: Normalizer.Form.allCases)
    func normalizationTestFile(form: Normalizer.Form) throws {
        let strings = try Self.strings.get()
        #expect(strings.count > 95_000)
        let normalizer = Normalizer(form)
        var failures: [String] = []
        for text in strings {
            let utf8 = try normalizer.normalizeThroughICUUTF8(text)
            let utf16 = try normalizer.normalizeThroughICU(text)
            if !same(utf8, utf16) { failures.append("normalize \(Self.hex(text))") }
            if !same(try normalizer.normalize(text), utf16) { failures.append("fast path \(Self.hex(text))") }
            if try normalizer.isNormalizedThroughICUUTF8(text) != normalizer.isNormalizedThroughICU(text) {
                failures.append("isNormalized \(Self.hex(text))")
            }
            // Each result is normalized in both views.
            if try !normalizer.isNormalizedThroughICUUTF8(utf16) { failures.append("result not normalized \(Self.hex(text))") }
        }
        #expect(failures.isEmpty, "\(form): \(failures.count) failures: \(failures.prefix(10))")
    }

    /// Letters, marks and compatibility characters of many scripts, weighted towards what
    /// normalization changes.
    static let alphabet: [Unicode.Scalar] = {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x17F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x591...0x5C7,
            0x600...0x6FF, 0x900...0x97F, 0x9BC...0x9D7, 0xB3C...0xB57, 0xBBE...0xBD7, 0xCBC...0xCD6,
            0xD3E...0xD57, 0xDCA...0xDDF, 0xF40...0xF84, 0x1000...0x103F, 0x1100...0x11FF, 0x1B05...0x1B44,
            0x1E00...0x1FFF, 0x2000...0x206F, 0x2100...0x218F, 0x2460...0x24FF, 0x3040...0x30FF, 0x3131...0x318E,
            0x3200...0x33FF, 0x4E00...0x4E2F, 0xAC00...0xAC3F, 0xF900...0xFA2F, 0xFB00...0xFB4F, 0xFDF0...0xFDFD,
            0xFE70...0xFEFC, 0xFF00...0xFFEF, 0x1109A...0x110BA, 0x1D15E...0x1D1C0, 0x1D400...0x1D47F,
            0x1F100...0x1F1FF, 0x1F600...0x1F64F, 0x2F800...0x2F8FF, 0xE0100...0xE010F,
        ]
        return ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }
    }()

    static func randomText(length: Int, using generator: inout SplitMix) -> String {
        var text = ""
        text.unicodeScalars.reserveCapacity(length)
        for _ in 0..<length { text.unicodeScalars.append(alphabet.randomElement(using: &generator)!) }
        return text
    }

    @Test("random multi-script strings, short and past one 16 KiB piece: UTF-8 path = UTF-16", arguments: Normalizer.Form.allCases)
    func randomMultiScript(form: Normalizer.Form) throws {
        let normalizer = Normalizer(form)
        var generator = SplitMix(state: 0x5EED + UInt64(form.rawValue.count))
        var texts = (0..<4000).map { _ in Self.randomText(length: Int.random(in: 0...40, using: &generator), using: &generator) }
        texts += (0..<6).map { _ in Self.randomText(length: 30_000, using: &generator) }
        for text in texts {
            let utf16 = try normalizer.normalizeThroughICU(text)
            let utf8 = try normalizer.normalizeThroughICUUTF8(text)
            #expect(same(utf8, utf16), "\(form) of \(Self.hex(text)) (\(text.utf8.count) bytes)")
            #expect(same(try normalizer.normalize(text), utf16), "fast path, \(form) of \(Self.hex(text))")
            let normalized = try normalizer.isNormalizedThroughICU(text)
            #expect(try normalizer.isNormalizedThroughICUUTF8(text) == normalized)
            #expect(try normalizer.isNormalized(text) == normalized)
        }
    }

    @Test("results longer than the first buffer (NFKD of U+FDFA: 3 bytes to 33) are retried, not cut")
    func expandingResults() throws {
        for form in Normalizer.Form.allCases {
            let normalizer = Normalizer(form)
            for text in ["\u{FDFA}", String(repeating: "\u{FDFA}", count: 5000), "x" + String(repeating: "\u{FDFA}\u{3300}\u{FB2C}", count: 2000)] {
                let utf16 = try normalizer.normalizeThroughICU(text)
                #expect(same(try normalizer.normalizeThroughICUUTF8(text), utf16), "\(form), \(text.utf8.count) bytes")
                #expect(same(try normalizer.normalize(text), utf16), "\(form), \(text.utf8.count) bytes")
            }
        }
        #expect(try Normalizer.nfkd.normalize("\u{FDFA}").utf8.count == 33)
    }
}
