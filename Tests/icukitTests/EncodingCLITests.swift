import Foundation
import Testing

/// `icukit detect` and `icukit convert` end to end (ARCHITECTURE.md contract).
@Suite("icukit detect/convert")
struct EncodingCLITests {
    let cli = CLITests()

    func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "icukit-enc-\(UUID().uuidString).txt"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    // "Привет, мир! Как дела?" in windows-1251.
    let cp1251: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x2C, 0x20, 0xEC, 0xE8, 0xF0, 0x21, 0x20, 0xCA, 0xE0, 0xEA, 0x20, 0xE4, 0xE5, 0xEB, 0xE0, 0x3F]

    @Test("detect --format json: one line per file with the contract's keys")
    func detectJSON() throws {
        let file = try temporaryFile(cp1251)
        let utf8 = try temporaryFile(Array("naïve café".utf8))
        let result = try cli.run(["detect", "--format", "json", "--top", "2", file, utf8])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        #expect(first["file"] as? String == file)
        #expect(first["encoding"] as? String == "windows-1251")
        // Russian or a language that writes these words the same way (a short sample).
        #expect(["ru", "uk", "bg", "sr", "be", "mk"].contains(first["language"] as? String ?? "-"))
        #expect(first["bom"] as? Bool == false)
        #expect((first["confidence"] as? Double ?? 0) > 0.5)
        let candidates = first["candidates"] as! [[String: Any]]
        #expect(candidates.count == 2 && candidates[0]["encoding"] as? String == "windows-1251")
        #expect(Set(candidates[0].keys) == ["encoding", "confidence", "language"])
        let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as! [String: Any]
        #expect(second["encoding"] as? String == "UTF-8")
        let keys = "{\"file\":"
        #expect(result.stdout.hasPrefix(keys))
    }

    @Test("detect options: --allow, --declared, stdin; unknown names exit 64, missing files 66")
    func detectOptions() throws {
        let allowed = try cli.run(["detect", "--allow", "KOI8-R,ISO-8859-5", "--format", "json"], stdin: Data(cp1251))
        #expect(allowed.status == 0 && !allowed.stdout.contains("windows-1251"))
        #expect(allowed.stdout.contains("\"file\":\"-\""))
        let declared = try cli.run(["detect", "--declared", "ISO-8859-1"], stdin: Data("café".utf8.map { $0 }))
        #expect(declared.status == 0)
        let unknown = try cli.run(["detect", "--allow", "nonsense-enc"], stdin: Data(cp1251))
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("icukit: error:"))
        #expect(try cli.run(["detect", "/nonexistent/file.txt"]).status == 66)
        let text = try cli.run(["detect", "--top", "3"], stdin: Data(cp1251))
        #expect(text.status == 0 && text.stdout.hasPrefix("-: windows-1251"))
    }

    @Test("detect --jobs: the same lines in file order for 1, 2 and 3 jobs; a missing file stops the run after the files before it")
    func detectJobs() throws {
        // Real files of the evaluation set in several encodings, repeated past one batch.
        let directory = "/work/shared/data/encoding/dev"
        let samples: [String]
        if let languages = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            samples = languages.sorted().flatMap { language in
                ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + language)) ?? []).sorted().map { directory + "/" + language + "/" + $0 }
            }
        } else {
            samples = []
        }
        let made = try [cp1251, Array("naïve café".utf8), [0xFF, 0xFE, 0x41, 0x00], Array("日本語".utf8)].map(temporaryFile)
        let pool = Array(samples.prefix(20)) + made + made + made
        let files = Array(pool.prefix(30))
        let one = try cli.run(["detect", "--format", "json", "--jobs", "1"] + files)
        #expect(one.status == 0 && one.stdout.split(separator: "\n").count == files.count)
        for jobs in ["2", "3"] {
            let many = try cli.run(["detect", "--format", "json", "--jobs", jobs] + files)
            #expect(many.status == 0 && many.stdout == one.stdout, "--jobs \(jobs)")
        }
        let broken = try cli.run(["detect", "--jobs", "2"] + Array(files.prefix(11)) + ["/nonexistent/file.txt"] + Array(files.prefix(5)))
        #expect(broken.status == 66 && broken.stderr.contains("/nonexistent/file.txt"))
        #expect(broken.stdout.split(separator: "\n").count == 11)
        #expect(try cli.run(["detect", "--jobs", "0", files[0]]).status == 64)
    }

    @Test("convert: explicit and auto, round trip, strict offsets (65), lossy, unknown names (64)")
    func convert() throws {
        let decoded = try cli.run(["convert", "--from", "cp1251"], stdin: Data(cp1251))
        #expect(decoded.status == 0 && decoded.stdout == "Привет, мир! Как дела?")
        let auto = try cli.run(["convert"], stdin: Data(cp1251))
        #expect(auto.stdout == "Привет, мир! Как дела?")
        let back = try cli.run(["convert", "--from", "UTF-8", "--to", "KOI8-R"], input: "Привет")
        #expect(Array(back.stdout.utf8).isEmpty == false)
        let sjis = try cli.run(["convert", "--from", "UTF-8", "--to", "sjis"], input: "日本")
        #expect(sjis.status == 0)
        let invalid = try cli.run(["convert", "--from", "UTF-8"], stdin: Data([0x61, 0x62, 0x63, 0xFF, 0x64]))
        #expect(invalid.status == 65 && invalid.stderr.contains("byte offset 3"))
        let lossy = try cli.run(["convert", "--from", "UTF-8", "--lossy"], stdin: Data([0x61, 0xFF, 0x62]))
        #expect(lossy.status == 0 && lossy.stdout == "a\u{FFFD}b")
        let unencodable = try cli.run(["convert", "--from", "UTF-8", "--to", "latin1"], input: "a€")
        #expect(unencodable.status == 65 && unencodable.stderr.contains("byte offset 1"))
        #expect(try cli.run(["convert", "--from", "klingon"], input: "x").status == 64)
        #expect(try cli.run(["convert", "--to", "klingon"], input: "x").status == 64)
        #expect(try cli.run(["convert", "/nonexistent/file.txt"]).status == 66)
        let file = try temporaryFile(cp1251)
        #expect(try cli.run(["convert", "--from", "windows-1251", file]).stdout == "Привет, мир! Как дела?")
    }

    // "한국어는 대한민국의 공용어이다. 세종대왕이 1443년에 훈민정음을 창제하였다. 오늘은 날씨가 맑고 따뜻합니다." in Johab (105 bytes), which ICU lacks.
    let johab: [UInt8] = [
        0xD0, 0x65, 0x8A, 0x82, 0xB4, 0xE1, 0x93, 0x65, 0x20, 0x94, 0x81, 0xD0, 0x65, 0xA3, 0xA5, 0x8A,
        0x82, 0xB7, 0x81, 0x20, 0x89, 0xB7, 0xB6, 0x77, 0xB4, 0xE1, 0xB7, 0xA1, 0x94, 0x61, 0x2E, 0x20,
        0xAD, 0x41, 0xB9, 0xB7, 0x94, 0x81, 0xB5, 0xD7, 0xB7, 0xA1, 0x20, 0x31, 0x34, 0x34, 0x33, 0x91,
        0x65, 0xB5, 0x41, 0x20, 0xD2, 0x85, 0xA3, 0xA5, 0xB8, 0xF7, 0xB7, 0x71, 0xB7, 0x69, 0x20, 0xC0,
        0x77, 0xB9, 0x41, 0xD0, 0x61, 0xB5, 0x76, 0x94, 0x61, 0x2E, 0x20, 0xB5, 0xA1, 0x93, 0x69, 0xB7,
        0x65, 0x20, 0x90, 0x69, 0xB3, 0xA1, 0x88, 0x61, 0x20, 0xA0, 0x6A, 0x89, 0xA1, 0x20, 0x98, 0x61,
        0x9B, 0x75, 0xD0, 0x73, 0x93, 0xA1, 0x94, 0x61, 0x2E,
    ]
    // "中華民國是位於東亞的國家，首都為臺北市。臺灣的官方語言是國語。今天天氣很好，我們一起去公園散步吧。謝謝。" in EUC-TW (104 bytes).
    let eucTW: [UInt8] = [
        0xC4, 0xE3, 0xE1, 0xDE, 0xC6, 0xE1, 0xD9, 0xCF, 0xD1, 0xD2, 0xC8, 0xED, 0xCD, 0xF5, 0xCE, 0xA9,
        0xCB, 0xE9, 0xCE, 0xFB, 0xD9, 0xCF, 0xD5, 0xA5, 0xA1, 0xA2, 0xD3, 0xFB, 0xDD, 0xE7, 0xD2, 0xB3,
        0xEA, 0xD7, 0xC6, 0xA1, 0xC6, 0xCB, 0xA1, 0xA4, 0xEA, 0xD7, 0xFD, 0xA4, 0xCE, 0xFB, 0xCC, 0xFA,
        0xC5, 0xC9, 0xEB, 0xA3, 0xCB, 0xC6, 0xD1, 0xD2, 0xD9, 0xCF, 0xEB, 0xA3, 0xA1, 0xA4, 0xC4, 0xF4,
        0xC5, 0xB2, 0xC5, 0xB2, 0xD6, 0xB4, 0xD0, 0xFE, 0xC7, 0xEF, 0xA1, 0xA2, 0xCA, 0xBC, 0xD4, 0xAF,
        0xC4, 0xA1, 0xD8, 0xC4, 0xC6, 0xAA, 0xC4, 0xFC, 0xE3, 0xD0, 0xDF, 0xD7, 0xCA, 0xE3, 0xC9, 0xC3,
        0xA1, 0xA4, 0xF5, 0xCD, 0xF5, 0xCD, 0xA1, 0xA4,
    ]

    @Test("detect names Johab and EUC-TW in short texts; convert reads and writes Johab")
    func lastEncodings() throws {
        let files = try [johab, eucTW].map(temporaryFile)
        let result = try cli.run(["detect", "--format", "json"] + files)
        #expect(result.status == 0)
        let lines = try result.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        #expect(lines.count == 2)
        #expect(lines[0]["encoding"] as? String == "Johab" && lines[0]["language"] as? String == "ko")
        #expect(lines[1]["encoding"] as? String == "EUC-TW" && lines[1]["language"] as? String == "zh-Hant")
        let text = "한국어는 대한민국의 공용어이다. 세종대왕이 1443년에 훈민정음을 창제하였다. 오늘은 날씨가 맑고 따뜻합니다."
        #expect(try cli.run(["convert", "--from", "Johab"], stdin: Data(johab)).stdout == text)
        #expect(try cli.run(["convert"], stdin: Data(johab)).stdout == text)
        let roundTrip = try cli.run(["convert", "--from", "Johab", "--to", "Johab", files[0]])
        #expect(roundTrip.status == 0)
        #expect(try cli.run(["convert", "--from", "EUC-TW"], stdin: Data(eucTW)).stdout == "中華民國是位於東亞的國家，首都為臺北市。臺灣的官方語言是國語。今天天氣很好，我們一起去公園散步吧。謝謝。")
        let cut = try cli.run(["convert", "--from", "Johab"], stdin: Data(johab.prefix(5)))
        #expect(cut.status == 65 && cut.stderr.contains("byte offset 4"))
    }
}
