// XCStringsFuzz: arbitrary bytes as a String Catalog (.xcstrings JSON).
//
// Checked: StringCatalog(bytes:format: .xcstrings) throws StringsError (typed) whose line is
// at least 1 and whose byte offset lies inside the input, or reads a catalog; a catalog read
// is written in Xcode's layout, that output reads back to an equal catalog and writes the
// same bytes again; the .strings/.stringsdict files of each language read back.
import FuzzSupport
import ICUKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let catalog: StringCatalog
    do {
        catalog = try StringCatalog(bytes: bytes, format: .xcstrings, file: "f.xcstrings")
    } catch {
        expect(error.kind == .malformed, "unexpected kind \(error)")
        expect(error.line.map { $0 >= 1 } ?? true, "line \(String(describing: error.line))")
        expect(error.byteOffset.map { $0 >= 0 && $0 <= size } ?? true, "offset \(String(describing: error.byteOffset)) outside \(size)")
        return 0
    }
    do {
        let written = try catalog.xcstrings()
        let again = try StringCatalog(bytes: written, format: .xcstrings)
        expect(again.keys.count == catalog.keys.count, "keys lost in a round trip")
        for key in catalog.keys { expect(again[key] == catalog[key], "entry \(key) changed in a round trip") }
        let rewritten = try again.xcstrings()
        expect(rewritten == written, "writing is not stable")
        for language in catalog.languages {
            let (strings, dict) = try catalog.stringsFiles(language: language)
            _ = try StringCatalog(bytes: strings, format: .strings, language: language)
            if let dict { _ = try StringCatalog(bytes: dict, format: .stringsdict, language: language) }
        }
    } catch {
        fatalError("a catalog read does not write and read back: \(error)")
    }
    return 0
}
