import Foundation
import Testing

/// `icukit strings check` and `icukit strings pseudo` end to end, on files written in the
/// shapes of real ones (an Xcode catalog, an `.lproj` folder, gettext `.po` files).
@Suite("icukit strings check and pseudo CLI")
struct StringsCheckCLITests {
    let cli = CLITests()

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "icukit-strcheck-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A catalog as Xcode writes it, with a ru plural missing `few` and a de type mistake.
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files" : {
              "localizations" : {
                "de" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "Eine Datei" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%@ Dateien" } }
                    }
                  }
                },
                "en" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "One file" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
                    }
                  }
                },
                "ru" : {
                  "variations" : {
                    "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld файл" } },
                      "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld файлов" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } }
                    }
                  }
                }
              }
            },
            "Hello <b>%@</b> &amp; welcome" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "needs_review", "value" : "Hallo <b>%@</b> &amp; willkommen" } },
                "ru" : { "stringUnit" : { "state" : "translated", "value" : "Привет, <b>%@</b> &amp; добро пожаловать" } }
              }
            }
          },
          "version" : "1.0"
        }

        """

    @Test("check: text and json lines, exit 1 on errors, 0 on warnings only")
    func check() throws {
        let dir = try folder()
        let path = dir + "/Localizable.xcstrings"
        try write(Self.catalog, path)
        let text = try cli.run(["strings", "check", path], input: "")
        #expect(text.status == 1, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(path):%lld files:ru: error: missing-plural-category: ru needs the plural categories few"))
        #expect(lines.contains { $0.hasPrefix("\(path):%lld files:de: error: placeholder-type: ") })
        #expect(lines.contains("\(path):Hello <b>%@</b> &amp; welcome:de: warning: state-needs-review: needs review (state needs_review)"))
        let json = try cli.run(["strings", "check", path, "--format", "json"], input: "")
        #expect(json.status == 1)
        #expect(json.stdout.contains("{\"file\":\"\(path)\",\"key\":\"%lld files\",\"language\":\"ru\",\"severity\":\"error\",\"kind\":\"missing-plural-category\",\"message\":\"ru needs the plural categories few\"}\n"))
        // Warnings only: exit 0.
        let fixed = Self.catalog.replacingOccurrences(of: "\"many\" : {", with: "\"few\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"%lld файла\" } },\n\"many\" : {")
            .replacingOccurrences(of: "%@ Dateien", with: "%lld Dateien")
        try write(fixed, path)
        let clean = try cli.run(["strings", "check", path], input: "")
        #expect(clean.status == 0, "\(clean.stdout)")
        #expect(clean.stdout == "\(path):Hello <b>%@</b> &amp; welcome:de: warning: state-needs-review: needs review (state needs_review)\n")
    }

    @Test("check: bad input exits 64, 65, 66")
    func badInput() throws {
        let dir = try folder()
        #expect(try cli.run(["strings", "check"], input: "").status == 64)
        #expect(try cli.run(["strings", "check", dir + "/missing.xcstrings"], input: "").status == 66)
        try write("{ \"sourceLanguage\" : ", dir + "/broken.xcstrings")
        let broken = try cli.run(["strings", "check", dir + "/broken.xcstrings"], input: "")
        #expect(broken.status == 65 && broken.stderr.hasPrefix("icukit: error: "))
        #expect(try cli.run(["strings", "pseudo", dir + "/broken.xcstrings", "--style", "wide"], input: "").status == 64)
    }

    static let header = """
        msgid ""
        msgstr ""
        "Project-Id-Version: demo 1.0\\n"
        "Language: ru\\n"
        "MIME-Version: 1.0\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Content-Transfer-Encoding: 8bit\\n"
        "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

        """

    /// `.po` mistakes as msgfmt -c sees them: each `format-mismatch` is a message msgfmt -c rejects.
    @Test("check: .po format mismatches agree with msgfmt -c; Plural-Forms count against CLDR")
    func gettext() throws {
        let dir = try folder()
        let po = Self.header + """
            #, c-format
            msgid "%s has %d files"
            msgstr "%d у %s"

            #, c-format
            msgid "%d file"
            msgid_plural "%d files"
            msgstr[0] "один файл"
            msgstr[1] "%d файла"
            msgstr[2] "%d файлов"

            #, c-format
            msgid "Delete %s?"
            msgstr "Удалить %s?"

            #, c-format
            msgid "%lu bytes"
            msgstr "%d байт"

            #, c-format
            msgid "Open %s"
            msgstr "Открыть"

            """
        try write(po, dir + "/ru.po")
        let result = try cli.run(["strings", "check", dir + "/ru.po"], input: "")
        #expect(result.status == 1)
        let mismatches = result.stdout.split(separator: "\n").filter { $0.contains(": format-mismatch: ") }.map { String($0.split(separator: ":")[1]) }
        #expect(mismatches == ["%s has %d files", "%d file", "%lu bytes", "Open %s"])
        let msgfmt = "/usr/bin/msgfmt"
        if FileManager.default.isExecutableFile(atPath: msgfmt) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: msgfmt)
            process.arguments = ["-c", "-o", "/dev/null", dir + "/ru.po"]
            let pipe = Pipe()
            process.standardError = pipe
            try process.run()
            let errors = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(errors.split(separator: "\n").filter { $0.contains("format specifications") }.count == mismatches.count, "\(errors)")
        }
        try write(po.replacingOccurrences(of: "nplurals=3", with: "nplurals=2"), dir + "/ru.po")
        #expect(try cli.run(["strings", "check", dir + "/ru.po"], input: "").stdout.contains(":ru: error: plural-forms-count: Plural-Forms has nplurals=2; CLDR's ru has 3 forms for whole numbers (one, few, many)\n"))
    }

    @Test("pseudo: a catalog gains en-XA; an .lproj folder gains ar-XB.lproj; a .po set gains en-XA.po")
    func pseudo() throws {
        let dir = try folder()
        let path = dir + "/Localizable.xcstrings"
        try write(Self.catalog, path)
        let result = try cli.run(["strings", "pseudo", path, "--style", "accented,bounded"], input: "")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"en-XA\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"[Ĥéļļö <b>%@</b> &amp; ŵéļçöɱé]\""))
        #expect(try cli.run(["strings", "pseudo", path, "--style", "double", "-o", dir + "/out.xcstrings"], input: "").status == 0)
        #expect(try cli.run(["strings", "check", dir + "/out.xcstrings"], input: "").stdout.contains(":en-XA:") == false)

        try write("/* Greeting */\n\"hello\" = \"Hello, %@!\";\n", dir + "/app/en.lproj/Localizable.strings")
        try write("\"hello\" = \"Hallo, %@!\";\n", dir + "/app/de.lproj/Localizable.strings")
        #expect(try cli.run(["strings", "pseudo", dir + "/app", "--style", "rtl"], input: "").status == 0)
        let rtl = try String(contentsOfFile: dir + "/app/ar-XB.lproj/Localizable.strings", encoding: .utf8)
        #expect(rtl.contains("\"hello\" = \"\u{200F}\u{202E}Hello,\u{202C}\u{200F} %@\u{200F}\u{202E}!\u{202C}\u{200F}\";"), "\(rtl)")

        try write(Self.header + "#, c-format\nmsgid \"Open %s\"\nmsgstr \"Открыть %s\"\n", dir + "/po/ru.po")
        #expect(try cli.run(["strings", "pseudo", dir + "/po", "--style", "accented"], input: "").status == 0)
        let xa = try String(contentsOfFile: dir + "/po/en-XA.po", encoding: .utf8)
        #expect(xa.contains("msgid \"Open %s\"\nmsgstr \"Öþéñ %s\""), "\(xa)")
    }
}
