import Testing
import ICUKit

@Suite("StringCatalog reading: .po lexing (escapes, continuations, obsolete entries, line ends, encodings)")
struct GettextPOLexingTests {
    private func read(_ text: String, language: String = "de") throws -> StringCatalog {
        try StringCatalog(bytes: Array(text.utf8), format: .po, language: language, file: "t.po")
    }

    private func lineOfError(_ text: String) throws -> Int? {
        try #require(throws: StringsError.self) { try read(text) }.line
    }

    @Test("every C escape GNU gettext reads, octal and hex included")
    func escapes() throws {
        let catalog = try read(#"""
        msgid "a"
        msgstr "\n\t\r\a\b\f\v\\\"\'\?|\101\60\0|\x41\x4a\x7e|\303\251\xc3\xa9|\1234"

        """#)
        #expect(catalog["a"]?.localizations["de"]?.unit?.value == "\n\t\r\u{7}\u{8}\u{C}\u{B}\\\"'?|A0\0|AJ~|éé|S4")
        // A hex escape takes every hex digit after it (the value kept to a byte).
        #expect(try read("msgid \"b\"\nmsgstr \"\\x0041\"\n")["b"]?.localizations["de"]?.unit?.value == "A")
    }

    @Test("malformed strings are errors on their line")
    func malformedStrings() throws {
        #expect(try lineOfError("msgid \"a\"\nmsgstr \"\\q\"\n") == 2)
        #expect(try lineOfError("msgid \"a\"\nmsgstr \"\\x\"\n") == 2)
        #expect(try lineOfError("msgid \"a\"\nmsgstr \"ab\\\"\n") == 2)
        #expect(try lineOfError("msgid \"a\"\nmsgstr \"a\"b\"\n") == 2)
        #expect(try lineOfError("msgid \"a\"\nmsgstr \"x\"\n\"\\xe9\"\n") == 3)
        #expect(try lineOfError("msgid \"a\"\nmsgstr x\n") == 2)
        #expect(try lineOfError("msgid \"a\"\nmsgstr\n") == 2)
        #expect(try lineOfError("msgid \"a\"\nmsgstr[-1] \"x\"\n") == 2)
    }

    @Test("continuation lines join every field: msgctxt, msgid, msgid_plural, msgstr[i]")
    func continuations() throws {
        let catalog = try read(#"""
        msgctxt ""
        "me"
        "nu"
        msgid ""
        "%d "
        "file"
        msgid_plural "%d "
        "files"
        msgstr[0] ""
        "%d Datei"
        msgstr[1] "%d "
        "Dateien"

        """#)
        let key = "menu\u{4}%d file"
        #expect(catalog.keys == [key])
        #expect(catalog[key]?.localizations["en"]?.variations?.cases["1"]?.unit?.value == "%d files")
        #expect(catalog[key]?.localizations["de"]?.variations?.cases.mapValues { $0.unit!.value } == ["0": "%d Datei", "1": "%d Dateien"])
    }

    @Test("comments: extracted ones joined, flags kept, fuzzy as needs_review; obsolete entries are no messages")
    func commentsAndObsolete() throws {
        let catalog = try read("""
        #  translator's note
        #.  First line\t
        #.
        #. Third
        #: src/a.c:1
        #, fuzzy,c-format ,, no-wrap
        #| msgid "old"
        msgid "a"
        msgstr "A"
        #~ msgid "gone"
        #~ msgstr "Weg"
        #~| msgid "older"
        msgid "b"
        msgstr "B"

        #~ msgid "c"
        msgid "d"
        msgstr "D"

        """)
        #expect(catalog.keys == ["a", "b", "d"])
        #expect(catalog["a"]?.comment == "First line\n\nThird")
        #expect(catalog["a"]?.gettextFlags == ["c-format", "no-wrap"])
        #expect(catalog["a"]?.localizations["de"]?.unit?.state == .needsReview)
        #expect(catalog["b"]?.localizations["de"]?.unit == .init(state: .translated, value: "B"))
    }

    @Test("CRLF line ends read as LF ones; a UTF-8 byte order mark and UTF-16 with one read the same")
    func lineEndsAndEncodings() throws {
        let text = """
        msgid ""
        msgstr ""
        "Language: fr\\n"
        "Plural-Forms: nplurals=2; plural=(n > 1);\\n"

        #, c-format
        msgid "%d file"
        msgid_plural "%d files"
        msgstr[0] "%d fichier"
        msgstr[1] "%d fichiers"

        msgid "é"
        msgstr "é\\r"

        """
        let plain = try read(text)
        #expect(plain.languages == ["en", "fr"] && plain.keys == ["%d file", "é"])
        let crlf = try read(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"))
        #expect(crlf == plain)
        #expect(try StringCatalog(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8), format: .po, language: "de", file: "t.po") == plain)
        for bigEndian in [false, true] {
            var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in text.utf16 { bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            #expect(try StringCatalog(bytes: bytes, format: .po, language: "de", file: "t.po") == plain)
        }
        let error = try #require(throws: StringsError.self) {
            try StringCatalog(bytes: Array("msgid \"a\"\nmsgstr \"".utf8) + [0xC3, 0x28, 0x22, 0x0A], format: .po, file: "t.po")
        }
        #expect(error.line == 2 && error.byteOffset == 18)
    }

    @Test("a header charset other than UTF-8 (ISO-8859-1, KOI8-R, EUC-JP) is read as msgfmt reads it; unknown or broken ones are typed errors")
    func declaredCharsets() throws {
        func po(_ charset: String, _ language: String, _ translation: [UInt8]) -> [UInt8] {
            Array("msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=\(charset)\\n\"\n\"Language: \(language)\\n\"\n\nmsgid \"Close\"\nmsgstr \"".utf8)
                + translation + Array("\"\n".utf8)
        }
        let cases: [(String, String, [UInt8], String)] = [
            ("ISO-8859-1", "fr", [0x46, 0x65, 0x72, 0x6D, 0x65, 0x72, 0x20, 0x6C, 0x61, 0x20, 0x66, 0x65, 0x6E, 0xEA, 0x74, 0x72, 0x65], "Fermer la fenêtre"),
            ("koi8-r", "ru", [0xDA, 0xC1, 0xCB, 0xD2, 0xD9, 0xD4, 0xD8], "закрыть"),
            ("EUC-JP", "ja", [0xCA, 0xC4, 0xA4, 0xB8, 0xA4, 0xEB], "閉じる"),
        ]
        for (charset, language, bytes, expected) in cases {
            let catalog = try StringCatalog(bytes: po(charset, language, bytes), format: .po, file: "t.po")
            #expect(catalog["Close"]?.localizations[language]?.unit?.value == expected, "\(charset)")
            // Written back as UTF-8, it reads the same.
            let written = try catalog.poFile(language: language)
            #expect(try StringCatalog(bytes: written, format: .po, file: "t.po")["Close"] == catalog["Close"])
        }
        let unknown = try #require(throws: StringsError.self) { try StringCatalog(bytes: po("X-NOPE-9", "fr", [0x61]), format: .po, file: "t.po") }
        #expect(unknown.kind == .unsupportedFormat && unknown.message.contains("x-nope-9") && unknown.line == 3)
        let broken = try #require(throws: StringsError.self) { try StringCatalog(bytes: po("Shift_JIS", "ja", [0x82, 0xFF]), format: .po, file: "t.po") }
        #expect(broken.kind == .malformed && broken.byteOffset != nil && broken.line == 7)
        // The template's placeholder is UTF-8; a charset in a file that has a UTF-8 BOM is refused.
        #expect(try StringCatalog(bytes: po("CHARSET", "fr", Array("é".utf8)), format: .po, file: "t.po")["Close"]?.localizations["fr"]?.unit?.value == "é")
        #expect(throws: StringsError.self) { try StringCatalog(bytes: [0xEF, 0xBB, 0xBF] + po("ISO-8859-1", "fr", [0x61]), format: .po, file: "t.po") }
    }

    @Test("whitespace around keywords and strings, Unicode spaces included")
    func whitespace() throws {
        let catalog = try read("  msgid\t \"a\"  \n\tmsgstr  \"A\"\t\n\u{A0}msgid \"b\"\u{3000}\nmsgstr \"B\"\n#,\u{A0}fuzzy\u{A0}\nmsgid \"c\"\nmsgstr \"C\"\n")
        #expect(catalog.keys == ["a", "b", "c"])
        #expect(catalog["a"]?.localizations["de"]?.unit?.value == "A")
        #expect(catalog["b"]?.localizations["de"]?.unit?.value == "B")
        #expect(catalog["c"]?.localizations["de"]?.unit?.state == .needsReview)
    }
}
