// StringsDictFuzz: arbitrary bytes as a .stringsdict property list.
//
// Checked: reading throws StringsError (malformed, a byte offset inside the input) or
// gives a catalog; its .stringsdict and .strings output read back with every key.
import FuzzSupport
import ICUKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let catalog: StringCatalog
    do {
        catalog = try StringCatalog(bytes: bytes, format: .stringsdict, language: "ru", file: "f.stringsdict")
    } catch {
        expect(error.kind == .malformed, "unexpected kind \(error)")
        expect(error.byteOffset.map { $0 >= 0 && $0 <= size } ?? true, "offset outside the input: \(error)")
        return 0
    }
    do {
        let (strings, dict) = try catalog.stringsFiles(language: "ru")
        var keys = Set(try StringCatalog(bytes: strings, format: .strings, language: "ru").keys)
        if let dict { keys.formUnion(try StringCatalog(bytes: dict, format: .stringsdict, language: "ru").keys) }
        expect(keys == Set(catalog.keys), "keys changed in a round trip")
    } catch {
        fatalError("a .stringsdict read does not write and read back: \(error)")
    }
    return 0
}
