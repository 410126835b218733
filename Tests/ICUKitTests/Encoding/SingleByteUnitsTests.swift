@_spi(Internals) import ICUKit
import Testing

/// `singleByteUnits()` (the detector's byte tables, built at start-up) answers what a strict
/// `decode([byte])` answers for each byte, for every encoding ICU has.
@Suite("Single-byte unit tables")
struct SingleByteUnitsTests {
    @Test("every byte of every available encoding: the same as decoding the byte alone")
    func matchesDecode() throws {
        var checked = 0
        // ICU's converters, and ICUKit's own tables for code pages ICU 72 lacks.
        for name in TextConverter.availableEncodings + ["ISO-8859-16", "VISCII"] {
            guard let converter = try? TextConverter(encodingName: name) else { continue }
            let table = converter.singleByteUnits()
            #expect(table.count == 256)
            var differences = 0
            for byte in 0..<256 {
                let units = (try? converter.decode([UInt8(byte)])).map { Array($0.utf16) } ?? []
                let expected = units.count == 1 ? UInt32(units[0]) : UInt32.max
                if table[byte] != expected {
                    differences += 1
                    if differences < 3 { Issue.record("\(name) byte \(byte): table \(table[byte]), decode \(expected)") }
                }
            }
            #expect(differences == 0, "\(name)")
            checked += 1
        }
        #expect(checked > 100)
        // Real tables: windows-1251's 0xC0 is CYRILLIC CAPITAL LETTER A; Shift_JIS's 0x81 is
        // a lead byte (nothing alone), its 0xB1 a half-width katakana.
        let cyrillic = try TextConverter(encodingName: "windows-1251").singleByteUnits()
        #expect(cyrillic[0xC0] == 0x0410 && cyrillic[0x41] == 0x41)
        let japanese = try TextConverter(encodingName: "Shift_JIS").singleByteUnits()
        #expect(japanese[0x81] == UInt32.max && japanese[0xB1] == 0xFF71)
    }
}
