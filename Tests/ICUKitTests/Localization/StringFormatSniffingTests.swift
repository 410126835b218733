import Foundation
import Testing
import ICUKit

@Suite("StringCatalog.FileFormat(sniffing:): the format of a file without an extension")
struct StringFormatSniffingTests {
    @Test("each format by its first bytes, after a byte order mark and white space")
    func sniffing() {
        func sniff(_ text: String) -> StringCatalog.FileFormat? { StringCatalog.FileFormat(sniffing: Array(text.utf8)) }
        #expect(sniff("{\n  \"sourceLanguage\" : \"en\"") == .xcstrings)
        #expect(sniff("\n\n  { }") == .xcstrings)
        #expect(sniff("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist>") == .stringsdict)
        #expect(sniff("<!DOCTYPE plist PUBLIC") == .stringsdict)
        #expect(sniff("<plist version=\"1.0\">") == .stringsdict)
        #expect(sniff("<html>") == nil)
        #expect(sniff("# French translations\nmsgid \"\"") == .po)
        #expect(sniff("msgid \"\"\nmsgstr \"\"\n") == .po)
        #expect(sniff("msgctxt \"menu\"\nmsgid \"Open\"") == .po)
        #expect(sniff("/* Title */\n\"title\" = \"Inbox\";") == .strings)
        #expect(sniff("// note\n\"a\" = \"b\";") == .strings)
        #expect(sniff("\"a\" = \"b\";") == .strings)
        #expect(sniff("msgid = \"unquoted key\";") == .strings)
        #expect(sniff("title = Inbox;") == .strings)
        #expect(sniff("") == nil)
        #expect(sniff(" \n\t") == nil)
        #expect(sniff("\u{1}binary") == nil)
        #expect(StringCatalog.FileFormat(sniffing: [0xEF, 0xBB, 0xBF] + Array("\"a\" = \"b\";".utf8)) == .strings)
        let text = "/* c */\n\"a\" = \"é\";"
        let le: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(StringCatalog.FileFormat(sniffing: le) == .strings)
        #expect(StringCatalog.FileFormat(sniffing: be) == .strings)
        #expect(StringCatalog.FileFormat(sniffing: [0xDE, 0x12, 0x04, 0x95, 0, 0, 0, 0]) == .mo)
        #expect(StringCatalog.FileFormat(sniffing: [0x95, 0x04, 0x12, 0xDE, 0, 0, 0, 0]) == .mo)
    }

    @Test("a file without an extension reads by its content; garbage is an unsupported format")
    func contentsOf() throws {
        try withFiles([
            "catalog": utf8("{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : { } }, \"version\" : \"1.0\" }"),
            "fr.lproj/Localizable": utf8("\"a\" = \"b\";"),
            "messages": utf8("msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgid \"a\"\nmsgstr \"b\"\n"),
            "garbage": utf8("\u{1}\u{2}"),
        ]) { (folder: String) throws -> Void in
            #expect(try StringCatalog(contentsOf: folder + "/catalog").keys == ["a"])
            #expect(try StringCatalog(contentsOf: folder + "/fr.lproj/Localizable")["a"]?.localizations["fr"]?.unit?.value == "b")
            #expect(try StringCatalog(contentsOf: folder + "/messages")["a"]?.localizations["de"]?.unit?.value == "b")
            let error = #expect(throws: StringsError.self) { try StringCatalog(contentsOf: folder + "/garbage") }
            #expect(error?.kind == .unsupportedFormat)
        }
    }
}
