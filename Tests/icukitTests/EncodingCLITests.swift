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
}
