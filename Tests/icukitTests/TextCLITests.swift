import Foundation
import Testing

/// `icukit normalize|case|transliterate|chars|scripts` end to end (ARCHITECTURE.md contract).
@Suite("icukit text transforms")
struct TextCLITests {
    let cli = CLITests()

    func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "icukit-text-\(UUID().uuidString).txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func json(_ line: Substring) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    }

    @Test("normalize: every form, streaming a large file, --jsonl, --check, invalid UTF-8 (65) and --lossy")
    func normalize() throws {
        let nfc = try cli.run(["normalize", "--form", "nfc"], stdin: Data("Ame\u{301}lie".utf8))
        #expect(nfc.status == 0 && Array(nfc.stdout.utf8) == Array("Amélie".utf8))
        let nfd = try cli.run(["normalize", "--form", "nfd"], stdin: Data("Å".utf8))
        #expect(Array(nfd.stdout.utf8) == Array("A\u{30A}".utf8))
        let casefold = try cli.run(["normalize", "--form", "nfkc-casefold"], stdin: Data("Ｓｔｒａßｅ".utf8))
        #expect(casefold.stdout == "strasse")
        #expect(try cli.run(["normalize", "--form", "nfkd"], stdin: Data("ﬁ".utf8)).stdout == "fi")
        // Three MiB of decomposed text (more than one 1 MiB chunk; the cuts land inside sequences).
        let unit = "Cafe\u{301} cre\u{300}me bru\u{302}le\u{301}e, Ångström — Привет\n"
        let big = String(repeating: unit, count: 3 * (1 << 20) / unit.utf8.count + 1)
        let file = try temporaryFile(Array(big.utf8))
        let streamed = try cli.run(["normalize", "--form", "nfc", file])
        let expected = String(repeating: "Café crème brûlée, Ångström — Привет\n", count: 3 * (1 << 20) / unit.utf8.count + 1)
        #expect(streamed.status == 0 && Array(streamed.stdout.utf8) == Array(expected.utf8))
        let jsonl = try cli.run(["normalize", "--form", "nfc", "--jsonl"], stdin: Data("\"e\\u0301\"\n\"a\\r\\nb\"\n".utf8))
        #expect(jsonl.stdout == "\"é\"\n\"a\\r\\nb\"\n")
        let check = try cli.run(["normalize", "--form", "nfc", "--check", "--jsonl"], stdin: Data("\"é\"\n\"e\\u0301\"\n".utf8))
        #expect(check.stdout == "{\"normalized\":true}\n{\"normalized\":false}\n")
        let bad = try cli.run(["normalize", "--form", "nfc"], stdin: Data([0x61, 0x62, 0xFF, 0x63]))
        #expect(bad.status == 65 && bad.stderr.contains("byte offset 2"))
        var prefix = Array(big.utf8.prefix(1_500_000))
        while prefix.last != 0x0A { prefix.removeLast() }  // end at a line (a whole character)
        let badFile = try cli.run(["normalize", "--form", "nfc", try temporaryFile(prefix + [0xC3, 0x28])])
        #expect(badFile.status == 65 && badFile.stderr.contains("byte offset \(prefix.count)"))
        let lossy = try cli.run(["normalize", "--form", "nfc", "--lossy"], stdin: Data([0x61, 0xFF, 0x62]))
        #expect(lossy.status == 0 && lossy.stdout == "a\u{FFFD}b")
        #expect(try cli.run(["normalize", "--form", "nfx"], stdin: Data()).status == 64)
        #expect(try cli.run(["normalize", "--form", "nfc", "/nonexistent/file"]).status == 66)
    }

    @Test("case: upper, lower, title, fold with locales; --jsonl")
    func caseMapping() throws {
        #expect(try cli.run(["case", "--to", "upper", "--locale", "tr"], stdin: Data("istanbul".utf8)).stdout == "İSTANBUL")
        #expect(try cli.run(["case", "--to", "upper"], stdin: Data("straße".utf8)).stdout == "STRASSE")
        #expect(try cli.run(["case", "--to", "upper", "--locale", "el"], stdin: Data("άδεια".utf8)).stdout == "ΑΔΕΙΑ")
        #expect(try cli.run(["case", "--to", "lower", "--locale", "tr"], stdin: Data("DİYARBAKIR".utf8)).stdout == "diyarbakır")
        #expect(try cli.run(["case", "--to", "title", "--locale", "nl"], stdin: Data("ijsland is mooi".utf8)).stdout == "IJsland Is Mooi")
        #expect(try cli.run(["case", "--to", "fold", "--locale", "tr"], stdin: Data("I".utf8)).stdout == "ı")
        #expect(try cli.run(["case", "--to", "fold", "--locale", "az"], stdin: Data("İ".utf8)).stdout == "i")
        #expect(Array(try cli.run(["case", "--to", "fold"], stdin: Data("İ".utf8)).stdout.utf8) == Array("i\u{307}".utf8))
        let jsonl = try cli.run(["case", "--to", "upper", "--jsonl"], stdin: Data("\"a\\nb\"\n\"ß\"\n".utf8))
        #expect(jsonl.stdout == "\"A\\nB\"\n\"SS\"\n")
        #expect(try cli.run(["case", "--to", "sideways"], stdin: Data()).status == 64)
        #expect(try cli.run(["case", "--to", "upper"], stdin: Data([0xFF])).status == 65)
    }

