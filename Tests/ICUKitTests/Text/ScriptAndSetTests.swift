import ICUKit
import Testing

/// Script runs (UAX #24), resolved script sets (UTS #39 §5.1) and UnicodeSet patterns.
@Suite("Scripts and Unicode sets")
struct ScriptAndSetTests {
    func runs(_ text: String) -> [String] {
        ScriptRun.runs(in: text).map { "\($0.script):\(text[$0.range])" }
    }

    @Test("script runs: Common and Inherited join, brackets pair, offsets cover the text")
    func scriptRuns() {
        #expect(runs("Hello, Мир! 123") == ["Latn:Hello, ", "Cyrl:Мир! 123"])
        #expect(runs("123 abc") == ["Latn:123 abc"])
        #expect(runs("123 !") == ["Zyyy:123 !"])
        #expect(runs("") == [])
        // The closing bracket goes back to the script it was opened in.
        #expect(runs("abc (где) def") == ["Latn:abc (", "Cyrl:где", "Latn:) def"])
        // Combining marks (Inherited) stay with their base.
        #expect(runs("e\u{301}ж\u{301}") == ["Latn:e\u{301}", "Cyrl:ж\u{301}"])
        // Script_Extensions: U+30FC (Common, scx Hira Kana) stays in a Katakana run; U+0660 in Arabic.
        #expect(runs("カーテン") == ["Kana:カーテン"])
        #expect(runs("عدد ٠١٢") == ["Arab:عدد ٠١٢"])
        #expect(runs("日本語 text") == ["Hani:日本語 ", "Latn:text"])
        let text = "Ελληνικά и русский, English"
        let all = ScriptRun.runs(in: text)
        #expect(all.first?.utf8Offsets.lowerBound == 0 && all.last?.utf8Offsets.upperBound == text.utf8.count)
        for (a, b) in zip(all, all.dropFirst()) { #expect(a.utf8Offsets.upperBound == b.utf8Offsets.lowerBound && a.script != b.script) }
    }

    @Test("resolved script sets and mixed-script detection (UTS #39 §5.1 examples)")
    func resolved() {
        #expect(ResolvedScriptSet("Circle").scripts == ["Latn"])
        #expect(ResolvedScriptSet("Сirсle").isMixedScript)
        #expect(ResolvedScriptSet("Сirсle").scriptsUsed == ["Cyrl", "Latn"])
        #expect(ResolvedScriptSet("Ꭺ1").scripts == ["Cher"])
        #expect(ResolvedScriptSet("日本のテレビ").scripts == ["Jpan"])
        #expect(!ResolvedScriptSet("日本のテレビ").isMixedScript)
        #expect(ResolvedScriptSet("한국어 漢字").scripts == ["Kore"])
        #expect(ResolvedScriptSet("123 !").isAll && !ResolvedScriptSet("123 !").isMixedScript)
        #expect(ResolvedScriptSet("ab٠").isMixedScript)  // Arabic-Indic digit with Latin
        #expect(ResolvedScriptSet("ﾊﾝｶｸ").scripts == ["Jpan", "Kana"])
    }

    @Test("UnicodeSet patterns: membership, spans, strings, typed errors")
    func unicodeSets() throws {
        let upperLatin = try UnicodeSet(pattern: "[[:Latin:]&[:Lu:]]")
        #expect(upperLatin.contains("A") && !upperLatin.contains("a") && !upperLatin.contains("Ж"))
        let greek = try UnicodeSet(pattern: "[\\p{Greek}\\u0300-\\u036F]")
        #expect(greek.contains("α") && greek.contains("\u{301}") && !greek.contains("a"))
        #expect(greek.containsAll(of: "ά\u{301}β") && !greek.containsAll(of: "αb"))
        let digits = try UnicodeSet(pattern: "[:Nd:]")
        let text = "2026年"
        #expect(text[..<digits.span(in: text)] == "2026")
        #expect(text[..<digits.span(in: text, containing: false)] == "")
        #expect(try UnicodeSet(pattern: "[a-z]").count == 26)
        #expect(try UnicodeSet(pattern: "[a-z{ch}]").contains(element: "ch"))
        #expect(try UnicodeSet(pattern: " [ a - c ] ").count == 3)
        for bad in ["[a-", "", "[:NoSuchProperty:]", "[[:Latin:]", "abc", "[z-a]"] {
            #expect(throws: TextTransformError.self, "\(bad)") { try UnicodeSet(pattern: bad) }
        }
        #expect(throws: TextTransformError.invalidSetPattern("[a]x", offset: 3)) { try UnicodeSet(pattern: "[a]x") }
    }
}
