import Foundation
import Testing

/// End-to-end tests of the built `icukit` binary: the ARCHITECTURE.md contract
/// (JSON Lines, UTF-8 byte offsets, sysexits exit codes, `icukit: error:` on stderr).
@Suite("icukit CLI")
struct CLITests {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The `icukit` binary built next to this test bundle.
    static let binary: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("icukit")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/icukit")
    }()

    func run(_ arguments: [String], stdin: Data = Data(), environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // A command that stops before reading its input (a usage error) closes the pipe
        // first: the write then fails with EPIPE (SIGPIPE is ignored), which is no failure
        // of the test.
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: stdin)
        try? input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }

    func run(_ arguments: [String], input: String) throws -> Result {
        try run(arguments, stdin: Data(input.utf8))
    }

    @Test("json: boundaries with 0 and the end, kinds per segment, UTF-8 offsets")
    func json() throws {
        let words = try run(["segment", "--by", "word", "--format", "json"], input: "Hello world")
        #expect(words.status == 0)
        #expect(words.stdout == "{\"boundaries\":[0,5,6,11],\"kinds\":[\"letter\",\"none\",\"letter\"]}\n")
        let graphemes = try run(["segment", "--by", "grapheme", "--format", "json"], input: "é👩‍👩‍👧x")
        #expect(graphemes.stdout == "{\"boundaries\":[0,2,20,21]}\n")
        let lines = try run(["segment", "--by", "line", "--format", "json"], input: "a b\nc")
        #expect(lines.stdout == "{\"boundaries\":[0,2,4,5],\"kinds\":[\"soft\",\"hard\",\"soft\"]}\n")
        let sentences = try run(["segment", "--by", "sentence", "--format", "json", "--locale", "en@ss=standard"], input: "Mr. Li left. Bye\nX")
        #expect(sentences.stdout == "{\"boundaries\":[0,13,17,18],\"kinds\":[\"terminator\",\"separator\",\"separator\"]}\n")
        let thai = try run(["segment", "--by", "word", "--locale", "th", "--format", "json"], input: "สวัสดีครับ")
        #expect(thai.stdout == "{\"boundaries\":[0,18,30],\"kinds\":[\"letter\",\"letter\"]}\n")
    }

    @Test("--jsonl: one JSON string per line, one JSON object per document; CR LF inside strings")
    func jsonl() throws {
        let result = try run(["segment", "--by", "grapheme", "--format", "json", "--jsonl"], input: "\"a\\r\\nb\"\n\"\"\n\"🇯🇵🇫🇷\"\r\n")
        #expect(result.status == 0)
        #expect(result.stdout == "{\"boundaries\":[0,1,3,4]}\n{\"boundaries\":[0]}\n{\"boundaries\":[0,8,16]}\n")
        let bad = try run(["segment", "--by", "word", "--jsonl"], input: "\"ok\"\nnot json\n")
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("icukit: error: line 2"))
    }

    @Test("count and text formats, --words-only")
    func countAndText() throws {
        #expect(try run(["segment", "--by", "grapheme", "--format", "count"], input: "🇯🇵e\u{301}\r\n").stdout == "3\n")
        #expect(try run(["segment", "--by", "word", "--format", "count", "--words-only"], input: "One, two; 3!").stdout == "3\n")
        #expect(try run(["segment", "--by", "word", "--words-only"], input: "東京で日本語", ).stdout.isEmpty == false)
        #expect(try run(["segment", "--by", "word", "--words-only", "--locale", "ja"], input: "東京で日本語").stdout == "東京\nで\n日本語\n")
        #expect(try run(["segment", "--by", "sentence"], input: "One.\nTwo.").stdout == "One.\\n\nTwo.\n")
        #expect(try run(["segment", "--by", "word", "--format", "json"], input: "").stdout == "{\"boundaries\":[0],\"kinds\":[]}\n")
        #expect(try run(["segment", "--by", "word", "--format", "count"], input: "").stdout == "0\n")
    }

    @Test("invalid UTF-8 exits 65 with the byte offset; --lossy replaces it")
    func invalidUTF8() throws {
        let bad = try run(["segment", "--by", "word"], stdin: Data([0x61, 0x62, 0x63, 0xFF, 0x64]))
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("icukit: error: "))
        #expect(bad.stderr.contains("byte offset 3"))
        #expect(bad.stdout.isEmpty)
        let lossy = try run(["segment", "--by", "grapheme", "--format", "json", "--lossy"], stdin: Data([0x61, 0xFF, 0x62]))
        #expect(lossy.status == 0)
        #expect(lossy.stdout == "{\"boundaries\":[0,1,4,5]}\n")
    }

    @Test("files: FILE or -, a missing file exits 66")
    func files() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icukit-cli-\(getpid()).txt")
        try Data("Hello world".utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        #expect(try run(["segment", "--by", "word", "--format", "count", path.path]).stdout == "3\n")
        #expect(try run(["segment", "--by", "word", "--format", "count", "-"], input: "a b").stdout == "3\n")
        let missing = try run(["segment", "--by", "word", "/nonexistent/file.txt"])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("icukit: error: "))
    }

    @Test("usage errors exit 64: bad unit, malformed locale, unknown locale under --strict")
    func usage() throws {
        let badUnit = try run(["segment", "--by", "paragraph"], input: "x")
        #expect(badUnit.status == 64)
        #expect(badUnit.stderr.hasPrefix("icukit: error: "))
        #expect(try run(["segment"], input: "x").status == 64)
        #expect(try run(["segment", "--by", "word", "--locale", "!!"], input: "x").status == 64)
        let strict = try run(["segment", "--by", "word", "--locale", "xx", "--strict"], input: "x")
        #expect(strict.status == 64)
        #expect(strict.stderr.contains("unknown locale"))
        #expect(try run(["segment", "--by", "word", "--locale", "xx"], input: "x").status == 0)
        #expect(try run(["no-such-command"]).status == 64)
    }

    @Test("--version: ICUKit's version, and the ICU and Unicode versions the binary runs on (as icuinfo reports them)")
    func version() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let pattern = /icukit (\d+\.\d+\.\d+) \(ICU (\d+\.\d+(?:\.\d+)*), Unicode (\d+\.\d+(?:\.\d+)*)\)\n/
        let match = try #require(result.stdout.wholeMatch(of: pattern))
        // The icuinfo of the ICU under test: Scripts/test.sh --icu puts its bin/ first on PATH.
        let icuinfo = URL(fileURLWithPath: ((ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/icuinfo" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }) ?? "/usr/bin/icuinfo")
        if FileManager.default.isExecutableFile(atPath: icuinfo.path) {
            let process = Process()
            process.executableURL = icuinfo
            let output = Pipe()
            process.standardOutput = output
            process.standardError = Pipe()
            try process.run()
            let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(report.contains("<param name=\"version\">\(match.2)</param>"))
            #expect(report.contains("<param name=\"version.unicode\">\(match.3)</param>"))
        }
        #expect(try run(["segment", "--version"]).stdout == result.stdout)
    }

    @Test("shared options: --locale, --strict, --format, --jsonl and --lossy have one help text wherever they appear")
    func sharedOptions() throws {
        let shared = ["--locale <locale>", "--strict", "--format <format>", "--jsonl", "--lossy"]
        let commands = [["segment"], ["sort"], ["compare"], ["search"], ["bidi", "analyze"], ["detect"], ["convert"],
                        ["format", "date"], ["format", "number"], ["format", "relative"], ["locale", "info"], ["calendar", "convert"]]
        var texts: [String: Set<String>] = [:]
        var uses: [String: Int] = [:]
        for command in commands {
            for (option, text) in Self.optionHelps(try run(command + ["--help"]).stdout) where shared.contains(option) {
                // The text before the "(values: …; default: …)" the help appends, which differs.
                texts[option, default: []].insert(text.components(separatedBy: " (values:")[0])
                uses[option, default: 0] += 1
            }
        }
        for option in shared {
            #expect(texts[option]?.count == 1, "\(option): \(texts[option]?.sorted() ?? [])")
        }
        #expect(uses == ["--locale <locale>": 7, "--strict": 8, "--format <format>": 9, "--jsonl": 3, "--lossy": 6])
    }

    /// The options of a `--help` text and their help, continuation lines joined.
    static func optionHelps(_ help: String) -> [String: String] {
        var result: [String: String] = [:]
        var current: String?
        for line in help.split(separator: "\n") {
            if line.hasPrefix("  -"), line.count > 26 {
                let option = line.prefix(26).trimmingCharacters(in: .whitespaces)
                result[option] = String(line.dropFirst(26))
                current = option
            } else if let option = current, line.hasPrefix(String(repeating: " ", count: 26)) {
                result[option]! += " " + line.dropFirst(26)
            } else {
                current = nil
            }
        }
        return result
    }

    @Test("tour runs and covers every sample script")
    func tour() throws {
        let result = try run(["tour"])
        #expect(result.status == 0)
        for needle in ["Graphemes", "Thai", "Japanese", "Chinese", "Arabic", "Hebrew", "नमस्ते", "👩‍👩‍👧‍👦", "🇯🇵", "en@ss=standard"] {
            #expect(result.stdout.contains(needle), "\(needle)")
        }
        #expect(try run(["--help"]).status == 0)
    }
}

@Suite("icukit bidi")
struct BidiCLITests {
    let cli = CLITests()

    @Test("json per paragraph: direction, level, levels per scalar, visual order, runs in document offsets")
    func json() throws {
        let result = try cli.run(["bidi", "--format", "json"], input: "abc שלום\nمرحبا x")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0] == "{\"direction\":\"ltr\",\"paragraphLevel\":0,\"levels\":[0,0,0,0,1,1,1,1,0],\"visualOrder\":[0,1,2,3,7,6,5,4,8],\"runs\":[{\"start\":0,\"end\":4,\"direction\":\"ltr\",\"level\":0},{\"start\":4,\"end\":12,\"direction\":\"rtl\",\"level\":1},{\"start\":12,\"end\":13,\"direction\":\"ltr\",\"level\":0}]}")
        #expect(lines[1].hasPrefix("{\"direction\":\"rtl\",\"paragraphLevel\":1,\"levels\":[1,1,1,1,1,1,2]"))
        #expect(lines[1].contains("{\"start\":24,\"end\":25,\"direction\":\"ltr\",\"level\":2}"))
        let forced = try cli.run(["bidi", "--format", "json", "--direction", "rtl"], input: "abc")
        #expect(forced.stdout.hasPrefix("{\"direction\":\"rtl\",\"paragraphLevel\":1,\"levels\":[2,2,2]"))
        // Explicit formatting characters are listed too, with the levels ICU gives them.
        let controls = try cli.run(["bidi", "--format", "json"], input: "a\u{202B}b\u{202C}")
        #expect(controls.stdout.contains("\"levels\":[0,2,2,0],\"visualOrder\":[0,1,2,3]"))
    }

    @Test("visual output for a terminal; --jsonl documents; errors")
    func visual() throws {
        #expect(try cli.run(["bidi", "--format", "visual"], input: "abc שלום (x)\n").stdout == "abc םולש (x)\n")
        #expect(try cli.run(["bidi", "--format", "visual"], input: "abc (שלום)\n").stdout == "abc (םולש)\n")
        #expect(try cli.run(["bidi", "--format", "visual"], input: "مرحبا world").stdout == "world ابحرم\n")
        let jsonl = try cli.run(["bidi", "--format", "json", "--jsonl"], input: "\"אב\"\n\"ab\"\n")
        #expect(jsonl.stdout.split(separator: "\n").count == 2)
        #expect(try cli.run(["bidi"], stdin: Data([0xFE])).status == 65)
        #expect(try cli.run(["bidi", "--direction", "up"], input: "x").status == 64)
        #expect(try cli.run(["bidi", "/no/such/file"]).status == 66)
    }

    @Test("isolate: FSI…PDI around each argument")
    func isolate() throws {
        let result = try cli.run(["bidi", "isolate", "%@ has the highest score: %d", "سارة", "12"])
        #expect(result.status == 0)
        #expect(result.stdout == "\u{2068}سارة\u{2069} has the highest score: \u{2068}12\u{2069}\n")
        #expect(try cli.run(["bidi", "isolate", "--mark", "%@ wins", "سارة"]).stdout.hasPrefix("\u{200E}"))
        let missing = try cli.run(["bidi", "isolate", "%@ %@", "x"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "icukit: error: the template needs argument 2\n")
    }
}

