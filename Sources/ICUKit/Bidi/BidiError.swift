/// The bidi capability's error.
///
/// ```swift
/// do { _ = try Bidi.format("%3$@", ["a"]) }
/// catch .missingArgument(let index) { print("needs argument", index) }
/// ```
public enum BidiError: ICUKitError, ReportsInputTooLong {
    /// A `%` at this UTF-8 offset of the template does not start a known specifier.
    case malformedSpecifier(utf8Offset: Int)
    /// The template needs argument number `index` (1-based) and it was not given.
    case missingArgument(index: Int)
    /// A paragraph longer than ICU can address (`Int32` UTF-16 units).
    case inputTooLong(InputTooLongError)
    /// ICU reported a failure.
    case icu(ICUError)

    /// A one-line English message, such as `"the template needs argument 3"`; the
    /// `.inputTooLong` and `.icu` cases give their payload's description.
    public var description: String {
        switch self {
        case .malformedSpecifier(let offset): "malformed format specifier at byte offset \(offset)"
        case .missingArgument(let index): "the template needs argument \(index)"
        case .inputTooLong(let error): error.description
        case .icu(let error): error.description
        }
    }
}
