/// The formatting capability's error (dates, times, durations, numbers, measures,
/// plurals, lists and messages): why a formatter could not be made,
/// or a value could not be formatted or parsed.
///
/// ```swift
/// do { _ = try DateTimeFormatter(date: .long, time: .none, locale: .root, timeZone: "Mars/Olympus") }
/// catch .unknownTimeZone(let id) { print("no zone", id) }
/// do { _ = try ICUNumberFormatter(skeleton: "percent/x", locale: "en") }
/// catch .invalidSkeleton(let skeleton, let offset) { print(skeleton, offset as Any) }
/// ```
public enum FormattingError: ICUKitError, ReportsUnknownLocale {
    /// A locale ICU does not know, in strict mode (ICU itself would use root data).
    case unknownLocale(String)
    /// ICU does not know the time zone identifier (ICU itself would silently use GMT).
    case unknownTimeZone(String)
    /// ICU does not know the calendar identifier (ICU itself would silently use Gregorian).
    case unknownCalendar(String)
    /// A skeleton ICU rejects: a number skeleton (`offset`: the UTF-16 offset ICU
    /// reported, when it did), or a date template that is empty or has characters that
    /// are not pattern letters.
    case invalidSkeleton(String, offset: Int?)
    /// A pattern ICU rejects: a date pattern or a MessageFormat pattern (`offset`: the
    /// UTF-16 offset, when known; `reason`: ICU's, when it gave one).
    case invalidPattern(String, offset: Int?, reason: String)
    /// Text that does not parse as a date or a number with this formatter; `byteOffset`
    /// is the UTF-8 offset where parsing failed.
    case unparseable(String, byteOffset: Int)
    /// A unit identifier ICU does not know, such as `"furlongs"`.
    case unknownUnit(String)
    /// A currency code that is not a well-formed ISO 4217 code (three ASCII letters),
    /// or that ICU does not know.
    case unknownCurrency(String)
    /// A message argument is missing or has the wrong type for the pattern.
    case invalidArgument(String)
    /// A decimal number string such as `"1e3x"` that is not a number.
    case invalidNumber(String)
    /// A value outside what the operation accepts (NaN for a plural category, …).
    case outOfRange(String)
    /// The date is outside what the calendar can represent (or not finite); seconds
    /// since 1970.
    case dateOutOfRange(Double)
    /// The option has no localized form in this locale's data (see the formatter's docs).
    case unavailable(String, locale: String)
    /// A text or list longer than ICU can address (`Int32` UTF-16 units).
    case inputTooLong(InputTooLongError)
    /// ICU reported a failure.
    case icu(ICUError)

    /// A one-line English message, such as `"unknown time zone \"Mars/Olympus\" (ICU would
    /// use GMT)"`; the `.inputTooLong` and `.icu` cases give their payload's description.
    public var description: String {
        switch self {
        case .unknownLocale(let id): "unknown locale \"\(id)\" (ICU would fall back to root)"
        case .unknownTimeZone(let id): "unknown time zone \"\(id)\" (ICU would use GMT)"
        case .unknownCalendar(let id): "unknown calendar \"\(id)\" (ICU would use gregorian)"
        case .invalidSkeleton(let skeleton, let offset):
            "invalid skeleton \"\(skeleton)\"" + (offset.map { " at offset \($0)" } ?? "")
        case .invalidPattern(let pattern, let offset, let reason):
            "invalid pattern \"\(pattern)\"" + (offset.map { " at offset \($0)" } ?? "") + (reason.isEmpty ? "" : ": \(reason)")
        case .unparseable(let text, let offset): "cannot parse \"\(text)\" (stopped at byte \(offset))"
        case .unknownUnit(let unit): "unknown unit \"\(unit)\""
        case .unknownCurrency(let code): "unknown currency code \"\(code)\""
        case .invalidArgument(let message): "invalid message argument: \(message)"
        case .invalidNumber(let text): "not a decimal number: \"\(text)\""
        case .outOfRange(let message): "value out of range: \(message)"
        case .dateOutOfRange(let seconds): "date \(seconds) s from 1970 is out of range"
        case .unavailable(let what, let locale): "\(what) has no localized form for locale \"\(locale)\""
        case .inputTooLong(let error): error.description
        case .icu(let error): error.description
        }
    }
}
