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

    /// ``firstInvalidOffset(in:)`` over contiguous bytes: ASCII eight bytes at a time, other
    /// sequences checked against the well-formed byte ranges of the Unicode Standard's
    /// Table 3-7; the offset is that of the first byte of the ill-formed sequence.
    @_spi(Internals) public static func firstInvalidOffset(inContiguous bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            if index &+ 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index &+= 8
                    continue
                }
            }
            let lead = base[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            // The allowed range of the second byte, and the sequence's length.
            let low: UInt8, high: UInt8, length: Int
            switch lead {
            case 0xC2...0xDF: (low, high, length) = (0x80, 0xBF, 2)
            case 0xE0: (low, high, length) = (0xA0, 0xBF, 3)
            case 0xE1...0xEC, 0xEE...0xEF: (low, high, length) = (0x80, 0xBF, 3)
            case 0xED: (low, high, length) = (0x80, 0x9F, 3)
            case 0xF0: (low, high, length) = (0x90, 0xBF, 4)
            case 0xF1...0xF3: (low, high, length) = (0x80, 0xBF, 4)
            case 0xF4: (low, high, length) = (0x80, 0x8F, 4)
            default: return index
            }
            guard index &+ length <= count else { return index }
            let second = base[index &+ 1]
            guard second >= low && second <= high else { return index }
            var next = index &+ 2
            while next < index &+ length {
                guard base[next] & 0xC0 == 0x80 else { return index }
                next &+= 1
            }
            index = next
        }
        return nil
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
