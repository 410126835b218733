import Foundation

/// Where the conformance files of the ICU under test live. The defaults are those of the
/// system ICU 72 (Debian 12): `/usr/share/unicode` (Unicode 15.0, `unicode-data`) and the
/// CLDR 42 collation files in `Tests/ICUKitTests/Collation/Data`. `Scripts/test.sh --icu 76`
/// points both variables at the files of ICU 76's own source package (Unicode 16.0, CLDR 46),
/// which `Scripts/build-icu.sh` keeps beside the libraries it builds.
enum TestData {
    /// `ICUKIT_UNICODE_DIR`, or `/usr/share/unicode`.
    static let unicodeDirectory = ProcessInfo.processInfo.environment["ICUKIT_UNICODE_DIR"] ?? "/usr/share/unicode"

    /// `ICUKIT_COLLATION_TEST_DIR`, or `Tests/ICUKitTests/Collation/Data`.
    static let collationDirectory: URL = ProcessInfo.processInfo.environment["ICUKIT_COLLATION_TEST_DIR"]
        .map { URL(fileURLWithPath: $0) }
        ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Collation/Data")
}
