// GettextPOFuzz: arbitrary bytes as a gettext .po file, and its first line as a
// Plural-Forms rule.
//
// Checked: reading throws StringsError (with a line) or gives a gettext catalog whose
// Plural-Forms parse; its .po output reads back with the same keys and translations.
// GettextPluralRule either throws or gives indexes below nplurals for any n, and
// evaluation is deterministic.
import FuzzSupport
import ICUKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let firstLine = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
    if let rule = try? GettextPluralRule(firstLine) {
        for n: UInt64 in [0, 1, 2, 5, 11, 21, 101, 1_000_000, UInt64.max] {
            let index = rule.index(for: n)
            expect(index >= 0 && index < rule.count, "index \(index) for \(n) outside 0..<\(rule.count)")
            expect(rule.value(for: n) == rule.value(for: n), "evaluation is not deterministic")
        }
    }
    let catalog: StringCatalog
    do {
        catalog = try StringCatalog(bytes: bytes, format: .po, language: "de", file: "f.po")
    } catch {
        expect(error.line.map { $0 >= 1 } ?? (error.byteOffset != nil), "no place in \(error)")
        return 0
    }
    for forms in catalog.gettextPluralForms.values {
        expect((try? GettextPluralRule(forms)) != nil, "a Plural-Forms read does not parse: \(forms)")
    }
    guard let language = catalog.languages.last, catalog.gettextPluralForms[language] != nil || !catalog.entries.contains(where: {
        $0.localizations.values.contains { $0.variations != nil }
    }) else { return 0 }
    do {
        let written = try catalog.poFile(language: language)
        let again = try StringCatalog(bytes: written, format: .po, language: language)
        expect(again.keys == catalog.keys, "keys changed in a round trip")
        for key in catalog.keys {
            expect(again[key]?.localizations[language] == catalog[key]?.localizations[language], "translation of \(key) changed")
        }
    } catch {
        // A language without a known Plural-Forms cannot be written; anything else is a bug.
        expect(error.kind == .unknownLanguage, "a .po read does not write and read back: \(error)")
    }
    return 0
}
