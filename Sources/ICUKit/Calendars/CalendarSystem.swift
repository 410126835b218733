internal import CICU

/// One of the calendar systems ICU implements, with a time zone and week rules.
///
/// Create one from a CLDR calendar identifier (or its BCP 47 alias) or from a locale.
/// Unlike ICU, which silently uses the Gregorian calendar for a name it does not know
/// (including the BCP 47 spelling `ethioaa`), an unknown identifier throws.
///
/// ```swift
/// let hijri = try CalendarSystem("islamic-umalqura")
/// let amete = try CalendarSystem("ethioaa")        // identifier "ethiopic-amete-alem"
/// let thai = try CalendarSystem(locale: LocaleID("th_TH"))   // buddhist
/// let tokyo = try CalendarSystem("japanese").withTimeZone("Asia/Tokyo")
/// ```
///
/// Chinese, Dangi and Hebrew dates are corrected where ICU 72 is wrong (see ``Reckoning``;
/// ``withReckoning(_:)`` gives ICU's own answers).
///
/// Values compare equal when identifier, time zone, week rules and reckoning are equal. Each
/// distinct configuration opens one `UCalendar` per process, which every operation clones.
/// The corresponding C function is `ucal_open`.
public struct CalendarSystem: Sendable, Hashable, CustomStringConvertible {
    /// The canonical CLDR identifier, such as `"islamic-umalqura"` or `"ethiopic-amete-alem"`.
    public var identifier: String { context.identifier }
    /// The time zone identifier (as given, validated by ICU), such as `"Asia/Tokyo"`. Default `"UTC"`.
    public var timeZone: String { context.timeZone }
    /// The first day of the week, 1 = Sunday … 7 = Saturday.
    public var firstWeekday: Int { context.firstWeekday }
    /// How many days of the year's (or month's) first week must fall in it (1…7).
    public var minimumDaysInFirstWeek: Int { context.minimumDaysInFirstWeek }

    /// Everything but the value: one shared object per configuration, so that copying a
    /// `CalendarSystem` (every `CalendarDate` holds one) is a single retain.
    let context: CalendarContext

    var engine: CalendarEngine { context.engine }
    /// Memoized month starts (chinese, dangi, islamic-umalqura); see `MonthTable`.
    var table: MonthTable? { context.table }
    /// For tabulated calendars outside UTC: a Gregorian calendar in the same zone, used
    /// only for ICU's local-time ↔ UTC conversion.
    var zoneEngine: CalendarEngine? { context.zoneEngine }
    /// For tabulated calendars: a Gregorian calendar with the same zone and week rules, for
    /// day, week and time arithmetic, which does not depend on the calendar system.
    var gregorianTwin: CalendarEngine? { context.gregorianTwin }

    /// Every calendar identifier ICU implements, canonical CLDR spelling.
    ///
    /// ```swift
    /// CalendarSystem.knownIdentifiers.contains("islamic-umalqura")   // true
    /// ```
    public static let knownIdentifiers: [String] = [
        "gregorian", "iso8601", "buddhist", "chinese", "dangi", "coptic", "ethiopic",
        "ethiopic-amete-alem", "hebrew", "indian", "islamic", "islamic-civil", "islamic-tbla",
        "islamic-umalqura", "islamic-rgsa", "japanese", "persian", "roc",
    ]

    /// Every known calendar system, in UTC with its default week rules.
    ///
    /// ```swift
    /// for system in CalendarSystem.all { print(system.identifier, try system.calendarDate(for: date).year) }
    /// ```
    public static var all: [CalendarSystem] {
        knownIdentifiers.map { try! CalendarSystem($0) }  // the identifiers are known: cannot throw
    }

    /// The Gregorian calendar in UTC (Julian before 15 October 1582, as in ICU).
    ///
    /// ```swift
    /// try CalendarSystem.gregorian.calendarDate(for: date).weekday
    /// ```
    public static let gregorian: CalendarSystem = try! CalendarSystem("gregorian")  // a known identifier: cannot throw

