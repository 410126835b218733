import Foundation
@_spi(Testing) import ICUKit
import Testing

/// NormalizationTest.txt of the ICU under test (Unicode 15.0 on 72, 16.0 on 76), all of it, plus the Part 1 invariant for every
/// other code point (UAX #15 §"Conformance testing").
@Suite("Normalization conformance")
struct NormalizationConformanceTests {
    struct Line {
        let columns: [String]
        let number: Int
    }

    static let lines: Result<(lines: [Line], part1: Set<UInt32>), Error> = Result {
        var lines: [Line] = []
        var part1 = Set<UInt32>()
        var inPart1 = false
        for (index, raw) in try UnicodeDataFile.text("NormalizationTest.txt").split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if raw.hasPrefix("@Part") { inPart1 = raw.hasPrefix("@Part1"); continue }
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            let columns = fields[0..<5].map { UnicodeDataFile.string($0.trimmingCharacters(in: .whitespaces)[...]) }
            if inPart1 { part1.insert(columns[0].unicodeScalars.first!.value) }
            lines.append(Line(columns: columns, number: index + 1))
        }
        return (lines, part1)
    }

    @Test("every line: NFC, NFD, NFKC, NFKD of all five columns, and isNormalized")
    func everyLine() throws {
        let (lines, _) = try Self.lines.get()
        #expect(lines.count > 19_000)
        var failures: [String] = []
        for line in lines {
            let c = line.columns
            func check(_ form: Normalizer.Form, _ sources: [Int], _ expected: Int) throws {
                let normalizer = Normalizer(form)
                for source in sources {
                    let result = try normalizer.normalize(c[source])
                    if !same(result, c[expected]) { failures.append("line \(line.number): \(form)(c\(source + 1))") }
                }
                if try !normalizer.isNormalized(c[expected]) { failures.append("line \(line.number): isNormalized \(form)") }
            }
            try check(.nfc, [0, 1, 2], 1)
            try check(.nfc, [3, 4], 3)
            try check(.nfd, [0, 1, 2], 2)
            try check(.nfd, [3, 4], 4)
            try check(.nfkc, [0, 1, 2, 3, 4], 3)
            try check(.nfkd, [0, 1, 2, 3, 4], 4)
            // A normalized-unequal column is not normalized.
            if !same(c[0], c[1]), try Normalizer.nfc.isNormalized(c[0]) { failures.append("line \(line.number): c1 is not NFC") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(10))")
    }

    @Test("Part 1 invariant: every code point not in Part 1 is its own NFC, NFD, NFKC and NFKD")
    func part1Invariant() throws {
        let (_, part1) = try Self.lines.get()
        // One string of "X\0" for every such code point: NUL is a boundary that nothing
        // combines with, so the string is normalized exactly when every X is.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(5_000_000)
        var count = 0
        for value in UInt32(0)...0x10FFFF where !part1.contains(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            bytes.append(contentsOf: UTF8.encode(scalar)!)
            bytes.append(0)
            count += 1
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(count > 1_000_000)
        for form in Normalizer.Form.allCases where form != .nfkcCasefold {
            let normalizer = Normalizer(form)
            let result = try normalizer.normalize(text)
            #expect(same(result, text), "\(form) changes a code point outside Part 1")
            #expect(try normalizer.isNormalized(text))
            if !same(result, text) {
                let bad = zip(result.unicodeScalars, text.unicodeScalars).first { $0 != $1 }
                Issue.record("first difference: \(String(describing: bad))")
            }
        }
    }

    @Test("the fast path's per-code-point table equals ICU for every code point", arguments: Normalizer.Form.allCases)
    func table(form: Normalizer.Form) throws {
        #expect(try Normalizer(form).tableMismatches() == 0)
    }
}
