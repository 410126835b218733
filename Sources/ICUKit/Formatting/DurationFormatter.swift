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
        case year, month, week, day, hour, minute, second

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
        /// Marks a truncated result with the locale's approximately sign ("~1 hr").
        public var approximate: Bool
        /// Appends "remaining" (English only: CLDR has no localized phrase).
        public var remaining: Bool
        /// The capitalization context.
        public var context: CapitalizationContext

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
        public var years, months, weeks, days, hours, minutes, seconds: Int64
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

    public static func == (a: Self, b: Self) -> Bool { a.locale == b.locale && a.options == b.options }
    public func hash(into hasher: inout Hasher) { hasher.combine(locale); hasher.combine(options) }

    /// A duration formatter.
    /// - Throws: ``FormattingError/invalidSkeleton(_:)`` when `allowedUnits` is empty or
    ///   `maximumUnitCount` is below 1, ``FormattingError/unavailable(_:locale:)`` for
    ///   `remaining` outside English, ``LocaleError`` (strict).
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
    public func format(seconds: Double, into template: String, placeholder: String = "{0}") throws -> String {
        try insert(into: template, placeholder: placeholder, context: options.context, locale: locale) { resolved in
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
        var approximate = false
        if let maximum = options.maximumUnitCount {
            // Count from the first unit shown; what is cut makes the result approximate.
            let start = values.firstIndex { $0.1 != 0 } ?? 0
            if values.count - start > maximum {
                approximate = values[(start + maximum)...].contains { $0.1 != 0 }
                values = Array(values[..<(start + maximum)])
            }
        }
        var text = try engine.render(values, negative: negative, positional: positional, padded: zeroUnits == .pad)
        if options.approximate && approximate { text = engine.approximatelySign + text }
        if options.remaining { text += " remaining" }
        switch options.context {
        case .beginningOfSentence, .standalone, .listItem: text = engine.capitalizeFirst(text)
        case .none, .middleOfSentence, .dynamic: break
        }
        return text
    }
}

/// The ICU side of a ``DurationFormatter`` for one locale and units style.
final class DurationEngine: Sendable {
    struct Key: Hashable, Sendable {
        var locale: LocaleID
        var style: DurationFormatter.UnitsStyle
    }
    static let cache = ConfigurationCache<Key, DurationEngine>()

    private let unitFormatters: [DurationFormatter.Unit: ICUNumberFormatter]
    private let plain: ICUNumberFormatter
    private let padded: ICUNumberFormatter
    private let list: ICUListFormatter
    private let spellOut: ICUPool<ICUHandle>?
    private let caseMap: ICUPool<ICUHandle>
    let separators: (hour: String, minute: String)
    let approximatelySign: String
    let minusSign: String
    /// Spell-out rule sets that agree with each unit's grammatical gender ("une heure").
    private let spellOutRules: [DurationFormatter.Unit: [UInt16]]

