/// Johab (KS X 1001:1992 annex 3; Windows code page 1361): Korean in two bytes per
/// non-ASCII character. A Hangul code is `1` and three 5-bit jamo codes (initial, medial,
/// final), so every modern syllable (all 11,172) and the compatibility jamo are computed;
/// the symbols and Hanja are KS X 1001's (rows 0x21…0x2C at lead bytes 0xD9…0xDE, rows
/// 0x4A…0x7D at 0xE0…0xF9, two rows per lead byte), in a table generated from glibc's
/// JOHAB charmap (``johabSymbols``).
extension ExtraCodePage {
    /// For each 5-bit code: the index of the initial (0…18), medial (vowel 0…20) or final
    /// (1…27), ``johabFill`` (the code that means none) or -1 (invalid).
    static let johabInitial: [Int8] = [-1, 99, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
    static let johabMedial: [Int8] = [-1, -1, 99, 0, 1, 2, 3, 4, -1, -1, 5, 6, 7, 8, 9, 10, -1, -1, 11, 12, 13, 14, 15, 16, -1, -1, 17, 18, 19, 20, -1, -1]
    static let johabFinal: [Int8] = [-1, 99, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, -1, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, -1, -1]
    /// The 5-bit medial code of each vowel index 0…20.
    static let johabMedialCodes: [UInt16] = [3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 26, 27, 28, 29]
    static let johabFill: Int8 = 99
    /// Offsets from U+3131 of the compatibility jamo of the 19 initials and of finals 1…27.
    static let initialJamo: [UInt16] = [0, 1, 3, 6, 7, 8, 16, 17, 18, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]
    static let finalJamo: [UInt16] = [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29]

    /// The character of a Hangul-area code (lead byte 0x84…0xD3), if valid.
    static func johabHangul(_ code: UInt16) -> UInt16? {
        let l = johabInitial[Int(code >> 10 & 31)], v = johabMedial[Int(code >> 5 & 31)], t = johabFinal[Int(code & 31)]
        guard l >= 0, v >= 0, t >= 0 else { return nil }
        switch (l == johabFill, v == johabFill, t == johabFill) {
        case (false, false, _): return 0xAC00 + (UInt16(l) * 21 + UInt16(v)) * 28 + (t == johabFill ? 0 : UInt16(t))
        case (false, true, true): return 0x3131 + initialJamo[Int(l)]
        case (true, false, true): return 0x314F + UInt16(v)
        case (true, true, false): return 0x3131 + finalJamo[Int(t) - 1]
        case (true, true, true): return 0x3164  // Hangul filler
        default: return nil
        }
    }

    /// The KS X 1001 row and column (0x21…0x7E) of a symbol or Hanja code, if any.
    static func ksx1001(lead: UInt8, trail: UInt8) -> (row: Int, column: Int)? {
        let pair: Int
        switch lead {
        case 0xD9...0xDE: pair = 0x21 + Int(lead - 0xD9) * 2
        case 0xE0...0xF9: pair = 0x4A + Int(lead - 0xE0) * 2
        default: return nil
        }
        switch trail {
        case 0x31...0x7E: return (pair, Int(trail) - 0x31 + 0x21)
        case 0x91...0xA0: return (pair, Int(trail) - 0x91 + 0x6F)
        case 0xA1...0xFE:
            // Row 0x24's modern jamo are in the Hangul area instead.
            if pair + 1 == 0x24 && trail <= 0xD3 { return nil }
            return (pair + 1, Int(trail) - 0xA1 + 0x21)
        default: return nil
        }
    }

    /// `scalar << 16 | code` for each symbol and Hanja, sorted, for encoding.
    static let johabSymbolCodes: [UInt64] = {
        var pairs: [UInt64] = []
        for lead in Array(UInt8(0xD9)...0xDE) + Array(UInt8(0xE0)...0xF9) {
            for trail in Array(UInt8(0x31)...0x7E) + Array(UInt8(0x91)...0xFE) {
                guard let (row, column) = ksx1001(lead: lead, trail: trail) else { continue }
                let unit = johabSymbols[(row - 0x21) * 94 + column - 0x21]
                if unit != 0 { pairs.append(UInt64(unit) << 16 | UInt64(lead) << 8 | UInt64(trail)) }
            }
        }
        return pairs.sorted()
    }()

    /// The Johab code of a scalar (below 0x80 for ASCII), if it has one.
    static func johabCode(_ value: UInt32) -> UInt16? {
        switch value {
        case 0..<0x80: return UInt16(value)
        case 0xAC00...0xD7A3:
            let index = UInt16(value - 0xAC00)
            let t = index % 28
            let final: UInt16 = t == 0 ? 1 : t <= 16 ? t + 1 : t + 2
            return 0x8000 | (index / 588 + 2) << 10 | johabMedialCodes[Int(index % 588 / 28)] << 5 | final
        case 0x3131...0x314E:
            let offset = UInt16(value - 0x3131)
            if let l = initialJamo.firstIndex(of: offset) { return 0x8000 | UInt16(l + 2) << 10 | 2 << 5 | 1 }
            if let t = finalJamo.firstIndex(of: offset) { return 0x8000 | 1 << 10 | 2 << 5 | UInt16(t + 1 <= 16 ? t + 2 : t + 3) }
            return nil
        case 0x314F...0x3163: return 0x8000 | 1 << 10 | johabMedialCodes[Int(value - 0x314F)] << 5 | 1
        case 0x10000...: return nil
        default:
            let codes = johabSymbolCodes
            var low = 0, high = codes.count
            while low < high {
                let middle = (low + high) / 2
                let key = UInt32(truncatingIfNeeded: codes[middle] >> 16)
                if key == value { return UInt16(truncatingIfNeeded: codes[middle]) }
                if key < value { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// The character of a two-byte code, if valid and mapped.
    static func johabCharacter(lead: UInt8, trail: UInt8) -> UInt16? {
        switch lead {
        case 0x84...0xD3: return johabHangul(UInt16(lead) << 8 | UInt16(trail))
        default:
            guard let (row, column) = ksx1001(lead: lead, trail: trail) else { return nil }
            let unit = johabSymbols[(row - 0x21) * 94 + column - 0x21]
            return unit == 0 ? nil : unit
        }
    }

    /// Decodes Johab: ASCII bytes alone, every other character in two bytes. A byte that
    /// cannot lead, or a lead byte before an ASCII byte (read again), is one invalid byte.
    func decodeJohab(
        _ input: UnsafeRawBufferPointer, flush: Bool, lossy: Bool, state: inout DecodeState, _ sink: (UnsafeBufferPointer<UInt16>) -> Void
    ) throws(TextConversionError) {
        var units: [UInt16] = []
        units.reserveCapacity(input.count)
        let n = input.count
        var i = 0
        var lead = state.pendingLead
        state.pendingLead = nil
        // A lead byte carried from the last chunk starts at offset -1 of this one.
        var start = lead == nil ? 0 : -1
        func fail(at offset: Int, length: Int) throws(TextConversionError) {
            if !lossy { throw .invalidBytes(byteOffset: state.consumed + offset, length: length) }
            state.replacements += 1
            units.append(0xFFFD)
        }
        while i < n || lead != nil {
            guard let first = lead else {
                let byte = input[i]
                if byte < 0x80 { units.append(UInt16(byte)); i += 1; continue }
                guard (0x84...0xD3).contains(byte) || (0xD9...0xDE).contains(byte) || (0xE0...0xF9).contains(byte) else {
                    try fail(at: i, length: 1)
                    i += 1
                    continue
                }
                lead = byte
                start = i
                i += 1
                continue
            }
            guard i < n else {
                if flush { try fail(at: start, length: 1) } else { state.pendingLead = first }
                break
            }
            let trail = input[i]
            lead = nil
            if let unit = Self.johabCharacter(lead: first, trail: trail) {
                units.append(unit)
                i += 1
            } else if trail < 0x80 {
                try fail(at: start, length: 1)  // the ASCII byte is read again
            } else {
                try fail(at: start, length: 2)
                i += 1
            }
        }
        state.consumed += n
        units.withUnsafeBufferPointer { sink($0) }
    }
}