    /// The canonical identifier for `name`: a CLDR identifier, a BCP 47 `-u-ca-` value or
    /// a CLDR alias (`gregory` → `gregorian`, `ethioaa` → `ethiopic-amete-alem`,
    /// `islamicc` → `islamic-civil`), compared case-insensitively; `nil` if unknown.
    /// The corresponding C function is `uloc_toLegacyType`.
    public static func canonicalIdentifier(_ name: String) -> String? {
        let lowered = name.lowercased()
        guard !lowered.isEmpty, lowered.utf8.count < 64, !lowered.utf8.contains(0) else { return nil }
        if knownIdentifiers.contains(lowered) { return lowered }
        // ICU returns the input pointer itself for a well-formed unknown value: copy it
        // while the C string is alive (input: Fuzz/regressions/CalendarFuzz/ethioa-unknown-uaf).
        guard let legacy = lowered.withCString({ uloc_toLegacyType("calendar", $0).map { String(cString: $0) } }) else { return nil }
        return knownIdentifiers.contains(legacy) ? legacy : nil
    }

    /// A calendar system by identifier, in UTC, with ICU's default week rules for it.
    ///
    /// ```swift
    /// try CalendarSystem("gregory").identifier      // "gregorian"
    /// try CalendarSystem("julian")                   // throws .unknownCalendar
    /// ```
    /// - Throws: ``CalendarError/unknownCalendar(_:)``.
    public init(_ identifier: String) throws(CalendarError) {
        try self.init(identifier, timeZone: "UTC")
    }

    /// A calendar system with a time zone and, optionally, week rules.
    ///
    /// ```swift
    /// let hebrew = try CalendarSystem("hebrew", timeZone: "Asia/Jerusalem", firstWeekday: 1)
    /// ```
    /// - Parameters:
    ///   - identifier: A CLDR calendar identifier or alias, as for ``init(_:)``.
    ///   - timeZone: An Olson identifier (`"Europe/Paris"`), an alias ICU knows
    ///     (`"US/Eastern"`) or a custom offset (`"GMT+05:30"`).
    ///   - firstWeekday: 1 = Sunday … 7 = Saturday; `nil` for the calendar's default.
    ///   - minimumDaysInFirstWeek: 1…7; `nil` for the calendar's default.
    /// - Throws: ``CalendarError/unknownCalendar(_:)``, ``CalendarError/unknownTimeZone(_:)``,
    ///   ``CalendarError/invalidSetting(_:)``.
    /// The corresponding C functions are `ucal_open` and `ucal_setAttribute`.
    public init(
        _ identifier: String, timeZone: String, firstWeekday: Int? = nil, minimumDaysInFirstWeek: Int? = nil
    ) throws(CalendarError) {
        guard let canonical = Self.canonicalIdentifier(identifier) else { throw .unknownCalendar(identifier) }
        try self.init(canonical: canonical, timeZone: timeZone, firstWeekday: firstWeekday,
                      minimumDaysInFirstWeek: minimumDaysInFirstWeek, defaultsFrom: "@calendar=" + canonical, reckoning: .corrected)
    }

    /// The calendar a locale uses: its `calendar` keyword (`ur_IN@calendar=islamic`,
    /// `ja-JP-u-ca-japanese`) or else the region's preference (`th_TH` → buddhist,
    /// `ar_SA` → islamic-umalqura, `fa_IR` → persian), with the locale's week rules.
    ///
    /// ```swift
    /// try CalendarSystem(locale: LocaleID("th_TH")).identifier   // "buddhist"
    /// try CalendarSystem(locale: LocaleID("fa_IR")).firstWeekday // 7 (Saturday)
    /// ```
    /// - Throws: ``CalendarError/unknownCalendar(_:)`` when the keyword names no calendar
    ///   (ICU would silently use the region's default), ``CalendarError/unknownTimeZone(_:)``.
    /// The corresponding C functions are `uloc_getKeywordValue`, `ucal_open` and `ucal_getType`.
    public init(locale: LocaleID, timeZone: String = "UTC") throws(CalendarError) {
        let canonical: String
        if let keyword = locale.keywordValue("calendar") {
            guard let known = Self.canonicalIdentifier(keyword) else { throw .unknownCalendar(keyword) }
            canonical = known
        } else {
            let type: String
            do throws(ICUError) {
                let probe = try ICU.ucal_open(nil, locale.identifier, UCAL_DEFAULT)
                defer { ucal_close(probe) }
                type = try ICU.ucal_getType(probe)
            } catch {
                throw .icu(error.reported(as: "ucal_open(\(locale))"))
            }
            guard let known = Self.canonicalIdentifier(type) else { throw .icu(.internalProgramError("ucal_open(\(locale))")) }
            canonical = known
        }
        let base = locale.withoutKeyword("calendar")
        let weekLocale = base + (base.contains("@") ? ";" : "@") + "calendar=" + canonical
        try self.init(canonical: canonical, timeZone: timeZone, firstWeekday: nil, minimumDaysInFirstWeek: nil,
                      defaultsFrom: weekLocale, reckoning: .corrected)
    }

