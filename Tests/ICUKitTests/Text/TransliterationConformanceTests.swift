import Foundation
import ICUKit
import Testing

/// Every system transliterator against ICU's own `uconv -x ID` (Debian icu-devtools):
/// the committed outputs of Scripts/gen-transliteration-expectations.py for all IDs, and
/// uconv run live for a sample (so a stale file is noticed). The file holds ICU 72's answers;
/// under another ICU (`Scripts/test.sh --icu 76`, which puts that ICU's own uconv first on
/// PATH: Scripts/build-icu.sh builds it) every ID is run through that uconv live instead.
@Suite("Transliteration conformance")
struct TransliterationConformanceTests {
    /// The same line as Scripts/gen-transliteration-expectations.py, with its line feed.
    static let sample = "Москва Straße Ελληνικά Αθήνα 北京市 ひらがな カタカナ ﾊﾝｶｸ 한국어 العربية עברית "
        + "हिन्दी ไทย ქართული Հայերեն አማርኛ தமிழ் বাংলা ＡＢＣ１２３ café ǅ İstanbul 42\n"

    static var dataFile: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/uconv-transliterations.txt").path
    }

    /// The first `uconv` on PATH (the ICU under test's own, see the type's comment).
    static let uconvPath: String = {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(directory)/uconv"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "/usr/bin/uconv"
    }()

    /// uconv's output for `arguments` (stdin empty unless `text` is given).
    static func run(_ arguments: [String], _ text: String = "") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: uconvPath)
        process.arguments = arguments
        // The text from a file: written to a pipe, a long one would fill it while uconv
        // waits for us to read its output.
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("uconv-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let output = Pipe()
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func uconv(_ id: String, _ text: String) throws -> String {
        try run(["-f", "utf-8", "-t", "utf-8", "-x", id], text)
    }

    /// The ICU version the committed file was made with (its first line names it).
    static let fileICU = "72.1"

    /// Expected output per ID: the committed file on ICU 72, live uconv on another ICU.
    static func expectations() throws -> [String: String] {
        var expected: [String: String] = [:]
        if ICUVersion.icu == fileICU {
            let text = try String(contentsOfFile: dataFile, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let parts = line.split(separator: "\t", maxSplits: 1)
                let value = try JSONSerialization.jsonObject(with: Data(parts[1].utf8), options: [.fragmentsAllowed]) as! String
                expected[String(parts[0])] = value
            }
        } else {
            // The IDs from ICU's own list (`utrans_openIDs`): ICU 76's `uconv -L` prints a few
            // IDs with stray bytes after them ("Any-mk_Latn/BGN\u{01}ari"), so it is no list to
            // compare with there.
            for id in Transliterator.availableIDs {
                expected[id] = try uconv(id, sample)
            }
        }
        return expected
    }

    @Test("the uconv oracle is the ICU under test's own")
    func oracleVersion() throws {
        let version = try Self.run(["--version"])
        #expect(version.contains("ICU \(ICUVersion.icu)"), "\(Self.uconvPath) is \(version), the tests run ICU \(ICUVersion.icu)")
    }

    /// Transliterates `text` the way uconv (ICU 72) does: in chunks that end after CR, LF,
    /// NEL or any UTF-16 unit `c` with `c & 0x2028 == 0x2028` (uconv's paragraph test, which
    /// also matches e.g. U+AD6D 국), each chunk on its own. Only Hangul-Latin in the sample
    /// notices: it puts a hyphen between syllables ("hangug-eo") that uconv's cut removes.
    static func likeUconv(_ transliterator: Transliterator, _ text: String) throws -> String {
        var result = "", chunk: [UInt16] = []
        for unit in text.utf16 {
            chunk.append(unit)
            if unit == 0x0D || unit == 0x0A || unit == 0x85 || unit & 0x2028 == 0x2028 {
                result += try transliterator.transliterate(String(decoding: chunk, as: UTF16.self))
                chunk.removeAll()
            }
        }
        return result + (chunk.isEmpty ? "" : try transliterator.transliterate(String(decoding: chunk, as: UTF16.self)))
    }

    @Test("every system ID agrees with uconv -x ID on a multilingual line")
    func everySystemID() throws {
        let expected = try Self.expectations()
        let ids = Transliterator.availableIDs
        #expect(ids.count > 700)
        #expect(Set(ids) == Set(expected.keys), "the ID list differs from uconv -L: regenerate the data file")
        var failures: [String] = []
        for id in ids {
            guard let want = expected[id] else { continue }
            let got = try Self.likeUconv(Transliterator(id), Self.sample)
            if !same(got, want) { failures.append(id) }
        }
        #expect(failures.isEmpty, "\(failures.count) IDs differ from uconv: \(failures.prefix(20))")
    }

    @Test("live uconv on compound IDs, filters and the issue's examples", arguments: [
        "Any-Latin; Latin-ASCII", "Han-Latin", "Cyrillic-Latin", "Greek-Latin/UNGEGN", "Hiragana-Katakana",
        "Fullwidth-Halfwidth", "NFD; [:Nonspacing Mark:] Remove; NFC", "[:Latin:] Any-Upper", "Any-Name",
        "Any-Hex/XML", "Latin-Cyrillic", "de-ASCII",
    ])
    func live(id: String) throws {
        // uconv takes an argument with ':' or '<'/'>' as rules, so filters go to it as "::" rules.
        let argument = id.contains(":") ? id.split(separator: ";").map { ":: \($0);" }.joined(separator: " ") : id
        #expect(same(try Self.likeUconv(Transliterator(id), Self.sample), try Self.uconv(argument, Self.sample)))
    }

    @Test("the issue's examples")
    func examples() throws {
        let slug = try Transliterator("Any-Latin; Latin-ASCII")
        #expect(same(try slug.transliterate("Москва"), "Moskva"))
        #expect(same(try slug.transliterate("北京"), "bei jing"))
        #expect(same(try slug.transliterate("straße"), "strasse"))
        #expect(same(try Transliterator("[:Latin:] Any-Upper").transliterate("abc где"), "ABC где"))
        #expect(same(try Transliterator(foundationTransform: "stripDiacritics").transliterate("Crème brûlée"), "Creme brulee"))
        #expect(same(try Transliterator(foundationTransform: "toUnicodeName").transliterate("é"), "\\N{LATIN SMALL LETTER E WITH ACUTE}"))
        #expect(same(try Transliterator(foundationTransform: "hiraganaToKatakana").transliterate("ひらがな"), "ヒラガナ"))
        #expect(throws: TextTransformError.unknownTransliterator("toKlingon")) { try Transliterator(foundationTransform: "toKlingon") }
        for (name, id) in Transliterator.foundationTransforms { #expect(throws: Never.self, "\(name)") { try Transliterator(id) } }
    }

    @Test("inverses round-trip where ICU documents them as reversible")
    func inverses() throws {
        let cases: [(String, String)] = [
            ("Cyrillic-Latin", "Съешь же ещё этих мягких французских булок"),
            ("Greek-Latin", "γράμματα και λέξεις"),
            ("Hiragana-Katakana", "ひらがなとかたかな"),
            ("Any-Hex/Java", "Ünïcödé ✓"),
            ("Any-Name", "é✓"),
            ("Hangul-Latin", "한국어"),
        ]
        for (id, text) in cases {
            let forward = try Transliterator(id)
            let back = try forward.inverse()
            let there = try forward.transliterate(text), back2 = try back.transliterate(there)
            #expect(same(back2, text), "\(id): \(there) → \(back2)")
            #expect(back.isReverse)
        }
        #expect(try Transliterator("Latin-Cyrillic", reverse: true).canonicalID == "Cyrillic-Latin")
    }

    @Test("a segment after the operator followed by a back-reference is refused (ICU 72 crashes on it)")
    func outputSegments() throws {
        // Each of these makes plain ICU 72 (utrans_openU, PyICU's createFromRules) crash with SIGSEGV.
        for rules in ["a > ($2", "a>(b$2", "a > x($9", "a > ($2)", "b > c;\na > ($1$2", "a <> ($2", "a → ($2"] {
            #expect(throws: TextTransformError.self, "\(rules)") { try Transliterator(rules: rules) }
            do { _ = try Transliterator(rules: rules) } catch {
                guard case .invalidRules(_, let line, let offset, _) = error else { Issue.record("\(rules): \(error)"); continue }
                let position = rules.utf16.count - rules.drop { $0 != "(" || rules[..<rules.firstIndex(where: { $0 == ">" || $0 == "→" })!].contains($0) }.utf16.count
                #expect(offset == position, "\(rules)")
                #expect(line == (rules.contains("\n") ? 2 : 1), "\(rules)")
            }
        }
        // Segments before the operator, function calls, quoted or escaped parentheses and
        // comments are not refused.
        #expect(same(try Transliterator(rules: "(a)(b) > $2$1;").transliterate("ab"), "ba"))
        #expect(same(try Transliterator(rules: "(.) > &Any-Upper($1);").transliterate("ab"), "AB"))
        #expect(same(try Transliterator(rules: "a > '(' b;").transliterate("a"), "(b"))
        #expect(same(try Transliterator(rules: "a > \\( b; # ($2").transliterate("a"), "(b"))
        #expect(throws: Never.self) { try Transliterator(rules: "a > (b);") }  // no back-reference: ICU's own answer
    }

    @Test("unknown IDs and bad rules: typed errors that point at the rule")
    func errors() throws {
        for id in ["Latin-Klingon", "", " ; ", "Any-Latin; Nope-Nope", "[", "Any-Latin;;;[[:Latin:]", "A(B", "Any-Latin(Latin-ASCII", "(A(B)", "Any-Latin(Latin-ASCII))", "Any-Latin)"] {
            #expect(throws: TextTransformError.unknownTransliterator(id), "\(id)") { try Transliterator(id) }
        }
        do {
            _ = try Transliterator(rules: "a > b;\nc > d;\nx > [y;\n")
            Issue.record("bad rules accepted")
        } catch {
            guard case .invalidRules(_, let line, let offset, let context) = error else { Issue.record("\(error)"); return }
            #expect(line == 3, "\(error)")
            #expect(offset.map { (14...20).contains($0) } == true, "\(error)")
            #expect(context.contains("x > "), "\(error)")
        }
        // Segments nested past ICUKit's bound are refused before ICU (whose parser needs
        // memory exponential in the nesting); a few levels, quoted or in sets, are fine.
        let nested = "x > y; " + String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40) + " > b;"
        do {
            _ = try Transliterator(rules: nested)
            Issue.record("deeply nested segments accepted")
        } catch {
            guard case .invalidRules(_, let line, let offset, _) = error else { Issue.record("\(error)"); return }
            #expect(line == 1 && offset == 7 + 16, "\(error)")
        }
        #expect(same(try Transliterator(rules: "((a)) > b; '(((((((((((((((((((' > c; [(] > d;").transliterate("a"), "b"))
        let custom = try Transliterator(rules: "[aeiou] > '*';")
        #expect(same(try custom.transliterate("banana"), "b*n*n*"))
        #expect(same(try Transliterator(rules: "a <> b;").inverse().transliterate("b"), "a"))
    }

    @Test("a long line: uconv's answer, in time linear in its length")
    func longLine() throws {
        // One line mixing scripts whose transliterations change the text's length; uconv is
        // ICU's own answer on a UnicodeString. uconv also cuts a line after any unit c with
        // c & 0x2028 == 0x2028 (see likeUconv), which none of these words has, so it sees the
        // line whole.
        let words = ["щука", "Москва", "ЖЖ", "Αθήνα", "σοφός", "北京", "straße", "½", "ﬁ", "Ђорђе", "ภาษาไทย", "עברית", "हिन्दी", "Việt", "İstanbul"]
        var generator = SplitMix(state: 7)
        let line = (0..<40_000).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
        for id in ["Any-Latin", "Any-Latin; Latin-ASCII", "NFD; [:Nonspacing Mark:] Remove; NFC", "[:Cyrillic:] Any-Upper"] {
            let argument = id.contains(":") ? id.split(separator: ";").map { ":: \($0);" }.joined(separator: " ") : id
            #expect(same(try Transliterator(id).transliterate(line), try Self.uconv(argument, line)), "\(id)")
        }
        // 4 MB in one line: ICU on a UnicodeString moves the tail at every replacement that
        // changes the length (21 s here); on ICUKit's gap buffer it takes well under a second.
        let russian = String(repeating: "Съешь же ещё этих мягких французских булок, да выпей чаю. ", count: 38_000)
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            let latin = try Transliterator("Cyrillic-Latin").transliterate(russian)
            #expect(latin.hasPrefix("Sʺešʹ že eŝë étih mâgkih"), "\(latin.prefix(40))")
        }
        #expect(elapsed < .seconds(10), "4 MB in one line took \(elapsed)")
    }

    @Test("rules and compounds that grow the text without bound stop with a typed error")
    func growth() throws {
        // Within the bound: the same answer as uconv (rule phases included).
        for rules in ["a > |aa;", "a > |aa; ::Null; a > |aa;", "::[a-b]; a > |xx; ::Null; x > yz; ::Any-Upper;"] {
            #expect(same(try Transliterator(rules: rules).transliterate("aaaa abc"), try Self.uconv(rules, "aaaa abc")), "\(rules)")
        }
        // `a > |aa;` grows a text 17 times a phase; six phases would make 96 million units
        // from 4. Any-Name makes about 25 units of each one, chained five times from one letter.
        let limit = 4 * 256 + 65_536
        let growing = Array(repeating: "a > |aa;", count: 6).joined(separator: " ::Null; ")
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: TextTransformError.outputTooLarge(limit: limit)) { _ = try Transliterator(rules: growing).transliterate("aaaa") }
            #expect(throws: TextTransformError.outputTooLarge(limit: 1 * 256 + 65_536)) {
                _ = try Transliterator(Array(repeating: "Any-Name", count: 5).joined(separator: "; ")).transliterate("a")
            }
            // A filtered compound is bounded the same way.
            #expect(throws: TextTransformError.outputTooLarge(limit: limit)) {
                _ = try Transliterator(rules: "::[a]; " + growing).transliterate("aaaa")
            }
        }
        #expect(elapsed < .seconds(10), "refusing took \(elapsed)")
        // Insertions without consuming (an empty match at every position, which ICU's loop
        // limit of 16 a character bounds): uconv's answer.
        let bs = String(repeating: "b", count: 2_000)
        #expect(same(try Transliterator(rules: "u* > xx;").transliterate(bs), try Self.uconv("u* > xx;", bs)))
    }

    @Test("ICU's first match of a rule with the cursor inside its output puts the cursor at the output's start (ICU 72 and 76; uconv's answer)")
    func firstUseOfACursorRule() throws {
        // StringReplacer starts "complex" and becomes simple at its first replacement; the
        // complex pass records the cursor before plain text is inserted (position 0). The
        // replacers belong to the compiled rules, shared by every clone, so only the first
        // match of each such rule in a process is affected. uconv runs the rules once.
        let rules = "x > yz|x; y > Q; # firstUseOfACursorRule"
        let transliterator = try Transliterator(rules: rules)
        let first = try transliterator.transliterate("x")
        let second = try transliterator.transliterate("x")
        #expect(same(first, try Self.uconv(rules, "x")))
        #expect(first.hasPrefix("Qz"), "\(first)")
        #expect(second.hasPrefix("yzyz") && second.hasSuffix("x"), "\(second)")
        #expect(same(try transliterator.transliterate("x"), second))
    }

    @Test("segments left open in a rule half are refused before ICU (U_UNCLOSED_SEGMENT there, through a leaking path)")
    func unclosedSegments() throws {
        // (rules, offset of the first "(" left open); uconv refuses each as U_UNCLOSED_SEGMENT.
        let cases = [("(a > b;", 0), ("(a) > b; (c > d;", 9), ("a > (b;", 4), ("(a)(b > c;", 3), ("[(] > x; (y > z;", 9),
                     ("(a > b", 0), ("(a > b)", 0), ("a > &Any-Upper(b;", 14), ("x > y;\n# (comment\n(a > b;", 18),
                     // An apostrophe inside a set is a character, not a quote: the "(" after the set counts.
                     ("['] (((a > b;", 4)]
        for (rules, offset) in cases {
            do {
                _ = try Transliterator(rules: rules)
                Issue.record("\(rules) accepted")
            } catch {
                guard case .invalidRules(_, _, let at, let context) = error else { Issue.record("\(rules): \(error)"); continue }
                #expect(at == offset && context == "unclosed segment", "\(rules): \(error)")
            }
            #expect(try Self.uconv(rules, "ab").isEmpty, "uconv accepts \(rules)")
        }
        // A back-reference inside its own segment: ICU runs it, but copying the rules (every
        // ICUKit transliteration uses a copy) overflows the stack.
        for (rules, offset) in [("(a$1) > x;", 2), ("x > y; ((b)$1) > z;", 11), (" \u{18}\u{FFFD}(1$1)\u{FFFD}>$1$1", 5)] {
            do {
                _ = try Transliterator(rules: rules)
                Issue.record("\(rules) accepted")
            } catch {
                guard case .invalidRules(_, _, let at, let context) = error else { Issue.record("\(rules): \(error)"); continue }
                #expect(at == offset && context.hasSuffix("inside its own segment"), "\(rules): \(error)")
            }
        }
        #expect(same(try Transliterator(rules: "(a)$1 > x; ((b)$2) > y;").transliterate("aa bb"), "x y"))
        // Closed, quoted, escaped, in a set or in a comment: ICU's to judge, and it accepts them.
        for rules in ["(a) > b;", "['] (a) > b;", "a > '(' b;", "a > \\( b;", "[(] > x;", "# (\na > b;", "(.) > &Any-Upper($1);"] {
            #expect(throws: Never.self, "\(rules)") { try Transliterator(rules: rules) }
        }
    }

    @Test("a back-reference to a segment the rules cannot have is refused before ICU (which pads a table up to it)")
    func segmentReferences() throws {
        for (rules, offset) in [("44$444444444!44444", 2), ("a > $44444;", 4), ("(a) > $2;", 6), ("x > y;\n(a)(b) > $3$1;", 16)] {
            do {
                _ = try Transliterator(rules: rules)
                Issue.record("\(rules) accepted")
            } catch {
                guard case .invalidRules(_, let line, let at, _) = error else { Issue.record("\(rules): \(error)"); continue }
                #expect(at == offset, "\(rules): \(error)")
                #expect(line == (rules.contains("\n") ? 2 : 1), "\(rules): \(error)")
            }
        }
        // References within the segments, in comments, quoted, escaped or in sets are ICU's to judge.
        #expect(same(try Transliterator(rules: "# costs $100\n(a)(b) > $2$1; # and $99").transliterate("ab"), "ba"))
        #expect(same(try Transliterator(rules: "a > '$99';").transliterate("a"), "$99"))
        #expect(same(try Transliterator(rules: "a > \\$99;").transliterate("a"), "$99"))
    }

    @Test("cached and pooled: concurrent use from many tasks gives the same answers")
    func concurrent() async throws {
        let id = "Any-Latin; Latin-ASCII; Any-Lower"
        let expected = try Transliterator(id).transliterate(Self.sample)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let t = try Transliterator(id)
                    for _ in 0..<20 where try !same(t.transliterate(Self.sample), expected) { return false }
                    return true
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }
}
