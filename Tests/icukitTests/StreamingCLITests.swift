import Foundation
import Testing

/// The batch modes of the `icukit` binary: streaming JSON Lines (first result before the
/// input ends), `--jobs` keeping input order, `--on-error`, windowed whole documents.
@Suite("icukit streaming and batch modes")
struct StreamingCLITests {
    let cli = CLITests()

    func run(_ arguments: [String], input: String) throws -> CLITests.Result {
        try cli.run(arguments, input: input)
    }

    /// Runs with `input` in a temporary FILE (large inputs: `run` writes all of stdin
    /// before reading stdout, which a streaming command fills first).
    func run(_ arguments: [String], file input: String, environment: [String: String] = [:]) throws -> CLITests.Result {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icukit-streaming-\(UUID().uuidString)").path
        try Data(input.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try cli.run(arguments + [path], environment: environment)
    }

    /// Starts `icukit arguments` with stdin and stdout pipes; stdin stays open.
    func start(_ arguments: [String]) throws -> (Process, input: FileHandle, output: FileHandle) {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input.fileHandleForWriting, output.fileHandleForReading)
    }

    /// The first line of `handle`, or nil if none arrives within `seconds`.
    func firstLine(of handle: FileHandle, within seconds: Double) -> String? {
        let descriptor = handle.fileDescriptor
        var line: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, 100) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(descriptor, &byte, 1) == 1 else { return nil }
            if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return nil
    }

    @Test("--jobs and --on-error without --jsonl are refused (64) by every document command, before any output")
    func batchOptionsNeedJSONLines() throws {
        let commands: [[String]] = [
            ["segment", "--by", "word"], ["normalize", "--form", "nfc"], ["normalize", "--form", "nfc", "--check"],
            ["case", "--to", "upper"], ["language"], ["transliterate", "Any-Latin"], ["bidi"], ["search", "--all", "a"],
            ["spoof", "check"],
        ]
        for command in commands {
            for options in [["--jobs", "2"], ["--on-error", "skip"]] {
                let result = try run(command + options, input: "a text\n")
                #expect(result.status == 64, "\(command + options)")
                #expect(result.stdout.isEmpty, "\(command + options)")
                #expect(result.stderr.contains("apply to --jsonl input"), "\(command + options): \(result.stderr)")
            }
        }
    }

    @Test("--jsonl streams: the first result of an input that has not ended arrives at once", arguments: [1, 2])
    func firstResultBeforeEndOfInput(jobs: Int) throws {
        let (process, input, output) = try start(["segment", "--by", "word", "--format", "count", "--jsonl", "--jobs", "\(jobs)"])
        // One record, and the input left open: a reader that waits for end of file hangs here.
        input.write(Data("\"hello world\"\n".utf8))
        let line = firstLine(of: output, within: 20)
        try input.close()
        process.waitUntilExit()
        #expect(line == "3")
        #expect(process.terminationStatus == 0)
    }

    @Test("an endless input: the first line is read, the reader goes away, icukit exits 0")
    func endlessInput() throws {
        let (process, input, output) = try start(["segment", "--by", "word", "--format", "count", "--jsonl"])
        let writer = Thread {
            let block = Data(String(repeating: "\"hello world\"\n", count: 4096).utf8)
            // Writes until icukit is gone (EPIPE; SIGPIPE is ignored by the test process).
            signal(SIGPIPE, SIG_IGN)
            let descriptor = input.fileDescriptor
            while process.isRunning {
                let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 { break }
            }
        }
        writer.start()
        let line = firstLine(of: output, within: 20)
        #expect(line == "3")
        try output.close()  // the reader goes away, as `| head -1` does
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        #expect(!process.isRunning)
        if process.isRunning { process.terminate() } else { #expect(process.terminationStatus == 0) }
    }

    @Test("--jobs N writes the results in input order, the same bytes as --jobs 1")
    func jobsKeepOrder() throws {
        var input = ""
        var expected = ""
        for number in 0..<3000 {
            let words = (0...(number % 7)).map { "w\($0)" }.joined(separator: " ")
            input += "\"\(number) \(words)\"\n"
            expected += "\((number % 7) + 2)\n"
        }
        for jobs in ["1", "2", "4"] {
            let result = try run(["segment", "--by", "word", "--format", "count", "--words-only", "--jsonl", "--jobs", jobs], file: input)
            #expect(result.status == 0)
            #expect(result.stdout == expected, "--jobs \(jobs)")
        }
        let json1 = try run(["segment", "--by", "word", "--format", "json", "--jsonl", "--jobs", "1"], file: input)
        let json4 = try run(["segment", "--by", "word", "--format", "json", "--jsonl", "--jobs", "4"], file: input)
        #expect(json1.stdout == json4.stdout)
        #expect(json1.stdout.split(separator: "\n").count == 3000)
    }

    @Test("--on-error report writes {line,error} in place and goes on; skip drops and counts; fail stops", arguments: ["1", "3"])
    func onError(jobs: String) throws {
        let input = "\"a b\"\n42\n\n\"c\"\n\"\\ud800\"\n\"d e f\"\n"
        let report = try run(["segment", "--by", "word", "--format", "count", "--jsonl", "--on-error", "report", "--jobs", jobs], input: input)
        #expect(report.status == 0)
        #expect(report.stdout == """
            3
            {"line":2,"error":"line 2: expected one JSON string per line (--jsonl)"}
            1
            {"line":5,"error":"line 5: expected one JSON string per line (--jsonl)"}
            5

            """)
        let skip = try run(["segment", "--by", "word", "--format", "count", "--jsonl", "--on-error", "skip", "--jobs", jobs], input: input)
        #expect(skip.status == 0)
        #expect(skip.stdout == "3\n1\n5\n")
        #expect(skip.stderr == "icukit: skipped 2 records with errors (--on-error skip)\n")
        let fail = try run(["segment", "--by", "word", "--format", "count", "--jsonl", "--jobs", jobs], input: input)
        #expect(fail.status == 65)
        #expect(fail.stdout == "3\n")  // the results before the bad record
        #expect(fail.stderr == "icukit: error: line 2: expected one JSON string per line (--jsonl)\n")
        // Invalid UTF-8 is a record error too, with its offset in the stream.
        let invalid = try cli.run(["segment", "--by", "word", "--format", "count", "--jsonl", "--on-error", "report", "--jobs", jobs], stdin: Data(Array("\"a\"\n\"".utf8) + [0xFF] + Array("\"\n".utf8)))
        #expect(invalid.stdout == "1\n{\"line\":2,\"error\":\"invalid UTF-8 at byte offset 5 (use --lossy to replace it with U+FFFD)\"}\n")
        #expect(try run(["segment", "--by", "word", "--on-error", "skip"], input: "x").status == 64)
    }

    @Test("--jsonl decodes every JSON string escape; whitespace around the string is allowed")
    func jsonEscapes() throws {
        let input = #" "\u00e9\/\"\\\t\ud83d\ude00x" "# + "\n" + "\"caf\u{E9} \u{1F600}\"\r\n"
        let result = try run(["segment", "--by", "grapheme", "--format", "json", "--jsonl"], input: input)
        #expect(result.status == 0)
        // é / " \ TAB 😀 x  →  2+1+1+1+1+4+1 bytes
        #expect(result.stdout == "{\"boundaries\":[0,2,3,4,5,6,10,11]}\n{\"boundaries\":[0,1,2,3,5,6,10]}\n")
        for bad in [#""\x""#, #""\u12""#, #""a"b"#, #""\udc00""#, "[\"a\"]", "\"tab\there\""] {
            #expect(try run(["segment", "--by", "word", "--jsonl"], input: bad + "\n").status == 65, "\(bad)")
        }
    }

    @Test("bidi and search stream --jsonl too, with --on-error report")
    func otherCommands() throws {
        let search = try run(["search", "a", "--all", "--format", "json", "--jsonl", "--jobs", "2"], input: "\"banana\"\n\"xyz\"\n")
        #expect(search.stdout == "{\"matches\":[[1,2],[3,4],[5,6]]}\n{\"matches\":[]}\n")
        let bidi = try run(["bidi", "--format", "json", "--jsonl", "--on-error", "report"], input: "\"ab\"\nnope\n")
        #expect(bidi.stdout.hasPrefix("{\"direction\":\"ltr\""))
        #expect(bidi.stdout.hasSuffix("{\"line\":2,\"error\":\"line 2: expected one JSON string per line (--jsonl)\"}\n"))
    }

    @Test("one document larger than a window: count and text agree with the whole-document JSON")
    func windows() throws {
        let sentence = "The lighthouse keeper climbed 114 steps, twice a night; \u{0644}\u{0627} \u{0634}\u{064A}\u{0621}. "
        let text = String(repeating: sentence, count: 9 << 20 / sentence.utf8.count)  // about 9 MB, past two 4 MiB windows
        let json = try run(["segment", "--by", "word", "--format", "json"], file: text)
        let kinds = json.stdout.components(separatedBy: "\"kinds\":[")[1]
        let segments = kinds.split(separator: ",").count
        let wordLike = kinds.split(separator: ",").filter { !$0.hasPrefix("\"none\"") }.count
        #expect(try run(["segment", "--by", "word", "--format", "count"], file: text).stdout == "\(segments)\n")
        #expect(try run(["segment", "--by", "word", "--format", "count", "--words-only"], file: text).stdout == "\(wordLike)\n")
        let lines = try run(["segment", "--by", "word"], file: text).stdout
        #expect(lines.replacingOccurrences(of: "\n", with: "") == text)
    }

    @Test("one document as JSON, streamed in windows with its boundaries spilled to a temporary file, equals the whole-document answer")
    func windowedJSON() throws {
        let sentence = "Im Jahr 1871 baute man den Leuchtturm \u{2014} \u{0644}\u{0627} \u{0634}\u{064A}\u{0621}; \u{5317}\u{4EAC}\u{5E02}\u{3002} "
        let text = String(repeating: sentence, count: 5 << 20 / sentence.utf8.count)  // past the first 4 MiB window
        for unit in ["word", "grapheme"] {
            // A 4 KiB memory limit sends almost all of the boundaries and kinds through tmpfile.
            let streamed = try run(["segment", "--by", unit, "--format", "json"], file: text, environment: ["ICUKIT_SPILL_BYTES": "4096"])
            let whole = try run(["segment", "--by", unit, "--format", "json", "--jsonl"], file: "\"" + text + "\"\n")
            #expect(streamed.status == 0 && whole.status == 0)
            #expect(streamed.stdout.utf8.count > 1 << 20)
            #expect(streamed.stdout == whole.stdout, "\(unit)")
        }
        // Invalid UTF-8 past the first window: an error with its offset and no half-written object.
        var bytes = Array(text.utf8)
        bytes.insert(0xFF, at: 4_500_000 + (bytes[4_500_000...].firstIndex { $0 < 0x80 || $0 >= 0xC0 }! - 4_500_000))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icukit-streaming-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let failed = try cli.run(["segment", "--by", "word", "--format", "json", path], environment: ["ICUKIT_SPILL_BYTES": "4096"])
        #expect(failed.status == 65 && failed.stdout.isEmpty)
        #expect(failed.stderr.contains("invalid UTF-8 at byte offset \(bytes.firstIndex(of: 0xFF)!)"), "\(failed.stderr)")
    }

    @Test("sort splits lines on bytes: LF, CR LF, a lone CR kept, no final newline")
    func sortLines() throws {
        let result = try run(["sort", "--locale", "sv"], input: "ö\r\nz\na\rb\n\nä")
        #expect(result.stdout == "\na\rb\nz\nä\nö\n")
    }

    @Test("calendar convert: names remembered per era and month give what one date per process gives", arguments: ["hebrew", "chinese", "dangi", "japanese", "islamic-umalqura"])
    func calendarNameCache(calendar: String) throws {
        // Hebrew Adar (common year) and Adar I/II (leap years), Chinese leap months
        // (2020 leap 4th, 2023 leap 2nd), the Showa/Heisei and Heisei/Reiwa changes.
        let dates = ["2023-03-01", "2023-03-22", "2024-03-01", "2024-03-12", "2024-04-10", "2020-05-23", "2020-06-21",
                     "2023-04-10", "1989-01-07", "1989-01-08", "2019-04-30", "2019-05-01", "1900-01-01", "2100-12-31"]
        let together = try run(["calendar", "convert", "--to", calendar], input: dates.joined(separator: "\n") + "\n")
        #expect(together.status == 0)
        var separately = ""
        for date in dates { separately += try run(["calendar", "convert", "--to", calendar, date], input: "").stdout }
        #expect(together.stdout == separately)
        let text = try run(["calendar", "convert", "--to", calendar, "--format", "text"], input: dates.joined(separator: "\n") + "\n")
        var textSeparately = ""
        for date in dates { textSeparately += try run(["calendar", "convert", "--to", calendar, "--format", "text", date], input: "").stdout }
        #expect(text.stdout == textSeparately)
    }
}
