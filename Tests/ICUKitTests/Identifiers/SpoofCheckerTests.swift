import Foundation
import ICUKit
import Testing

/// UTS #39 spoof checking: skeletons (against confusables.txt 15.0, the data ICU 72 is
/// built from), confusable kinds, restriction levels, mixed numbers, invisible characters.
@Suite("Spoof checking (UTS #39)")
struct SpoofCheckerTests {
    let checker: SpoofChecker

    init() throws { checker = try SpoofChecker() }

    /// `Tests/ICUKitTests/Identifiers/Data/confusables.txt` (Unicode 15.0.0, from ICU 72.1's source).
    static let confusablesURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/confusables.txt")
    /// The file is Unicode 15.0's; ICU 76 (Unicode 16.0) has more and changed mappings.
    static let unicode15 = ICUVersion.unicode.hasPrefix("15.0")

    /// confusables.txt as source → prototype, code points as scalars.
    static func confusables() throws -> [(source: Unicode.Scalar, target: [Unicode.Scalar], line: Int)] {
        let text = try String(contentsOf: confusablesURL, encoding: .utf8)
        var rows: [(Unicode.Scalar, [Unicode.Scalar], Int)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, !fields[0].isEmpty, !fields[0].hasPrefix("\u{FEFF}#") else { continue }
            func scalars(_ field: String) -> [Unicode.Scalar] {
                field.split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            }
            let source = scalars(fields[0])
            guard source.count == 1 else { continue }
            rows.append((source[0], scalars(fields[1]), number + 1))
        }
        return rows
    }

