import Foundation
import Testing

/// Issue 17's bad-input table (ARCHITECTURE.md, "Bad input"): one test per row. Each
/// row is a subcommand (or a family of them) and checks every kind of outside input that
/// can reach it: empty input, invalid UTF-8, NUL bytes, JSON Lines with lone surrogates or
/// malformed lines, a line of 100 MB, input streamed past a buffer, unknown identifiers,
/// out-of-range and negative values, devices/FIFOs/directories as FILE, and an output
/// that is full or goes away.
@Suite("Bad input table")
struct BadInputTests {
    let cli = CLITests()
    let io = IOCLITests()

    /// A temporary file holding `bytes`, removed by the caller.
    static func file(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("icukit-bad-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A command that reads FILE or stdin.
    struct Reader: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        /// Reads text (invalid UTF-8 is an error); `detect` reads bytes of any encoding.
        var decodesUTF8 = true
        /// Takes `--jsonl` (one JSON string per line).
        var jsonLines = true
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let readers: [Reader] = [
        Reader(arguments: ["segment", "--by", "word", "--format", "json"]),
        Reader(arguments: ["sort"], jsonLines: false),
        Reader(arguments: ["search", "b", "--all"]),
        Reader(arguments: ["bidi", "--format", "json"]),
        Reader(arguments: ["detect"], decodesUTF8: false, jsonLines: false),
        Reader(arguments: ["convert", "--from", "UTF-8", "--to", "UTF-16LE"], jsonLines: false),
        Reader(arguments: ["normalize", "--form", "nfkc"]),
        Reader(arguments: ["case", "--to", "upper"]),
        Reader(arguments: ["transliterate", "Any-Latin; Latin-ASCII"]),
        Reader(arguments: ["scripts"]),
        Reader(arguments: ["spoof", "check"]),
        Reader(arguments: ["language", "--format", "json"]),
    ]

    /// Rows "segment", "sort", "search", "bidi analyze", "detect", "convert" and the text
    /// transforms ("normalize, case, transliterate, scripts, spoof check, language").
    @Test("A reading command: empty, invalid UTF-8, NUL, JSONL, directory, /dev/stdin, full and closed output", arguments: readers)
    func reader(_ reader: Reader) throws {
        let args = reader.arguments
        // Empty input: success, no message.
        let empty = try Self.file([])
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let none = try cli.run(args + [empty])
        #expect(none.status == 0 && none.stderr.isEmpty, "\(none.stderr)")

        // Invalid UTF-8: exit 65 with the byte offset (detect: bytes are its input).
        let invalid = try Self.file(Array("ab c".utf8) + [0xFF] + Array(" d".utf8))
        defer { try? FileManager.default.removeItem(atPath: invalid) }
        let bad = try cli.run(args + [invalid])
        if reader.decodesUTF8 {
            #expect(bad.status == 65)
            #expect(bad.stderr.contains("at byte offset 4"), "\(bad.stderr)")
            #expect(bad.stderr.hasPrefix("icukit: error: "))
        } else {
            #expect(bad.status == 0, "\(bad.stderr)")
        }

        // NUL bytes are text like any other: success, and they reach the output.
        let nul = try Self.file(Array("a\u{0}b c\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: nul) }
        let zero = try cli.run(args + [nul])
        #expect(zero.status == 0 && zero.stderr.isEmpty, "\(zero.stderr)")

        // JSON Lines: a lone surrogate escape and a malformed line are data errors that
        // name their line.
        if reader.jsonLines {
            let surrogate = try cli.run(args + ["--jsonl"], input: "\"fine\"\n\"\\ud800\"\n")
            #expect(surrogate.status == 65)
            #expect(surrogate.stderr.hasPrefix("icukit: error: line 2:"), "\(surrogate.stderr)")
            let malformed = try cli.run(args + ["--jsonl"], input: "\"a\"\n\n\"b\"\n{oops\n")
            #expect(malformed.status == 65)
            #expect(malformed.stderr.hasPrefix("icukit: error: line 4:"), "\(malformed.stderr)")
        }

        // A directory: exit 66. /dev/stdin: read like a file.
        let directory = FileManager.default.temporaryDirectory.path
        let dir = try cli.run(args + [directory])
        #expect(dir.status == 66)
        #expect(dir.stderr == "icukit: error: \(directory): is a directory\n")
        let viaStdin = try cli.run(args + ["/dev/stdin"], input: "a b")
        let viaFile = try cli.run(args + [try Self.file(Array("a b".utf8))])
        #expect(viaStdin.status == 0)
        if args[0] != "detect" { #expect(viaStdin.stdout == viaFile.stdout) }

        // Output: /dev/full exits 74 with one message; a reader that goes away is quiet.
        let big = try Self.file(Array(String(repeating: "a b ", count: 300_000).utf8))  // 1.2 MB: more than a pipe holds
        defer { try? FileManager.default.removeItem(atPath: big) }
        let full = try io.run(args + [big], output: try #require(FileHandle(forWritingAtPath: "/dev/full")))
        if args[0] == "detect" || args[0] == "search" {
            // One short line (or none) of output: the error still surfaces at the final flush.
            #expect(full.status == 74 || full.status == 0)
        } else {
            #expect(full.status == 74)
            #expect(full.stderr == "icukit: error: cannot write to standard output: No space left on device\n")
        }
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let gone = try io.run(args + [big], output: pipe.fileHandleForWriting)
        #expect(gone.status == 0 && gone.stderr.isEmpty, "\(gone.stderr)")
    }

    /// Row "normalize, case, transliterate, …": transliteration rules that grow a text past
    /// 256 times its length plus 65,536 UTF-16 units exit 65 (data) at once; a back-reference
    /// beyond the rules' segments is a usage error (64) that names its line; a 4 MB line
    /// transliterates in linear time.
    @Test("transliterate: growing rules, impossible segment references, a long line")
    func transliterationLimits() throws {
        let growing = try Self.file(Array(Array(repeating: "a > |aa;", count: 6).joined(separator: " ::Null; ").utf8))
        defer { try? FileManager.default.removeItem(atPath: growing) }
        let grown = try cli.run(["transliterate", "--rules", growing], input: "aaaa")
        #expect(grown.status == 65)
        #expect(grown.stderr == "icukit: error: the transliteration would grow the text past 66560 UTF-16 code units (256 times the input plus 65536)\n", "\(grown.stderr)")
        #expect(grown.stdout.isEmpty)
        let reference = try Self.file(Array("x > y;\n(a) > $444444444;\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: reference) }
        let refused = try cli.run(["transliterate", "--rules", reference], input: "a")
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("icukit: error: invalid transliteration rules on line 2"), "\(refused.stderr)")
        let line = try Self.file(Array(String(repeating: "Съешь же ещё этих мягких французских булок. ", count: 50_000).utf8))
        defer { try? FileManager.default.removeItem(atPath: line) }
        let start = ContinuousClock.now
        let latin = try cli.run(["transliterate", "Cyrillic-Latin", line])
        #expect(latin.status == 0 && latin.stdout.hasPrefix("Sʺešʹ že eŝë étih"))
        #expect(ContinuousClock.now - start < .seconds(20), "a 4 MB line took \(ContinuousClock.now - start)")
    }

    /// Row "a line of 100 MB": one line of 100 MB through the commands that hold it in
    /// bounded time (segment, detect, convert); see ARCHITECTURE.md for the others' figures.
    @Test("A line of 100 MB")
    func hundredMegabyteLine() throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000_000)
        bytes.append(UInt8(ascii: "\n"))
        let path = try Self.file(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let count = try cli.run(["segment", "--by", "line", "--format", "json", path])
        #expect(count.stdout == "{\"boundaries\":[0,100000001],\"kinds\":[\"hard\"]}\n")
        let detect = try cli.run(["detect", path])
        #expect(detect.status == 0)
        #expect(detect.stdout.contains("UTF-8") || detect.stdout.contains("ASCII"), "\(detect.stdout)")
        let converted = try cli.run(["convert", "--from", "UTF-8", "--to", "UTF-8", path])
        #expect(converted.status == 0)
        #expect(converted.stdout.utf8.count == 100_000_001)
    }

    /// Row "input past the streaming window": convert streams in 1 MiB chunks (the same
    /// loop carries input past 2 GiB in bounded memory). A character split across chunks
    /// survives; invalid input in a later chunk fails with its ABSOLUTE byte offset, and
    /// what was written before the failure is complete (whole chunks, no torn character).
    @Test("Streaming past a chunk: offsets are absolute, written output is whole")
    func streamedPastChunks() throws {
        let chunk = 1 << 20
        let straddle = try Self.file([UInt8](repeating: UInt8(ascii: "a"), count: chunk - 1) + Array("éz".utf8))
        defer { try? FileManager.default.removeItem(atPath: straddle) }
        let utf16 = try cli.run(["convert", "--from", "UTF-8", "--to", "UTF-16LE", straddle])
        #expect(utf16.status == 0)
        let back = try cli.run(["convert", "--from", "UTF-8", "--to", "UTF-8", straddle])
        #expect(back.stdout.hasSuffix("aéz"))

        let late = try Self.file([UInt8](repeating: UInt8(ascii: "a"), count: 2 * chunk) + Array("é".utf8) + [0xFF] + Array("tail".utf8))
        defer { try? FileManager.default.removeItem(atPath: late) }
        let failed = try cli.run(["convert", "--from", "UTF-8", "--to", "UTF-8", late])
        #expect(failed.status == 65)
        #expect(failed.stderr.contains("byte offset \(2 * chunk + 2)"), "\(failed.stderr)")
        #expect(failed.stdout.utf8.count % chunk == 0 && failed.stdout.utf8.allSatisfy { $0 == UInt8(ascii: "a") })
        let segmented = try cli.run(["segment", "--by", "word", "--format", "count", late])
        #expect(segmented.status == 65)
        #expect(segmented.stderr.contains("byte offset \(2 * chunk + 2)"), "\(segmented.stderr)")
    }

    /// Rows "format date", "format interval", "format duration", "format relative": unknown
    /// identifiers are usage errors, out-of-range values data errors, negatives are values.
    @Test("format date, interval, duration, relative: identifiers, ranges, negatives")
    func formatDates() throws {
        let instant = "2026-06-03T15:07:00Z"
        func status(_ arguments: [String]) throws -> (Int32, String) {
            let result = try cli.run(arguments)
            return (result.status, result.stderr)
        }
        #expect(try status(["format", "date", instant, "--locale", "xx", "--strict"]) == (64, "icukit: error: unknown locale \"xx\" (ICU would fall back to root)\n"))
        #expect(try status(["format", "date", instant, "--time-zone", "Mars/Base"]).0 == 64)
        #expect(try status(["format", "date", instant, "--calendar", "bogus"]).0 == 64)
        #expect(try status(["format", "date", "2026-13-45T00:00:00Z"]).0 == 65)
        #expect(try status(["format", "date", ""]).0 == 65)
        #expect(try status(["format", "interval", instant, "not-a-date"]).0 == 65)
        #expect(try status(["format", "duration", "1e300"]).0 == 65)
        #expect(try status(["format", "duration", "nan"]).0 == 64)
        #expect(try status(["format", "relative", "inf"]).0 == 64)
        #expect(try cli.run(["format", "duration", "-5"]).stdout == "-0:05\n")
        #expect(try cli.run(["format", "duration", "-3725", "--units-style", "short", "--locale", "en"]).stdout == "-1 hr, 2 min, 5 sec\n")
        #expect(try cli.run(["format", "relative", "-86400", "--locale", "en"]).stdout == "yesterday\n")
        // Negative ISO years are values (45 BC; ICU's Gregorian is Julian before 1582).
        #expect(try cli.run(["format", "date", "-0044-03-15T12:00:00Z", "--locale", "en", "--time-zone", "UTC"]).stdout.hasPrefix("Mar 17, 45, 12:00:00"))
        #expect(try cli.run(["format", "interval", "-0001-01-01T00:00:00Z", instant, "--locale", "en"]).status == 0)
    }

    /// Rows "format number", "format measure", "format plural", "format list", "format message".
    @Test("format number, measure, plural, list, message: identifiers, ranges, negatives, empty")
    func formatNumbers() throws {
        #expect(try cli.run(["format", "number", "5", "--locale", "xx", "--strict"]).status == 64)
        #expect(try cli.run(["format", "number", "12x"]).status == 65)
        #expect(try cli.run(["format", "number", ""]).status == 65)
        #expect(try cli.run(["format", "number", "-1e400", "--locale", "en"]).stdout.hasPrefix("-10,000"))
        #expect(try cli.run(["format", "number", "5", "--skeleton", "bogus/xyz"]).status == 64)
        #expect(try cli.run(["format", "measure", "5", "furlongs"]).status == 64)
        #expect(try cli.run(["format", "measure", "-40", "celsius", "--locale", "en"]).stdout == "-40°C\n")
        #expect(try cli.run(["format", "plural", "nan"]).status == 65)
        #expect(try cli.run(["format", "plural", "-2", "--locale", "ru"]).stdout == "few\n")
        #expect(try cli.run(["format", "list", "--locale", "en"]).stdout == "\n")
        #expect(try cli.run(["format", "list", "a", "\u{0}", "--locale", "en"]).status == 0)
        #expect(try cli.run(["format", "message", "{x"]).status == 64)
        #expect(try cli.run(["format", "message", "{n, number}", "n=-1.5", "--locale", "en"]).stdout == "-1.5\n")
        #expect(try cli.run(["format", "message", "{n, number}", "n=abc", "--locale", "en"]).status != 0)
    }

    /// Rows "calendar convert/from/add/diff/month": identifiers, ranges, negative ISO years.
    @Test("calendar: unknown calendar and time zone, out of range, negative years")
    func calendars() throws {
        #expect(try cli.run(["calendar", "convert", "2026-01-01", "--to", "bogus"]).status == 64)
        #expect(try cli.run(["calendar", "month", "2026-02-01", "--time-zone", "Mars/X"]).status == 64)
        #expect(try cli.run(["calendar", "convert", "2026-13-45", "--to", "hebrew"]).status == 65)
        #expect(try cli.run(["calendar", "convert", "--to", "hebrew"], input: "").stdout == "")
        #expect(try cli.run(["calendar", "add", "2026-01-01", "--calendar", "gregorian", "--years", "999999999"]).status == 65)
        #expect(try cli.run(["calendar", "from", "--calendar", "hebrew", "--year", "5786", "--month", "99", "--day", "1"]).status == 65)
        let bc = try cli.run(["calendar", "from", "--calendar", "gregorian", "--year", "-44", "--month", "3", "--day", "15"])
        #expect(bc.status == 65)
        #expect(bc.stderr == "icukit: error: year -44 is out of range (1...6000000)\n")
        // Negative ISO years are values, not options.
        #expect(try cli.run(["calendar", "add", "-0044-03-15", "--calendar", "gregorian", "--days", "1"]).stdout == "-0044-03-16\n")
        #expect(try cli.run(["calendar", "diff", "2026-01-01", "-0044-03-15", "--calendar", "gregorian", "--unit", "years"]).stdout == "-2069\n")
        #expect(try cli.run(["calendar", "convert", "-0044-03-15", "--to", "hebrew", "--format", "text"]).status == 0)
        #expect(try cli.run(["calendar", "month", "-0044-03-15"]).status == 0)
        #expect(try cli.run(["calendar", "diff", "2026-01-01", "-x", "--calendar", "gregorian", "--unit", "years"]).status == 64)
        // ICU walks Umm al-Qura years one by one: refused from the year 10000 on, not a hang.
        #expect(try cli.run(["calendar", "diff", "1980-01-01", "5000000-01-01", "--calendar", "islamic-umalqura", "--unit", "days"]).status == 65)
        #expect(try cli.run(["calendar", "diff", "1980-01-01", "9999-12-31", "--calendar", "islamic-umalqura", "--unit", "months"]).status == 0)
    }

    /// Rows "compare", "locale info", "locale match", "bidi isolate", "tour".
    @Test("compare, locale, bidi isolate, tour: identifiers, empty and odd values")
    func arguments() throws {
        #expect(try cli.run(["compare", "a", "b", "--locale", "xx", "--strict"]).status == 64)
        #expect(try cli.run(["compare", "", ""]).stdout == "0\n")
        #expect(try cli.run(["compare", "-1", "-2"]).status == 0)
        #expect(try cli.run(["locale", "info", "x@@"]).status == 64)
        #expect(try cli.run(["locale", "info", "xx", "--strict"]).status == 64)
        #expect(try cli.run(["locale", "match", "--available", ""]).status == 64)
        #expect(try cli.run(["bidi", "isolate", "%5$@", "a"]).status == 64)
        #expect(try cli.run(["bidi", "isolate", "%@", ""]).stdout == "\u{2068}\u{2069}\n")
        #expect(try cli.run(["tour", "--bogus"]).status == 64)
    }
}
