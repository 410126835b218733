internal import CICU
import FoundationEssentials

/// Formats a time relative to now for a locale: "yesterday", "in 3 hours",
/// "il y a 2 heures", in a wide, short or narrow width, with named forms ("tomorrow")
/// or numeric ones ("in 1 day").
///
/// ```swift
/// let fr = try RelativeTimeFormatter(locale: LocaleID("fr"))
/// try fr.format(seconds: -7200)          // "il y a 2 heures"
/// try fr.format(-1, .day)                // "hier"
/// ```
public struct RelativeTimeFormatter: Sendable, Hashable {
    /// The length of unit names.
    public enum Width: String, Sendable, Hashable, CaseIterable {
        /// Full names: "3 months ago", "in 5 seconds" (en).
        case wide
        /// Abbreviated: "3 mo. ago", "in 5 sec.".
        case short
        /// Shortest: "3mo ago", "in 5s".
        case narrow
        var icuValue: Int32 {
            switch self {
            case .wide: UDAT_STYLE_LONG
            case .short: UDAT_STYLE_SHORT
            case .narrow: UDAT_STYLE_NARROW
            }
        }
    }

    /// The unit of a relative time.
    public enum Unit: String, Sendable, Hashable, CaseIterable {
        /// Years: "in 2 years", "last year".
        case year
        /// Quarters: "in 2 quarters", "last quarter".
        case quarter
        /// Months: "in 2 months", "last month".
        case month
        /// Weeks: "in 2 weeks", "last week".
        case week
        /// Days: "in 2 days", "yesterday".
        case day
        /// Hours: "in 2 hours", "1 hour ago".
        case hour
        /// Minutes: "in 2 minutes", "1 minute ago".
        case minute
        /// Seconds: "in 2 seconds", "now".
        case second
        var icuValue: Int32 {
            switch self {
            case .year: UDAT_REL_UNIT_YEAR
            case .quarter: UDAT_REL_UNIT_QUARTER
            case .month: UDAT_REL_UNIT_MONTH
            case .week: UDAT_REL_UNIT_WEEK
            case .day: UDAT_REL_UNIT_DAY
            case .hour: UDAT_REL_UNIT_HOUR
            case .minute: UDAT_REL_UNIT_MINUTE
            case .second: UDAT_REL_UNIT_SECOND
            }
        }
    }

    struct Configuration: Hashable, Sendable {
        var locale: LocaleID
        var width: Width
        var numeric: Bool
        var context: CapitalizationContext
    }

    let configuration: Configuration
    let engine: RelativeTimeEngine

    /// Equal when configured alike: same locale, width, numeric setting and context.
    public static func == (a: Self, b: Self) -> Bool { a.configuration == b.configuration }
    /// Hashes the configuration that `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(configuration) }

    /// The locale.
    public var locale: LocaleID { configuration.locale }
    /// The width.
    public var width: Width { configuration.width }
    /// Whether only numeric forms are used ("in 1 day" rather than "tomorrow").
    public var numeric: Bool { configuration.numeric }
    /// The capitalization context.
    public var context: CapitalizationContext { configuration.context }

    /// A relative-time formatter.
    /// - Parameters:
    ///   - locale: The locale.
    ///   - width: The length of unit names.
    ///   - numeric: `true` for numeric forms only; `false` (the default) uses names such
    ///     as "yesterday" and "now" where the locale has them.
    ///   - context: The capitalization context ("Hier" at the start of a French sentence).
    ///   - strict: Throw for a locale ICU does not know.
    /// The corresponding C function is `ureldatefmt_open`.
    public init(
        locale: LocaleID, width: Width = .wide, numeric: Bool = false,
        context: CapitalizationContext = .none, strict: Bool = false
    ) throws(FormattingError) {
        if strict { try locale.requireKnown(as: FormattingError.self) }
        let configuration = Configuration(locale: locale, width: width, numeric: numeric, context: context)
        self.configuration = configuration
        self.engine = try RelativeTimeEngine.cache.value(for: configuration) { () throws(FormattingError) in
            try RelativeTimeEngine(configuration)
        }
    }