    @Test("confusables.txt 15.0: every line's source and prototype have ICU's skeleton, and it is UTS #39's definition",
          .enabled(if: unicode15, "confusables.txt in Tests is Unicode 15.0; the loaded ICU has another Unicode version"))
    func confusablesFile() throws {
        let rows = try Self.confusables()
        #expect(rows.count > 6_000)  // 6,311 mappings in 15.0
        var table: [Unicode.Scalar: [Unicode.Scalar]] = [:]
        for row in rows { table[row.source] = row.target }
        // UTS #39 §4: skeleton(X) = NFD(each character of NFD(X) replaced by its prototype).
        func reference(_ text: String) throws -> String {
            var mapped = String.UnicodeScalarView()
            for scalar in try Normalizer.nfd.normalize(text).unicodeScalars { mapped.append(contentsOf: table[scalar] ?? [scalar]) }
            return try Normalizer.nfd.normalize(String(mapped))
        }
        var failures: [String] = []
        var inert = 0
        for row in rows {
            let source = String(row.source)
            let target = String(String.UnicodeScalarView(row.target))
            let skeleton = try checker.skeleton(source)
            let targetSkeleton = try checker.skeleton(target)
            let fromSource = try reference(source), fromTarget = try reference(target)
            // The skeleton decomposes before and after mapping, so a line is not closed when
            // NFD changes its source (ö, Й: the table entry is never reached) or its target
            // (ǆ → dž, whose NFD has U+030C, itself mapped to U+0306; ﺂ → آ with U+0653 →
            // U+0303): there skeleton(source) and skeleton(target) may differ, both still
            // being UTS #39's definition, which ICU computes exactly.
            // (Swift's == is canonical equivalence: compare the bytes.)
            func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
            let decomposes = try !same(Normalizer.nfd.normalize(source), source) || !same(Normalizer.nfd.normalize(target), target)
            if decomposes && !same(skeleton, targetSkeleton) { inert += 1 }
            if !same(skeleton, fromSource) || !same(targetSkeleton, fromTarget) || (!decomposes && !same(skeleton, targetSkeleton)) {
                failures.append("line \(row.line): U+\(String(row.source.value, radix: 16, uppercase: true))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) lines differ: \(failures.prefix(20))")
        #expect(inert == 35, "lines of 15.0 not closed under NFD whose two skeletons differ")
        // The whole file's sources in one string: ICU's skeleton is the concatenation.
        let all = String(String.UnicodeScalarView(rows.map(\.source)))
        #expect(try checker.skeleton(all).utf8.elementsEqual(try reference(all).utf8))
    }

    @Test("skeletons of UTS #39's examples and of common look-alikes")
    func skeletons() throws {
        #expect(try checker.skeleton("paypal") == "paypal")
        #expect(try checker.skeleton("раураl") == "paypal")  // Cyrillic р а у а
        #expect(try checker.skeleton("ｇｏｏｇｌｅ") == "google")  // fullwidth
        #expect(try checker.skeleton("ѕсоре") == "scope")      // Cyrillic ѕ с о р е
        #expect(try checker.skeleton("rn") == "rn")
        #expect(try checker.skeleton("m") == "rn")               // UTS #39: "m" → "rn"
        #expect(try checker.skeleton("ℌ") == (try checker.skeleton("H")))
        #expect(try checker.skeleton("") == "")
        // Skeletons are not a normalization for display: "1" and "l" share one.
        #expect(try checker.skeleton("1") == (try checker.skeleton("l")))
        // The byte form reports the offset of the first bad byte, before ICU sees it.
        #expect(throws: IdentifierError.invalidUTF8(InvalidUTF8Error(byteOffset: 2))) { try checker.skeleton(utf8: [0x61, 0x62, 0xC0, 0x80]) }
        #expect(try checker.skeleton(utf8: Array("ｇｏ".utf8)) == "go")
        // A skeleton longer than the 3x first guess (ICU's buffer retry).
        let long = String(repeating: "\u{FDFB}", count: 40)  // ARABIC LIGATURE JALLAJALALOUHOU: 8 letters each
        #expect(try checker.skeleton(long).unicodeScalars.count >= 40 * 8)
    }

    @Test("confusable kinds: single-, mixed- and whole-script (UTS #39 §4)")
    func confusableKinds() throws {
        #expect(try checker.areConfusable("paypal", "раураl") == [.mixedScript])  // раураl is itself mixed (Latin l)
        #expect(try checker.areConfusable("scope", "ѕсоре") == [.mixedScript, .wholeScript])
        #expect(try checker.areConfusable("rn", "m") == [.singleScript])
        #expect(try checker.areConfusable("cat", "dog") == [])
        #expect(try checker.areConfusable("paypal", "paypal") == [.singleScript])
        #expect(try checker.areConfusable("Circle", "Сirсle") == [.mixedScript])
        #expect(try checker.areConfusable("ｇｏｏｇｌｅ", "google") == [.singleScript])
        // Only the kinds asked for are reported.
        let wholeOnly = try SpoofChecker(checks: [.wholeScriptConfusable])
        #expect(try wholeOnly.areConfusable("scope", "ѕсоре") == [.wholeScript])
        #expect(try wholeOnly.areConfusable("rn", "m") == [])
        let none = try SpoofChecker(checks: [.invisible])
        #expect(try none.areConfusable("rn", "m") == [])
        #expect(SpoofChecker.ConfusableKinds([.wholeScript, .mixedScript]).names == ["mixedScript", "wholeScript"])
    }

    @Test("restriction levels on identifiers in many scripts (UTS #39 §5.2)")
    func restrictionLevels() throws {
        let cases: [(String, SpoofChecker.RestrictionLevel)] = [
            ("paypal", .ascii), ("user_123", .ascii),
            ("café", .singleScript), ("Ελληνικά", .singleScript), ("русский", .singleScript), ("עברית", .singleScript),
            ("ไทย", .singleScript), ("日本語", .singleScript), ("ひらがな", .singleScript),
            ("abc日本語カタカナひらがな", .highlyRestrictive),   // Latin + Han + Hiragana + Katakana (Japanese)
            ("abc中文ㄅㄆ", .highlyRestrictive),               // Latin + Han + Bopomofo
            ("abc한국어漢字", .highlyRestrictive),             // Latin + Hangul + Han
            ("abcहिन्दी", .moderatelyRestrictive),            // Latin + Devanagari
            ("abcعربي", .moderatelyRestrictive),              // Latin + Arabic
            ("abcабв", .minimallyRestrictive),                // Latin + Cyrillic
            ("abcαβγ", .minimallyRestrictive),                // Latin + Greek
            ("русскийελληνικά", .minimallyRestrictive),       // Cyrillic + Greek
            // Runic is not a Recommended script, so UTS #39 says unrestricted; ICU checks
            // recommendation only through the allowed characters (all by default), and
            // counts Latin + Runic as Latin + one other script.
            ("abc\u{16A0}", .moderatelyRestrictive),
        ]
        for (identifier, level) in cases {
            let result = try checker.check(identifier)
            #expect(result.restrictionLevel == level, "\(identifier)")
            #expect(result.failures.contains(.restrictionLevel) == (level > .highlyRestrictive), "\(identifier)")
        }
        // A stricter and a looser threshold.
        let single = try SpoofChecker(restrictionLevel: .singleScript)
        #expect(try single.check("abc日本語").failures == [.restrictionLevel])
        #expect(try single.check("日本語カタカナ").passed)
        let ascii = try SpoofChecker(restrictionLevel: .ascii)
        #expect(try ascii.check("café").failures == [.restrictionLevel])
        let loose = try SpoofChecker(restrictionLevel: .minimallyRestrictive)
        #expect(try loose.check("abcабв").passed)
        #expect(try loose.check("abcαβγ\u{16A0}").passed)
        // Characters outside the allowed set make an identifier unrestricted (ICU's rule).
        let recommendedLatin = try SpoofChecker(restrictionLevel: .minimallyRestrictive, allowedCharacters: UnicodeSet(pattern: "[[:Latin:][:Cyrillic:]]"))
        #expect(try recommendedLatin.check("abc\u{16A0}").restrictionLevel == .unrestricted)
        #expect(try recommendedLatin.check("abc\u{16A0}").failures == [.restrictionLevel, .allowedCharacters])
        #expect(SpoofChecker.RestrictionLevel(name: "moderately-restrictive") == .moderatelyRestrictive)
        #expect(SpoofChecker.RestrictionLevel(name: "loose") == nil)
    }

    @Test("resolved scripts, mixed numbers, invisible characters, hidden overlays")
    func singleIdentifierChecks() throws {
        let mixed = try checker.check("Сirсle")
        #expect(mixed.scripts.scriptsUsed == ["Cyrl", "Latn"] && mixed.scripts.isMixedScript)
        #expect(try checker.check("日本のテレビ").scripts.scripts == ["Jpan"])
        // ASCII digits with Bengali digits: two numbering systems.
        let numbers = try checker.check("a1\u{9E8}")
        #expect(numbers.failures.contains(.mixedNumbers))
        #expect(numbers.numerics == ["0", "\u{9E6}"])
        #expect(try checker.check("a12").numerics == ["0"])
        #expect(!(try checker.check("\u{9E7}\u{9E8}")).failures.contains(.mixedNumbers))
        // A repeated non-spacing mark, a zero-width space: invisible.
        #expect(try checker.check("a\u{301}\u{301}").failures == [.invisible])
        #expect(try checker.check("a\u{301}b\u{301}").passed)
        // ICU's invisible check looks for repeated marks only: a zero-width space (default
        // ignorable, invisible by any account) passes it and every other check of ICU 72.
        #expect(try checker.check("pay\u{200B}pal").passed)
        // i + combining dot above: the dot hides on the i's own dot.
        #expect(try checker.check("i\u{307}").failures == [.hiddenOverlay])
        #expect(SpoofChecker.Checks([.invisible, .restrictionLevel, .mixedNumbers]).failureNames == ["restrictionLevel", "invisible", "mixedNumbers"])
        // Only the checks asked for can fail; the level is still reported.
        let invisibleOnly = try SpoofChecker(checks: [.invisible])
        #expect(try invisibleOnly.check("pаypal").passed)
        #expect(try invisibleOnly.check("pаypal").restrictionLevel == .minimallyRestrictive)
        #expect(try invisibleOnly.check("a\u{301}\u{301}").failures == [.invisible])
        #expect(throws: IdentifierError.invalidUTF8(InvalidUTF8Error(byteOffset: 1))) { try checker.check(utf8: [0x61, 0xFF]) }
    }

    @Test("allowed locales and allowed characters; unknown locales are errors")
    func allowedCharacters() throws {
        let englishRussian = try SpoofChecker(allowedLocales: ["en", "ru"])
        #expect(englishRussian.checks.contains(.allowedCharacters))
        #expect(try englishRussian.check("hello").passed)
        #expect(try englishRussian.check("привет").passed)
        #expect(try englishRussian.check("Ελληνικά").failures.contains(.allowedCharacters))
        let japanese = try SpoofChecker(allowedLocales: ["ja"])
        #expect(try japanese.check("日本語カタカナ").passed)
        #expect(try japanese.check("한국어").failures.contains(.allowedCharacters))
        let set = try UnicodeSet(pattern: "[a-z0-9_]")
        let lowerASCII = try SpoofChecker(allowedCharacters: set)
        #expect(try lowerASCII.check("user_1").passed)
        #expect(try lowerASCII.check("User").failures.contains(.allowedCharacters))
        for bad in ["xx", "not a locale!", "", "en,ru", "zz-Qaaa"] {
            #expect(throws: IdentifierError.unknownLocale(bad)) { try SpoofChecker(allowedLocales: [bad]) }
        }
        #expect(try SpoofChecker(allowedLocales: ["sr-Latn"]).check("srpski").passed)
    }
}

/// The shared `USpoofChecker` and the immutable index from many tasks (named so that
/// CI's ThreadSanitizer pass, `--filter Concurrency`, runs it).
@Suite("Spoof checking: concurrency")
struct SpoofConcurrencyTests {
    let checker: SpoofChecker

    init() throws { checker = try SpoofChecker() }

    @Test("a checker shared by many tasks gives the same answers")
    func sharedAcrossTasks() async throws {
        let checker = self.checker
        let words = ["paypal", "раураl", "pаypal", "abc日本語", "a1\u{9E8}", "ѕсоре", "a\u{301}\u{301}"]
        let expected = try words.map { try checker.check($0) }
        let skeletons = try words.map { try checker.skeleton($0) }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<200 {
                        for (index, word) in words.enumerated() {
                            guard try checker.check(word) == expected[index], try checker.skeleton(word) == skeletons[index] else { return false }
                        }
                    }
                    return true
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }

    @Test("the index is Sendable and answers the same from many tasks")
    func concurrentLookups() async throws {
        let index = try ConfusableIndex((0..<1_000).map { "user\($0)" })
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for i in 0..<500 {
                        let n = (i * 7 + task) % 1_000
                        guard try index.matches(for: "usеr\(n)") == ["user\(n)"] else { return false }  // Cyrillic е
                    }
                    return true
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }
}