    init(_ key: Key) throws(FormattingError) {
        let locale = key.locale.identifier
        func attempt<T>(_ body: () throws -> T) throws(FormattingError) -> T {
            do { return try body() } catch { throw DurationEngine.failure(error) }
        }
        let width = switch key.style {
        case .abbreviated: "unit-width-narrow"
        case .brief, .short: "unit-width-short"
        case .full, .spellOut, .positional: "unit-width-full-name"
        }
        var formatters: [DurationFormatter.Unit: ICUNumberFormatter] = [:]
        if key.style != .positional {
            for unit in DurationFormatter.Unit.allCases {
                formatters[unit] = try attempt { try ICUNumberFormatter(skeleton: "measure-unit/duration-\(unit.rawValue) \(width) group-auto", locale: key.locale) }
            }
        }
        unitFormatters = formatters
        plain = try attempt { try ICUNumberFormatter(skeleton: "group-auto", locale: key.locale) }
        padded = try attempt { try ICUNumberFormatter(skeleton: "integer-width/*00 group-off", locale: key.locale) }
        let listWidth: ListStyle.Width = switch key.style {
        case .abbreviated, .brief: .narrow
        case .short: .short
        case .full, .spellOut, .positional: .wide
        }
        list = try attempt { try ICUListFormatter(ListStyle(type: .units, width: listWidth), locale: key.locale) }
        if key.style == .spellOut {
            let openRules: @Sendable () throws(ICUError) -> ICUHandle = { () throws(ICUError) in
                var status = U_ZERO_ERROR
                guard let rules = unum_open(UNUM_SPELLOUT, nil, 0, locale, nil, &status), !status.isFailure else {
                    throw ICUError(status.isFailure ? status : U_MISSING_RESOURCE_ERROR, operation: "unum_open(spellout)")
                }
                return ICUHandle(rules) { unum_close($0) }
            }
            do { spellOut = try ICUPool(capacity: 8, make: openRules) } catch { throw .icu(error) }
        } else {
            spellOut = nil
        }
        let openCaseMap: @Sendable () throws(ICUError) -> ICUHandle = { () throws(ICUError) in
            var status = U_ZERO_ERROR
            guard let map = ucasemap_open(locale, UInt32(U_TITLECASE_NO_LOWERCASE | U_TITLECASE_SENTENCES), &status), !status.isFailure else {
                throw ICUError(status.isFailure ? status : U_MEMORY_ALLOCATION_ERROR, operation: "ucasemap_open")
            }
            return ICUHandle(map) { ucasemap_close($0) }
        }
        do { caseMap = try ICUPool(capacity: 8, make: openCaseMap) } catch { throw .icu(error) }
        separators = Self.positionalSeparators(locale: locale)
        approximatelySign = Self.symbol(UNUM_APPROXIMATELY_SIGN_SYMBOL, locale: locale) ?? "~"
        minusSign = Self.symbol(UNUM_MINUS_SIGN_SYMBOL, locale: locale) ?? "-"
        var rules: [DurationFormatter.Unit: [UInt16]] = [:]
        if let spellOut {
            let fallback = spellOut.withHandle { rules in
                try? ICUBuffers.utf16String(operation: "unum_getTextAttribute") {
                    unum_getTextAttribute(rules, UNUM_DEFAULT_RULESET, $0, $1, &$2)
                }
            } ?? ""
            for unit in DurationFormatter.Unit.allCases {
                let gender = Self.unitResource(["units", "duration", unit.rawValue, "gender"], locale: locale)
                let candidates = (gender.map { ["%spellout-cardinal-\($0)"] } ?? []) + ["%spellout-cardinal", fallback]
                rules[unit] = spellOut.withHandle { handle in
                    candidates.lazy.map { Array($0.utf16) }.first { name in
                        var status = U_ZERO_ERROR
                        unum_setTextAttribute(handle, UNUM_DEFAULT_RULESET, name, Int32(name.count), &status)
                        return !status.isFailure && !name.isEmpty
                    }
                }
            }
        }
        spellOutRules = rules
    }

    /// The separators of CLDR's positional duration pattern (`durationUnits/hms`, such as
    /// `h:mm:ss` or `h.mm.ss`), between hours and minutes and between minutes and seconds.
    static func positionalSeparators(locale: String) -> (hour: String, minute: String) {
        guard let text = unitResource(["durationUnits", "hms"], locale: locale) else { return (":", ":") }
        // "h:mm:ss" → literals between the h, m and s runs (quotes removed).
        var literals: [String] = [], current = "", inField = false
        for c in text {
            if "hms".contains(c) {
                if !inField && !current.isEmpty { literals.append(current.replacingQuotes()); current = "" }
                inField = true
            } else {
                inField = false
                current.append(c)
            }
        }
        guard literals.count >= 2 else { return (":", ":") }
        return (literals[0], literals[1])
    }

    /// ICU's package name of CLDR unit data, such as `icudt72l-unit`.
    static let unitTree = "icudt\(ICUVersion.icu.prefix { $0 != "." })\(UInt16(1).littleEndian == 1 ? "l" : "b")-unit"

    /// CLDR unit data (`icudt72l-unit`): the string at `path`, or `nil`.
    static func unitResource(_ path: [String], locale: String) -> String? {
        var status = U_ZERO_ERROR
        guard let root = ures_open(unitTree, locale, &status), !status.isFailure else { return nil }
        var opened: [OpaquePointer] = [root]
        defer { opened.forEach { ures_close($0) } }
        var bundle = root
        for key in path.dropLast() {
            guard let next = ures_getByKey(bundle, key, nil, &status), !status.isFailure else { return nil }
            opened.append(next)
            bundle = next
        }
        var length: Int32 = 0
        guard let chars = ures_getStringByKey(bundle, path.last!, &length, &status), !status.isFailure else { return nil }
        return String(decoding: UnsafeBufferPointer(start: chars, count: Int(length)), as: UTF16.self)
    }

