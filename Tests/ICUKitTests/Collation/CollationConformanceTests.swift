import Foundation
import Testing
import ICUKit

/// The UCA 15.0 conformance files in CLDR root order, as shipped in ICU 72's test data
/// (copied into Data/ with their Unicode license headers; ICU-LICENSE.txt beside them).
/// Consecutive lines must never compare greater; identical strength breaks ties, and
/// normalization is on (the files hold non-FCD sequences such as U+0591 U+0334). 30 lines
/// hold lone surrogates, which no Swift `String` can represent: the 31 pairs they touch
/// are skipped, the other 178,445 and 194,505 are all checked.
@Suite("Collation conformance (CollationTest_CLDR_*_SHORT)")
struct CollationConformanceTests {
    static let directory = TestData.collationDirectory

    /// The lines of a file as strings; lines with lone surrogates (which no Swift `String`
    /// can hold) are returned as `nil` and break the chain of consecutive pairs.
    static func lines(_ name: String) throws -> [String?] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        var result: [String?] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "#", maxSplits: 1).first.map { $0.split(separator: ";").first ?? "" } ?? ""
            let hex = fields.split(separator: " ")
            if line.hasPrefix("#") || hex.isEmpty { continue }
            var string = ""
            var valid = true
            for value in hex {
                guard let scalar = UInt32(value, radix: 16).flatMap(Unicode.Scalar.init) else { valid = false; break }
                string.unicodeScalars.append(scalar)
            }
            result.append(valid ? string : nil)
        }
        return result
    }

    func check(_ file: String, options: Collator.Options, lines expectedLines: Int, pairs expectedPairs: Int) throws {
        let lines = try Self.lines(file)
        #expect(lines.count == expectedLines)
        let collator = try Collator(options: options)
        var pairs = 0
        var failures: [String] = []
        for (a, b) in zip(lines, lines.dropFirst()) {
            guard let a, let b else { continue }
            pairs += 1
            if collator.compare(a, b) == .descending {
                failures.append("\(a.unicodeScalars.map { String($0.value, radix: 16) }) > \(b.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        #expect(pairs == expectedPairs)
        #expect(failures.isEmpty, "\(failures.count) pairs out of order: \(failures.prefix(10))")
    }

    @Test("non-ignorable: every representable consecutive pair in order")
    func nonIgnorable() throws {
        try check("CollationTest_CLDR_NON_IGNORABLE_SHORT.txt", options: .init(strength: .identical, alternate: .nonIgnorable, normalization: true),
                  lines: PerICU.value(icu72: 178_477, icu76: 204_549), pairs: PerICU.value(icu72: 178_445, icu76: 204_517))
    }

    @Test("shifted: every representable consecutive pair in order")
    func shifted() throws {
        try check("CollationTest_CLDR_SHIFTED_SHORT.txt", options: .init(strength: .identical, alternate: .shifted, normalization: true),
                  lines: PerICU.value(icu72: 194_537, icu76: 225_786), pairs: PerICU.value(icu72: 194_505, icu76: 225_754))
    }
}
