internal import CICU
import FoundationEssentials

/// Formats dates and times for a locale, and parses them back: with date and time
/// styles, with a template (skeleton) that ICU turns into the locale's best pattern, or
/// with an explicit pattern for machine formats.
///
/// Any calendar (Japanese eras, Hijri months, Buddhist years…), time zone, hour cycle
/// and capitalization context. A `DateTimeFormatter` is a `Sendable` value; formatters
/// with the same configuration share one set of ICU formats, cached, so making one
/// again is cheap, and it can be used from any number of threads.
///
/// ```swift
/// let us = try DateTimeFormatter(date: .long, time: .short, locale: LocaleID("en_US"), timeZone: "UTC")
/// try us.format(date)                 // "June 3, 2026 at 3:07 PM"
/// let cn = try DateTimeFormatter(template: "yMMMd", locale: LocaleID("zh_CN"), timeZone: "Asia/Shanghai")
/// cn.pattern                          // "y年M月d日"
/// let back = try us.parse("June 3, 2026 at 3:07 PM")
/// ```
public struct DateTimeFormatter: Sendable, Hashable {
    /// A predefined date or time length.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// Leaves the date (or the time) out.
        case none
        /// Numeric: `6/3/26`, `3:07 PM` (en_US).
        case short
        /// Abbreviated month, seconds shown: `Jun 3, 2026`, `3:07:00 PM`.
        case medium
        /// Month name; times add the zone: `June 3, 2026`, `3:07:00 PM UTC`.
        case long
        /// Weekday too; times add the zone's name: `Wednesday, June 3, 2026`,
        /// `3:07:00 PM Coordinated Universal Time`.
        case full

