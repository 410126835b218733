/// A single-byte code page that ICU 72's data lacks but real files use (ISO-8859-16 for
/// Romanian and other South-East European text, VISCII for Vietnamese), converted from a
/// table generated from glibc's charmaps (`Scripts/build-extra-code-pages.py`).
///
/// `Sendable` notes: immutable after construction.
final class ExtraCodePage: Sendable {
    let name: String
    /// Scalar of each byte; `UInt32.max` when unmapped.
    let decodeTable: [UInt32]
    let encodeTable: [UInt32: UInt8]

    private init(name: String, table: [Int32]) {
        self.name = name
        decodeTable = table.map { $0 < 0 ? UInt32.max : UInt32($0) }
        var reverse: [UInt32: UInt8] = [:]
        for (byte, value) in table.enumerated() where value >= 0 && reverse[UInt32(value)] == nil {
            reverse[UInt32(value)] = UInt8(byte)
        }
        encodeTable = reverse
    }

    static let all: [ExtraCodePage] = data.map { ExtraCodePage(name: $0.name, table: $0.table) }

    /// The code page for `name` (its name or an alias, case-insensitive), if any.
    static func named(_ name: String) -> ExtraCodePage? {
        let key = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
        for (index, entry) in data.enumerated() where entry.name.lowercased() == key || entry.aliases.contains(key) || entry.aliases.contains(name.lowercased()) {
            return all[index]
        }
        return nil
    }

    func decode(
        _ input: UnsafeRawBufferPointer, lossy: Bool, state: inout DecodeState, _ sink: (UnsafeBufferPointer<UInt16>) -> Void
    ) throws(TextConversionError) {
        var units: [UInt16] = []
        units.reserveCapacity(input.count)
        for (index, byte) in input.enumerated() {
            let value = decodeTable[Int(byte)]
            if value == .max {
                if !lossy { throw .invalidBytes(byteOffset: state.consumed + index, length: 1) }
                state.replacements += 1
                units.append(0xFFFD)
            } else {
                units.append(UInt16(value))  // both tables are BMP-only
            }
        }
        state.consumed += input.count
        units.withUnsafeBufferPointer { sink($0) }
    }

    func encode(
        _ input: UnsafeBufferPointer<UInt16>, lossy: Bool, state: inout EncodeState, _ sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(TextConversionError) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count)
        var offset = 0
        for scalar in UTF16Transcoding.string(input).unicodeScalars {
            if let byte = encodeTable[scalar.value] {
                bytes.append(byte)
            } else {
                if !lossy { throw .unencodable(utf8Offset: state.consumed + offset, scalar: scalar) }
                state.replacements += 1
                bytes.append(0x3F)
            }
            offset += scalar.utf16.count
        }
        state.consumed += input.count
        bytes.withUnsafeBufferPointer { sink($0) }
    }
}
