@testable import ICUKit
import Testing

/// The detector's per-code-point table, built in every process that detects, takes
/// shortcuts for whole blocks: it must equal the two definitions on every BMP code point.
@Suite("Detection tables")
struct DetectionTablesTests {
    @Test("bmpInfo equals slowCharClass and slowIsBad on every BMP code point")
    func bmpInfo() {
        var differences: [UInt32] = []
        for value in UInt32(0)..<0x10000 {
            let expected = UInt8(DetectionLanguageProfiles.slowCharClass(value)) | (DetectionLanguageProfiles.slowIsBad(value) ? 4 : 0)
            if DetectionLanguageProfiles.bmpInfo(of: value) != expected || DetectionLanguageProfiles.bmpInfo[Int(value)] != expected {
                differences.append(value)
            }
        }
        #expect(differences.isEmpty, "first: \(differences.prefix(5).map { String($0, radix: 16) })")
        #expect(DetectionLanguageProfiles.bmpInfo[0x4E2D] == 2 && DetectionLanguageProfiles.bmpInfo[0xE000] == 7 && DetectionLanguageProfiles.bmpInfo[0x41] == 0)
    }
}
