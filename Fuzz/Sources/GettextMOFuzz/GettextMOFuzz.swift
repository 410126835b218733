// GettextMOFuzz: arbitrary bytes as a gettext .mo file (the first byte may turn them into
// a well-formed header of either byte order, so that tables are reached).
//
// Checked: reading throws StringsError with a byte offset inside the input (or a line of
// the header) or gives a gettext catalog whose Plural-Forms parse.
import FuzzSupport
import ICUKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    var bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    // Mode 1 and 2: a valid magic number and revision, so the fuzzer spends its time on the tables.
    switch data[0] % 3 {
    case 1 where bytes.count >= 8: bytes.replaceSubrange(0..<8, with: [0xDE, 0x12, 0x04, 0x95, 0, 0, 0, 0])
    case 2 where bytes.count >= 8: bytes.replaceSubrange(0..<8, with: [0x95, 0x04, 0x12, 0xDE, 0, 0, 0, 0])
    default: break
    }
    do {
        let catalog = try StringCatalog(bytes: bytes, format: .mo, language: "de", file: "f.mo")
        for forms in catalog.gettextPluralForms.values {
            expect((try? GettextPluralRule(forms)) != nil, "a Plural-Forms read does not parse: \(forms)")
        }
    } catch {
        expect(error.byteOffset.map { $0 >= 0 && $0 <= bytes.count } ?? (error.line != nil || error.kind == .unsupportedFormat),
               "no place in \(error)")
    }
    return 0
}
