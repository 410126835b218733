import Foundation
import ICUKit
import Testing

/// `icukit locale match`: ICU 72's data-driven matcher cases through the CLI, and the
/// contract (flags, JSON fields and order, exit codes).
@Suite("icukit locale match")
struct LocaleMatchCLITests {
    static let testFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../LocaleMatcherData/localeMatcherTest.txt").standardizedFileURL

    func run(_ arguments: [String]) throws -> CLITests.Result {
        try CLITests().run(arguments)
    }

    /// The `… >> …` lines of localeMatcherTest.txt with the parameters in force:
    /// (line, arguments, expected match or nil for `null`, supported is empty).
    static func cases() throws -> [(line: Int, arguments: [String], expected: String?, emptySupported: Bool)] {
        let text = try String(contentsOf: testFile, encoding: .utf8)
        var supported = "", defaultLocale = "", favor = "", threshold = ""
        var result: [(Int, [String], String?, Bool)] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = (raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "")
                .trimmingCharacters(in: .whitespaces)
            func value(_ prefix: String) -> String? {
                line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) : nil
            }
            if line.isEmpty { continue }
            if raw.hasPrefix("** test: ") {
                (supported, defaultLocale, favor, threshold) = ("", "", "", "")
            } else if let v = value("@supported=") { supported = v
            } else if let v = value("@default=") { defaultLocale = v
            } else if let v = value("@favor=") { favor = v
            } else if let v = value("@threshold=") { threshold = v
            } else if let separator = line.range(of: ">>") {
                let desired = line[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)
                let expected = line[separator.upperBound...].split(separator: "|", omittingEmptySubsequences: false)[0]
                    .trimmingCharacters(in: .whitespaces)
                var arguments = ["locale", "match", "--available", supported, "--accept-language", desired, "--format", "json"]
                if favor == "script" { arguments += ["--favor", "script"] }
                if !threshold.isEmpty { arguments += ["--threshold", threshold] }
                if !defaultLocale.isEmpty { arguments += ["--default", defaultLocale] }
                result.append((number + 1, arguments, expected == "null" ? nil : expected, supported.isEmpty))
            }
        }
        return result
    }

    /// ICU's test compares `Locale::getName()`; canonical identifiers compare the same
    /// (`i-klingon` is listed, `tlh` expected).
    static func name(_ tag: String) -> String { (try? LocaleID(tag).identifier) ?? tag }

    @Test("all 929 cases of ICU 72's localeMatcherTest.txt through the CLI (839 distinct runs)")
    func icuCasesThroughCLI() async throws {
        let all = try Self.cases()
        #expect(all.count == 929)
        // A case repeated with the same parameters and expectation needs one run.
        var seen = Set<[String]>()
        let cases = all.filter { seen.insert($0.arguments + [$0.expected ?? "null"]).inserted }
        #expect(cases.count == 839)
        let failures = try await withThrowingTaskGroup(of: String?.self) { group in
            var failures: [String] = []
            var next = 0
            func add() {
                let test = cases[next]
                next += 1
                group.addTask {
                    let result = try CLITests().run(test.arguments)
                    if test.emptySupported {
                        // The CLI needs at least one available localization (ICU answers null).
                        return result.status == 64 ? nil : "line \(test.line): status \(result.status)"
                    }
                    guard result.status == 0,
                          let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                    else { return "line \(test.line): status \(result.status) \(result.stderr)" }
                    let match = object["match"] as? String
                    return match.map(Self.name) == test.expected.map(Self.name) ? nil : "line \(test.line): \(test.arguments) → \(result.stdout)"
                }
            }
            for _ in 0..<min(4, cases.count) { add() }
            while let failure = try await group.next() {
                if let failure { failures.append(failure) }
                if next < cases.count { add() }
            }
            return failures
        }
        #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n")))
    }

    @Test("the contract: JSON fields in order, index of the preferred language, distance, defaults")
    func contract() throws {
        let available = "en,nb,hr,sr-Latn,fr,en-GB,es,es-419,zh-MO,zh-TW,he,fil,ro,zh"
        func json(_ extra: [String]) throws -> String {
            let result = try run(["locale", "match", "--available", available, "--format", "json"] + extra)
            #expect(result.status == 0, Comment(rawValue: result.stderr))
            return result.stdout
        }
        #expect(try json(["--preferred", "nn"]) == "{\"match\":\"nb\",\"index\":0,\"matched\":true,\"distance\":20}\n")
        #expect(try json(["--preferred", "ja,iw"]) == "{\"match\":\"he\",\"index\":1,\"matched\":true,\"distance\":0}\n")
        #expect(try json(["--preferred", "en-AU"]) == "{\"match\":\"en-GB\",\"index\":0,\"matched\":true,\"distance\":3}\n")
        #expect(try json(["--preferred", "und-FR"]) == "{\"match\":\"fr\",\"index\":0,\"matched\":true,\"distance\":0.625}\n")
        #expect(try json(["--preferred", "ja"]) == "{\"match\":\"en\",\"index\":null,\"matched\":false,\"distance\":null}\n")
        #expect(try json(["--preferred", "ja", "--default", "none"]) == "{\"match\":null,\"index\":null,\"matched\":false,\"distance\":null}\n")
        #expect(try json(["--preferred", "ja", "--default", "de"]) == "{\"match\":\"de\",\"index\":null,\"matched\":false,\"distance\":null}\n")
        // q-values order the header: de-CH (0.9) before ja; index counts in that order.
        #expect(try json(["--accept-language", "ja;q=0.5, hr-BA;q=0.9"]) == "{\"match\":\"hr\",\"index\":0,\"matched\":true,\"distance\":4}\n")
        // The threshold: nn → nb is 20 apart.
        #expect(try json(["--preferred", "nn", "--threshold", "20"]) == "{\"match\":\"en\",\"index\":null,\"matched\":false,\"distance\":null}\n")
        #expect(try json(["--preferred", "nn", "--threshold", "21"]).hasPrefix("{\"match\":\"nb\""))
        #expect(try run(["locale", "match", "--available", "en,fr", "--preferred", "ja"]).stdout == "en\n")
        #expect(try run(["locale", "match", "--available", "en,fr", "--preferred", "ja", "--default", "none"]).stdout == "\n")
    }

    @Test("bad input: exit 64 for usage, 65 with the byte offset for a bad Accept-Language weight")
    func badInput() throws {
        let badWeight = try run(["locale", "match", "--available", "en", "--accept-language", "fr;q=1.5"])
        #expect(badWeight.status == 65)
        #expect(badWeight.stderr.contains("byte 5"))
        #expect(try run(["locale", "match", "--available", "en", "--accept-language", "fr;x=1"]).status == 65)
        #expect(try run(["locale", "match", "--available", "en", "--preferred", "fr", "--accept-language", "fr"]).status == 64)
        #expect(try run(["locale", "match", "--available", "en", "--preferred", "fr", "--threshold", "101"]).status == 64)
        #expect(try run(["locale", "match", "--available", "en", "--preferred", "fr", "--favor", "region"]).status == 64)
        #expect(try run(["locale", "match", "--available", "", "--preferred", "fr"]).status == 64)
        #expect(try run(["locale", "match", "--available", "abcdefghijklmnop", "--preferred", "fr"]).status == 64)
    }
}
