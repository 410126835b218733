internal import CICU

/// Formats a duration for a locale, as Apple's `DateComponentsFormatter` does: from
/// seconds or from components, positional ("1:02:05") or with unit names in five
/// widths, with allowed units, a maximum unit count, zero-unit dropping, collapsing of
/// the largest unit, and the approximate phrasing.
///
/// ICU has no duration formatter in its C API; this one is built from ICU's pieces:
/// measure units through number skeletons (`measure-unit/duration-hour
/// unit-width-full-name`), unit lists (`ULISTFMT_TYPE_UNITS`), rule-based spell-out,
/// CLDR's positional duration patterns (`durationUnits`: `h:mm:ss`) and the locale's
/// approximately sign.
///
/// ```swift
/// let en = try DurationFormatter(locale: LocaleID("en"), options: .init(unitsStyle: .full))
/// try en.format(seconds: 3725)      // "1 hour, 2 minutes, 5 seconds"
/// try DurationFormatter(locale: LocaleID("en")).format(seconds: 3725)   // "1:02:05"
/// ```
public struct DurationFormatter: Sendable, Hashable {
    /// How units are written.
    public enum UnitsStyle: String, Sendable, Hashable, CaseIterable {
        /// "1:02:05"
        case positional
        /// "1h 2m 5s"
        case abbreviated
        /// "1 hr 2 min 5 sec"
        case brief
        /// "1 hr, 2 min, 5 sec"
        case short
        /// "1 hour, 2 minutes, 5 seconds"
        case full
        /// "one hour, two minutes, five seconds"
        case spellOut = "spell-out"
    }

    /// A calendar unit of a duration. From seconds, a year counts 365 days, a month 30
    /// days and a week 7 days.
    public enum Unit: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Years; from seconds, 365 days each.
        case year
        /// Months; from seconds, 30 days each.
        case month
        /// Weeks, 7 days each.
        case week
        /// Days, 86,400 seconds each.
        case day
        /// Hours.
        case hour
        /// Minutes.
        case minute
        /// Seconds.
        case second

