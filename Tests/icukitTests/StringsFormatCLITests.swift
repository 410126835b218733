import ICUKit
import Foundation
import Testing

/// `icukit strings format` end to end, on small files in the shape Xcode and msgfmt write.
@Suite("icukit strings format")
struct StringsFormatCLITests {
    let cli = CLITests()

    static let catalogJSON = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files" : {
              "localizations" : {
                "ar" : { "variations" : { "plural" : {
                  "zero" : { "stringUnit" : { "state" : "translated", "value" : "لا ملفات" } },
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "ملف واحد" } },
                  "two" : { "stringUnit" : { "state" : "translated", "value" : "ملفان" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld ملفات" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld ملفًا" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld ملف" } }
                } } },
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } }
                } } },
                "ru" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld файл" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld файлов" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld файла" } }
                } } }
              }
            },
            "Hello, %@!" : {
              "localizations" : {
                "ar" : { "stringUnit" : { "state" : "translated", "value" : "مرحبا، %@!" } },
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Bonjour, %@ !" } }
              }
            },
            "%1$@ moved %2$lld items" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%2$lld Objekte von %1$@ verschoben" } }
              }
            },
            "Tap" : {
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap" } }
                } } }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    static let po = #"""
        msgid ""
        msgstr ""
        "Language: pl\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

        msgid "%d file"
        msgid_plural "%d files"
        msgstr[0] "%d plik"
        msgstr[1] "%d pliki"
        msgstr[2] "%d plików"

        msgctxt "menu"
        msgid "Open"
        msgstr "Otwórz"

        #, fuzzy
        msgid "Close"
        msgstr "Zamknij"

        """#

    /// A fresh folder holding the fixtures: `App.xcstrings`, `po/pl.po`.
    static func fixtures() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("icukit-strfmt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/po", withIntermediateDirectories: true)
        try Data(catalogJSON.utf8).write(to: URL(fileURLWithPath: folder + "/App.xcstrings"))
        try Data(po.utf8).write(to: URL(fileURLWithPath: folder + "/po/pl.po"))
        return folder
    }

    @Test("plural forms, positional arguments, device variations, isolation")
    func formats() throws {
        let folder = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = folder + "/App.xcstrings"
        func value(_ arguments: [String]) throws -> String {
            let result = try cli.run(["strings", "format", catalog] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }
        #expect(try ["1", "3", "5", "21"].map { try value(["%lld files", $0, "--language", "ru"]) } == ["1 файл\n", "3 файла\n", "5 файлов\n", "21 файл\n"])
        #expect(try ["0", "1", "2", "3", "11", "100"].map { try value(["%lld files", $0, "--language", "ar"]) }
            == ["لا ملفات\n", "ملف واحد\n", "ملفان\n", "\(arabic(3)) ملفات\n", "\(arabic(11)) ملفًا\n", "\(arabic(100)) ملف\n"])
        #expect(try value(["%lld files", "1234", "--preferred", "ja,en-GB"]) == "1,234 files\n")
        #expect(try value(["%1$@ moved %2$lld items", "Anna", "2000", "--language", "de-AT"]) == "2.000 Objekte von Anna verschoben\n")
        #expect(try value(["Tap", "--device", "mac"]) == "Click\n")
        #expect(try value(["Tap"]) == "Tap\n")
        #expect(try value(["Hello, %@!", "Anna", "--accept-language", "sv, ar;q=0.8, *;q=0.1", "--isolate"]) == "مرحبا، \u{2068}Anna\u{2069}!\n")
        #expect(try value(["Hello, %@!", "--language", "ru", "--", "-Anna-"]) == "Hello, -Anna-!\n")   // the key itself
        #expect(try value(["Hello, %@!", "Anna", "--language", "fr-CA", "--format", "json"])
            == #"{"key":"Hello, %@!","language":"fr","value":"Bonjour, Anna !"}"# + "\n")
    }

    @Test("gettext: Plural-Forms, msgctxt, fuzzy entries skipped")
    func gettext() throws {
        let folder = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let po = folder + "/po"
        func value(_ arguments: [String]) throws -> String {
            let result = try cli.run(["strings", "format", po] + arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }
        #expect(try ["1", "3", "5", "22", "25"].map { try value(["%d file", $0, "--language", "pl"]) }
            == ["1 plik\n", "3 pliki\n", "5 plików\n", "22 pliki\n", "25 plików\n"])
        #expect(try value(["%d file", "5"]) == "5 files\n")
        #expect(try value(["menu\u{4}Open", "--language", "pl"]) == "Otwórz\n")
        #expect(try value(["Close", "--language", "pl"]) == "Close\n")
    }

    @Test("--jsonl: one answer per request, in order; errors as {key,error}; --on-error for lines that are no request")
    func jsonl() throws {
        let folder = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = """
            {"key":"%lld files","args":[3],"preferred":["ru-UA","en"]}
            {"key":"Hello, %@!","args":["Anna"],"preferred":["fr-CA","en"]}
            {"key":"Tap","args":[],"preferred":[],"device":"mac"}
            {"key":"missing","args":[]}
            {"key":"%lld files","args":["three"],"preferred":["ru"]}

            """
        let result = try cli.run(["strings", "format", folder + "/App.xcstrings", "--jsonl"], input: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0] == #"{"key":"%lld files","language":"ru","value":"3 файла"}"#)
        #expect(lines[1] == #"{"key":"Hello, %@!","language":"fr","value":"Bonjour, Anna !"}"#)
        #expect(lines[2] == #"{"key":"Tap","language":"en","value":"Click"}"#)
        #expect(lines[3].hasPrefix(#"{"key":"missing","error":"#))
        #expect(lines[4].hasPrefix(#"{"key":"%lld files","error":"#))
        let path = folder + "/requests.jsonl"
        try Data("{\"key\":\"Tap\"}\nnot json\n{\"key\":\"Tap\"}\n".utf8).write(to: URL(fileURLWithPath: path))
        let failing = try cli.run(["strings", "format", folder + "/App.xcstrings", "--jsonl", path])
        #expect(failing.status == 65 && failing.stdout == #"{"key":"Tap","language":"en","value":"Tap"}"# + "\n")
        let reported = try cli.run(["strings", "format", folder + "/App.xcstrings", "--jsonl", path, "--on-error", "report"])
        #expect(reported.status == 0 && reported.stdout.split(separator: "\n").count == 3 && reported.stdout.contains(#"{"line":2,"error":"#))
        let skipped = try cli.run(["strings", "format", folder + "/App.xcstrings", "--jsonl", "-", "--on-error", "skip"], input: "not json\n{\"key\":\"Tap\"}\n")
        #expect(skipped.status == 0 && skipped.stdout == #"{"key":"Tap","language":"en","value":"Tap"}"# + "\n")
    }

    @Test("bad input: ARG of the wrong type 64, unknown key 64, missing file 66, malformed file 65")
    func badInput() throws {
        let folder = try Self.fixtures()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = folder + "/App.xcstrings"
        let wrongType = try cli.run(["strings", "format", catalog, "%lld files", "three", "--language", "ru"])
        #expect(wrongType.status == 64 && wrongType.stderr.hasPrefix("icukit: error: "))
        #expect(try cli.run(["strings", "format", catalog, "%lld files", "1.5"]).status == 64)
        #expect(try cli.run(["strings", "format", catalog, "%lld files"]).status == 64)   // missing argument
        #expect(try cli.run(["strings", "format", catalog, "nope"]).status == 64)
        #expect(try cli.run(["strings", "format", catalog, "Tap", "--language", "en", "--preferred", "fr"]).status == 64)
        #expect(try cli.run(["strings", "format", folder + "/missing.xcstrings", "Tap"]).status == 66)
        try Data("{ \"strings\" : ".utf8).write(to: URL(fileURLWithPath: folder + "/Broken.xcstrings"))
        let broken = try cli.run(["strings", "format", folder + "/Broken.xcstrings", "Tap"])
        #expect(broken.status == 65 && broken.stderr.contains("Broken.xcstrings"))
    }

    @Test("tour: a catalog in three languages (four Russian forms, six Arabic), a check and pseudo-localization")
    func tour() throws {
        let result = try cli.run(["tour"])
        #expect(result.status == 0)
        for needle in ["3 фотографии", "5 фотографий", "لا توجد صور", "\(arabic(3)) صور", "No photos", "placeholder-type", "en-XA: [", "ar-XB:"] {
            #expect(result.stdout.contains(needle), "\(needle)")
        }
    }
}

/// `n` in Arabic's default digits as the running ICU writes them (Arabic-Indic in ICU 72's
/// CLDR, Latin from CLDR 44).
private func arabic(_ n: Int) -> String {
    (try? ICUNumberFormatter(skeleton: "", locale: "ar").format(Double(n))) ?? String(n)
}
