/// A code page that ICU 72's data lacks but real files use: ISO-8859-16 for Romanian and
/// other South-East European text and VISCII for Vietnamese, converted from tables generated
/// from glibc's charmaps (`Scripts/build-extra-code-pages.py`), and Johab for Korean
/// (double-byte; `ExtraCodePage+Johab.swift`).
///
/// `Sendable` notes: immutable after construction.
final class ExtraCodePage: Sendable {
    let name: String
    let aliases: [String]
    /// Whether this is Johab (two bytes per non-ASCII character) rather than single-byte.
    let isJohab: Bool
    /// Scalar of each byte; `UInt32.max` when unmapped (Johab: every byte from 0x80, which
    /// is only part of a character).
    let decodeTable: [UInt32]
    /// `scalar << 8 | byte` for each mapped scalar (its first byte), sorted: looked up by
    /// binary search. (Not a `Dictionary`: these tables are built by every detecting
    /// process, and the first `UInt32: Hashable` check scans every conformance in the
    /// binary, ~280,000 instructions.)
    private let encodeTable: [UInt64]

    private init(name: String, aliases: [String], table: [Int32], isJohab: Bool = false) {
        self.name = name
        self.aliases = aliases
        self.isJohab = isJohab
        decodeTable = table.map { $0 < 0 ? UInt32.max : UInt32($0) }
        var pairs: [UInt64] = []
        for (byte, value) in table.enumerated() where value >= 0 { pairs.append(UInt64(value) << 8 | UInt64(byte)) }
        pairs.sort()
        // Keep the first (lowest) byte of a scalar mapped twice.
        var unique: [UInt64] = []
        for pair in pairs where unique.last.map({ $0 >> 8 != pair >> 8 }) ?? true { unique.append(pair) }
        encodeTable = unique
    }

    /// The byte `scalar` encodes to, if mapped.
    func encodedByte(_ scalar: UInt32) -> UInt8? {
        var low = 0
        var high = encodeTable.count
        while low < high {
            let middle = (low + high) / 2
            let key = UInt32(truncatingIfNeeded: encodeTable[middle] >> 8)
            if key == scalar { return UInt8(truncatingIfNeeded: encodeTable[middle]) }
            if key < scalar { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    static let all: [ExtraCodePage] = data.map { ExtraCodePage(name: $0.name, aliases: $0.aliases, table: $0.table) } + [
        ExtraCodePage(name: "Johab", aliases: ["johab", "x-johab", "cp1361", "ms1361", "windows-1361"],
                      table: (0..<256).map { $0 < 0x80 ? Int32($0) : -1 }, isJohab: true),
    ]

    /// The code page for `name` (its name or an alias, case-insensitive), if any.
    static func named(_ name: String) -> ExtraCodePage? {
        // Every converter lookup asks here first, so ASCII names (all real ones) are folded
        // on their bytes; others take the full Unicode lowercasing.
        let lower: String
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            lower = String(decoding: name.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        } else {
            lower = name.lowercased()
        }
        let key = String(decoding: lower.utf8.map { $0 == 0x5F ? 0x2D : $0 }, as: UTF8.self)
        for page in all where page.name.lowercased() == key || page.aliases.contains(key) || page.aliases.contains(lower) {
            return page
        }
        return nil
    }

    /// Decodes `input` (`flush`: the end of the text; a Johab lead byte left at the end of
    /// a chunk otherwise waits in `state` for the next).
    func decode(
        _ input: UnsafeRawBufferPointer, flush: Bool, lossy: Bool, state: inout DecodeState, _ sink: (UnsafeBufferPointer<UInt16>) -> Void
    ) throws(TextConversionError) {
        if isJohab { return try decodeJohab(input, flush: flush, lossy: lossy, state: &state, sink) }
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
            if let code = isJohab ? Self.johabCode(scalar.value) : encodedByte(scalar.value).map(UInt16.init) {
                if code < 0x100 { bytes.append(UInt8(code)) } else { bytes.append(UInt8(code >> 8)); bytes.append(UInt8(code & 0xFF)) }
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
