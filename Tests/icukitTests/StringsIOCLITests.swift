import Foundation
import Testing

/// End-to-end tests of `icukit strings convert` and `icukit strings languages`.
@Suite("icukit strings convert and languages CLI")
struct StringsIOCLITests {
    let cli = CLITests()

    static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld files" : {
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
            "ru" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld файл" } },
              "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } },
              "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld файлов" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } } } } }
          }
        },
        "Hello" : {
          "localizations" : {
            "ru" : { "stringUnit" : { "state" : "needs_review", "value" : "Привет" } }
          }
        },
        "Later" : { }
      },
      "version" : "1.0"
    }
    """

    func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strio-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.catalog.write(toFile: folder + "/L.xcstrings", atomically: true, encoding: .utf8)
        return folder
    }

    @Test("languages: text and json, one line per language, the source first")
    func languages() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try cli.run(["strings", "languages", folder + "/L.xcstrings"], input: "")
        #expect(text.status == 0)
        #expect(text.stdout == "en: 3 keys, 3 translated, 0 missing, 0 need review\nru: 3 keys, 1 translated, 1 missing, 1 need review\n")
        let json = try cli.run(["strings", "languages", folder + "/L.xcstrings", "--format", "json"], input: "")
        #expect(json.stdout.split(separator: "\n").last == "{\"language\":\"ru\",\"keys\":3,\"translated\":1,\"missing\":1,\"needsReview\":1}")
    }

    @Test("convert: catalog → .lproj folder → catalog (same bytes), → po to stdout and a folder, exit codes")
    func convert() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let canonical = try cli.run(["strings", "convert", folder + "/L.xcstrings", "--to", "xcstrings"], input: "")
        #expect(canonical.status == 0)
        #expect(try cli.run(["strings", "convert", folder + "/L.xcstrings", "--to", "strings", "-o", folder + "/out"], input: "").status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/out/ru.lproj/Localizable.stringsdict"))
        #expect(try String(contentsOfFile: folder + "/out/ru.lproj/Localizable.strings", encoding: .utf8) == "\"Hello\" = \"Привет\";\n")
        let back = try cli.run(["strings", "convert", folder + "/out", "--to", "xcstrings"], input: "")
        #expect(back.stdout.contains("\"%lld файла\""))
        #expect(try cli.run(["strings", "convert", folder + "/out/ru.lproj/Localizable.strings", "--to", "strings"], input: "").stdout == "\"Hello\" = \"Привет\";\n")
        let po = try cli.run(["strings", "convert", folder + "/L.xcstrings", "--to", "po", "--output", folder + "/po"], input: "")
        #expect(po.status == 0 && po.stderr.isEmpty)
        // What .po cannot hold is named on stderr; the conversion still succeeds.
        let device = """
            { "sourceLanguage" : "en", "strings" : { "tap" : { "localizations" : { "de" : { "variations" : { "device" : {
              "mac" : { "stringUnit" : { "state" : "translated", "value" : "Klicken" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "Tippen" } } } } } } } }, "version" : "1.0" }
            """
        try device.write(toFile: folder + "/D.xcstrings", atomically: true, encoding: .utf8)
        let lossy = try cli.run(["strings", "convert", folder + "/D.xcstrings", "--to", "po"], input: "")
        #expect(lossy.status == 0 && lossy.stdout.contains("msgid \"tap\"\nmsgstr \"Tippen\"\n"))
        #expect(lossy.stderr == "icukit: warning: de.po:tap:de: the device case \"mac\" (\"Klicken\") is left out: gettext has no device variations\n")
        let ru = try String(contentsOfFile: folder + "/po/ru.po", encoding: .utf8)
        #expect(ru.contains("msgid \"%lld files\"\nmsgid_plural \"%lld files\"\nmsgstr[0] \"%lld файл\"\nmsgstr[1] \"%lld файла\"\nmsgstr[2] \"%lld файлов\"\n"))
        #expect(ru.contains("#, fuzzy\nmsgid \"Hello\"\nmsgstr \"Привет\"\n"))
        let single = try cli.run(["strings", "convert", folder + "/po/ru.po", "--to", "po"], input: "")
        #expect(single.status == 0 && single.stdout.contains("\"Plural-Forms: nplurals=3;"))
        let roundTrip = try cli.run(["strings", "convert", folder + "/po", "--to", "xcstrings"], input: "")
        #expect(roundTrip.stdout.contains("\"value\" : \"%lld файлов\""))
        // Exit codes: usage 64, bad data 65, missing 66.
        #expect(try cli.run(["strings", "convert", folder + "/L.xcstrings", "--to", "strings"], input: "").status == 64)
        #expect(try cli.run(["strings", "convert", folder + "/L.xcstrings", "--to", "yaml"], input: "").status == 64)
        #expect(try cli.run(["strings", "convert", folder + "/L.xcstrings"], input: "").status == 64)
        #expect(try cli.run(["strings", "convert", folder + "/nope.xcstrings", "--to", "po"], input: "").status == 66)
        try "{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : 1 } }".write(toFile: folder + "/bad.xcstrings", atomically: true, encoding: .utf8)
        let bad = try cli.run(["strings", "convert", folder + "/bad.xcstrings", "--to", "po"], input: "")
        #expect(bad.status == 65 && bad.stderr.hasPrefix("icukit: error: \(folder)/bad.xcstrings:1: malformed:"))
        #expect(try cli.run(["strings", "languages", folder + "/bad.xcstrings"], input: "").status == 65)
    }

    @Test("a pipe, a FIFO or `< file` as /dev/stdin: the format told from the first bytes, read once")
    func pipes() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = "en: 3 keys, 3 translated, 0 missing, 0 need review\nru: 3 keys, 1 translated, 1 missing, 1 need review\n"
        // A pipe on stdin.
        let piped = try cli.run(["strings", "languages", "/dev/stdin"], input: Self.catalog)
        #expect(piped.status == 0 && piped.stdout == expected)
        // A FIFO, written by another thread once the command opens it.
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let po = "# Russian\nmsgid \"\"\nmsgstr \"Language: ru\\n\"\n\nmsgid \"Hello\"\nmsgstr \"Привет\"\n"
        let writer = Thread { FileHandle(forWritingAtPath: fifo).map { $0.write(Data(po.utf8)); $0.closeFile() } }
        writer.start()
        let xcstrings = try cli.run(["strings", "convert", fifo, "--to", "xcstrings"], input: "")
        #expect(xcstrings.status == 0 && xcstrings.stdout.contains("\"value\" : \"Привет\""))
        // `< file`: a UTF-16 .strings file without an extension as stdin.
        let text = "/* Greeting */\n\"Hello\" = \"Привет\";\n"
        let utf16 = Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        _ = FileManager.default.createFile(atPath: folder + "/ru-strings", contents: utf16)
        let redirected = try runWithStdin(["strings", "convert", "/dev/stdin", "--to", "strings"], file: folder + "/ru-strings")
        #expect(redirected.status == 0 && redirected.stdout == "/* Greeting */\n\"Hello\" = \"Привет\";\n")
        // pseudo writes the format it read.
        let pseudo = try runWithStdin(["strings", "pseudo", "/dev/stdin", "--style", "bounded"], file: folder + "/ru-strings")
        #expect(pseudo.status == 0 && pseudo.stdout == "/* Greeting */\n\"Hello\" = \"[Привет]\";\n")
        // Content that is no string file: a usage error naming the path.
        let garbage = try cli.run(["strings", "languages", "/dev/stdin"], input: "\u{1}\u{2}")
        #expect(garbage.status == 64 && garbage.stderr.hasPrefix("icukit: error: /dev/stdin: unsupported-format:"))
        // Nothing at all: bad data (65), said as such.
        let empty = try cli.run(["strings", "check", "/dev/stdin"], input: "")
        #expect(empty.status == 65 && empty.stderr == "icukit: error: /dev/stdin: malformed: empty input: no file format to tell from it\n")
    }

    /// Runs the CLI with `file` as its standard input (the shell's `< file`).
    func runWithStdin(_ arguments: [String], file: String) throws -> CLITests.Result {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = arguments
        process.standardInput = FileHandle(forReadingAtPath: file)
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLITests.Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
