internal import CICU
import FoundationEssentials

/// Formats the interval between two dates for a locale, showing the parts they share
/// once: "May 1 – 3, 2026", "1.–3. Mai 2026", "2026年5月1日至3日".
///
/// The template is an ICU skeleton (`"yMMMd"`, `"jm"`, `"yMMMdjm"`); the locale's
/// interval patterns decide what is shared. Chinese, Dangi and Hebrew intervals show the
/// calendar's ``CalendarSystem/Reckoning`` (corrected unless the calendar says otherwise).
/// `Sendable`; configurations are cached.
///
/// ```swift
/// let de = try DateRangeFormatter(template: "yMMMd", locale: LocaleID("de_DE"), timeZone: "UTC")
/// try de.format(may1, may3)    // "1.–3. Mai 2026"
/// ```
public struct DateRangeFormatter: Sendable, Hashable {
    struct Configuration: Hashable, Sendable {
        var template: String
        var locale: LocaleID
        var timeZone: String
        var context: CapitalizationContext
        /// The calendar's reckoning (``CalendarSystem/Reckoning/corrected`` unless a calendar says otherwise).
        var reckoning: CalendarSystem.Reckoning = .corrected
        /// The canonical calendar asked for (option or `@calendar=` keyword), if any.
        var calendar: String?
    }

    let configuration: Configuration
    let engine: DateRangeEngine

    /// Equal when configured alike: same template, locale (with its calendar), reckoning, time
    /// zone and context.
    public static func == (a: Self, b: Self) -> Bool { a.configuration == b.configuration }
    /// Hashes the configuration that `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(configuration) }

    /// The skeleton.
    public var template: String { configuration.template }
    /// The locale, with the calendar keyword applied.
    public var locale: LocaleID { configuration.locale }
    /// The canonical time zone identifier.
    public var timeZone: String { configuration.timeZone }
    /// The capitalization context.
    public var context: CapitalizationContext { configuration.context }

    /// An interval formatter.
    /// - Parameters:
    ///   - template: An ICU skeleton of pattern letters, such as `"yMMMd"`.
    ///   - locale: The locale; its `@calendar=` keyword is honoured.
    ///   - calendar: The calendar, overriding the locale's.
    ///   - timeZone: An IANA time zone identifier; `nil` for ICU's default zone.
    ///   - context: The capitalization context.
    ///   - strict: Throw for a locale ICU does not know.
    /// - Throws: ``FormattingError`` (invalid skeleton, unknown time zone or calendar;
    ///   unknown locale in strict mode).
    /// The corresponding C function is `udtitvfmt_open`.
    public init(
        template: String = "yMMMd", locale: LocaleID, calendar: CalendarSystem? = nil, timeZone: String? = nil,
        context: CapitalizationContext = .none, strict: Bool = false
    ) throws(FormattingError) {
        try validateSkeleton(template)
        let setting = try DateSetting(locale: locale, calendar: calendar, timeZone: timeZone, strict: strict)
        let configuration = Configuration(template: template, locale: setting.locale, timeZone: setting.zone, context: context,
                                          reckoning: calendar?.reckoning ?? .corrected, calendar: setting.calendar)
        self.configuration = configuration
        self.engine = try DateRangeEngine.cache.value(for: configuration) { () throws(FormattingError) in
            try DateRangeEngine(configuration)
        }
    }

    /// Formats the interval from `start` to `end` (in either order of time; ICU shows
    /// them as given).
    ///
    /// ```swift
    /// try DateRangeFormatter(template: "yMMMd", locale: LocaleID("en_US"), timeZone: "UTC").format(may1, may3)
    /// // "May 1 – 3, 2026"
    /// ```
    /// - Throws: ``FormattingError/dateOutOfRange(_:)`` for dates that are not finite.
    /// The corresponding C function is `udtitvfmt_format`.
    public func format(_ start: Date, _ end: Date) throws(FormattingError) -> String {
        try engine.format(start.udate, end.udate)
    }

