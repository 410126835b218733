import Foundation
import Testing

/// `icukit spoof skeleton|confusable|check|index` end to end (ARCHITECTURE.md contract).
/// The expected lines are ICU 72's answers (checked against PyICU's `SpoofChecker` with
/// `Scripts/spoof-oracle.py`); none depends on data that changed in Unicode 16.
@Suite("icukit spoof")
struct SpoofCLITests {
    let cli = CLITests()

    func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "icukit-spoof-\(UUID().uuidString).txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("skeleton: TEXT…, FILE lines, stdin, --jsonl; invalid UTF-8 exits 65 with the offset")
    func skeleton() throws {
        let texts = try cli.run(["spoof", "skeleton", "раураl", "ｇｏｏｇｌｅ"])
        #expect(texts.status == 0)
        #expect(texts.stdout == "{\"text\":\"раураl\",\"skeleton\":\"paypal\"}\n{\"text\":\"ｇｏｏｇｌｅ\",\"skeleton\":\"google\"}\n")
        let file = try temporaryFile(Array("ѕсоре\r\n\nm\n".utf8))
        #expect(try cli.run(["spoof", "skeleton", file]).stdout == "{\"text\":\"ѕсоре\",\"skeleton\":\"scope\"}\n{\"text\":\"m\",\"skeleton\":\"rn\"}\n")
        #expect(try cli.run(["spoof", "skeleton", "-"], input: "m\n").stdout == "{\"text\":\"m\",\"skeleton\":\"rn\"}\n")
        #expect(try cli.run(["spoof", "skeleton"], input: "m").stdout == "{\"text\":\"m\",\"skeleton\":\"rn\"}\n")
        let jsonl = try cli.run(["spoof", "skeleton", "--jsonl"], input: "\"a\\nb\"\n\n\"m\"\n")
        #expect(jsonl.stdout == "{\"text\":\"a\\nb\",\"skeleton\":\"a\\nb\"}\n{\"text\":\"m\",\"skeleton\":\"rn\"}\n")
        let bad = try cli.run(["spoof", "skeleton"], stdin: Data([0x61, 0x0A, 0x62, 0xFF]))
        #expect(bad.status == 65 && bad.stderr.contains("byte offset 3"))
        let badJSONL = try cli.run(["spoof", "skeleton", "--jsonl"], stdin: Data("\"a\"\n\"".utf8 + [0xC3] + Data("\"\n".utf8)))
        #expect(badJSONL.status == 65 && badJSONL.stderr.contains("byte offset 5"))
        #expect(try cli.run(["spoof", "skeleton", "--jsonl", "a", "b"]).status == 64)
        #expect(try cli.run(["spoof", "skeleton", "/nonexistent/dir/"]).stdout.contains("/nonexistent/dir/"))  // not a file: a TEXT
    }

    @Test("confusable: kinds singleScript, mixedScript, wholeScript")
    func confusable() throws {
        #expect(try cli.run(["spoof", "confusable", "paypal", "раураl"]).stdout == "{\"confusable\":true,\"kinds\":[\"mixedScript\"]}\n")
        #expect(try cli.run(["spoof", "confusable", "scope", "ѕсоре"]).stdout == "{\"confusable\":true,\"kinds\":[\"mixedScript\",\"wholeScript\"]}\n")
        #expect(try cli.run(["spoof", "confusable", "rn", "m"]).stdout == "{\"confusable\":true,\"kinds\":[\"singleScript\"]}\n")
        let no = try cli.run(["spoof", "confusable", "cat", "dog"])
        #expect(no.status == 0 && no.stdout == "{\"confusable\":false,\"kinds\":[]}\n")
        #expect(try cli.run(["spoof", "confusable", "only-one"]).status == 64)
    }

