/// The encodings capability's error: a failure converting between bytes in a character
/// encoding and Unicode text, or detecting the encoding.
///
/// ```swift
/// do { _ = try TextConverter(encodingName: "UTF-8").decode([0x61, 0xFF]) }
/// catch TextConversionError.invalidBytes(let offset, _) { print(offset) }  // 1
/// ```
public enum TextConversionError: ICUKitError {
    /// ICU has no converter of this name (nor alias).
    case unknownEncoding(String)
    /// The bytes at `byteOffset` (the first of `length` bytes) are not a valid or mapped
    /// sequence of the encoding; a sequence cut off by the end of the input counts too.
    case invalidBytes(byteOffset: Int, length: Int)
    /// The character at `utf8Offset` (a UTF-8 byte offset into the string) has no
    /// mapping in the target encoding.
    case unencodable(utf8Offset: Int, scalar: Unicode.Scalar)
    /// No allowed encoding decodes the bytes without replacement, and lossy decoding is
    /// not acceptable (``EncodingDetector/decode(_:)``). `byteOffset` is where the best
    /// candidate, `encoding`, fails.
    case undecodable(encoding: String, byteOffset: Int)
    /// An ICU failure other than the above.
    case icu(ICUError)

    /// A one-line English message, such as `"invalid or unmapped byte sequence at byte
    /// offset 1 (1 byte)"`; the `.icu` case gives the ``ICUError``'s description.
    public var description: String {
        switch self {
        case .unknownEncoding(let name): "unknown encoding name '\(name)'"
        case .invalidBytes(let offset, let length):
            "invalid or unmapped byte sequence at byte offset \(offset) (\(length) byte\(length == 1 ? "" : "s"))"
        case .unencodable(let offset, let scalar):
            "U+\(String(scalar.value, radix: 16, uppercase: true)) at byte offset \(offset) cannot be encoded"
        case .undecodable(let encoding, let offset):
            "no allowed encoding decodes the input (best: \(encoding), invalid at byte offset \(offset))"
        case .icu(let error): error.description
        }
    }
}
