import Foundation
import Testing
@testable import ICUKit

/// ICU's own data-driven matcher tests (`localeMatcherTest.txt` from ICU 72.1's source tree,
/// vendored with the Unicode licence in Tests/LocaleMatcherData), run the way ICU's
/// `LocaleMatcherTest::dataDriven` runs them, plus ICU's C++ answers on random draws.
struct LocaleMatcherDataDriven {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../LocaleMatcherData").standardizedFileURL

    /// One `… >> …` line with the matcher parameters in force.
    struct Case: CustomStringConvertible {
        let line: Int
        let supported: String
        let defaultLocale: String
        let favor: String
        let threshold: String
        let desired: String
        let expectedMatch: String
        let expectedDesired: String

        var description: String {
            "line \(line): @supported=\(supported) @default=\(defaultLocale) @favor=\(favor) @threshold=\(threshold) \(desired) >> \(expectedMatch) | \(expectedDesired)"
        }
    }

    static func cases() throws -> [Case] {
        let text = try String(contentsOf: directory.appendingPathComponent("localeMatcherTest.txt"), encoding: .utf8)
        var supported = "", defaultLocale = "", favor = "", threshold = ""
        var result: [Case] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            if raw.hasPrefix("** test: ") {
                (supported, defaultLocale, favor, threshold) = ("", "", "", "")
            } else if let value = trimmed.value(after: "@supported=") {
                supported = value
            } else if let value = trimmed.value(after: "@default=") {
                defaultLocale = value
            } else if let value = trimmed.value(after: "@favor=") {
                favor = value
            } else if let value = trimmed.value(after: "@threshold=") {
                threshold = value
            } else if let separator = trimmed.range(of: ">>") {
                let expected = trimmed[separator.upperBound...].split(separator: "|", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                result.append(Case(
                    line: number + 1, supported: supported, defaultLocale: defaultLocale, favor: favor, threshold: threshold,
                    desired: trimmed[..<separator.lowerBound].trimmingCharacters(in: .whitespaces),
                    expectedMatch: expected[0], expectedDesired: expected.count > 1 ? expected[1] : ""))
            }
        }
        return result
    }

    /// ICU's C++ test compares `Locale::getName()`.
    static func name(_ tag: String?) -> String? { tag.flatMap { ICULocaleName($0)?.name } }

    static func run(_ test: Case) throws -> (match: String?, desired: String?) {
        var options = LocaleMatcher.Options()
        if !test.defaultLocale.isEmpty { options.defaultLocale = .locale(test.defaultLocale) }
        if test.favor == "script" { options.favor = .script }
        // ICU4C skips @threshold cases ("not exposed via API"); ICU4J applies them as
        // internalSetThresholdDistance, which is what Options.threshold is.
        if let threshold = Int(test.threshold) { options.threshold = threshold }
        // Both lists go through ICU's LocalePriorityList (q-values, duplicates removed).
        let supported = try AcceptLanguage(test.supported).ranges.map(\.tag)
        let desired = try AcceptLanguage(test.desired)
        let matcher = try LocaleMatcher(available: supported, options: options)
        let match = matcher.match(desired)
        return (match.locale, match.preferredIndex.map { desired.ranges[$0].tag })
    }

    /// ICU 76.1's localeMatcherTest.txt is byte for byte ICU 72.1's, so one file serves both.
    @Test("every case of ICU's localeMatcherTest.txt (the same file in ICU 72.1 and 76.1)")
    func icuDataDriven() throws {
        let cases = try Self.cases()
        #expect(cases.count == 929)
        var failures: [String] = []
        for test in cases {
            let (match, desired) = try Self.run(test)
            let expected = test.expectedMatch == "null" ? nil : Self.name(test.expectedMatch)
            var ok = Self.name(match) == expected
            if !test.expectedDesired.isEmpty {
                ok = ok && Self.name(desired) == (test.expectedDesired == "null" ? nil : Self.name(test.expectedDesired))
            }
            if !ok { failures.append("\(test) → got \(match ?? "null") | \(desired ?? "null")") }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) of \(cases.count) cases differ:\n" + failures.joined(separator: "\n")))
    }

    /// One random draw answered by ICU's C++ matcher (Scripts/locale-match-oracle.py).
    struct Draw: Decodable {
        struct Answer: Decodable {
            let availableIndex: Int?
            let preferredIndex: Int?
            let locale: String?
        }
        let available: [String]
        let preferred: [String]?
        let acceptLanguage: String?
        let favor: String
        let demotion: String
        let direction: String
        let `default`: String?
        let maxDistance: [String]?
        let icu: Answer
    }

    /// The draws answered by the running ICU's major version: `oracle-draws.jsonl` (ICU 72,
    /// PyICU), `oracle-draws-icu76.jsonl` (the same draws, ICU 76.1's C++ matcher through
    /// Scripts/locale-match-oracle-cxx.py); no other version has answers.
    static var oracleFile: String {
        let major = ICUVersion.icu.split(separator: ".").first.map(String.init) ?? ""
        return major == "72" ? "oracle-draws.jsonl" : "oracle-draws-icu\(major).jsonl"
    }

    @Test("ICU's C++ LocaleMatcher (of the running ICU's major version) on 4,000 random draws: the same answer for each")
    func oracleDraws() throws {
        let lines = try String(contentsOf: Self.directory.appendingPathComponent(Self.oracleFile), encoding: .utf8)
            .split(separator: "\n")
        let decoder = JSONDecoder()
        var agree = 0
        var disagreements: [String] = []
        for line in lines {
            let draw = try decoder.decode(Draw.self, from: Data(line.utf8))
            var options = LocaleMatcher.Options()
            options.favor = LocaleMatcher.Favor(rawValue: draw.favor)!
            options.demotion = LocaleMatcher.Demotion(rawValue: draw.demotion)!
            options.direction = LocaleMatcher.Direction(rawValue: draw.direction)!
            switch draw.default {
            case nil: options.defaultLocale = .firstAvailable
            case "none"?: options.defaultLocale = .none
            case let tag?: options.defaultLocale = .locale(tag)
            }
            if let pair = draw.maxDistance {
                options.threshold = try LocaleMatcher.threshold(maxDesired: pair[0], maxSupported: pair[1], options: options)
            }
            let matcher = try LocaleMatcher(available: draw.available, options: options)
            let same: Bool
            if let header = draw.acceptLanguage {
                same = Self.name(try matcher.match(acceptLanguage: header).locale) == draw.icu.locale
            } else {
                let match = try matcher.match(draw.preferred ?? [])
                same = (match.availableIndex ?? -1) == draw.icu.availableIndex
                    && (match.preferredIndex ?? -1) == draw.icu.preferredIndex
                    && Self.name(match.locale) == draw.icu.locale
            }
            if same { agree += 1 } else { disagreements.append(String(line)) }
        }
        #expect(lines.count == 4000)
        #expect(agree == lines.count, Comment(rawValue: "\(agree) of \(lines.count) agree; first differences:\n" + disagreements.prefix(10).joined(separator: "\n")))
    }
}

extension String {
    fileprivate func value(after prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) : nil
    }
}