    @Test("check: failures, restriction level, scripts; --restriction-level and --allowed-locales")
    func check() throws {
        let result = try cli.run(["spoof", "check", "pаypal", "paypal", "abc日本語カタカナ", "a1২", "a\u{301}\u{301}"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"text":"pаypal","passed":false,"failures":["restrictionLevel"],"restrictionLevel":"minimally-restrictive","scripts":["Cyrl","Latn"]}
            {"text":"paypal","passed":true,"failures":[],"restrictionLevel":"ascii","scripts":["Latn"]}
            {"text":"abc日本語カタカナ","passed":true,"failures":[],"restrictionLevel":"highly-restrictive","scripts":["Hani","Kana","Latn"]}
            {"text":"a1২","passed":false,"failures":["restrictionLevel","mixedNumbers"],"restrictionLevel":"moderately-restrictive","scripts":["Beng","Latn"]}
            {"text":"á́","passed":false,"failures":["invisible"],"restrictionLevel":"single-script","scripts":["Latn"]}

            """)
        let single = try cli.run(["spoof", "check", "--restriction-level", "single-script", "abc日本語"])
        #expect(single.stdout.contains("\"passed\":false,\"failures\":[\"restrictionLevel\"],\"restrictionLevel\":\"highly-restrictive\""))
        let loose = try cli.run(["spoof", "check", "--restriction-level", "minimally-restrictive", "abcабв"])
        #expect(loose.stdout.contains("\"passed\":true"))
        let locales = try cli.run(["spoof", "check", "--allowed-locales", "en,ru", "привет", "Ελληνικά"])
        #expect(locales.stdout == """
            {"text":"привет","passed":true,"failures":[],"restrictionLevel":"single-script","scripts":["Cyrl"]}
            {"text":"Ελληνικά","passed":false,"failures":["restrictionLevel","allowedCharacters"],"restrictionLevel":"unrestricted","scripts":["Grek"]}

            """)
        #expect(try cli.run(["spoof", "check", "--allowed-locales", "xx", "a"]).status == 64)
        #expect(try cli.run(["spoof", "check", "--allowed-locales", "", "a"]).status == 64)
        #expect(try cli.run(["spoof", "check", "--restriction-level", "loose", "a"]).status == 64)
        #expect(try cli.run(["spoof", "check", "--jsonl"], input: "\"pаypal\"\n").stdout.contains("\"scripts\":[\"Cyrl\",\"Latn\"]"))
    }

    @Test("the tour has a spoof-checking part")
    func tour() throws {
        let tour = try cli.run(["tour"])
        #expect(tour.status == 0 && tour.stdout.contains("раураl → skeleton paypal; confusable with paypal: mixedScript"))
    }

    @Test("index: existing names by skeleton; the candidate itself; bad names file")
    func index() throws {
        let names = try temporaryFile(Array("paypal\nalice\n\nscope\nl1\nIl\n".utf8))
        let result = try cli.run(["spoof", "index", "--existing", names], input: "раураl\nѕсоре\nbob\nalice\n11\n")
        #expect(result.status == 0)
        #expect(result.stdout == """
            {"text":"раураl","confusableWith":["paypal"]}
            {"text":"ѕсоре","confusableWith":["scope"]}
            {"text":"bob","confusableWith":[]}
            {"text":"alice","confusableWith":["alice"]}
            {"text":"11","confusableWith":["l1","Il"]}

            """)
        #expect(try cli.run(["spoof", "index", "--existing", names, "раураl"]).stdout == "{\"text\":\"раураl\",\"confusableWith\":[\"paypal\"]}\n")
        let badNames = try temporaryFile([0x61, 0x0A, 0xFE])
        let bad = try cli.run(["spoof", "index", "--existing", badNames, "a"])
        #expect(bad.status == 65 && bad.stderr.contains("byte offset 2"))
        #expect(try cli.run(["spoof", "index", "--existing", "/nonexistent/names", "a"]).status == 66)
        #expect(try cli.run(["spoof", "index", "a"]).status == 64)
    }
}
