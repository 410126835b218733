import Foundation

/// Reading the Unicode Character Database files of the ICU under test: /usr/share/unicode
/// (Debian `unicode-data`, Unicode 15.0 = ICU 72), or `ICUKIT_UNICODE_DIR` (`Scripts/test.sh
/// --icu 76`: Unicode 16.0; see `TestData`). A missing file is an error, never a skip.
enum UnicodeDataFile {
    static let directory = TestData.unicodeDirectory

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing (run Scripts/setup.sh)" }
    }

    /// The text of a UCD file; `.bz2` files are read through `bzcat`.
    static func text(_ name: String) throws -> String {
        let path = "\(directory)/\(name)"
        if let data = FileManager.default.contents(atPath: path) { return String(decoding: data, as: UTF8.self) }
        guard FileManager.default.fileExists(atPath: path + ".bz2") else { throw Missing(path: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bzcat")
        process.arguments = [path + ".bz2"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The data lines of a file: fields split at `;`, trimmed, comments removed.
    static func records(_ name: String) throws -> [[Substring]] {
        try text(name).split(separator: "\n").compactMap { line in
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(separator: ";", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces)[...] }
            return fields.count > 1 || !(fields.first ?? "").isEmpty ? fields : nil
        }
    }

    /// `0041` or `0041..005A` as a closed range.
    static func range(_ field: Substring) -> ClosedRange<UInt32> {
        let parts = field.components(separatedBy: "..")
        let low = UInt32(parts[0], radix: 16)!
        return low...(parts.count > 1 ? UInt32(parts[1], radix: 16)! : low)
    }

    /// A space-separated list of hex code points as a string.
    static func string(_ field: Substring) -> String {
        var text = ""
        for hex in field.split(separator: " ") { text.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!) }
        return text
    }

    /// A per-code-point table filled from a file of `range ; value` lines.
    static func table(_ name: String, default value: String, field: Int = 1) throws -> [String] {
        var table = [String](repeating: value, count: 0x110000)
        for record in try records(name) where record.count > field {
            for c in range(record[0]) { table[Int(c)] = String(record[field]) }
        }
        return table
    }

    static func isSurrogate(_ c: UInt32) -> Bool { (0xD800...0xDFFF).contains(c) }
}

/// Code-point equality (Swift's `==` on strings is canonical equivalence, which would
/// hide every normalization difference).
func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
