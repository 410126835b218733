internal import CICU

/// An error thrown by ICUKit.
///
/// Each capability throws exactly one error type, named in its signatures with typed
/// throws (`throws(CalendarError)`). The kinds every capability can meet have the same
/// case name everywhere: `.unknownLocale(_:)`, `.unknownTimeZone(_:)`,
/// `.unknownCalendar(_:)`, `.inputTooLong(_:)`, `.invalidUTF8(_:)` and `.icu(_:)`,
/// the last one wrapping the ``ICUError`` that ICU reported.
///
/// ```swift
/// do { _ = try Collator(locale: "sv") }
/// catch .icu(let failure) { print(failure.name) }        // CollationError.icu
/// catch .unknownLocale(let id) { print("no data for", id) }
/// ```
public protocol ICUKitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error that wraps a failure ICU reported (every capability's `.icu` case).
    static func icu(_ error: ICUError) -> Self
}

/// An error reported by an ICU C function.
///
/// Carries ICU's `UErrorCode` value, its name as `u_errorName` spells it, and the
/// operation that failed.
///
/// ```swift
/// do { _ = try Segmenter(.word, locale: "en") }
/// catch let error as ICUError { print(error.name, error.operation) }
/// ```
public struct ICUError: ICUKitError {
    /// The raw `UErrorCode` value (positive values are failures).
    public let code: Int32
    /// ICU's name for the code, such as `U_ILLEGAL_ARGUMENT_ERROR`.
    public let name: String
    /// The ICU function or ICUKit operation that failed.
    public let operation: String

    init(_ status: UErrorCode, operation: String) {
        self.code = status
        self.name = String(cString: u_errorName(status))
        self.operation = operation
    }

    /// The operation, ICU's name for the code and the code, such as
    /// `"ucol_open failed: U_ILLEGAL_ARGUMENT_ERROR (1)"`.
    public var description: String { "\(operation) failed: \(name) (\(code))" }

    /// The error itself: an ``ICUError`` is its own ICU failure (see ``ICUKitError``).
    public static func icu(_ error: ICUError) -> ICUError { error }
}

/// An input longer than ICU can address: ICU lengths and offsets are `Int32`.
///
/// ```swift
/// do { _ = try BidiParagraph(hugeText) }
/// catch let error as InputTooLongError { print(error.length, error.limit) }
/// ```
public struct InputTooLongError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The length of the input, in `unit`s.
    public let length: Int
    /// The largest length the operation accepts.
    public let limit: Int
    /// The unit of `length`, such as `"UTF-16 code units"`.
    public let unit: String

    /// The length, unit and limit, such as `"input of 2147483648 UTF-16 code units
    /// exceeds ICU's limit of 2147483647"`.
    public var description: String { "input of \(length) \(unit) exceeds ICU's limit of \(limit)" }
}