    init(
        canonical: String, timeZone: String, firstWeekday: Int?, minimumDaysInFirstWeek: Int?, defaultsFrom locale: String,
        reckoning: Reckoning
    ) throws(CalendarError) {
        try Self.validateTimeZone(timeZone)
        if let firstWeekday, !(1...7).contains(firstWeekday) { throw .invalidSetting("firstWeekday \(firstWeekday) (1...7)") }
        if let minimumDaysInFirstWeek, !(1...7).contains(minimumDaysInFirstWeek) {
            throw .invalidSetting("minimumDaysInFirstWeek \(minimumDaysInFirstWeek) (1...7)")
        }
        var first = firstWeekday.map(Int32.init), minimal = minimumDaysInFirstWeek.map(Int32.init)
        if first == nil || minimal == nil {
            if let probe = try? ICU.ucal_open(nil, locale, UCAL_DEFAULT) {
                first = first ?? ucal_getAttribute(probe, UCAL_FIRST_DAY_OF_WEEK)
                minimal = minimal ?? ucal_getAttribute(probe, UCAL_MINIMAL_DAYS_IN_FIRST_WEEK)
                ucal_close(probe)
            }
        }
        let key = CalendarEngine.Key(identifier: canonical, timeZone: timeZone, firstWeekday: first ?? 1, minimalDays: minimal ?? 1)
        self.context = try CalendarContext.shared(.init(engine: key, reckoning: reckoning))
    }

    /// This calendar in another time zone.
    ///
    /// ```swift
    /// let jerusalem = try CalendarSystem("hebrew").withTimeZone("Asia/Jerusalem")
    /// ```
    /// - Throws: ``CalendarError/unknownTimeZone(_:)``.
    /// The corresponding C function is `ucal_open`.
    public func withTimeZone(_ timeZone: String) throws(CalendarError) -> CalendarSystem {
        try CalendarSystem(canonical: identifier, timeZone: timeZone, firstWeekday: firstWeekday,
                           minimumDaysInFirstWeek: minimumDaysInFirstWeek, defaultsFrom: "", reckoning: reckoning)
    }

    /// This calendar with other week rules (1 = Sunday … 7 = Saturday; 1…7 days).
    ///
    /// ```swift
    /// let isoWeeks = try CalendarSystem.gregorian.withWeekRules(firstWeekday: 2, minimumDaysInFirstWeek: 4)
    /// ```
    /// - Throws: ``CalendarError/invalidSetting(_:)``.
    /// The corresponding C function is `ucal_setAttribute`.
    public func withWeekRules(firstWeekday: Int, minimumDaysInFirstWeek: Int) throws(CalendarError) -> CalendarSystem {
        try CalendarSystem(canonical: identifier, timeZone: timeZone, firstWeekday: firstWeekday,
                           minimumDaysInFirstWeek: minimumDaysInFirstWeek, defaultsFrom: "", reckoning: reckoning)
    }

    /// The BCP 47 `-u-ca-` value, such as `"gregory"` or `"ethioaa"`.
    ///
    /// ```swift
    /// try CalendarSystem("ethiopic-amete-alem").bcp47   // "ethioaa"
    /// ```
    /// The corresponding C function is `uloc_toUnicodeLocaleType`.
    public var bcp47: String {
        identifier.withCString { uloc_toUnicodeLocaleType("calendar", $0).map { String(cString: $0) } } ?? identifier
    }

    /// Whether ICU knows `timeZone` (an Olson ID or alias, or a custom `GMT±hh:mm`).
    /// ICU itself silently uses GMT (`Etc/Unknown`) for any other name.
    ///
    /// ```swift
    /// CalendarSystem.isKnownTimeZone("US/Eastern")   // true
    /// CalendarSystem.isKnownTimeZone("Mars/Base")    // false
    /// ```
    /// The corresponding C function is `ucal_getCanonicalTimeZoneID`.
    public static func isKnownTimeZone(_ timeZone: String) -> Bool {
        TimeZoneIDs.canonical(timeZone) != nil
    }

