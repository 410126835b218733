import Foundation
import Testing

/// `icukit language` end to end (ARCHITECTURE.md contract).
@Suite("icukit language")
struct LanguageCLITests {
    let cli = CLITests()

    @Test("text: the language code; und when undetermined")
    func text() throws {
        let french = try cli.run(["language"], input: "Tous les êtres humains naissent libres et égaux en dignité et en droits.")
        #expect(french.status == 0 && french.stdout == "fr\n")
        let none = try cli.run(["language"], input: "1234 !!")
        #expect(none.status == 0 && none.stdout == "und\n")
    }

    @Test("json: language, confidence, hypotheses in contract order")
    func json() throws {
        let result = try cli.run(["language", "--format", "json", "--top", "2"], input: "Alle Menschen sind frei und gleich an Würde und Rechten geboren.")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("{\"language\":\"de\",\"confidence\":"))
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let hypotheses = object["hypotheses"] as! [[String: Any]]
        #expect(hypotheses.count == 2 && hypotheses[0]["language"] as? String == "de")
        #expect(Set(hypotheses[0].keys) == ["language", "confidence"])
        let confidence = object["confidence"] as! Double
        #expect(confidence > 0.5 && confidence <= 1)
        let none = try cli.run(["language", "--format", "json"], input: "42")
        #expect(none.stdout == "{\"language\":null,\"confidence\":0,\"hypotheses\":[]}\n")
    }

    @Test("--jsonl: one output line per input line")
    func jsonl() throws {
        let input = "\"Добрый день, как дела?\"\n\"Buenos días, ¿cómo estás?\"\n\"...\"\n"
        let result = try cli.run(["language", "--jsonl"], input: input)
        #expect(result.status == 0 && result.stdout == "ru\nes\nund\n")
    }

    @Test("--runs: UTF-8 offsets of each language run")
    func runs() throws {
        let german = "Alle Menschen sind frei und gleich an Würde und Rechten geboren. "
        let english = "All human beings are born free and equal in dignity and rights."
        let result = try cli.run(["language", "--runs", "--format", "json"], input: german + english)
        let g = german.utf8.count, e = english.utf8.count
        #expect(result.stdout == "{\"runs\":[{\"start\":0,\"end\":\(g),\"language\":\"de\"},{\"start\":\(g),\"end\":\(g + e),\"language\":\"en\"}]}\n")
        let text = try cli.run(["language", "--runs"], input: german + english)
        #expect(text.stdout == "0 \(g) de\n\(g) \(g + e) en\n")
    }

    @Test("--hints and --constraints; bad values exit 64, bad bytes 65, missing files 66")
    func options() throws {
        let constrained = try cli.run(["language", "--constraints", "da,nb", "--format", "json", "--top", "5"],
                                      input: "Alla människor är födda fria och lika i värde och rättigheter.")
        let object = try JSONSerialization.jsonObject(with: Data(constrained.stdout.utf8)) as! [String: Any]
        for h in object["hypotheses"] as! [[String: Any]] { #expect(["da", "nb"].contains(h["language"] as! String)) }
        let hinted = try cli.run(["language", "--hints", "da=0.9,nb=0.05"], input: "Alle mennesker er født frie")
        #expect(hinted.status == 0 && hinted.stdout == "da\n")
        #expect(try cli.run(["language", "--constraints", "xx"], input: "a").status == 64)
        #expect(try cli.run(["language", "--hints", "fr"], input: "a").status == 64)
        #expect(try cli.run(["language", "--hints", "fr=3"], input: "a").status == 64)
        let bad = try cli.run(["language"], stdin: Data([0x61, 0xFF]))
        #expect(bad.status == 65 && bad.stderr.contains("byte offset 1"))
        #expect(try cli.run(["language", "/nonexistent/file"]).status == 66)
    }
}
