import Testing
import ICUKit

@Suite("gettext flags: `#,` flags other than fuzzy are kept from .po to .po")
struct GettextFlagsTests {
    static let po = #"""
msgid ""
msgstr ""
"Language: de\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#, c-format
msgid "%d files"
msgid_plural "%d files"
msgstr[0] "%d Datei"
msgstr[1] "%d Dateien"

#, fuzzy, c-format, c-format
msgid "Hello %s"
msgstr "Hallo %s"

#, no-c-format
msgid "100% done"
msgstr "100% fertig"

msgid "Plain"
msgstr "Schlicht"

"""#

    @Test("read into Entry.gettextFlags (fuzzy is the state, duplicates once) and written back after fuzzy")
    func roundTrip() throws {
        let catalog = try StringCatalog(bytes: Array(Self.po.utf8), format: .po)
        #expect(catalog["%d files"]?.gettextFlags == ["c-format"])
        #expect(catalog["Hello %s"]?.gettextFlags == ["c-format"])
        #expect(catalog["Hello %s"]?.localizations["de"]?.unit?.state == .needsReview)
        #expect(catalog["100% done"]?.gettextFlags == ["no-c-format"])
        #expect(catalog["Plain"]?.gettextFlags == [])
        let written = String(decoding: try catalog.poFile(language: "de"), as: UTF8.self)
        #expect(written.contains("\n#, c-format\nmsgid \"%d files\"\n"))
        #expect(written.contains("\n#, fuzzy, c-format\nmsgid \"Hello %s\"\n"))
        #expect(written.contains("\n#, no-c-format\nmsgid \"100% done\"\n"))
        #expect(written.contains("\n\nmsgid \"Plain\"\n"))
        let again = try StringCatalog(bytes: Array(written.utf8), format: .po)
        #expect(again.keys.map { again[$0]?.gettextFlags } == catalog.keys.map { catalog[$0]?.gettextFlags })
    }
}