    @Test("transliterate: IDs, --reverse, --rules, --list, --jsonl; unknown IDs and bad rules exit 64")
    func transliterate() throws {
        let slug = try cli.run(["transliterate", "Any-Latin; Latin-ASCII"], stdin: Data("Москва 北京 straße".utf8))
        #expect(slug.status == 0 && slug.stdout == "Moskva bei jing strasse")
        #expect(try cli.run(["transliterate", "Latin-Cyrillic", "--reverse"], stdin: Data("Москва".utf8)).stdout == "Moskva")
        let file = try temporaryFile(Array("Αθήνα".utf8))
        #expect(try cli.run(["transliterate", "Greek-Latin/UNGEGN", file]).stdout.unicodeScalars.elementsEqual("Ath\u{ED}\u{331}na".unicodeScalars))
        let rules = try temporaryFile(Array("[aeiou] > '*';".utf8))
        #expect(try cli.run(["transliterate", "--rules", rules], stdin: Data("banana".utf8)).stdout == "b*n*n*")
        let input = try temporaryFile(Array("kiwi".utf8))
        #expect(try cli.run(["transliterate", "--rules", rules, input]).stdout == "k*w*")
        let jsonl = try cli.run(["transliterate", "Hiragana-Katakana", "--jsonl"], stdin: Data("\"ひらがな\"\n\"かな\"\n".utf8))
        #expect(jsonl.stdout == "\"ヒラガナ\"\n\"カナ\"\n")
        let list = try cli.run(["transliterate", "--list"])
        let ids = list.stdout.split(separator: "\n")
        #expect(ids.count > 700 && ids.contains("Han-Latin") && ids.contains("Greek-Latin/UNGEGN"))
        let unknown = try cli.run(["transliterate", "Latin-Klingon"], stdin: Data("x".utf8))
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("icukit: error:") && unknown.stderr.contains("Latin-Klingon"))
        let badRules = try temporaryFile(Array("a > b;\nx > [y;\n".utf8))
        let bad = try cli.run(["transliterate", "--rules", badRules], stdin: Data("x".utf8))
        #expect(bad.status == 64 && bad.stderr.contains("line 2"))
        #expect(try cli.run(["transliterate"], stdin: Data()).status == 64)
        #expect(try cli.run(["transliterate", "--rules", "/nonexistent/rules"], stdin: Data()).status == 66)
    }

    @Test("chars: the contract's JSON line, ranges with surrogates and unassigned, --find, text format")
    func chars() throws {
        let e = try cli.run(["chars", "é", "--format", "json"])
        #expect(e.status == 0)
        #expect(e.stdout == """
            {"scalar":"U+00E9","name":"LATIN SMALL LETTER E WITH ACUTE","category":"Ll","script":"Latn","scriptExtensions":["Latn"],"block":"Latin_1_Supplement","age":"1.1","bidiClass":"L","eastAsianWidth":"A","combiningClass":0,"numericValue":null,"emoji":false,"emojiPresentation":false,"extendedPictographic":false}

            """)
        let range = try cli.run(["chars", "--range", "U+0377..U+0379", "--format", "json"])
        let lines = range.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let unassigned = try json(lines[1])
        #expect(unassigned["scalar"] as? String == "U+0378" && unassigned["name"] is NSNull)
        #expect(unassigned["category"] as? String == "Cn" && unassigned["script"] as? String == "Zzzz" && unassigned["age"] is NSNull)
        let surrogate = try json(try cli.run(["chars", "--range", "U+D800", "--format", "json"]).stdout.split(separator: "\n")[0])
        #expect(surrogate["category"] as? String == "Cs" && surrogate["name"] is NSNull)
        let cjk = try json(try cli.run(["chars", "一가½😀", "--format", "json"]).stdout.split(separator: "\n")[0])
        #expect(cjk["name"] as? String == "CJK UNIFIED IDEOGRAPH-4E00")
        let all = try cli.run(["chars", "一가½😀", "--format", "json"]).stdout.split(separator: "\n").map(json)
        #expect(all[1]["name"] as? String == "HANGUL SYLLABLE GA")
        #expect(all[2]["numericValue"] as? Double == 0.5)
        #expect(all[3]["emoji"] as? Bool == true && all[3]["emojiPresentation"] as? Bool == true && all[3]["extendedPictographic"] as? Bool == true)
        let found = try cli.run(["chars", "--find", "latin small letter sharp s", "--format", "json"])
        #expect(try json(found.stdout.split(separator: "\n")[0])["scalar"] as? String == "U+00DF")
        #expect(try cli.run(["chars", "--find", "NO SUCH CHARACTER"]).status == 64)
        #expect(try cli.run(["chars", "--range", "U+0041..U+0040"]).status == 64)
        #expect(try cli.run(["chars", "--range", "U+110000"]).status == 64)
        #expect(try cli.run(["chars", "A"]).stdout == "U+0041\tLu\tLatn\tLATIN CAPITAL LETTER A\n")
        #expect(try cli.run(["chars"], stdin: Data("ab".utf8)).stdout.split(separator: "\n").count == 2)
    }

    @Test("scripts: runs with UTF-8 offsets, resolved scripts, mixed-script flag, --jsonl")
    func scripts() throws {
        let result = try cli.run(["scripts", "--jsonl"], stdin: Data("\"Hello Мир\"\n\"Circle\"\n\"Сirсle\"\n\"日本のテレビ\"\n".utf8))
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == #"{"runs":[{"start":0,"end":6,"script":"Latn"},{"start":6,"end":12,"script":"Cyrl"}],"resolvedScripts":["Cyrl","Latn"],"mixedScript":true}"#)
        #expect(lines[1] == #"{"runs":[{"start":0,"end":6,"script":"Latn"}],"resolvedScripts":["Latn"],"mixedScript":false}"#)
        #expect(try json(lines[2])["mixedScript"] as? Bool == true)
        #expect(try json(lines[3])["resolvedScripts"] as? [String] == ["Jpan"])
        #expect(try cli.run(["scripts"], stdin: Data([0xFF])).status == 65)
    }
}
