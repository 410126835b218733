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
        #expect(po.status == 0)
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
}
