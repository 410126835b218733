/// UTF-8 to UTF-16 in Swift, validating as it copies, for the segmentation paths that hand
/// ICU a UTF-16 copy of the text.
///
/// It replaces `u_strFromUTF8` there: ICU 72's conversion costs ~37 instructions per
/// three-byte character (Devanagari, CJK), this one ~15, with the same verdict on every
/// input (well-formed UTF-8 in Unicode's sense: no overlong forms, surrogates or values past
/// U+10FFFF; a `UTF8TranscodingTests` comparison with ICU on random and hostile bytes).
/// ASCII goes eight bytes at a time.
///
/// It decodes with its own loops rather than ``ValidUTF8``: each sequence is checked while
/// it is decoded (from one word load where eight bytes are readable), and the `validUTF8:`
/// form must stay memory-safe on any bytes, which ``ValidUTF8`` does not check.
enum UTF8Transcoding {
    /// Converts `bytes` into `units`, which must hold at least `bytes.count` units (no
    /// UTF-8 text is longer in UTF-16). Returns the number of units written, or `nil` when
    /// `bytes` is not well-formed UTF-8 (then what was written is unspecified).
    static func utf16(
        _ bytes: UnsafeBufferPointer<UInt8>, into units: UnsafeMutablePointer<UInt16>
    ) -> Int? {
        transcode(bytes, into: units, validating: true)
    }

    /// ``utf16(_:into:)`` for bytes already known to be valid UTF-8 (a `String`'s): each
    /// sequence is decoded by its lead byte alone. Memory-safe on any bytes (it reads only
    /// within `bytes` and writes at most `bytes.count` units), but on invalid ones the units
    /// are unspecified and a sequence cut by the end returns `nil`.
    static func utf16(
        validUTF8 bytes: UnsafeBufferPointer<UInt8>, into units: UnsafeMutablePointer<UInt16>
    ) -> Int? {
        transcode(bytes, into: units, validating: false)
    }

