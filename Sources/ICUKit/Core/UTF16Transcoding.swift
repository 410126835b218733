/// UTF-16 to `String` in one pass into the string's own storage (`String(decoding:as:
/// UTF16.self)` allocates once per character on this path: 4,000 mallocs for 4 KiB).
enum UTF16Transcoding {
    static func string(_ units: UnsafeBufferPointer<UInt16>) -> String {
        let n = units.count
        if n == 0 { return "" }
        return String(unsafeUninitializedCapacity: n * 3) { out in
            var o = 0
            var i = 0
            while i < n {
                var value = UInt32(units[i])
                i += 1
                if value < 0x80 {
                    out[o] = UInt8(value); o += 1
                    continue
                }
                if value < 0x800 {
                    out[o] = UInt8(0xC0 | (value >> 6)); out[o + 1] = UInt8(0x80 | (value & 0x3F)); o += 2
                    continue
                }
                if value >= 0xD800 && value <= 0xDFFF {
                    if value <= 0xDBFF, i < n, units[i] >= 0xDC00, units[i] <= 0xDFFF {
                        value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                        i += 1
                        out[o] = UInt8(0xF0 | (value >> 18)); out[o + 1] = UInt8(0x80 | ((value >> 12) & 0x3F))
                        out[o + 2] = UInt8(0x80 | ((value >> 6) & 0x3F)); out[o + 3] = UInt8(0x80 | (value & 0x3F)); o += 4
                        continue
                    }
                    value = 0xFFFD  // a lone surrogate (the converters never produce one)
                }
                out[o] = UInt8(0xE0 | (value >> 12)); out[o + 1] = UInt8(0x80 | ((value >> 6) & 0x3F))
                out[o + 2] = UInt8(0x80 | (value & 0x3F)); o += 3
            }
            return o
        }
    }

    static func string(_ units: [UInt16]) -> String {
        units.withUnsafeBufferPointer { string($0) }
    }
}