        var seconds: Int64 {
            switch self {
            case .year: 365 * 86400
            case .month: 30 * 86400
            case .week: 7 * 86400
            case .day: 86400
            case .hour: 3600
            case .minute: 60
            case .second: 1
            }
        }
        var order: Int { Self.allCases.firstIndex(of: self)! }
        /// Orders units largest first: `.year < .month`, …, `.minute < .second`.
        public static func < (a: Self, b: Self) -> Bool { a.order < b.order }
    }

    /// Which zero-valued units are left out.
    public enum ZeroUnits: String, Sendable, Hashable, CaseIterable {
        /// Zero units before the first non-zero one ("5:00" for 300 s with minutes and seconds).
        case dropLeading = "drop-leading"
        /// Zero units between non-zero ones.
        case dropMiddle = "drop-middle"
        /// Zero units after the last non-zero one.
        case dropTrailing = "drop-trailing"
        /// Every zero unit ("1 hour, 5 seconds").
        case dropAll = "drop-all"
        /// None: every allowed unit is shown (positional: padded to two digits).
        case pad
    }

    /// The options, as `DateComponentsFormatter`'s properties.
    public struct Options: Sendable, Hashable {
        /// How units are written.
        public var unitsStyle: UnitsStyle
        /// The units that may appear (the largest present unit absorbs larger ones).
        public var allowedUnits: Set<Unit>
        /// At most this many units, largest first; the rest is truncated.
        public var maximumUnitCount: Int?
        /// Which zero units are dropped; `nil` for the default (positional: leading,
        /// others: all).
        public var zeroUnits: ZeroUnits?
        /// Folds a largest unit of 1 into the next one ("65 seconds", not "1 min 5 s").
        public var collapsesLargestUnit: Bool
        /// Marks the result as approximate, always (as Apple's `includesApproximationPhrase`),
        /// with the locale's approximately pattern from CLDR: "~1 hr" in English, "≈1 Std." in
        /// German.
        public var approximate: Bool
        /// Appends "remaining" (English only: CLDR has no localized phrase).
        public var remaining: Bool
        /// The capitalization context.
        public var context: CapitalizationContext

        /// Options; each left out has the default of `DateComponentsFormatter`: positional,
        /// every unit allowed, no maximum count, the style's default zero-unit dropping,
        /// and no collapsing, approximate sign or "remaining".
        ///
        /// ```swift
        /// let options = DurationFormatter.Options(unitsStyle: .short, allowedUnits: [.hour, .minute],
        ///                                         maximumUnitCount: 1, approximate: true)
        /// try DurationFormatter(locale: LocaleID("en"), options: options).format(seconds: 3725)  // "~1 hr"
        /// ```
        public init(
            unitsStyle: UnitsStyle = .positional, allowedUnits: Set<Unit> = Set(Unit.allCases),
            maximumUnitCount: Int? = nil, zeroUnits: ZeroUnits? = nil, collapsesLargestUnit: Bool = false,
            approximate: Bool = false, remaining: Bool = false, context: CapitalizationContext = .none
        ) {
            self.unitsStyle = unitsStyle
            self.allowedUnits = allowedUnits
            self.maximumUnitCount = maximumUnitCount
            self.zeroUnits = zeroUnits
            self.collapsesLargestUnit = collapsesLargestUnit
            self.approximate = approximate
            self.remaining = remaining
            self.context = context
        }
    }

    /// A duration as calendar components.
    public struct Components: Sendable, Hashable {
        /// Years. A negative component makes the whole duration negative.
        public var years: Int64
        /// Months.
        public var months: Int64
        /// Weeks.
        public var weeks: Int64
        /// Days.
        public var days: Int64
        /// Hours.
        public var hours: Int64
        /// Minutes.
        public var minutes: Int64
        /// Seconds.
        public var seconds: Int64
        /// A duration of these components, each zero unless given; they are shown as given,
        /// not converted into one another.
        ///
        /// ```swift
        /// let full = try DurationFormatter(locale: LocaleID("en"), options: .init(unitsStyle: .full))
        /// try full.format(.init(hours: 1, minutes: 90))   // "1 hour, 90 minutes"
        /// ```
        public init(years: Int64 = 0, months: Int64 = 0, weeks: Int64 = 0, days: Int64 = 0, hours: Int64 = 0, minutes: Int64 = 0, seconds: Int64 = 0) {
            (self.years, self.months, self.weeks, self.days) = (years, months, weeks, days)
            (self.hours, self.minutes, self.seconds) = (hours, minutes, seconds)
        }
        func value(_ unit: Unit) -> Int64 {
            switch unit {
            case .year: years
            case .month: months
            case .week: weeks
            case .day: days
            case .hour: hours
            case .minute: minutes
            case .second: seconds
            }
        }
    }

    /// The locale.
    public let locale: LocaleID
    /// The options.
    public let options: Options
    let engine: DurationEngine

    /// Equal when configured alike: same locale and options.
    public static func == (a: Self, b: Self) -> Bool { a.locale == b.locale && a.options == b.options }
    /// Hashes the locale and options that `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(locale); hasher.combine(options) }

    /// A duration formatter.
    /// - Throws: ``FormattingError/invalidSkeleton(_:offset:)`` when `allowedUnits` is empty or
    ///   `maximumUnitCount` is below 1, ``FormattingError/unavailable(_:locale:)`` for
    ///   `remaining` outside English, ``FormattingError/unknownLocale(_:)`` (strict).
    public init(locale: LocaleID, options: Options = Options(), strict: Bool = false) throws(FormattingError) {
        if strict { try locale.requireKnown(as: FormattingError.self) }
        guard !options.allowedUnits.isEmpty else { throw FormattingError.invalidSkeleton("no allowed units", offset: nil) }
        if let maximum = options.maximumUnitCount, maximum < 1 { throw FormattingError.invalidSkeleton("maximum unit count \(maximum)", offset: nil) }
        if options.remaining && locale.language != "en" {
            throw FormattingError.unavailable("the \"remaining\" phrase", locale: locale.description)
        }
        self.locale = locale
        self.options = options
        let key = DurationEngine.Key(locale: locale, style: options.unitsStyle)
        self.engine = try DurationEngine.cache.value(for: key) { () throws(FormattingError) in try DurationEngine(key) }
    }

    /// Formats a duration of `seconds` (rounded to whole seconds; negative durations
    /// get the locale's minus sign on the first unit).
    /// - Throws: ``FormattingError/dateOutOfRange(_:)`` for a value that is not finite or
    ///   beyond ±2⁶² seconds.
    public func format(seconds: Double) throws(FormattingError) -> String {
        guard seconds.isFinite, abs(seconds) < 4.6e18 else { throw .dateOutOfRange(seconds) }
        let total = Int64(seconds.rounded())
        let magnitude = total.magnitude
        // Split among the allowed units, largest first.
        let allowed = Unit.allCases.filter(options.allowedUnits.contains)
        var remainder = magnitude
        var values: [(Unit, UInt64)] = []
        for unit in allowed {
            let length = UInt64(unit.seconds)
            values.append((unit, remainder / length))
            remainder %= length
        }
        // What is smaller than the smallest allowed unit rounds to it.
        if let last = values.indices.last, remainder * 2 >= UInt64(values[last].0.seconds), remainder > 0 {
            values[last].1 += 1
        }
        return try render(values.map { ($0.0, $0.1) }, negative: total < 0)
    }

    /// Formats a duration given as components (no conversion between units).
    public func format(_ components: Components) throws(FormattingError) -> String {
        let allowed = Unit.allCases.filter(options.allowedUnits.contains)
        let values = Unit.allCases.map { ($0, components.value($0)) }.filter { allowed.contains($0.0) || $0.1 != 0 }
        let negative = values.contains { $0.1 < 0 }
        return try render(values.map { ($0.0, $0.1.magnitude) }, negative: negative)
    }

    /// Formats and puts the text in place of `placeholder` in `template`, capitalized
    /// for that position when the context is ``CapitalizationContext/dynamic``.
    ///
    /// ```swift
    /// let options = DurationFormatter.Options(unitsStyle: .spellOut, allowedUnits: [.hour], context: .dynamic)
    /// let hours = try DurationFormatter(locale: LocaleID("en"), options: options)
    /// try hours.format(seconds: 7200, into: "{0} left.")        // "Two hours left."
    /// try hours.format(seconds: 7200, into: "Only {0} left.")   // "Only two hours left."
    /// ```
    /// - Throws: what ``format(seconds:)`` throws; `template` is returned unchanged when
    ///   it has no `placeholder`.
    public func format(seconds: Double, into template: String, placeholder: String = "{0}") throws(FormattingError) -> String {
        try insert(into: template, placeholder: placeholder, context: options.context, locale: locale) { (resolved) throws(FormattingError) -> String in
            var changed = options
            changed.context = resolved
            return try DurationFormatter(locale: locale, options: changed).format(seconds: seconds)
        }
    }

    private func render(_ all: [(Unit, UInt64)], negative: Bool) throws(FormattingError) -> String {
        var values = all
        if options.collapsesLargestUnit, let first = values.firstIndex(where: { $0.1 != 0 }),
           values[first].1 == 1, first + 1 < values.count {
            let next = values[first + 1].0
            values[first + 1].1 += UInt64(values[first].0.seconds / next.seconds)
            values[first].1 = 0
        }
        let positional = options.unitsStyle == .positional
        let zeroUnits = options.zeroUnits ?? (positional ? .dropLeading : .dropAll)
        let nonZero = values.indices.filter { values[$0].1 != 0 }
        if let firstNonZero = nonZero.first, let lastNonZero = nonZero.last {
            values = values.enumerated().filter { index, item in
                guard item.1 == 0 else { return true }
                switch zeroUnits {
                case .pad: return true
                case .dropAll: return false
                case .dropLeading: return index > firstNonZero
                case .dropTrailing: return index < lastNonZero
                case .dropMiddle: return index < firstNonZero || index > lastNonZero
                }
            }.map(\.element)
        } else {
            // All zero: one zero of the smallest unit ("0 seconds", "0:00").
            values = zeroUnits == .pad ? values : Array(values.suffix(positional ? 2 : 1))
        }
        if positional && values.count == 1, let only = values.first {
            // Positional needs two fields at least: "0:05" and "5:00", not "5".
            let allowed = Unit.allCases.filter(options.allowedUnits.contains)
            if let larger = allowed.last(where: { $0 < only.0 }) {
                values.insert((larger, 0), at: 0)
            } else if let smaller = allowed.first(where: { $0 > only.0 }) {
                values.append((smaller, 0))
            }
        }
        if let maximum = options.maximumUnitCount {
            // Count from the first unit shown; what is cut is truncated.
            let start = values.firstIndex { $0.1 != 0 } ?? 0
            if values.count - start > maximum {
                values = Array(values[..<(start + maximum)])
            }
        }
        var text = try engine.render(values, negative: negative, positional: positional, padded: zeroUnits == .pad)
        if options.approximate { text = engine.approximately.prefix + text + engine.approximately.suffix }
        if options.remaining { text += " remaining" }
        switch options.context {
        case .beginningOfSentence, .standalone, .listItem: text = engine.capitalizeFirst(text)
        case .none, .middleOfSentence, .dynamic: break
        }
        return text
    }
}
