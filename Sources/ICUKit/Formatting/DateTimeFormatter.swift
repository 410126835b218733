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
        case none, short, medium, long, full

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
        case h11, h12, h23, h24

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
    }

    let configuration: Configuration
    let engine: DateFormatEngine

    public static func == (a: Self, b: Self) -> Bool { a.configuration == b.configuration }
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
    /// - Throws: ``FormattingError`` (unknown time zone or calendar), ``LocaleError``.
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
    /// - Throws: ``FormattingError/invalidSkeleton(_:)`` for an empty template or one with
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
    /// - Throws: ``FormattingError/invalidPattern(_:)`` when ICU refuses the pattern, and
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
        let configuration = Configuration(source: source, locale: setting.locale, timeZone: setting.zone, hourCycle: cycle, context: context)
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
    public func format(_ date: Date, into template: String, placeholder: String = "{0}") throws -> String {
        try insert(into: template, placeholder: placeholder, context: context, locale: locale) { resolved in
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
    /// - Throws: ``FormattingError/unparseable(text:byteOffset:)`` with the UTF-8 offset
    ///   where parsing stopped.
    /// The corresponding C function is `udat_parse`.
    public func parse(_ text: String, lenient: Bool = false) throws(FormattingError) -> Date {
        Date(udate: try engine.parse(text, lenient: lenient))
    }
}

/// The ICU side of a configured ``DateTimeFormatter``: a template `UDateFormat` and a
/// pool of clones (ICU's date formats keep a mutable calendar inside, so one thread at a
/// time per handle).
final class DateFormatEngine: Sendable {
    static let cache = ConfigurationCache<DateTimeFormatter.Configuration, DateFormatEngine>()

    let pool: ICUPool<ICUHandle>
    let pattern: String
    let calendar: CalendarSystem
    let actualLocale: String
    let validLocale: String

    init(_ configuration: DateTimeFormatter.Configuration) throws(FormattingError) {
        let localeID = configuration.locale.identifier
        var pattern: [UInt16]? = nil
        var dateStyle = UDAT_PATTERN, timeStyle = UDAT_PATTERN
        do {
            switch configuration.source {
            case .styles(let date, let time):
                dateStyle = date.icuValue
                timeStyle = time.icuValue
            case .template(let skeleton):
                pattern = Array(try Self.bestPattern(skeleton, locale: configuration.locale, hourCycle: configuration.hourCycle).utf16)
            case .pattern(let explicit):
                pattern = Array(explicit.utf16)
            }
        } catch {
            throw .icu(error)
        }
        let zone = Array(configuration.timeZone.utf16)
        var status = U_ZERO_ERROR
        let opened = zone.withUnsafeBufferPointer { zone in
            if let pattern {
                return pattern.withUnsafeBufferPointer {
                    udat_open(UDAT_PATTERN, UDAT_PATTERN, localeID, zone.baseAddress, Int32(zone.count), $0.baseAddress, Int32($0.count), &status)
                }
            }
            return udat_open(timeStyle, dateStyle, localeID, zone.baseAddress, Int32(zone.count), nil, 0, &status)
        }
        guard let opened, !status.isFailure else {
            if case .pattern(let explicit) = configuration.source { throw .invalidPattern(explicit, offset: nil, reason: "") }
            throw .icu(ICUError(status.isFailure ? status : U_MISSING_RESOURCE_ERROR, operation: "udat_open(\(localeID))"))
        }
        let template = ICUHandle(opened) { udat_close($0) }
        if case .styles = configuration.source, let cycle = configuration.hourCycle {
            // udat_open follows the locale's hour cycle only; rewrite the style's pattern.
            let current = Self.pattern(of: template.pointer)
            let adjusted = Self.applying(cycle, to: current, locale: configuration.locale)
            if adjusted != current {
                let units = Array(adjusted.utf16)
                udat_applyPattern(template.pointer, 0, units, Int32(units.count))
            }
        }
        if configuration.context != .none {
            udat_setContext(template.pointer, configuration.context.icuValue, &status)
            if status.isFailure { throw .icu(ICUError(status, operation: "udat_setContext")) }
        }
        self.pattern = Self.pattern(of: template.pointer)
        var localeStatus = U_ZERO_ERROR
        actualLocale = udat_getLocaleByType(template.pointer, ULOC_ACTUAL_LOCALE, &localeStatus).map { String(cString: $0) } ?? ""
        validLocale = udat_getLocaleByType(template.pointer, ULOC_VALID_LOCALE, &localeStatus).map { String(cString: $0) } ?? ""
        var typeStatus = U_ZERO_ERROR
        let type = ucal_getType(udat_getCalendar(template.pointer), &typeStatus).map { String(cString: $0) } ?? "gregorian"
        calendar = (try? CalendarSystem(type)) ?? .gregorian
        let first = template
        do { pool = try ICUPool(capacity: 8) { () throws(ICUError) in
            var status = U_ZERO_ERROR
            guard let clone = udat_clone(first.pointer, &status), !status.isFailure else {
                throw ICUError(status.isFailure ? status : U_MEMORY_ALLOCATION_ERROR, operation: "udat_clone")
            }
            return ICUHandle(clone) { udat_close($0) }
        } } catch { throw .icu(error) }
    }


    static func pattern(of handle: OpaquePointer) -> String {
        (try? ICUBuffers.utf16String(operation: "udat_toPattern") { udat_toPattern(handle, 0, $0, $1, &$2) }) ?? ""
    }

    /// The locale's best pattern for `skeleton` (with the hour cycle applied).
    static func bestPattern(_ skeleton: String, locale: LocaleID, hourCycle: DateTimeFormatter.HourCycle?) throws(ICUError) -> String {
        var status = U_ZERO_ERROR
        let localeID = locale.setting("hours", to: hourCycle?.rawValue).identifier
        guard let generator = udatpg_open(localeID, &status), !status.isFailure else {
            throw ICUError(status.isFailure ? status : U_MISSING_RESOURCE_ERROR, operation: "udatpg_open(\(localeID))")
        }
        defer { udatpg_close(generator) }
        var skeletonText = skeleton
        if let hourCycle {
            // The skeleton's hour letter decides the hour cycle; j/J/C mean "the locale's".
            skeletonText = String(skeletonText.map { "hHkKjJC".contains($0) ? hourCycle.letter : $0 })
            if !hourCycle.isTwelveHour { skeletonText.removeAll { $0 == "a" || $0 == "b" || $0 == "B" } }
        }
        let units = Array(skeletonText.utf16)
        return try ICUBuffers.utf16String(operation: "udatpg_getBestPatternWithOptions(\(skeleton))") {
            udatpg_getBestPatternWithOptions(generator, units, Int32(units.count), UDATPG_MATCH_NO_OPTIONS, $0, $1, &$2)
        }
    }

    /// `pattern` with its hour fields in `cycle`: 24-hour cycles drop the day period,
    /// 12-hour cycles gain one where the locale puts it (taken from its `hm` pattern).
    static func applying(_ cycle: DateTimeFormatter.HourCycle, to pattern: String, locale: LocaleID) -> String {
        var pieces: [(text: String, quoted: Bool)] = []
        var current = "", quoted = false
        var iterator = pattern.makeIterator()
        while let c = iterator.next() {
            if c == "'" {
                pieces.append((current, quoted)); current = ""
                quoted.toggle()
                current.append(c)
                if !quoted { pieces.append((current, true)); current = "" }
                continue
            }
            current.append(c)
        }
        pieces.append((current, quoted))
        var hasHour = false, hasPeriod = false
        for piece in pieces where !piece.quoted {
            if piece.text.contains(where: { "hHkK".contains($0) }) { hasHour = true }
            if piece.text.contains(where: { "abB".contains($0) }) { hasPeriod = true }
        }
        guard hasHour else { return pattern }
        var out = ""
        for piece in pieces {
            if piece.quoted { out += piece.text; continue }
            var text = String(piece.text.map { "hHkK".contains($0) ? cycle.letter : $0 })
            if !cycle.isTwelveHour {
                // Drop the day period with the spacing that separates it.
                text = text.replacing(/[\s\u{202F}\u{00A0}]*[abB]+[\s\u{202F}\u{00A0}]*/) { match in
                    let m = String(match.output)
                    let leading = m.first.map { $0.isWhitespace } ?? false
                    let trailing = m.last.map { $0.isWhitespace } ?? false
                    return leading && trailing ? " " : ""
                }
            }
            out += text
        }
        if cycle.isTwelveHour && !hasPeriod {
            // Where does this locale put the day period? Learn it from its "hm" pattern.
            let reference = (try? bestPattern("hm", locale: locale, hourCycle: nil)) ?? "h:mm a"
            let periodFirst = (reference.firstIndex(of: "a") ?? reference.endIndex) < (reference.firstIndex(of: "h") ?? reference.endIndex)
            if let firstHour = out.firstIndex(where: { "hK".contains($0) }) {
                if periodFirst {
                    let between = reference.drop { $0 != "a" }.dropFirst().prefix { $0 != "h" && $0 != "K" }
                    out.insert(contentsOf: "a" + between, at: firstHour)
                } else {
                    let timeLetters: Set<Character> = ["h", "K", "m", "s", "S", ":", "."]
                    var end = firstHour
                    while end < out.endIndex, timeLetters.contains(out[end]) { end = out.index(after: end) }
                    let hIndex = reference.lastIndex { "hKms".contains($0) }.map { reference.index(after: $0) } ?? reference.endIndex
                    let between = reference[hIndex...].prefix { $0 != "a" }
                    out.insert(contentsOf: between + "a", at: end)
                }
            }
        }
        return out
    }

    @inline(__always)
    func format(_ udate: Double) throws(FormattingError) -> String {
        guard udate.isFinite, abs(udate) < 1.8e17 else { throw .dateOutOfRange(udate / 1000) }
        do {
            return try pool.withHandle { (handle) throws(ICUError) -> String in
                try ICUBuffers.utf16String(operation: "udat_format") { buffer, capacity, status in
                    udat_format(handle, udate, buffer, capacity, nil, &status)
                }
            }
        } catch {
            throw .icu(error)
        }
    }

    func parse(_ text: String, lenient: Bool) throws(FormattingError) -> Double {
        let units = Array(text.utf16)
        guard units.count < Int(Int32.max) else { throw .unparseable(text, byteOffset: 0) }
        return try pool.withObject { (owned) throws(FormattingError) -> Double in
            let handle = owned.pointer
            if owned.setting != (lenient ? 1 : 0) {
                udat_setLenient(handle, lenient ? 1 : 0)
                owned.setting = lenient ? 1 : 0
            }
            var status = U_ZERO_ERROR
            var position: Int32 = 0
            let result = units.withUnsafeBufferPointer {
                udat_parse(handle, $0.baseAddress, Int32($0.count), &position, &status)
            }
            var end = Int(position)
            if !status.isFailure {
                while end < units.count, let scalar = Unicode.Scalar(units[end]), scalar.properties.isWhitespace { end += 1 }
            }
            guard !status.isFailure, end == units.count, !units.isEmpty else {
                // Where parsing failed, or the first unused character after it.
                let utf16Offset = min(max(status.isFailure ? Int(position) : end, 0), units.count)
                let index = text.utf16.index(text.utf16.startIndex, offsetBy: utf16Offset)
                let byteOffset = text.utf8.distance(from: text.utf8.startIndex, to: index.samePosition(in: text.utf8) ?? text.utf8.endIndex)
                throw .unparseable(text, byteOffset: byteOffset)
            }
            return result
        }
    }
}
