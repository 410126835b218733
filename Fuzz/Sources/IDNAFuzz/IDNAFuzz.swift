// IDNAFuzz: arbitrary bytes as a domain name through IDNA (the first byte picks the
// options: transitional, CheckBidi, CheckJoiners, ContextO, STD3; the rest is the name).
//
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - invalid UTF-8 throws .invalidUTF8 with the offset firstInvalidOffset reports, from every
//   UTF-8 entry point (names and labels);
// - valid text: toASCII and toUnicode (with the ASCII fast path) equal ICU's answer without
//   it; a name the fast path takes is valid and unchanged;
// - toASCII ∘ toUnicode is stable (nontransitional processing): when toASCII finds no
//   error, toUnicode of its output finds none either and toASCII of that gives the same
//   ASCII name back;
// - only a label past ICU's Punycode limits (1,000/2,000 UTF-16 code units, after mapping)
//   may throw .inputTooLong, with a length past the limit; nothing else throws.
@_spi(Testing) import ICUKit
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let control = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let options = IDNA.Options(transitional: control & 1 != 0, checkBidi: control & 2 == 0, checkContextJ: control & 4 == 0,
                               checkContextO: control & 8 != 0, useSTD3ASCIIRules: control & 16 != 0)
    let idna: IDNA
    do { idna = try IDNA(options) } catch { fatalError("IDNA(\(options)): \(error)") }

    guard let name = String(validating: bytes, as: UTF8.self) else {
        let offset = UTF8Decoding.firstInvalidOffset(in: bytes)!
        let entryPoints: [(String, () throws(IdentifierError) -> IDNA.Result)] = [
            ("toASCII", { () throws(IdentifierError) in try idna.toASCII(utf8: bytes) }),
            ("toUnicode", { () throws(IdentifierError) in try idna.toUnicode(utf8: bytes) }),
            ("labelToASCII", { () throws(IdentifierError) in try idna.labelToASCII(utf8: bytes) }),
            ("labelToUnicode", { () throws(IdentifierError) in try idna.labelToUnicode(utf8: bytes) }),
        ]
        for (what, call) in entryPoints {
            do {
                _ = try call()
                fatalError("\(what): invalid UTF-8 accepted")
            } catch {
                expect(error == .invalidUTF8(InvalidUTF8Error(byteOffset: offset)), "\(what): \(error), expected offset \(offset)")
            }
        }
        return 0
    }
    func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
    do {
        let ascii = try idna.toASCII(name)
        let asciiICU = try idna.toASCIIThroughICU(name)
        expect(ascii == asciiICU, "toASCII fast path differs from ICU")
        let unicode = try idna.toUnicode(name)
        let unicodeICU = try idna.toUnicodeThroughICU(name)
        expect(unicode == unicodeICU, "toUnicode fast path differs from ICU")
        if IDNA.isFastPathName(name) {
            expect(ascii.errors.isEmpty && same(ascii.output, name), "fast path took a name ICU changes")
        }
        // Only nontransitional processing round-trips: transitional processing maps the
        // deviation characters (ß, ς, ZWJ, ZWNJ) that a Punycode label may still carry
        // ("xn--bhhbc-ede" is "bhhbcς", which toASCII then spells with σ), as UTS #46 says.
        if ascii.errors.isEmpty && !options.transitional {
            let back = try idna.toUnicode(ascii.output)
            expect(back.errors.isEmpty, "toUnicode of a valid toASCII output has errors \(back.errors)")
            let again = try idna.toASCII(back.output)
            expect(same(again.output, ascii.output) && again.errors.isEmpty, "toASCII ∘ toUnicode is not stable")
        }
        _ = try idna.labelToASCII(name)
        _ = try idna.labelToUnicode(name)
    } catch .inputTooLong(let error) {
        // The limit is on the mapped label (U+FDFA alone maps to 18 characters); ICUKit
        // measures it through toUnicode, so the length it reports is past the limit.
        expect(error.length > error.limit, "inputTooLong for a label of \(error.length) units, limit \(error.limit)")
        expect(name.utf16.count * 18 > 1000, "inputTooLong for a name of \(name.utf16.count) units")
    } catch {
        fatalError("unexpected error \(error)")
    }
    return 0
}
