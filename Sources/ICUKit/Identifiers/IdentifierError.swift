/// Why an identifier-security operation (IDNA processing, spoof checking, string
/// preparation) could not be done.
///
/// ```swift
/// do { _ = try somethingThatProcessesAnIdentifier() }   // (the IDNA work replaces this example)
/// catch .invalidUTF8(let error) { print("bad bytes at", error.byteOffset) }
/// ```
public enum IdentifierError: ICUKitError, ReportsUnknownLocale, ReportsInputTooLong {
    /// A locale identifier that is not well formed.
    case unknownLocale(String)
    /// An input longer than ICU can address (`Int32` lengths).
    case inputTooLong(InputTooLongError)
    /// Bytes that are not well-formed UTF-8.
    case invalidUTF8(InvalidUTF8Error)
    /// An ICU function failed.
    case icu(ICUError)

    // MARK: IDNA and string preparation

    // (cases of the IDNA and string-preparation work go here)

    // MARK: Spoof checking

    // (cases of the spoof-checking work go here)

    /// A one-line English message.
    public var description: String {
        switch self {
        case .unknownLocale(let id): "unknown locale \"\(id)\""
        case .inputTooLong(let error): error.description
        case .invalidUTF8(let error): error.description
        case .icu(let error): error.description

        // MARK: IDNA and string preparation

        // MARK: Spoof checking
        }
    }
}
