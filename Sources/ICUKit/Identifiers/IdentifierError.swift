/// Why an identifier-security operation (IDNA processing, spoof checking, string
/// preparation) could not be done.
///
/// ```swift
/// do { _ = try StringPrep(.saslprep).prepare("pass\u{7}word") }
/// catch .prohibited(let scalar, let offset) { print(scalar, "at", offset) }  // U+0007 at 4
/// catch .invalidUTF8(let error) { print("bad bytes at", error.byteOffset) }
/// ```
public enum IdentifierError: ICUKitError, ReportsUnknownLocale {
    /// A locale identifier that is not well formed.
    case unknownLocale(String)
    /// An input longer than ICU can address (`Int32` lengths).
    case inputTooLong(InputTooLongError)
    /// Bytes that are not well-formed UTF-8.
    case invalidUTF8(InvalidUTF8Error)
    /// An ICU function failed.
    case icu(ICUError)

    // MARK: IDNA and string preparation

    /// A domain name or label in which UTS #46 processing found errors (the strict form
    /// of ``IDNA``); `output` is what ICU produced all the same.
    case idna(IDNA.Errors, output: String)
    /// String preparation met a character its profile prohibits (such as a control
    /// character in SASLprep): the input's character and its UTF-8 byte offset.
    case prohibited(Unicode.Scalar, utf8Offset: Int)
    /// String preparation met a code point unassigned in Unicode 3.2 (the profiles'
    /// repertoire) without ``StringPrep/Options/allowUnassigned``.
    case unassigned(Unicode.Scalar, utf8Offset: Int)
    /// String preparation's bidi rule (RFC 3454 §6) fails: the input's character where
    /// the text first stops satisfying it, and its UTF-8 byte offset.
    case bidi(Unicode.Scalar, utf8Offset: Int)

    // Spoof checking needs no cases of its own: its errors are the shared ones above
    // (an allowed locale ICU would ignore is `.unknownLocale`).

    /// A one-line English message.
    public var description: String {
        switch self {
        case .unknownLocale(let id): "unknown locale \"\(id)\""
        case .inputTooLong(let error): error.description
        case .invalidUTF8(let error): error.description
        case .icu(let error): error.description

        // MARK: IDNA and string preparation
        case .idna(let errors, let output): "invalid domain name \"\(output)\": \(errors.names.joined(separator: ", "))"
        case .prohibited(let scalar, let offset): "prohibited character \(scalar.uPlusNotation) at byte offset \(offset)"
        case .unassigned(let scalar, let offset): "unassigned code point \(scalar.uPlusNotation) at byte offset \(offset)"
        case .bidi(let scalar, let offset): "bidi rule violated at \(scalar.uPlusNotation), byte offset \(offset)"
        }
    }
}
