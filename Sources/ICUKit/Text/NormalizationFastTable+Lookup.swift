internal import CICU

/// Reading the table at a UTF-8 sequence, composing a pair, and writing UTF-8.
extension NormalizationFastTable {
    @inline(__always) func value(_ c: UInt32) -> UInt32 {
        stage2[Int(stage1[Int(c >> 7)]) << 7 | Int(c & 0x7F)]
    }

    /// The table value, code point and length of the UTF-8 sequence at `i` (valid UTF-8).
    /// The 2- and 3-byte cases decode inline: the 3-byte one indexes the table straight
    /// from the bytes, the hot path of composition (4-byte sequences use ``ValidUTF8``).
    @inline(__always)
    func entry(_ p: UnsafePointer<UInt8>, _ i: Int) -> (value: UInt32, c: UInt32, length: Int) {
        let byte = p[i]
        let c: UInt32, length: Int
        if byte < 0x80 { return (Self.plain, UInt32(byte), 1) }
        if byte < 0xE0 {
            c = UInt32(byte & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F); length = 2
        } else if byte < 0xF0 {
            // Indexed straight from the bytes (the block is the top 9 bits of 16).
            let b1 = UInt32(p[i + 1]), b2 = UInt32(p[i + 2])
            let block = Int((UInt32(byte & 0x0F) << 5) | ((b1 & 0x3F) >> 1))
            c = UInt32(byte & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)
            return (stage2[Int(stage1[block]) << 7 | Int(((b1 & 1) << 6) | (b2 & 0x3F))], c, 3)
        } else {
            let decoded = ValidUTF8.decode(p, at: i)
            c = decoded.value
            length = decoded.length
        }
        return (stage2[Int(stage1[Int(c >> 7)]) << 7 | Int(c & 0x7F)], c, length)
    }

    /// The table value and length of the non-ASCII sequence at `i` (valid UTF-8), or length
    /// 0 when `skip` says the lead byte's code points need no look (then `value` is 0 and
    /// the length is `skip`'s, negated). 2- and 3-byte sequences index the tables straight
    /// from their bytes (`low` by the 11 payload bits, `stage1` by the top 9 of 16).
    @inline(__always)
    func lookup(_ p: UnsafePointer<UInt8>, _ i: Int, _ byte: UInt8, _ skip: UnsafePointer<UInt8>) -> (value: UInt32, length: Int) {
        if byte < 0xE0 { return (low[Int(byte & 0x1F) << 6 | Int(p[i + 1] & 0x3F)], 2) }
        let skipped = Int(skip[Int(byte)])
        if skipped != 0 { return (0, -skipped) }
        if byte < 0xF0 {
            let b1 = UInt32(p[i + 1]), b2 = UInt32(p[i + 2])
            let block = Int((UInt32(byte & 0x0F) << 5) | ((b1 & 0x3F) >> 1))
            return (stage2[Int(stage1[block]) << 7 | Int(((b1 & 1) << 6) | (b2 & 0x3F))], 3)
        }
        let c = ValidUTF8.decode(p, at: i).value
        return (stage2[Int(stage1[Int(c >> 7)]) << 7 | Int(c & 0x7F)], 4)
    }

    /// The primary composite of `a` + `b`, or 0.
    @inline(__always)
    func compose(_ a: UInt32, _ b: UInt32) -> UInt32 {
        if b >= 0x1161 && b <= 0x11C2 {
            if b <= 0x1175 {
                if a >= 0x1100 && a <= 0x1112 { return 0xAC00 + ((a - 0x1100) * 21 + (b - 0x1161)) * 28 }
            } else if b >= 0x11A8 && a >= 0xAC00 && a <= 0xD7A3 && (a - 0xAC00) % 28 == 0 {
                return a + (b - 0x11A7)
            }
        }
        let key = UInt64(a) << 21 | UInt64(b)
        let mask = pairKeys.count - 1
        var slot = Int((key &* 0x9E37_79B9_7F4A_7C15) >> pairShift)
        while true {
            let k = pairKeys[slot]
            if k == key { return pairValues[slot] }
            if k == 0 { return 0 }
            slot = (slot + 1) & mask
        }
    }

    /// Copies `n` bytes (short copies in 8- and 4-byte moves inside both ranges).
    @inline(__always)
    static func copy(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>, _ n: Int) {
        if n >= 8 {
            if n > 64 { UnsafeMutableRawPointer(dst).copyMemory(from: src, byteCount: n); return }
            var k = 0
            while k + 8 <= n {
                UnsafeMutableRawPointer(dst + k).storeBytes(of: UnsafeRawPointer(src + k).loadUnaligned(as: UInt64.self), as: UInt64.self)
                k += 8
            }
            if k < n {
                UnsafeMutableRawPointer(dst + n - 8).storeBytes(of: UnsafeRawPointer(src + n - 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
            }
        } else if n >= 4 {
            let head = UnsafeRawPointer(src).loadUnaligned(as: UInt32.self), tail = UnsafeRawPointer(src + n - 4).loadUnaligned(as: UInt32.self)
            UnsafeMutableRawPointer(dst).storeBytes(of: head, as: UInt32.self)
            UnsafeMutableRawPointer(dst + n - 4).storeBytes(of: tail, as: UInt32.self)
        } else {
            for k in 0..<n { dst[k] = src[k] }
        }
    }

    /// Writes the UTF-8 of `c` at `dst`; returns its length.
    @inline(__always)
    static func encode(_ c: UInt32, _ dst: UnsafeMutablePointer<UInt8>) -> Int {
        if c < 0x80 { dst[0] = UInt8(c); return 1 }
        if c < 0x800 { dst[0] = UInt8(0xC0 | c >> 6); dst[1] = UInt8(0x80 | c & 0x3F); return 2 }
        if c < 0x10000 {
            dst[0] = UInt8(0xE0 | c >> 12); dst[1] = UInt8(0x80 | (c >> 6) & 0x3F); dst[2] = UInt8(0x80 | c & 0x3F); return 3
        }
        dst[0] = UInt8(0xF0 | c >> 18); dst[1] = UInt8(0x80 | (c >> 12) & 0x3F)
        dst[2] = UInt8(0x80 | (c >> 6) & 0x3F); dst[3] = UInt8(0x80 | c & 0x3F)
        return 4
    }

    /// The offset of the first code point after `i` (a code point of `text`) with `flag`
    /// set, or `end`.
    func nextBoundary(_ p: UnsafePointer<UInt8>, after i: Int, end: Int, flag: UInt32) -> Int {
        var j = i + entry(p, i).length
        while j < end {
            let (value, _, length) = entry(p, j)
            if value & flag != 0 { return j }
            j += length
        }
        return end
    }
}
