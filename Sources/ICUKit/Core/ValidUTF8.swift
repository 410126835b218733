/// Code points read from UTF-8 that is already known to be well formed (a `String`'s
/// bytes, or bytes a validator accepted): the one place ICUKit decodes a sequence by hand.
///
/// Nothing here checks its input: a caller with unvalidated bytes uses ``UTF8Decoding``
/// or `UTF8Transcoding` first.
enum ValidUTF8 {
    /// The number of bytes (1–4) in the sequence that starts with `lead`.
    @inline(__always)
    static func sequenceLength(lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The code point whose sequence starts at `bytes[index]`, and the sequence's length.
    ///
    /// ```swift
    /// Array("é".utf8).withUnsafeBufferPointer { ValidUTF8.decode($0.baseAddress!, at: 0) }  // (0xE9, 2)
    /// ```
    @inline(__always)
    static func decode(_ bytes: UnsafePointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let b0 = UInt32(bytes[index])
        if b0 < 0x80 { return (b0, 1) }
        let b1 = UInt32(bytes[index + 1]) & 0x3F
        if b0 < 0xE0 { return ((b0 & 0x1F) << 6 | b1, 2) }
        let b2 = UInt32(bytes[index + 2]) & 0x3F
        if b0 < 0xF0 { return ((b0 & 0x0F) << 12 | b1 << 6 | b2, 3) }
        let b3 = UInt32(bytes[index + 3]) & 0x3F
        return ((b0 & 0x07) << 18 | b1 << 12 | b2 << 6 | b3, 4)
    }
}