        var icuValue: Int32 {
            switch self {
            case .none: UDAT_NONE
            case .short: UDAT_SHORT
            case .medium: UDAT_MEDIUM
            case .long: UDAT_LONG
            case .full: UDAT_FULL
            }
        }
    }

    /// The hour cycle, overriding the locale's (BCP 47 `hc`): `h12` is 1–12 with a day
    /// period, `h23` is 0–23, `h11` 0–11, `h24` 1–24.
    public enum HourCycle: String, Sendable, Hashable, CaseIterable {
        /// 0–11 with a day period (pattern letter `K`): half past midnight is "0:30 AM" (en_US).
        case h11
        /// 1–12 with a day period (pattern letter `h`): "12:30 AM".
        case h12
        /// 0–23 (pattern letter `H`): "0:30".
        case h23
        /// 1–24 (pattern letter `k`): "24:30".
        case h24

        /// The pattern letter for the hour field.
        var letter: Character {
            switch self {
            case .h11: "K"
            case .h12: "h"
            case .h23: "H"
            case .h24: "k"
            }
        }
        var isTwelveHour: Bool { self == .h11 || self == .h12 }
    }

    /// How the pattern is chosen.
    enum Source: Hashable, Sendable {
        case styles(date: Style, time: Style)
        case template(String)
        case pattern(String)
    }

    struct Configuration: Hashable, Sendable {
        var source: Source
        var locale: LocaleID
        var timeZone: String
        var hourCycle: HourCycle?
        var context: CapitalizationContext
        /// The calendar's reckoning (``CalendarSystem/Reckoning/corrected`` unless a calendar says otherwise).
        var reckoning: CalendarSystem.Reckoning = .corrected
    }

    let configuration: Configuration
    let engine: DateFormatEngine

    /// Equal when configured alike: same styles, template or pattern, locale (with its
    /// calendar), time zone, hour cycle and context.
    public static func == (a: Self, b: Self) -> Bool { a.configuration == b.configuration }
    /// Hashes the configuration that `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(configuration) }

    /// The locale requested, with the calendar and hour-cycle keywords applied.
    public var locale: LocaleID { configuration.locale }
    /// The canonical time zone identifier, such as `"America/Los_Angeles"`.
    public var timeZone: String { configuration.timeZone }
    /// The capitalization context.
    public var context: CapitalizationContext { configuration.context }
    /// The ICU pattern in use, such as `"MMM d, y, h:mm a"`.
    public var pattern: String { engine.pattern }
    /// The calendar in use: the one requested, or the locale's (`th_TH` → buddhist).
    public var calendar: CalendarSystem { engine.calendar }
    /// The most specific locale whose data ICU found (root when it knew nothing better).
    public var actualLocale: LocaleID { LocaleID(icuReported: engine.actualLocale) }
    /// The locale ICU considered valid for the request.
    public var validLocale: LocaleID { LocaleID(icuReported: engine.validLocale) }

    /// A formatter with date and time styles.
    ///
    /// ```swift
    /// let uk = try DateTimeFormatter(date: .medium, time: .short, locale: LocaleID("en_GB"), timeZone: "Europe/London")
    /// try uk.format(date)   // "3 Jun 2026, 16:07"
    /// ```
    /// - Parameters:
    ///   - date: The date style (`.none` for a time only).
    ///   - time: The time style (`.none` for a date only).
    ///   - locale: The locale; its `@calendar=` and `@hours=` keywords are honoured.
    ///   - calendar: The calendar, overriding the locale's.
    ///   - timeZone: An IANA time zone identifier; `nil` for ICU's default (the `TZ`
    ///     environment variable or the system zone).
    ///   - hourCycle: Overrides the locale's 12/24-hour preference.
    ///   - context: The capitalization context.
    ///   - strict: Throw for a locale ICU does not know instead of using root data.
    /// - Throws: ``FormattingError`` (unknown time zone or calendar; unknown locale in strict mode).
    /// The corresponding C function is `udat_open`.
    public init(
        date: Style = .medium, time: Style = .medium, locale: LocaleID, calendar: CalendarSystem? = nil,
        timeZone: String? = nil, hourCycle: HourCycle? = nil, context: CapitalizationContext = .none, strict: Bool = false
    ) throws(FormattingError) {
        try self.init(.styles(date: date, time: time), locale, calendar, timeZone, hourCycle, context, strict)
    }

    /// A formatter for the locale's best pattern for a template (an ICU skeleton such as
    /// `"yMMMd"`, `"jm"` or `"MMMMEEEEd"`), as Apple's `dateFormat(fromTemplate:)`.
    ///
    /// ```swift
    /// let de = try DateTimeFormatter(template: "yMMMd", locale: LocaleID("de_DE"))
    /// de.pattern   // "d. MMM y"
    /// ```
    /// - Throws: ``FormattingError/invalidSkeleton(_:offset:)`` for an empty template or one with
    ///   characters other than ASCII letters, and what the styles initializer throws.
    /// The corresponding C function is `udatpg_getBestPatternWithOptions`.
    public init(
        template: String, locale: LocaleID, calendar: CalendarSystem? = nil, timeZone: String? = nil,
        hourCycle: HourCycle? = nil, context: CapitalizationContext = .none, strict: Bool = false
    ) throws(FormattingError) {
        try validateSkeleton(template)
        try self.init(.template(template), locale, calendar, timeZone, hourCycle, context, strict)
    }

    /// A formatter with an explicit ICU pattern (`"yyyy-MM-dd'T'HH:mm:ssXXX"`), for machine
    /// formats; month and day names still come from the locale.
    /// - Throws: ``FormattingError/invalidPattern(_:offset:reason:)`` when ICU refuses the pattern, and
    ///   what the styles initializer throws.
    public init(
        pattern: String, locale: LocaleID = .root, calendar: CalendarSystem? = nil, timeZone: String? = nil,
        context: CapitalizationContext = .none, strict: Bool = false
    ) throws(FormattingError) {
        guard pattern.utf16.count <= 4096, !pattern.utf8.contains(0) else { throw FormattingError.invalidPattern(pattern, offset: nil, reason: "") }
        try self.init(.pattern(pattern), locale, calendar, timeZone, nil, context, strict)
    }

    private init(
        _ source: Source, _ locale: LocaleID, _ calendar: CalendarSystem?, _ timeZone: String?,
        _ hourCycle: HourCycle?, _ context: CapitalizationContext, _ strict: Bool
    ) throws(FormattingError) {
        let setting = try DateSetting(locale: locale, calendar: calendar, timeZone: timeZone, strict: strict)
        // udat_open ignores the locale's hour-cycle keyword (`en_US@hours=h23`); apply it.
        let cycle = hourCycle ?? setting.locale.keywordValue("hours").flatMap(HourCycle.init(rawValue:))
        let configuration = Configuration(source: source, locale: setting.locale, timeZone: setting.zone, hourCycle: cycle, context: context,
                                          reckoning: calendar?.reckoning ?? .corrected)
        let engine = try DateFormatEngine.cache.value(for: configuration) { () throws(FormattingError) in
            try DateFormatEngine(configuration)
        }
        try setting.check(opened: engine.calendar.identifier)
        self.configuration = configuration
        self.engine = engine
    }

    /// This formatter with another capitalization context (cached like any other).
    public func with(context: CapitalizationContext) throws(FormattingError) -> DateTimeFormatter {
        var changed = configuration
        changed.context = context
        let engine = try DateFormatEngine.cache.value(for: changed) { () throws(FormattingError) in try DateFormatEngine(changed) }
        return DateTimeFormatter(configuration: changed, engine: engine)
    }

    private init(configuration: Configuration, engine: DateFormatEngine) {
        self.configuration = configuration
        self.engine = engine
    }

    /// Formats `date`.
    ///
    /// ```swift
    /// try DateTimeFormatter(date: .full, time: .none, locale: LocaleID("ja_JP@calendar=japanese"), timeZone: "Asia/Tokyo")
    ///     .format(date)   // "令和8年6月4日木曜日"
    /// ```
    /// - Throws: ``FormattingError/dateOutOfRange(_:)`` for a date that is not finite or
    ///   beyond ICU's calendar range (about ±140 million years).
    /// The corresponding C function is `udat_format`.
    @inlinable
    public func format(_ date: Date) throws(FormattingError) -> String {
        try format(udate: date.timeIntervalSince1970 * 1000)
    }

    @usableFromInline
    func format(udate: Double) throws(FormattingError) -> String {
        try engine.format(udate)
    }

    /// Formats `date` and puts it in place of `placeholder` in `template`; with a
    /// ``CapitalizationContext/dynamic`` context, capitalized for that position.
    ///
    /// ```swift
    /// let cs = try DateTimeFormatter(template: "LLLL", locale: LocaleID("cs"), context: .dynamic)
    /// try cs.format(june, into: "{0} je měsíc.")     // "Červen je měsíc."
    /// try cs.format(june, into: "Teď je {0}.")       // "Teď je červen."
    /// ```
    /// - Throws: what ``format(_:)`` throws; `template` is returned unchanged when it has
    ///   no `placeholder`.
    public func format(_ date: Date, into template: String, placeholder: String = "{0}") throws(FormattingError) -> String {
        try insert(into: template, placeholder: placeholder, context: context, locale: locale) { (resolved) throws(FormattingError) -> String in
            try (resolved == context ? self : with(context: resolved)).format(date)
        }
    }

    /// Parses `text` with this formatter's pattern, locale, calendar and time zone.
    ///
    /// Strict parsing (the default) wants the text as the formatter writes it; lenient
    /// parsing also accepts numeric months, extra whitespace and partial literals. Either
    /// way the whole text (but trailing whitespace) must be used.
    ///
    /// ```swift
    /// let date = try formatter.parse("Jun 3, 2026, 3:07:00 PM")
    /// ```
    /// - Throws: ``FormattingError/unparseable(_:byteOffset:)`` with the UTF-8 offset
    ///   where parsing stopped.
    /// The corresponding C function is `udat_parse`.
    public func parse(_ text: String, lenient: Bool = false) throws(FormattingError) -> Date {
        Date(udate: try engine.parse(text, lenient: lenient))
    }
}
