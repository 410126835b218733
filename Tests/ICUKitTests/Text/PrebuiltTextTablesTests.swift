@_spi(Testing) import ICUKit
import Foundation
import Testing

/// The normalization and case-mapping tables embedded in the executable
/// (`Sources/CICUTextTables/TextTables.c.bin`) against the tables the running ICU builds:
/// byte for byte when the running ICU is the version that made them, unused under any
/// other (`Scripts/test.sh --icu 76`), where every table is built from ICU on first use.
///
/// `Scripts/build-text-tables.sh` runs this suite with `ICUKIT_WRITE_TEXT_TABLES` set to the
/// embedded file's path, and the suite writes the built tables there.
@Suite("Prebuilt text tables")
struct PrebuiltTextTablesTests {
    static let committed = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CICUTextTables/TextTables.c.bin")

    @Test("the embedded tables are the ones the running ICU builds, or unused under another version")
    func embeddedEqualsBuilt() throws {
        let built = try Normalizer.builtTextTables()
        if let path = ProcessInfo.processInfo.environment["ICUKIT_WRITE_TEXT_TABLES"] {
            try Data(built).write(to: URL(fileURLWithPath: path))
            return
        }
        let file = [UInt8](try Data(contentsOf: Self.committed))
        if file.count >= 16 && file[8..<16] == built[8..<16] {
            // Made by this ICU's versions: embedded, used, and equal to what it builds.
            let embedded = try #require(Normalizer.embeddedTextTables)
            #expect(embedded == built, "run Scripts/build-text-tables.sh")
        } else {
            #expect(Normalizer.embeddedTextTables == nil)
        }
    }

    @Test("tables over the embedded bytes normalize and map case as ICU does")
    func tablesAnswerAsICU() throws {
        for form in [Normalizer.Form.nfc, .nfd, .nfkc, .nfkd, .nfkcCasefold] {
            let normalizer = Normalizer(form)
            for text in ["e\u{301}\u{327}a", "\u{1100}\u{1161}\u{11A8}", "\u{FB01}\u{212B}", "\u{929}\u{93C}\u{94D}", "\u{304B}\u{3099}A"] {
                // Scalars, not `String ==` (canonical equivalence would hide a wrong form).
                #expect(try Array(normalizer.normalize(text).unicodeScalars) == Array(normalizer.normalizeThroughICU(text).unicodeScalars))
            }
        }
    }
}
