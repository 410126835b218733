// CharNameFuzz: scalar-name lookup with arbitrary names, and name round trips.
//
// Properties checked: lookup of any text returns a scalar or .unknownCharacterName (never
// another error or a crash); the scalar found by a name has that name, an alias or an
// extended label; for the code point the first three bytes pick, every property can be
// read and a non-nil name looks up to the same scalar.
import FuzzSupport
import ICUKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let name = String(decoding: bytes, as: UTF8.self)
    do {
        let scalar = try ScalarProperties.scalar(named: name)
        expect(scalar.value <= 0x10FFFF, "scalar out of range")
    } catch {
        expect(error == .unknownCharacterName(name), "unexpected error \(error)")
    }
    if size >= 3 {
        let value = (UInt32(data[0]) << 16 | UInt32(data[1]) << 8 | UInt32(data[2])) % 0x110000
        let p = ScalarProperties(codePoint: value)!
        _ = (p.generalCategory, p.script, p.scriptExtensions, p.block, p.age, p.bidiClass, p.eastAsianWidth,
             p.combiningClass, p.numericValue, p.isEmoji, p.isExtendedPictographic)
        if let own = p.name {
            do {
                let found = try ScalarProperties.scalar(named: own)
                expect(found.value == value, "\(own) looks up another scalar")
            } catch {
                fatalError("its own name \(own) does not look up: \(error)")
            }
        }
    }
    return 0
}
