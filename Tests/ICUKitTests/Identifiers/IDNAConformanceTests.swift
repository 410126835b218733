import Foundation
@_spi(Testing) import ICUKit
import Testing

/// UTS #46 conformance: the Unicode 15.0 `IdnaTestV2.txt` (the file ICU 72 tests itself
/// with, kept in `Identifiers/Data`), read as ICU's own `uts46test.cpp` reads it, and the
/// mapping of every code point in `IdnaMappingTable.txt` (Debian `unicode-idna`). Both
/// are Unicode 15.0 data: under another Unicode version (ICU 76 is 16.0) the suite is
/// skipped.
@Suite("IDNA conformance", .enabled(if: ICUVersion.unicode.hasPrefix("15.0"), "the data files are Unicode 15.0"))
struct IDNAConformanceTests {
    static let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data")

    /// `\uXXXX` and `\x{XXXX}` escapes; nil when one is a surrogate (not a `String`).
    static func unescape(_ field: Substring) -> String? {
        var out = String.UnicodeScalarView()
        let scalars = Array(field.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\\", i + 1 < scalars.count {
                var hex = ""
                var next = i
                if scalars[i + 1] == "u", i + 6 <= scalars.count {
                    hex = String(String.UnicodeScalarView(scalars[(i + 2)..<(i + 6)]))
                    next = i + 6
                } else if scalars[i + 1] == "x", i + 2 < scalars.count, scalars[i + 2] == "{" {
                    var j = i + 3
                    while j < scalars.count, scalars[j] != "}" { j += 1 }
                    hex = String(String.UnicodeScalarView(scalars[(i + 3)..<j]))
                    next = j + 1
                }
                if !hex.isEmpty, let value = UInt32(hex, radix: 16) {
                    guard let scalar = Unicode.Scalar(value) else { return nil }
                    out.append(scalar)
                    i = next
                    continue
                }
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    struct Line {
        let number: Int
        let source: String
        let toUnicode: String, toUnicodeStatus: String
        let toASCIIN: String, toASCIINStatus: String
        let toASCIIT: String, toASCIITStatus: String
    }

    static func lines() throws -> (lines: [Line], skipped: Int) {
        let text = try String(contentsOf: dataDirectory.appendingPathComponent("IdnaTestV2.txt"), encoding: .utf8)
        #expect(text.contains("# Version: 15.0.0"))
        var lines: [Line] = []
        var skipped = 0
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces)[...] }
            guard fields.count >= 7 else { continue }
            // Blank columns inherit, as the file's header says.
            guard let source = unescape(fields[0]), let uField = unescape(fields[1]), let nField = unescape(fields[3]), let tField = unescape(fields[5]) else {
                skipped += 1
                continue
            }
            let toUnicode = uField.isEmpty ? source : uField
            let toUnicodeStatus = String(fields[2])
            let toASCIIN = nField.isEmpty ? toUnicode : nField
            let toASCIINStatus = fields[4].isEmpty ? toUnicodeStatus : String(fields[4])
            let toASCIIT = tField.isEmpty ? toASCIIN : tField
            let toASCIITStatus = fields[6].isEmpty ? toASCIINStatus : String(fields[6])
            lines.append(Line(number: index + 1, source: source, toUnicode: toUnicode, toUnicodeStatus: toUnicodeStatus,
                              toASCIIN: toASCIIN, toASCIINStatus: toASCIINStatus, toASCIIT: toASCIIT, toASCIITStatus: toASCIITStatus))
        }
        return (lines, skipped)
    }

    /// ICU's own check (uts46test.cpp `checkIdnaTestResult`): errors exactly when the
    /// status is not `[]`, and the output as expected when there are none. ICU runs the
    /// file with STD3 rules, CheckBidi, CheckJoiners and ContextO on.
    @Test("IdnaTestV2.txt 15.0: toUnicode, toASCII nontransitional and transitional, as ICU's uts46test checks them")
    func idnaTestV2() throws {
        let (lines, skipped) = try Self.lines()
        #expect(lines.count > 6_000)
        #expect(skipped == 0, "lines with escaped surrogates: \(skipped)")
        let nontransitional = try IDNA(.init(transitional: false, checkContextO: true, useSTD3ASCIIRules: true))
        let transitional = try IDNA(.init(transitional: true, checkContextO: true, useSTD3ASCIIRules: true))
        var failures: [String] = []
        func check(_ what: String, _ line: Line, _ result: IDNA.Result, _ expected: String, _ status: String) {
            let expectsErrors = !status.isEmpty && status != "[]"
            if expectsErrors != !result.errors.isEmpty {
                failures.append("line \(line.number) \(what): expected \(status.isEmpty ? "[]" : status), got \(result.errors)")
            } else if !expectsErrors, !same(result.output, expected) {
                failures.append("line \(line.number) \(what): expected \(expected.debugDescription), got \(result.output.debugDescription)")
            }
        }
        var valid = 0
        for line in lines {
            let u = try nontransitional.toUnicode(line.source)
            check("toUnicode", line, u, line.toUnicode, line.toUnicodeStatus)
            check("toAsciiN", line, try nontransitional.toASCII(line.source), line.toASCIIN, line.toASCIINStatus)
            check("toAsciiT", line, try transitional.toASCII(line.source), line.toASCIIT, line.toASCIITStatus)
            // The UTF-8 entry point (bytes checked first) answers the same.
            if try nontransitional.toASCII(utf8: Array(line.source.utf8)) != nontransitional.toASCII(line.source) {
                failures.append("line \(line.number): UTF-8 entry point differs")
            }
            if u.errors.isEmpty { valid += 1 }
        }
        #expect(valid > 400)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(10))")
    }

    @Test("toASCII ∘ toUnicode is stable for every valid line")
    func roundTrip() throws {
        let idna = try IDNA()
        var failures: [String] = []
        for line in try Self.lines().lines {
            let ascii = try idna.toASCII(line.source)
            guard ascii.errors.isEmpty else { continue }
            let unicode = try idna.toUnicode(ascii.output)
            let again = try idna.toASCII(unicode.output)
            if !unicode.errors.isEmpty || !same(again.output, ascii.output) { failures.append("line \(line.number)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    /// Every code point of `IdnaMappingTable.txt` alone as a label, nontransitional and
    /// transitional, STD3 rules off (so `disallowed_STD3_*` behave as valid/mapped):
    /// `valid` comes back as itself, `mapped` as its mapping, `ignored` as nothing,
    /// `deviation` as itself (nontransitional) or its mapping (transitional), and
    /// `disallowed` is reported as such. Outputs are compared where ICU found no error
    /// (a lone combining mark or a lone Arabic digit breaks other rules).
    @Test("IdnaMappingTable.txt 15.0: every code point's status and mapping against ICU")
    func mappingTable() throws {
        let path = TestData.unicodeDirectory + "/idna/IdnaMappingTable.txt"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("# Version: 15.0.0") || text.contains("IdnaMappingTable-15.0.0"))
        let nontransitional = try IDNA(.init(checkBidi: false, checkContextJ: false))
        let transitional = try IDNA(.init(transitional: true, checkBidi: false, checkContextJ: false))
        var failures: [String] = []
        var counts: [String: Int] = [:]
        for record in UnicodeDataFile.records(fromText: text) {
            let range = UnicodeDataFile.range(record[0])
            let status = String(record[1])
            let mapping = record.count > 2 && !record[2].isEmpty ? UnicodeDataFile.string(record[2]) : nil
            for value in range where !UnicodeDataFile.isSurrogate(value) {
                let input = String(Unicode.Scalar(value)!)
                counts[status, default: 0] += 1
                let n = try nontransitional.labelToUnicode(input)
                let t = try transitional.labelToUnicode(input)
                func expect(_ result: IDNA.Result, _ expected: String, _ what: String) {
                    if result.errors.contains(.disallowed) { failures.append(String(format: "U+%04X %@ (%@): disallowed", value, status, what)) }
                    else if result.errors.isEmpty, !same(result.output, expected) {
                        failures.append(String(format: "U+%04X %@ (%@): %@", value, status, what, result.output.debugDescription))
                    }
                }
                switch status {
                case "valid", "disallowed_STD3_valid":
                    expect(n, input, "N"); expect(t, input, "T")
                case "mapped", "disallowed_STD3_mapped":
                    // A mapping to several labels (U+2488 "1.") is a labelHasDot error.
                    expect(n, mapping!, "N"); expect(t, mapping!, "T")
                case "ignored":
                    if !n.output.isEmpty || !t.output.isEmpty { failures.append(String(format: "U+%04X ignored", value)) }
                case "deviation":
                    expect(n, input, "N"); expect(t, mapping ?? "", "T")
                case "disallowed":
                    if !n.errors.contains(.disallowed) || !t.errors.contains(.disallowed) { failures.append(String(format: "U+%04X not disallowed", value)) }
                default:
                    failures.append("unknown status \(status)")
                }
            }
        }
        #expect(counts["valid", default: 0] > 100_000 && counts["mapped", default: 0] > 5_000 && counts["deviation"] == 4)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(10))")
    }
}

extension UnicodeDataFile {
    /// ``records(_:)`` of a text already read.
    static func records(fromText text: String) -> [[Substring]] {
        text.split(separator: "\n").compactMap { line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(separator: ";", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces)[...] }
            return fields.count > 1 || !(fields.first ?? "").isEmpty ? fields : nil
        }
    }
}
