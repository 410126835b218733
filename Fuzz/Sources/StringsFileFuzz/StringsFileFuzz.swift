// StringsFileFuzz: arbitrary bytes as a .strings file (UTF-8, or UTF-16 with a BOM).
//
// Checked: reading throws StringsError (malformed, with a line or a byte offset inside the
// input) or gives a catalog of one language; its .strings output reads back with the same
// keys in the same order, the same values and comments.
import FuzzSupport
import ICUKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let catalog: StringCatalog
    do {
        catalog = try StringCatalog(bytes: bytes, format: .strings, language: "fr", file: "f.strings")
    } catch {
        expect(error.kind == .malformed, "unexpected kind \(error)")
        expect(error.line != nil || error.byteOffset != nil, "no place in \(error)")
        expect(error.byteOffset.map { $0 >= 0 && $0 <= size } ?? true, "offset outside the input: \(error)")
        return 0
    }
    expect(catalog.languages.count == 1 || catalog.keys.isEmpty, "languages \(catalog.languages)")
    do {
        let (strings, dict) = try catalog.stringsFiles(language: "fr")
        expect(dict == nil, "a .strings file needs no .stringsdict")
        let again = try StringCatalog(bytes: strings, format: .strings, language: "fr")
        expect(again.keys == catalog.keys, "keys changed in a round trip")
        for key in catalog.keys {
            expect(again[key]?.localizations == catalog[key]?.localizations, "value of \(key) changed")
            expect(again[key]?.comment == catalog[key]?.comment.map { $0.replacing("*/", with: "* /") }, "comment of \(key) changed")
        }
    } catch {
        fatalError("a .strings file read does not write and read back: \(error)")
    }
    return 0
}
