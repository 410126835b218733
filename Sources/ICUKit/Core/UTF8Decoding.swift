/// Invalid UTF-8: the byte offset of the first byte that does not start or continue
/// a well-formed sequence.
///
/// ```swift
/// do { _ = try UTF8Decoding.decode([0x61, 0xFF]) }
/// catch let error as InvalidUTF8Error { print(error.byteOffset) }  // 1
/// ```
public struct InvalidUTF8Error: Error, Sendable, Hashable, CustomStringConvertible {
    /// Offset, in bytes from the start of the input, of the first invalid byte.
    public let byteOffset: Int

    /// The error for an input whose first invalid byte is at `byteOffset`.
    public init(byteOffset: Int) { self.byteOffset = byteOffset }

    /// The message, such as `"invalid UTF-8 at byte offset 1"`.
    public var description: String { "invalid UTF-8 at byte offset \(byteOffset)" }
}

/// Decoding bytes that claim to be UTF-8 into a `String`: strict by default, lossy by choice.
public enum UTF8Decoding {
    /// Decodes `bytes` as UTF-8.
    ///
    /// ```swift
    /// let text = try UTF8Decoding.decode(Array("héllo".utf8))
    /// let repaired = try UTF8Decoding.decode([0x61, 0xC3], lossy: true)  // "a\u{FFFD}"
    /// ```
    /// - Parameters:
    ///   - bytes: The bytes to decode.
    ///   - lossy: When `true`, each maximal ill-formed subsequence becomes U+FFFD
    ///     (Unicode's recommended practice); when `false` (the default), decoding fails.
    /// - Returns: The decoded string.
    /// - Throws: ``InvalidUTF8Error`` with the offset of the first bad byte, unless `lossy`.
    public static func decode<Bytes: Collection>(
        _ bytes: Bytes, lossy: Bool = false
    ) throws(InvalidUTF8Error) -> String where Bytes.Element == UInt8 {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        if lossy { return String(decoding: bytes, as: UTF8.self) }
        throw InvalidUTF8Error(byteOffset: firstInvalidOffset(in: bytes) ?? 0)
    }

    /// The byte offset of the first invalid UTF-8 byte in `bytes`, or `nil` if all are valid.
    ///
    /// ```swift
    /// UTF8Decoding.firstInvalidOffset(in: [0x61, 0x80])  // 1
    /// ```
    public static func firstInvalidOffset<Bytes: Collection>(
        in bytes: Bytes
    ) -> Int? where Bytes.Element == UInt8 {
        if let offset = bytes.withContiguousStorageIfAvailable({ Self.firstInvalidOffset(inContiguous: $0) }) { return offset }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// ``firstInvalidOffset(in:)`` over contiguous bytes, the offset being that of the first
    /// byte of the ill-formed sequence: ASCII eight bytes at a time, and 2-byte sequences up to
    /// four and 3-byte ones two at a time from one 8-byte load (checking them one by one costs
    /// ~30 instructions per Cyrillic, Arabic or CJK code point; this 4 to 12). Other sequences
    /// are checked against the well-formed byte ranges of the Unicode Standard's Table 3-7.
    @_spi(Internals) public static func firstInvalidOffset(inContiguous bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let p = bytes.baseAddress else { return nil }
        let n = bytes.count
        let raw = UnsafeRawPointer(p)
        var i = 0
        while i < n {
            while i &+ 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if w & 0x80 == 0 {
                    i &+= w & 0x8080_8080_8080_8080 == 0 ? 8 : 1
                    continue
                }
                if w & 0xC0_C0F0 == 0x80_80E0 {
                    // E0 needs a second byte from A0, ED one below A0 (no surrogates).
                    guard Self.wellFormedThree(w) else { break }
                    i &+= (w >> 24) & 0xC0_C0F0 == 0x80_80E0 && Self.wellFormedThree(w >> 24) ? 6 : 3
                    continue
                }
                if w & 0xC0E0 == 0x80C0 {  // C0–DF and a continuation
                    // Four at once (each lead's bits 1–4 nonzero: C2–DF, not C0 or C1).
                    if w & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0
                        && ((w & 0x001E_001E_001E_001E) &+ 0x007F_007F_007F_007F) & 0x0080_0080_0080_0080 == 0x0080_0080_0080_0080 {
                        i &+= 8
                        continue
                    }
                    guard w & 0x1E != 0 else { break }
                    i &+= (w >> 16) & 0xC0E0 == 0x80C0 && (w >> 16) & 0x1E != 0 ? 4 : 2
                    continue
                }
                break
            }
            guard i < n else { return nil }
            // One sequence the loop does not take (4 bytes, the last 8 bytes, or ill-formed).
            let lead = p[i]
            if lead < 0x80 { i &+= 1; continue }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard i &+ length <= n,
                  sequenceIsWellFormed(p + i, length: length)
            else { return i }
            i &+= length
        }
        return nil
    }

    /// Whether a 3-byte sequence in the low bytes of `w` (lead E0–EF, two continuations)
    /// is neither overlong (E0 80–9F) nor a surrogate (ED A0–BF).
    @inline(__always)
    private static func wellFormedThree(_ w: UInt64) -> Bool {
        let x = w & 0x200F
        return x != 0 && x != 0x200D
    }

    /// Whether the `length` bytes at `p` (its lead's length) form one well-formed sequence,
    /// by Table 3-7's ranges for the second byte.
    private static func sequenceIsWellFormed(_ p: UnsafePointer<UInt8>, length: Int) -> Bool {
        let low: UInt8, high: UInt8
        switch p[0] {
        case 0xC2...0xDF: (low, high) = (0x80, 0xBF)
        case 0xE0: (low, high) = (0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (low, high) = (0x80, 0xBF)
        case 0xED: (low, high) = (0x80, 0x9F)
        case 0xF0: (low, high) = (0x90, 0xBF)
        case 0xF1...0xF3: (low, high) = (0x80, 0xBF)
        case 0xF4: (low, high) = (0x80, 0x8F)
        default: return false
        }
        guard p[1] >= low && p[1] <= high else { return false }
        for next in 2..<length where p[next] & 0xC0 != 0x80 { return false }
        return true
    }
}

extension UTF8Decoding {
    /// Whether valid UTF-8 `bytes` hold a four-byte sequence (a scalar past U+FFFF, a
    /// surrogate pair in UTF-16): a lead byte F0–F4, looked for eight bytes at a time.
    static func containsFourByteSequence(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var index = 0
        while index &+ 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // Bit 7 of a byte survives only when its bits 7, 6, 5 and 4 are all set.
            if word & (word << 1) & (word << 2) & (word << 3) & 0x8080_8080_8080_8080 != 0 { return true }
            index &+= 8
        }
        while index < count {
            if base[index] >= 0xF0 { return true }
            index &+= 1
        }
        return false
    }
}
