/// A calendar field or unit, as used for fields, arithmetic and differences.
///
/// ```swift
/// let later = try CalendarSystem.chinese.adding(1, .month, to: date)
/// ```
public enum CalendarField: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// ICU's era (`UCAL_ERA`).
    case era
    /// The year of the era (`UCAL_YEAR`).
    case year
    /// The year counted across eras (`UCAL_EXTENDED_YEAR`).
    case extendedYear
    /// The month (`UCAL_MONTH`; leap months count as months).
    case month
    /// The week of the year (`UCAL_WEEK_OF_YEAR`); as a unit, 7 days.
    case weekOfYear
    /// The week of the month (`UCAL_WEEK_OF_MONTH`); as a unit, 7 days.
    case weekOfMonth
    /// The day of the month (`UCAL_DATE`); as a unit, one calendar day (DST-safe).
    case day
    /// The day of the year (`UCAL_DAY_OF_YEAR`).
    case dayOfYear
    /// The day of the week (`UCAL_DAY_OF_WEEK`).
    case weekday
    /// The hour of the day, 0…23 (`UCAL_HOUR_OF_DAY`).
    case hour
    /// The minute (`UCAL_MINUTE`).
    case minute
    /// The second (`UCAL_SECOND`).
    case second
    /// The millisecond (`UCAL_MILLISECOND`).
    case millisecond

    /// The field's name as written in Swift (`"weekOfYear"`); also its raw value.
    ///
    /// ```swift
    /// CalendarField.dayOfYear.description   // "dayOfYear"
    /// ```
    public var description: String { rawValue }
}

/// Why a calendar operation was refused.
///
/// ICU itself is lenient: it silently uses the Gregorian calendar for an unknown
/// calendar name, GMT for an unknown time zone, and rolls day 30 of a 29-day month into
/// the next month. ICUKit reports each of these as a case of this error instead.
///
/// ```swift
/// do { _ = try CalendarSystem("ethiopian") }
/// catch CalendarError.unknownCalendar(let name) { print("no calendar", name) }
/// ```
public enum CalendarError: ICUKitError, ReportsUnknownLocale {
    /// The calendar identifier is not one of ``CalendarSystem/knownIdentifiers`` (or an alias).
    case unknownCalendar(String)
    /// ICU does not know the time zone (it would silently use `Etc/Unknown`, i.e. GMT).
    case unknownTimeZone(String)
    /// A setting outside its range, such as a first weekday of 8.
    case invalidSetting(String)
    /// A field value outside what the calendar allows for that date (day 30 of a
    /// 29-day month, month 13 in a common Hebrew year, an unknown era).
    case fieldOutOfRange(CalendarField, value: Int, valid: ClosedRange<Int>)
    /// A leap month that the year does not have (Chinese leap months; Hebrew Adar I
    /// exists only in leap years).
    case nonexistentLeapMonth(year: Int, month: Int)
    /// An instant, or the result of arithmetic, outside the range ICUKit supports
    /// (see ``CalendarSystem/supportedRange``).
    case dateOutOfRange(Double)
    /// An amount too large for ICU's 32-bit arithmetic.
    case amountOutOfRange(Int)
    /// A locale ICU does not know, in strict mode.
    case unknownLocale(String)
    /// ICU failed.
    case icu(ICUError)

    /// A one-line English message, such as `"day 30 is out of range (1...29)"`; the
    /// `.icu` case gives the ``ICUError``'s description.
    public var description: String {
        switch self {
        case .unknownCalendar(let id): "unknown calendar \"\(id)\" (ICU would fall back to gregorian)"
        case .unknownTimeZone(let id): "unknown time zone \"\(id)\" (ICU would fall back to GMT)"
        case .invalidSetting(let text): "invalid calendar setting: \(text)"
        case .fieldOutOfRange(let field, let value, let valid):
            "\(field) \(value) is out of range (\(valid.lowerBound)...\(valid.upperBound))"
        case .nonexistentLeapMonth(let year, let month): "year \(year) has no leap month \(month)"
        case .dateOutOfRange(let seconds): "date \(seconds) s since 1970 is outside the supported range"
        case .amountOutOfRange(let amount): "amount \(amount) is out of range"
        case .unknownLocale(let id): "unknown locale \"\(id)\" (ICU would fall back to root)"
        case .icu(let error): error.description
        }
    }
}
