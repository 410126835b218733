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
}
