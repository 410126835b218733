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