    /// Formats a range of dates.
    public func format(_ range: ClosedRange<Date>) throws(FormattingError) -> String {
        try format(range.lowerBound, range.upperBound)
    }

    /// Formats the interval and puts it in place of `placeholder` in `template`; with a
    /// ``CapitalizationContext/dynamic`` context, capitalized for that position.
    ///
    /// ```swift
    /// let months = try DateRangeFormatter(template: "LLLL", locale: LocaleID("cs"), timeZone: "UTC", context: .dynamic)
    /// try months.format(june1, july1, into: "{0} je léto.")   // "Červen\u{2009}–\u{2009}červenec je léto."
    /// try months.format(june1, july1, into: "Léto je {0}.")   // "Léto je červen\u{2009}–\u{2009}červenec."
    /// ```
    /// - Throws: ``FormattingError/dateOutOfRange(_:)`` for an instant ICU cannot
    ///   format, ``FormattingError/icu(_:)`` if ICU fails; `template` is returned
    ///   unchanged when it has no `placeholder`.
    public func format(_ start: Date, _ end: Date, into template: String, placeholder: String = "{0}") throws(FormattingError) -> String {
        try insert(into: template, placeholder: placeholder, context: context, locale: locale) { (resolved) throws(FormattingError) -> String in
            var changed = configuration
            changed.context = resolved
            let engine = try DateRangeEngine.cache.value(for: changed) { () throws(FormattingError) in try DateRangeEngine(changed) }
            return try engine.format(start.udate, end.udate)
        }
    }
}

/// The ICU side of a ``DateRangeFormatter``: a pool of `UDateIntervalFormat`s (which keep
/// mutable calendars inside and cannot be cloned through the C API, so each pooled
/// handle is opened once).
final class DateRangeEngine: Sendable {
    static let cache = ConfigurationCache<DateRangeFormatter.Configuration, DateRangeEngine>()
    let pool: ICUPool<ICUHandle>
    let configuration: DateRangeFormatter.Configuration
    /// The corrected calendar whose fields the interval shows where ICU's differ (Chinese, Dangi
    /// and Hebrew with ``CalendarSystem/Reckoning/corrected``): see ``format(_:_:)``.
    let correction: CalendarSystem?

    init(_ configuration: DateRangeFormatter.Configuration) throws(FormattingError) {
        self.configuration = configuration
        correction = configuration.reckoning == .corrected && ["chinese", "dangi", "hebrew"].contains(configuration.calendar ?? "")
            ? try? CalendarSystem(configuration.calendar ?? "", timeZone: configuration.timeZone) : nil
        let open: @Sendable () throws(ICUError) -> ICUHandle = { () throws(ICUError) in
            let skeleton = Array(configuration.template.utf16)
            let zone = Array(configuration.timeZone.utf16)
            let context = configuration.context != .none && configuration.context != .dynamic ? configuration.context.icuValue : nil
            let formatter = try ICU.udtitvfmt_open(configuration.locale.identifier, skeleton: skeleton, zone: zone, context: context)
            return ICUHandle(formatter) { udtitvfmt_close($0) }
        }
        pool = try FormattingError.wrapping { () throws(ICUError) in try ICUPool(capacity: 8, make: open) }
    }

    func format(_ start: Double, _ end: Double) throws(FormattingError) -> String {
        for value in [start, end] where !value.isFinite || abs(value) >= 1.8e17 { throw .dateOutOfRange(value / 1000) }
        if let correction, let corrected = try correctedFormat(start, end, correction) { return corrected }
        return try icuFormat(start, end)
    }

    /// ICU's text for the interval, with ICU's fields.
    func icuFormat(_ start: Double, _ end: Double) throws(FormattingError) -> String {
        try FormattingError.wrapping { () throws(ICUError) in
            try pool.withHandle { (formatter) throws(ICUError) -> String in try ICU.udtitvfmt_format(formatter, start, end) }
        }
    }
}
