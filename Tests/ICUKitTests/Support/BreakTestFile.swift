import Foundation

/// One test case of a Unicode `*BreakTest.txt` file: the text and where it must break.
struct BreakTestCase: CustomStringConvertible {
    let scalars: [Unicode.Scalar]
    /// Expected boundaries as UTF-8 offsets, 0 and the end included.
    let utf8Boundaries: [Int]
    let lineNumber: Int

    var text: String {
        var string = ""
        string.unicodeScalars.append(contentsOf: scalars)
        return string
    }

    /// The code points, as the test files and ICU's known-issue lists spell them.
    var codePoints: String {
        scalars.map { String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }.joined(separator: " ")
    }

    var description: String { "line \(lineNumber): \(codePoints)" }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

enum BreakTestFile {
    static let directory = TestData.unicodeDirectory + "/auxiliary"

    /// Parses `<TestData.unicodeDirectory>/auxiliary/<name>BreakTest.txt` (Debian `unicode-data`).
    /// A missing file is an error (the test command installs the package), never a skip.
    static func load(_ name: String) throws -> [BreakTestCase] {
        let path = "\(directory)/\(name)BreakTest.txt"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MissingFile(path: path)
        }
        let text = String(decoding: data, as: UTF8.self)
        var cases: [BreakTestCase] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var boundaries: [Int] = [0]
            var offset = 0
            for token in tokens {
                switch token {
                case "÷": if offset > 0 { boundaries.append(offset) }
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw Malformed(line: index + 1, token: String(token))
                    }
                    scalars.append(scalar)
                    offset += String(scalar).utf8.count
                }
            }
            if boundaries.last != offset { boundaries.append(offset) }
            cases.append(BreakTestCase(scalars: scalars, utf8Boundaries: boundaries, lineNumber: index + 1))
        }
        return cases
    }

    struct MissingFile: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing: install Debian's unicode-data (bash Scripts/setup.sh)" }
    }

    struct Malformed: Error { let line: Int; let token: String }
}
