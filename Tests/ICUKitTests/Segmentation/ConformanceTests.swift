import Foundation
import Testing
@_spi(Internals) import ICUKit

/// The Unicode 15.0 break tests (Debian `unicode-data`, the data of ICU 72) against ICU's
/// root rules, on UTF-8 offsets, through both text paths. ICU deliberately differs from
/// the plain UAX #29 / UAX #14 rules in a few cases (CLDR tailorings); like ICU's own
/// `RBBITest::testCaseIsKnownIssue`, those are listed by code-point sequence.
@Suite("Unicode break conformance")
struct ConformanceTests {
    struct Expectation: Sendable, CustomStringConvertible {
        let file: String
        let unit: Segmenter.Unit
        let total: Int
        let passing: Int
        let knownExceptions: [String: String]  // code points → reason
        var description: String { file }
    }

    /// Per ICU version (see PerICU): ICU 76 reads its own Unicode 16.0 files and passes the
    /// line-break cases ICU 72 lists as known issues.
    static let expectations: [Expectation] = PerICU.value(icu72: [
        Expectation(file: "Grapheme", unit: .grapheme, total: 602, passing: 602, knownExceptions: [:]),
        Expectation(file: "Sentence", unit: .sentence, total: 502, passing: 502, knownExceptions: [:]),
        Expectation(file: "Word", unit: .word, total: 1823, passing: 1808, knownExceptions: KnownIssues.word),
        Expectation(file: "Line", unit: .line, total: 7654, passing: 7632, knownExceptions: KnownIssues.line),
    ], icu76: [
        Expectation(file: "Grapheme", unit: .grapheme, total: 1187, passing: 1187, knownExceptions: [:]),
        Expectation(file: "Sentence", unit: .sentence, total: 512, passing: 512, knownExceptions: [:]),
        Expectation(file: "Word", unit: .word, total: 1826, passing: 1811, knownExceptions: KnownIssues.word),
        Expectation(file: "Line", unit: .line, total: 16672, passing: 16672, knownExceptions: [:]),
    ])

    @Test("exact pass counts, known exceptions listed", arguments: expectations)
    func conformance(_ expectation: Expectation) throws {
        let cases = try BreakTestFile.load(expectation.file)
        #expect(cases.count == expectation.total)
        let segmenter = try Segmenter(expectation.unit)
        for path in [TextPath.utf8, .utf16] {
            var failing: [String] = []
            for testCase in cases {
                var got = [0]
                segmenter.forEachBoundary(in: testCase.text, path: path, window: Int(Int32.max) - 1) { offset, _ in
                    got.append(offset)
                }
                if got != testCase.utf8Boundaries { failing.append(testCase.codePoints) }
            }
            #expect(cases.count - failing.count == expectation.passing, "\(expectation.file) via \(path)")
            let unexpected = failing.filter { expectation.knownExceptions[$0] == nil }
            let fixed = expectation.knownExceptions.keys.filter { !failing.contains($0) }
            #expect(unexpected.isEmpty, "\(expectation.file) via \(path): new failures \(unexpected)")
            #expect(fixed.isEmpty, "\(expectation.file) via \(path): listed as known but passing \(fixed)")
        }
    }

    @Test("the default path and a Substring slice agree with the files")
    func defaultPathAndSubstrings() throws {
        for expectation in Self.expectations {
            let segmenter = try Segmenter(expectation.unit)
            for testCase in try BreakTestFile.load(expectation.file) where expectation.knownExceptions[testCase.codePoints] == nil {
                let padded = "«" + testCase.text + "»"
                let slice = Substring(padded.unicodeScalars.dropFirst().dropLast())
                let sliceOffsets = segmenter.boundaryOffsets(of: slice)
                // The slice is the text with different neighbours: boundaries must be identical.
                #expect(sliceOffsets == testCase.utf8Boundaries, "\(expectation.file) \(testCase)")
            }
        }
    }
}