@Suite("icukit sort, compare, search")
struct CollationCLITests {
    let cli = CLITests()

    @Test("sort: locale order, CRLF and a last line without newline, flags")
    func sort() throws {
        #expect(try cli.run(["sort", "--locale", "da"], input: "Zagreb\r\nÆrø\nAarhus\nzebra").stdout == "Zagreb\nzebra\nÆrø\nAarhus\n")
        #expect(try cli.run(["sort", "--locale", "sv"], input: "ö\nz\nä\nå\n").stdout == "z\nå\nä\nö\n")
        #expect(try cli.run(["sort", "--locale", "de-u-co-phonebk"], input: "Azur\nAffe\nÄpfel\n").stdout == "Äpfel\nAffe\nAzur\n")
        #expect(try cli.run(["sort", "--numeric"], input: "file10\nfile2\nfile1\n").stdout == "file1\nfile2\nfile10\n")
        #expect(try cli.run(["sort", "--standard"], input: "file10\nFile2\néclair\nEclair\n").stdout == "Eclair\néclair\nFile2\nfile10\n")
        #expect(try cli.run(["sort", "--reverse"], input: "a\nc\nb\n").stdout == "c\nb\na\n")
        #expect(try cli.run(["sort", "--unique", "--strength", "secondary"], input: "a\nA\nb\n").stdout == "a\nb\n")
        #expect(try cli.run(["sort", "--case-first", "upper"], input: "a\nA\n").stdout == "A\na\n")
        #expect(try cli.run(["sort", "--ignore-punctuation", "--strength", "tertiary"], input: "de-luge\ndelta\ndeluge\n").stdout.hasPrefix("de-luge\ndeluge\n") == false)
        #expect(try cli.run(["sort"], input: "").stdout == "")
        let bad = try cli.run(["sort"], stdin: Data([0x61, 0x0A, 0xC3]))
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("byte offset 2"))
        #expect(try cli.run(["sort", "--standard", "--numeric"], input: "a").status == 64)
        #expect(try cli.run(["sort", "--strength", "loud"], input: "a").status == 64)
        #expect(try cli.run(["sort", "--locale", "xx", "--strict"], input: "a").status == 64)
        #expect(try cli.run(["sort", "/no/such/file"]).status == 66)
    }

    @Test("compare prints -1, 0 or 1")
    func compare() throws {
        #expect(try cli.run(["compare", "--locale", "sv", "ä", "z"]).stdout == "1\n")
        #expect(try cli.run(["compare", "ä", "z"]).stdout == "-1\n")
        #expect(try cli.run(["compare", "--strength", "primary", "Côte", "cote"]).stdout == "0\n")
        #expect(try cli.run(["compare", "--standard", "file2", "file10"]).stdout == "-1\n")
    }

    @Test("search: json matches with UTF-8 offsets, first/last/all, anchored, locale")
    func search() throws {
        let text = "Le Café, CAFE, cafe"
        #expect(try cli.run(["search", "cafe", "--case-insensitive", "--diacritic-insensitive", "--all", "--format", "json"], input: text).stdout
            == "{\"matches\":[[3,8],[10,14],[16,20]]}\n")
        #expect(try cli.run(["search", "cafe", "--case-insensitive", "--diacritic-insensitive", "--format", "json"], input: text).stdout == "{\"matches\":[[3,8]]}\n")
        #expect(try cli.run(["search", "cafe", "--case-insensitive", "--diacritic-insensitive", "--backwards", "--format", "json"], input: text).stdout == "{\"matches\":[[16,20]]}\n")
        #expect(try cli.run(["search", "cafe", "--format", "json"], input: text).stdout == "{\"matches\":[[16,20]]}\n")
        #expect(try cli.run(["search", "le", "--anchored", "--case-insensitive", "--format", "json"], input: text).stdout == "{\"matches\":[[0,2]]}\n")
        #expect(try cli.run(["search", "cafe", "--anchored", "--format", "json"], input: text).stdout == "{\"matches\":[]}\n")
        #expect(try cli.run(["search", "ı", "--locale", "tr", "--case-insensitive", "--all", "--format", "json"], input: "IŞIK").stdout == "{\"matches\":[[0,1],[3,4]]}\n")
        #expect(try cli.run(["search", "café", "--all"], input: "un café").stdout == "3\t8\tcafé\n")
        #expect(try cli.run(["search", "x", "--format", "json", "--jsonl"], input: "\"x\"\n\"y\"\n").stdout == "{\"matches\":[[0,1]]}\n{\"matches\":[]}\n")
        #expect(try cli.run(["search", "x"], stdin: Data([0xFF])).status == 65)
        // The last match is ICU's (`usearch_last`: "aa" in "aaa" at 1), not the last of the
        // forward matches; anchored at the end it is found; --all keeps text order.
        #expect(try cli.run(["search", "aa", "--backwards", "--format", "json"], input: "aaa").stdout == "{\"matches\":[[1,3]]}\n")
        #expect(try cli.run(["search", "aa", "--backwards", "--anchored", "--format", "json"], input: "aaa").stdout == "{\"matches\":[[1,3]]}\n")
        #expect(try cli.run(["search", "aa", "--format", "json"], input: "aaa").stdout == "{\"matches\":[[0,2]]}\n")
        #expect(try cli.run(["search", "aa", "--all", "--format", "json"], input: "aaa").stdout == "{\"matches\":[[0,2]]}\n")
    }
}