    /// Formats `value` of `unit` relative to now (negative: past).
    /// - Throws: ``FormattingError/dateOutOfRange(_:)`` for a value that is not finite.
    /// The corresponding C functions are `ureldatefmt_format` and `ureldatefmt_formatNumeric`.
    public func format(_ value: Double, _ unit: Unit) throws(FormattingError) -> String {
        guard value.isFinite else { throw .dateOutOfRange(value) }
        return try engine.format(value, unit.icuValue, numeric: configuration.numeric)
    }

    /// Formats a time `seconds` from now (negative: past) in its largest whole unit, as
    /// Apple's `localizedString(fromTimeInterval:)`: under a minute in seconds, then
    /// minutes, hours, days, weeks (from 7 days), months (from 30 days, of 30 days) and
    /// years (from 365 days, of 365 days), truncated toward zero.
    ///
    /// ```swift
    /// try RelativeTimeFormatter(locale: LocaleID("en")).format(seconds: 3 * 3600)   // "in 3 hours"
    /// ```
    public func format(seconds: Double) throws(FormattingError) -> String {
        guard seconds.isFinite else { throw .dateOutOfRange(seconds) }
        let (value, unit) = Self.largestUnit(seconds)
        return try format(value, unit)
    }

    /// Formats `date` relative to `reference` (see ``format(seconds:)``).
    public func format(_ date: Date, relativeTo reference: Date) throws(FormattingError) -> String {
        try format(seconds: date.timeIntervalSince(reference))
    }

    /// Formats and puts the text in place of `placeholder` in `template`, capitalized
    /// for that position when the context is ``CapitalizationContext/dynamic``.
    ///
    /// ```swift
    /// let fr = try RelativeTimeFormatter(locale: LocaleID("fr"), context: .dynamic)
    /// try fr.format(seconds: -86_400, into: "{0}, il pleuvait.")   // "Hier, il pleuvait."
    /// try fr.format(seconds: -86_400, into: "Il pleuvait {0}.")    // "Il pleuvait hier."
    /// ```
    /// - Throws: what ``format(seconds:)`` throws; `template` is returned unchanged when
    ///   it has no `placeholder`.
    public func format(seconds: Double, into template: String, placeholder: String = "{0}") throws(FormattingError) -> String {
        try insert(into: template, placeholder: placeholder, context: context, locale: locale) { (resolved) throws(FormattingError) -> String in
            var changed = configuration
            changed.context = resolved
            return try RelativeTimeFormatter(locale: changed.locale, width: changed.width, numeric: changed.numeric, context: resolved)
                .format(seconds: seconds)
        }
    }

    static func largestUnit(_ seconds: Double) -> (Double, Unit) {
        let magnitude = abs(seconds)
        let steps: [(Double, Unit)] = [(365 * 86400, .year), (30 * 86400, .month), (7 * 86400, .week), (86400, .day), (3600, .hour), (60, .minute)]
        for (length, unit) in steps where magnitude >= length {
            return ((seconds / length).rounded(.towardZero), unit)
        }
        return (seconds.rounded(.towardZero), .second)
    }
}

/// The ICU side of a ``RelativeTimeFormatter``: a pool of `URelativeDateTimeFormatter`s.
final class RelativeTimeEngine: Sendable {
    static let cache = ConfigurationCache<RelativeTimeFormatter.Configuration, RelativeTimeEngine>()
    let pool: ICUPool<ICUHandle>

    init(_ configuration: RelativeTimeFormatter.Configuration) throws(FormattingError) {
        let open: @Sendable () throws(ICUError) -> ICUHandle = { () throws(ICUError) in
            let context = configuration.context == .dynamic ? UDISPCTX_CAPITALIZATION_NONE : configuration.context.icuValue
            let formatter = try ICU.ureldatefmt_open(configuration.locale.identifier, width: configuration.width.icuValue, context: context)
            return ICUHandle(formatter) { ureldatefmt_close($0) }
        }
        pool = try FormattingError.wrapping { () throws(ICUError) in try ICUPool(capacity: 8, make: open) }
    }

    func format(_ value: Double, _ unit: Int32, numeric: Bool) throws(FormattingError) -> String {
        try FormattingError.wrapping { () throws(ICUError) in
            try pool.withHandle { (formatter) throws(ICUError) -> String in try ICU.ureldatefmt_format(formatter, value, unit, numeric: numeric) }
        }
    }
}