    @inline(__always)
    private static func transcode(
        _ bytes: UnsafeBufferPointer<UInt8>, into units: UnsafeMutablePointer<UInt16>, validating: Bool
    ) -> Int? {
        guard let source = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var i = 0
        var o = 0
        // While eight bytes ahead are readable, ASCII goes a word at a time, and each other
        // sequence is checked and decoded from one load (little-endian: the lead is the low
        // byte); a run of sequences of one length stays in that length's loop.
        #if _endian(little)
        if count >= 8 {
            let last = count &- 8
            @inline(__always) func load(_ i: Int) -> UInt32 {
                UnsafeRawPointer(source + i).loadUnaligned(as: UInt32.self)
            }
            while i <= last {
                let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    Self.widen(word, to: units + o)
                    i &+= 8
                    o &+= 8
                    continue
                }
                var w = UInt32(truncatingIfNeeded: word)
                if w & 0x80 == 0 {
                    units[o] = UInt16(truncatingIfNeeded: w & 0x7F)
                    i &+= 1
                    o &+= 1
                } else if validating ? w & 0xC0C0F0 == 0x8080E0 : w & 0xF0 == 0xE0 {
                    // Three bytes: U+0800...U+FFFF but not a surrogate.
                    repeat {
                        let unit = (w & 0x0F) << 12 | (w & 0x3F00) >> 2 | (w & 0x3F_0000) >> 16
                        if validating && (unit &- 0x800 >= 0xD000 && unit < 0xE000) { return nil }
                        units[o] = UInt16(truncatingIfNeeded: unit)
                        i &+= 3
                        o &+= 1
                        guard i <= last else { break }
                        w = load(i)
                    } while validating ? w & 0xC0C0F0 == 0x8080E0 : w & 0xF0 == 0xE0
                } else if validating ? w & 0xC0E0 == 0x80C0 : w & 0xF0 < 0xE0 {
                    // Two bytes: U+0080...U+07FF (C0 and C1 would be overlong).
                    repeat {
                        if validating && w & 0x1E == 0 { return nil }
                        units[o] = UInt16(truncatingIfNeeded: (w & 0x1F) << 6 | (w & 0x3F00) >> 8)
                        i &+= 2
                        o &+= 1
                        guard i <= last else { break }
                        w = load(i)
                    } while validating ? w & 0xC0E0 == 0x80C0 : w & 0xC0 == 0xC0 && w & 0xF0 < 0xE0
                } else {
                    // Four bytes: U+10000...U+10FFFF.
                    if validating && w & 0xC0C0_C0F8 != 0x8080_80F0 { return nil }
                    let scalar = (w & 0x07) << 18 | (w & 0x3F00) << 4 | (w & 0x3F_0000) >> 10 | (w & 0x3F00_0000) >> 24
                    if validating && (scalar &- 0x1_0000 > 0xF_FFFF) { return nil }
                    let offset = scalar &- 0x1_0000
                    units[o] = UInt16(truncatingIfNeeded: 0xD800 | offset >> 10)
                    units[o &+ 1] = UInt16(truncatingIfNeeded: 0xDC00 | offset & 0x3FF)
                    i &+= 4
                    o &+= 2
                }
            }
        }
        #endif
        // The last bytes, each read only after a bounds check.
        while i < count {
            let lead = source[i]
            if lead < 0x80 {
                units[o] = UInt16(lead)
                i &+= 1
                o &+= 1
            } else if lead >= 0xE0 {
                if lead < 0xF0 {
                    guard count &- i >= 3 else { return nil }
                    let b1 = source[i &+ 1], b2 = source[i &+ 2]
                    let unit = UInt16(lead & 0x0F) << 12 | UInt16(b1 & 0x3F) << 6 | UInt16(b2 & 0x3F)
                    // Two continuation bytes; not overlong (< U+0800); not a surrogate.
                    guard !validating || ((UInt16(b1) << 8 | UInt16(b2)) & 0xC0C0 == 0x8080
                        && unit >= 0x800 && unit & 0xF800 != 0xD800) else { return nil }
                    units[o] = unit
                    i &+= 3
                    o &+= 1
                } else {
                    guard count &- i >= 4 else { return nil }
                    let b1 = source[i &+ 1], b2 = source[i &+ 2], b3 = source[i &+ 3]
                    let scalar = UInt32(lead & 0x07) << 18 | UInt32(b1 & 0x3F) << 12
                        | UInt32(b2 & 0x3F) << 6 | UInt32(b3 & 0x3F)
                    guard !validating || (lead <= 0xF4
                        && (UInt32(b1) << 16 | UInt32(b2) << 8 | UInt32(b3)) & 0xC0C0C0 == 0x808080
                        && scalar >= 0x1_0000 && scalar <= 0x10_FFFF) else { return nil }
                    let offset = scalar &- 0x1_0000
                    units[o] = UInt16(truncatingIfNeeded: 0xD800 | offset >> 10)
                    units[o &+ 1] = UInt16(truncatingIfNeeded: 0xDC00 | offset & 0x3FF)
                    i &+= 4
                    o &+= 2
                }
            } else {
                // C2...DF and one continuation byte (80...C1 cannot lead).
                guard count &- i >= 2 else { return nil }
                let b1 = source[i &+ 1]
                guard !validating || (lead >= 0xC2 && b1 & 0xC0 == 0x80) else { return nil }
                units[o] = UInt16(lead & 0x1F) << 6 | UInt16(b1 & 0x3F)
                i &+= 2
                o &+= 1
            }
        }
        return o
    }

    /// Stores the eight ASCII bytes of `word` (memory order) as eight UTF-16 units.
    @inline(__always)
    private static func widen(_ word: UInt64, to destination: UnsafeMutablePointer<UInt16>) {
        #if _endian(little)
        @inline(__always) func spread(_ half: UInt64) -> UInt64 {
            let x = (half | half << 16) & 0x0000_FFFF_0000_FFFF
            return (x | x << 8) & 0x00FF_00FF_00FF_00FF
        }
        let raw = UnsafeMutableRawPointer(destination)
        raw.storeBytes(of: spread(word & 0xFFFF_FFFF), as: UInt64.self)
        raw.storeBytes(of: spread(word >> 32), toByteOffset: 8, as: UInt64.self)
        #else
        for k in 0..<8 { destination[k] = UInt16(truncatingIfNeeded: word >> (56 &- 8 &* k)) }
        #endif
    }
}
