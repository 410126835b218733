import Foundation
import Testing
import ICUKit

/// A temporary folder with files, removed afterwards.
func withFiles<T>(_ files: [String: [UInt8]], _ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strio-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (name, bytes) in files {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }
    return try body(folder)
}

func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("StringCatalog reading: .xcstrings, .strings, .stringsdict, folders")
struct StringCatalogReadingTests {
    static let catalogJSON = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld files" : {
          "comment" : "File count",
          "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
            "ru" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld файл" } },
              "few" : { "stringUnit" : { "state" : "needs_review", "value" : "%lld файла" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld файлов" } } } } }
          }
        },
        "Copy %@" : {
          "extractionState" : "manual",
          "shouldTranslate" : false,
          "localizations" : {
            "en" : { "variations" : { "device" : {
              "mac" : { "stringUnit" : { "state" : "translated", "value" : "Copy \\"%@\\" \\u00e9\\ud83d\\ude00" } },
              "other" : { "stringUnit" : { "state" : "new", "value" : "Copy %@" } } } } }
          }
        },
        "%1$@ in %2$lld" : {
          "localizations" : {
            "en" : {
              "stringUnit" : { "state" : "translated", "value" : "%#@files@ in %2$lld" },
              "substitutions" : { "files" : { "argNum" : 1, "formatSpecifier" : "lld",
                "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg file" } },
                                              "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg files" } } } } } }
            }
          }
        },
        "Empty" : { }
      },
      "version" : "1.0"
    }
    """

    @Test("an .xcstrings catalog: units, plural/device variations, substitutions, escapes, order")
    func xcstrings() throws {
        let catalog = try StringCatalog(bytes: utf8(Self.catalogJSON), format: .xcstrings, file: "L.xcstrings")
        #expect(catalog.sourceLanguage == "en" && catalog.version == "1.0" && catalog.origin == .xcstrings)
        #expect(catalog.keys == ["%lld files", "Copy %@", "%1$@ in %2$lld", "Empty"])
        #expect(catalog.languages == ["en", "ru"])
        let files = try #require(catalog["%lld files"])
        #expect(files.comment == "File count")
        #expect(files.localizations["ru"]?.variations?.kind == .plural)
        #expect(files.localizations["ru"]?.variations?.cases["few"]?.unit == .init(state: .needsReview, value: "%lld файла"))
        let copy = try #require(catalog["Copy %@"])
        #expect(copy.shouldTranslate == false && copy.extractionState == "manual")
        #expect(copy.localizations["en"]?.variations?.cases["mac"]?.unit?.value == "Copy \"%@\" é😀")
        let sub = try #require(catalog["%1$@ in %2$lld"]?.localizations["en"]?.substitutions["files"])
        #expect(sub.argNum == 1 && sub.formatSpecifier == "lld")
        #expect(sub.variations?.cases["other"]?.unit?.value == "%arg files")
        #expect(catalog["Empty"]?.localizations.isEmpty == true)
        #expect(catalog.readingProblems.isEmpty)
    }

    @Test("a malformed catalog gives a typed error with file, line, byte offset and key")
    func xcstringsErrors() throws {
        let broken = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { \"comment\" : 3 }\n  }\n}\n"
        let error = try #require(throws: StringsError.self) { try StringCatalog(bytes: utf8(broken), format: .xcstrings, file: "B.xcstrings") }
        #expect(error.kind == .malformed && error.file == "B.xcstrings" && error.line == 4 && error.key == "a")
        let truncated = try #require(throws: StringsError.self) { try StringCatalog(bytes: utf8("{\n \"sourceLanguage\" : \"en\",\n \"strings\" : {"), format: .xcstrings, file: "T.xcstrings") }
        #expect(truncated.line == 3 && truncated.byteOffset != nil)
        for bad in ["", "[]", "{\"sourceLanguage\":\"en\",}", "{\"a\":\"\\x\"}", "{\"sourceLanguage\":\"en\"} x", "{\"sourceLanguage\":01}"] {
            #expect(throws: StringsError.self) { try StringCatalog(bytes: utf8(bad), format: .xcstrings) }
        }
    }

    @Test("duplicate JSON members keep the last value and are reported")
    func xcstringsDuplicates() throws {
        let text = "{\"sourceLanguage\":\"en\",\"strings\":{\"a\":{\"comment\":\"1\"},\"b\":{},\"a\":{\"comment\":\"2\"}},\"version\":\"1.0\"}"
        let catalog = try StringCatalog(bytes: utf8(text), format: .xcstrings, file: "D.xcstrings")
        #expect(catalog.keys == ["a", "b"])
        #expect(catalog["a"]?.comment == "2")
        #expect(catalog.readingProblems.map(\.kind) == ["duplicate-key"])
    }

    static let stringsText = """
    /* The title
       of the window */
    "title" = "Hello \\"world\\"\\n\\t\\U00e9\\u00E8\\101";
    // A bare key and value
    bare_key = bare.value;
    "emoji" = "\\UD83D\\UDE00";
    "same";
    "title" = "Second";
    """

    @Test(".strings: comments, escapes, bare words, duplicates (last kept, reported), UTF-16 with a BOM")
    func strings() throws {
        let catalog = try StringCatalog(bytes: utf8(Self.stringsText), format: .strings, language: "fr", file: "fr.strings")
        #expect(catalog.keys == ["title", "bare_key", "emoji", "same"])
        #expect(catalog.sourceLanguage == "fr" && catalog.origin == .strings)
        #expect(catalog["title"]?.localizations["fr"]?.unit?.value == "Second")
        #expect(catalog["title"]?.comment == "The title\n   of the window")
        #expect(catalog["bare_key"]?.localizations["fr"]?.unit?.value == "bare.value")
        #expect(catalog["bare_key"]?.comment == "A bare key and value")
        #expect(catalog["emoji"]?.localizations["fr"]?.unit?.value == "😀")
        #expect(catalog["same"]?.localizations["fr"]?.unit?.value == "same")
        #expect(catalog.readingProblems.count == 1 && catalog.readingProblems[0].kind == "duplicate-key")
        var first = try StringCatalog(bytes: utf8("\"title\" = \"Hello \\\"world\\\"\\n\\t\\U00e9\\u00E8\\101\";"), format: .strings)
        #expect(first["title"]?.localizations["en"]?.unit?.value == "Hello \"world\"\n\téèA")
        for bigEndian in [false, true] {
            var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in "\"k\" = \"Grüße 😀\";".utf16 {
                bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
            first = try StringCatalog(bytes: bytes, format: .strings)
            #expect(first["k"]?.localizations["en"]?.unit?.value == "Grüße 😀")
        }
        #expect(try StringCatalog(bytes: [0xEF, 0xBB, 0xBF] + utf8("{ \"a\" = \"b\"; }"), format: .strings)["a"] != nil)
    }

    @Test(".strings: a comment that opens with a combining mark reads back as written (StringsFileFuzz)")
    func commentWithLeadingMark() throws {
        let catalog = try StringCatalog(bytes: Array("/*\u{59D}word;*/\n\"k\" = \"v\";\n".utf8), format: .strings, language: "fr")
        #expect(catalog["k"]?.comment == "\u{59D}word;")
        let written = try catalog.stringsFiles(language: "fr").strings
        #expect(try StringCatalog(bytes: written, format: .strings, language: "fr")["k"]?.comment == "\u{59D}word;")
    }

    @Test(".strings errors name the file, line and key")
    func stringsErrors() throws {
        let missingSemicolon = try #require(throws: StringsError.self) {
            try StringCatalog(bytes: utf8("\"a\" = \"1\";\n\n\"b\" = \"2\"\n\"c\" = \"3\";"), format: .strings, file: "x.strings")
        }
        #expect(missingSemicolon.file == "x.strings" && missingSemicolon.line == 4 && missingSemicolon.key == "b")
        let unterminated = try #require(throws: StringsError.self) { try StringCatalog(bytes: utf8("\n\"a\" = \"1;\n"), format: .strings, file: "y.strings") }
        #expect(unterminated.line == 2 && unterminated.key == "a")
        let badUTF8 = try #require(throws: StringsError.self) { try StringCatalog(bytes: utf8("\"a\" = \"") + [0xC3, 0x28], format: .strings) }
        #expect(badUTF8.byteOffset == 7)
        for bad in ["/* open", "\"a\" = ;", "= \"b\";", "\"a\" = \"\\UD800\";", "{ \"a\" = \"b\";", "\"a\" \"b\";"] {
            #expect(throws: StringsError.self) { try StringCatalog(bytes: utf8(bad), format: .strings) }
        }
    }

    static let stringsdictText = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>files</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key>
        <string>%2$@ has %1$#@count@</string>
        <key>count</key>
        <dict>
          <key>NSStringFormatSpecTypeKey</key>
          <string>NSStringPluralRuleType</string>
          <key>NSStringFormatValueTypeKey</key>
          <string>lld</string>
          <key>one</key>
          <string>%lld file</string>
          <key>other</key>
          <string>%lld files</string>
          <key>sevral</key>
          <string>typo</string>
        </dict>
      </dict>
      <key>tap</key>
      <dict>
        <key>NSStringDeviceSpecificRuleType</key>
        <dict>
          <key>iphone</key>
          <string>Tap</string>
          <key>mac</key>
          <string>Click</string>
        </dict>
      </dict>
      <key>welcome</key>
      <dict>
        <key>NSStringVariableWidthRuleType</key>
        <dict>
          <key>20</key>
          <string>Hi</string>
          <key>50</key>
          <string>Welcome &amp; hello</string>
        </dict>
      </dict>
    </dict>
    </plist>
    """

    @Test(".stringsdict: substitutions with argNum, unknown plural keys kept, device and width variations")
    func stringsdict() throws {
        let catalog = try StringCatalog(bytes: utf8(Self.stringsdictText), format: .stringsdict, language: "en", file: "L.stringsdict")
        #expect(catalog.keys == ["files", "tap", "welcome"])
        let files = try #require(catalog["files"]?.localizations["en"])
        #expect(files.unit?.value == "%2$@ has %1$#@count@")
        let count = try #require(files.substitutions["count"])
        #expect(count.argNum == 1 && count.formatSpecifier == "lld")
        #expect(count.variations?.kind == .plural)
        #expect(Set(count.variations?.cases.keys ?? [:].keys) == ["one", "other", "sevral"])
        #expect(catalog["tap"]?.localizations["en"]?.variations?.kind == .device)
        #expect(catalog["tap"]?.localizations["en"]?.variations?.cases["mac"]?.unit?.value == "Click")
        #expect(catalog["welcome"]?.localizations["en"]?.variations?.kind == .width)
        #expect(catalog["welcome"]?.localizations["en"]?.variations?.cases["50"]?.unit?.value == "Welcome & hello")
        let broken = Self.stringsdictText.replacingOccurrences(of: "<string>NSStringPluralRuleType</string>", with: "<string>Nope</string>")
        let error = try #require(throws: StringsError.self) { try StringCatalog(bytes: utf8(broken), format: .stringsdict, file: "B.stringsdict") }
        #expect(error.key == "files" && error.line == 9)
        let truncated = try #require(throws: StringsError.self) { try StringCatalog(bytes: utf8(String(Self.stringsdictText.prefix(300))), format: .stringsdict, file: "T.stringsdict") }
        #expect(truncated.kind == .malformed && truncated.byteOffset != nil)
    }

    @Test("a folder of .lproj: tables, Base fills in the development language, file names and table choice")
    func lprojFolder() throws {
        let files: [String: [UInt8]] = [
            "en.lproj/Localizable.strings": utf8("\"a\" = \"A\";\n\"b\" = \"B\";"),
            "Base.lproj/Localizable.strings": utf8("\"a\" = \"base A\";\n\"base only\" = \"Base\";"),
            "de.lproj/Localizable.strings": utf8("\"a\" = \"A de\";"),
            "de.lproj/Localizable.stringsdict": utf8(Self.stringsdictText),
            "de.lproj/Other.strings": utf8("\"o\" = \"O\";"),
        ]
        try withFiles(files) { folder in
            let catalog = try StringCatalog(contentsOf: folder)
            #expect(catalog.sourceLanguage == "en" && catalog.origin == .strings)
            #expect(catalog.languages == ["en", "de"])
            #expect(catalog.keys == ["a", "b", "base only", "files", "tap", "welcome"])
            #expect(catalog["a"]?.localizations["en"]?.unit?.value == "A")
            #expect(catalog["base only"]?.localizations["en"]?.unit?.value == "Base")
            #expect(catalog["files"]?.localizations["de"]?.substitutions["count"] != nil)
            #expect(try StringCatalog(contentsOf: folder, table: "Other").keys == ["o"])
            let single = try StringCatalog(contentsOf: folder + "/de.lproj/Localizable.strings")
            #expect(single.sourceLanguage == "de")
            let missing = try #require(throws: StringsError.self) { try StringCatalog(contentsOf: folder + "/nope.strings") }
            #expect(missing.kind == .unreadable)
            #expect(throws: StringsError.self) { try StringCatalog(contentsOf: folder + "/en.lproj/Localizable.txt") }
        }
    }
}