    static func symbol(_ symbol: Int32, locale: String) -> String? {
        var status = U_ZERO_ERROR
        guard let format = unum_open(UNUM_DECIMAL, nil, 0, locale, nil, &status), !status.isFailure else { return nil }
        defer { unum_close(format) }
        let text = try? ICUBuffers.utf16String(operation: "unum_getSymbol", capacity: 16) { unum_getSymbol(format, symbol, $0, $1, &$2) }
        return text.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// An error of the number or list formatters underneath, as a ``FormattingError``.
    static func failure(_ error: any Error) -> FormattingError {
        if let error = error as? ICUError { return .icu(error) }
        if let error = error as? FormattingError { return error }
        return .icu(ICUError(U_ILLEGAL_ARGUMENT_ERROR, operation: "\(error)"))
    }

    private func number(_ formatter: ICUNumberFormatter, _ value: Int64) throws(FormattingError) -> String {
        do { return try formatter.format(Int(value)) } catch { throw Self.failure(error) }
    }

    private func spelledOut(_ value: Int64, unit: DurationFormatter.Unit) throws(FormattingError) -> String {
        guard let spellOut else { return String(value) }
        let ruleSet = spellOutRules[unit] ?? []
        do {
            return try spellOut.withHandle { (rules) throws(ICUError) -> String in
                if !ruleSet.isEmpty {
                    var status = U_ZERO_ERROR
                    unum_setTextAttribute(rules, UNUM_DEFAULT_RULESET, ruleSet, Int32(ruleSet.count), &status)
                }
                return try ICUBuffers.utf16String(operation: "unum_formatInt64") { unum_formatInt64(rules, value, $0, $1, nil, &$2) }
            }
        } catch { throw .icu(error) }
    }

    func render(_ values: [(DurationFormatter.Unit, UInt64)], negative: Bool, positional: Bool, padded pad: Bool) throws(FormattingError) -> String {
        if positional {
            var text = ""
            for (index, (unit, value)) in values.enumerated() {
                let signed = index == 0 && negative ? -Int64(value) : Int64(value)
                if index > 0 { text += unit == .second ? separators.minute : separators.hour }
                text += try number(index == 0 && !pad ? plain : padded, signed)
            }
            return text
        }
        var items: [String] = []
        for (unit, value) in values {
            var item = try number(unitFormatters[unit]!, Int64(value))
            if spellOut != nil {
                let digits = try number(plain, Int64(value))
                if let range = item.firstRange(of: digits) {
                    item.replaceSubrange(range, with: try spelledOut(Int64(value), unit: unit))
                }
            }
            items.append(item)
        }
        // The sign goes before the whole list: some plural forms have no number to carry
        // it (Arabic "ساعة" is "1 hour").
        if negative { return minusSign + (try list(items)) }
        return try list(items)
    }

    private func list(_ items: [String]) throws(FormattingError) -> String {
        if items.count == 1 { return items[0] }
        do { return try list.format(items) } catch { throw Self.failure(error) }
    }

    /// Titlecases the first letter of `text`, locale-aware, leaving the rest as it is.
    func capitalizeFirst(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return (try? caseMap.withHandle { (map) throws(ICUError) -> String in
            try ICUBuffers.string(operation: "ucasemap_utf8ToTitle", capacity: bytes.count + 16) { buffer, capacity, status in
                bytes.withUnsafeBufferPointer { source in
                    source.withMemoryRebound(to: CChar.self) {
                        ucasemap_utf8ToTitle(map, buffer, capacity, $0.baseAddress, Int32($0.count), &status)
                    }
                }
            }
        }) ?? text
    }
}

private extension String {
    /// A CLDR pattern literal without its quotes (`'h'` → `h`, `''` → `'`).
    func replacingQuotes() -> String {
        var out = "", previousQuote = false
        for c in self {
            if c == "'" {
                if previousQuote { out.append("'"); previousQuote = false } else { previousQuote = true }
            } else {
                previousQuote = false
                out.append(c)
            }
        }
        return out
    }
}
