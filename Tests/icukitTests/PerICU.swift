import Foundation

/// The ICU the `icukit` binary runs on, from its `--version` line, for the few CLI
/// expectations that differ between ICU 72 (CLDR 42) and ICU 76 (CLDR 46). The changes are
/// listed in Tests/ICUKitTests/Support/PerICU.swift.
enum PerICU {
    static let major: Int = {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["--version"]
        let output = Pipe()
        process.standardOutput = output
        try? process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let range = text.range(of: "(ICU ") else { return 0 }
        return Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
    }()

    /// `icu72` before ICU 76, `icu76` from ICU 76 on.
    static func value<T>(icu72: T, icu76: T) -> T { major >= 76 ? icu76 : icu72 }
}
