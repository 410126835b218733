/// Why a date formatter could not be made, or a date could not be formatted or parsed.
///
/// ```swift
/// do { _ = try DateTimeFormatter(date: .long, time: .none, locale: .root, timeZone: "Mars/Olympus") }
/// catch DateFormatError.unknownTimeZone(let id) { print("no zone", id) }
/// ```
public enum DateFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ICU does not know the time zone identifier (ICU itself would silently use GMT).
    case unknownTimeZone(String)
    /// ICU does not know the calendar identifier (ICU itself would silently use Gregorian).
    case unknownCalendar(String)
    /// The skeleton (template) is empty or has characters that are not pattern letters.
    case invalidSkeleton(String)
    /// ICU refused the pattern.
    case invalidPattern(String)
    /// The text does not parse as a date with this formatter; `byteOffset` is the UTF-8
    /// offset where parsing failed.
    case unparseable(text: String, byteOffset: Int)
    /// The date is outside what the calendar can represent (or not finite).
    case dateOutOfRange(Double)
    /// The option has no localized form in this locale's data (see the formatter's docs).
    case unavailable(String, locale: String)
    /// ICU reported an error.
    case icu(ICUError)

    public var description: String {
        switch self {
        case .unknownTimeZone(let id): "unknown time zone \"\(id)\" (ICU would use GMT)"
        case .unknownCalendar(let id): "unknown calendar \"\(id)\" (ICU would use gregorian)"
        case .invalidSkeleton(let s): "invalid date skeleton \"\(s)\""
        case .invalidPattern(let p): "invalid date pattern \"\(p)\""
        case .unparseable(let text, let offset): "cannot parse \"\(text)\" as a date (at byte \(offset))"
        case .dateOutOfRange(let seconds): "date \(seconds) s from 1970 is out of range"
        case .unavailable(let what, let locale): "\(what) has no localized form for locale \"\(locale)\""
        case .icu(let error): error.description
        }
    }
}