    static func validateTimeZone(_ timeZone: String) throws(CalendarError) {
        if !isKnownTimeZone(timeZone) { throw .unknownTimeZone(timeZone) }
    }

    /// The identifier, followed by the time zone unless it is UTC.
    ///
    /// ```swift
    /// try CalendarSystem("chinese", timeZone: "Asia/Shanghai").description  // "chinese (Asia/Shanghai)"
    /// ```
    public var description: String { timeZone == "UTC" ? identifier : "\(identifier) (\(timeZone))" }

    /// Whether two values are the same calendar with the same time zone, week rules and reckoning.
    ///
    /// ```swift
    /// try CalendarSystem("gregory") == CalendarSystem("gregorian")   // true (an alias)
    /// ```
    public static func == (lhs: CalendarSystem, rhs: CalendarSystem) -> Bool {
        lhs.context === rhs.context || lhs.identifier == rhs.identifier && lhs.timeZone == rhs.timeZone
            && lhs.firstWeekday == rhs.firstWeekday && lhs.minimumDaysInFirstWeek == rhs.minimumDaysInFirstWeek
            && lhs.reckoning == rhs.reckoning
    }

    /// Hashes what ``==(_:_:)`` compares: identifier, time zone, week rules and reckoning.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(reckoning)
        hasher.combine(timeZone)
        hasher.combine(firstWeekday)
        hasher.combine(minimumDaysInFirstWeek)
    }
}

/// The shared state of one calendar configuration (see ``CalendarSystem``).
final class CalendarContext: Sendable {
    let identifier: String
    let timeZone: String
    let firstWeekday: Int
    let minimumDaysInFirstWeek: Int
    let engine: CalendarEngine
    let table: MonthTable?
    let zoneEngine: CalendarEngine?
    let gregorianTwin: CalendarEngine?
    let reckoning: CalendarSystem.Reckoning
    /// ICU's own month table where `table` corrects it (`chinese`, `dangi`, `hebrew`): maps a
    /// corrected date onto the instant ICU gives the same fields, for ICU's field arithmetic
    /// and formatting.
    let icuTable: MonthTable?
    let hasChineseLeapMonths: Bool
    let isHebrew: Bool
    /// Calendars on the Gregorian arithmetic path (`CalendarSystem+Gregorian.swift`).
    enum Arithmetic { case gregorian, japanese }
    /// `gregorian` or `iso8601` (`.gregorian`) or `japanese` in UTC: conversions take the
    /// arithmetic path; `nil` for every other calendar and zone.
    let arithmetic: Arithmetic?

    struct Key: Hashable {
        let engine: CalendarEngine.Key
        let reckoning: CalendarSystem.Reckoning
    }

    private static let cache = ConfigurationCache<Key, CalendarContext>(limit: 256)

    static func shared(_ key: Key) throws(CalendarError) -> CalendarContext {
        return try cache.value(for: key) { () throws(CalendarError) in try CalendarContext(key.engine, reckoning: key.reckoning) }
    }

    private init(_ key: CalendarEngine.Key, reckoning: CalendarSystem.Reckoning) throws(CalendarError) {
        identifier = key.identifier
        timeZone = key.timeZone
        firstWeekday = Int(key.firstWeekday)
        minimumDaysInFirstWeek = Int(key.minimalDays)
        engine = try CalendarEngine.shared(key)
        self.reckoning = reckoning
        table = MonthTable.shared(key.identifier, reckoning: reckoning)
        icuTable = reckoning == .corrected ? MonthTable.icuMirror(key.identifier) : nil
        let isUTC = ["UTC", "Etc/UTC", "GMT", "Etc/GMT", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu"].contains(key.timeZone)
        gregorianTwin = table == nil ? nil
            : try CalendarEngine.shared(.init(identifier: "gregorian", timeZone: key.timeZone, firstWeekday: key.firstWeekday, minimalDays: key.minimalDays))
        zoneEngine = isUTC ? nil : gregorianTwin
        hasChineseLeapMonths = key.identifier == "chinese" || key.identifier == "dangi"
        isHebrew = key.identifier == "hebrew"
        arithmetic = !isUTC ? nil
            : key.identifier == "gregorian" || key.identifier == "iso8601" ? .gregorian
            : key.identifier == "japanese" ? .japanese : nil
    }
}
