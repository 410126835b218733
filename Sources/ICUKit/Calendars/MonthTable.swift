internal import CICU

/// Month starts and lengths of a lunar or lunisolar calendar (`chinese`, `dangi`,
/// `islamic-umalqura`, `hebrew`): memoized per year as ICU computes them (``Source/icu``), or,
/// for the corrected reckoning, from the published tables (``Source/published``) and the
/// Hebrew postponement rules (``Source/hebrewRules``).
///
/// ICU 72 recomputes new moons and solar terms for every Chinese date (about 44 µs per
/// conversion, 12–50x slower than ICU 76) and looks up Umm al-Qura month lengths per call.
/// Each year's month starts are asked of ICU once — through ICU's date → fields direction
/// (`ucal_setMillis`/`ucal_get`), or for Umm al-Qura through fields → date checked by three
/// date → fields reads (``buildFromMonthStarts(_:)``) — and kept: the year's first day, its month
/// lengths (29 or 30) and its leap month. Fields and month starts are then answered from
/// the table. `CalendarAccelerationTests` checks every day from 1900 to 2100 against ICU.
///
/// The table also avoids an ICU 72 bug: Chinese and Dangi share ICU's new-year cache
/// (keyed by Gregorian year only), so after Dangi dates have been computed, ICU's
/// fields → date for Chinese (and the reverse) can land a month off (ICU-22230-style;
/// e.g. Chinese 1958 M01 after Dangi 1958). The date → fields direction, from which the
/// table is built, does not use that cache.
final class MonthTable: Sendable {
    struct Year: Sendable, Equatable {
        /// Local day number (days since 1970-01-01) of the year's first day.
        let startDay: Int
        /// Number of months (12, or 13 with a leap month).
        let monthCount: Int
        /// Ordinal (0-based) of the leap month, or -1.
        let leapOrdinal: Int
        /// Bit `i` set: the `i`-th month (0-based ordinal) has 30 days, else 29.
        let longMonths: UInt16

        /// The number of days in the year.
        let length: Int
        /// Hebrew month numbering: ICU's 13 slots, Adar I (6, a leap month) only in a 13-month year.
        let isHebrew: Bool

        init(startDay: Int, monthCount: Int, leapOrdinal: Int, longMonths: UInt16, isHebrew: Bool = false) {
            self.startDay = startDay
            self.monthCount = monthCount
            self.leapOrdinal = leapOrdinal
            self.longMonths = longMonths
            self.isHebrew = isHebrew
            length = 29 * monthCount + (longMonths & ((1 << UInt16(monthCount)) - 1)).nonzeroBitCount
        }

        @inline(__always) func length(ofOrdinal i: Int) -> Int { (longMonths >> UInt16(i)) & 1 == 1 ? 30 : 29 }
        /// Days from the year's start to the start of ordinal month `i`.
        @inline(__always) func offset(ofOrdinal i: Int) -> Int {
            29 * i + (longMonths & ((1 << UInt16(i)) - 1)).nonzeroBitCount
        }
    }

    /// Where the years come from.
    enum Source: Sendable, Hashable {
        /// ICU's own answers, memoized (`chinese`, `dangi`, `islamic-umalqura`; `hebrew` read
        /// through ICU's fields → date, only to map corrected dates onto ICU's).
        case icu
        /// The published tables of `LunisolarTable` for 1901–2100, ICU's answers outside.
        case published
        /// The postponement rules of `HebrewNewYear`, for every year.
        case hebrewRules
    }

    let identifier: String
    let source: Source
    /// Local days covered (1800-01-01 … 2200-12-31; Hebrew: ICU's whole range): the table
    /// answers for whole years inside.
    let dayRange: ClosedRange<Int>
    /// Extended years answered from the table.
    let yearRange: ClosedRange<Int>
    private let engine: CalendarEngine
    /// The published years used (`.published`): related Gregorian years 1901–2100.
    private let published: LunisolarTable?
    private let publishedYears: ClosedRange<Int>
    /// Years learned from ICU so far (at most the 401 years of the table).
    private let years = ConfigurationCache<Int, Year?>(limit: 1024)

    private struct Key: Hashable { let identifier: String, source: Source }
    private static let cache = ConfigurationCache<Key, MonthTable?>(limit: 16)
    static let identifiers: Set<String> = ["chinese", "dangi", "islamic-umalqura"]

    /// The table that answers for a calendar: ICU's own for ``CalendarSystem/Reckoning/icu``
    /// (`nil` for Hebrew), the corrected one otherwise; `nil` if the calendar is not tabulated.
    static func shared(_ identifier: String, reckoning: CalendarSystem.Reckoning) -> MonthTable? {
        let source: Source
        switch (identifier, reckoning) {
        case ("chinese", .corrected), ("dangi", .corrected): source = .published
        case ("hebrew", .corrected): source = .hebrewRules
        case _ where identifiers.contains(identifier): source = .icu
        default: return nil
        }
        return shared(identifier, source: source)
    }

    /// ICU's own answers for a calendar whose corrected table differs from them (`chinese`,
    /// `dangi`, `hebrew`), to map corrected dates onto the instants ICU gives the same fields.
    static func icuMirror(_ identifier: String) -> MonthTable? {
        ["chinese", "dangi", "hebrew"].contains(identifier) ? shared(identifier, source: .icu) : nil
    }

    private static func shared(_ identifier: String, source: Source) -> MonthTable? {
        cache.value(for: Key(identifier: identifier, source: source)) { try? MonthTable(identifier, source: source) }
    }

    private init(_ identifier: String, source: Source) throws(CalendarError) {
        self.identifier = identifier
        self.source = source
        engine = try CalendarEngine.shared(.init(identifier: identifier, timeZone: "UTC", firstWeekday: 1, minimalDays: 1))
        published = source == .published ? LunisolarTable.table(for: identifier) : nil
        let offset = published?.extendedYearOffset ?? 0
        publishedYears = (1901 + offset)...(2100 + offset)
        if identifier == "hebrew" {
            // ICU's instants, in whole days, minus a year of margin at each end.
            let lo = Int(CalendarSystem.minMillis / 86_400_000) + 400, hi = Int(CalendarSystem.maxMillis / 86_400_000) - 400
            dayRange = lo...hi
            yearRange = HebrewNewYear.year(containing: lo)...HebrewNewYear.year(containing: hi)
            return
        }
        let lo = ISODay.days(year: 1800, month: 1, day: 1), hi = ISODay.days(year: 2200, month: 12, day: 31)
        dayRange = lo...hi
        var first = 0, last = 0
        engine.withCalendar { cal in
            first = Self.read(cal, lo).extendedYear + 1
            last = Self.read(cal, hi).extendedYear - 1
        }
        yearRange = first...last
    }

    struct DayFields { let extendedYear: Int, month: Int, isLeap: Bool, day: Int }

    /// ICU's fields at noon UTC of a day.
    private static func read(_ cal: UCalendarHandle, _ day: Int) -> DayFields {
        // A time inside the table's range on a lenient calendar: ICU's 0 stands in for a
        // field it failed to compute.
        try? ICU.ucal_setMillis(cal, Double(day) * 86_400_000 + 43_200_000)
        let c = cal
        @inline(__always) func get(_ field: Int32) -> Int { Int((try? ICU.ucal_get(c, field)) ?? 0) }
        return DayFields(extendedYear: get(UCAL_EXTENDED_YEAR), month: get(UCAL_MONTH) + 1,
                         isLeap: get(UCAL_IS_LEAP_MONTH) != 0, day: get(UCAL_DATE))
    }

    /// The year entry for an extended year inside ``yearRange``.
    func year(_ extendedYear: Int) -> Year? {
        guard yearRange.contains(extendedYear) else { return nil }
        if source == .hebrewRules { return HebrewNewYear.year(extendedYear) }
        if let published, publishedYears.contains(extendedYear) { return published.year(extendedYear: extendedYear) }
        return years.value(for: extendedYear) { build(extendedYear) }
    }

    private func estimate(_ extendedYear: Int) -> Int {
        switch identifier {
        case "chinese": ISODay.days(year: extendedYear - 2637, month: 1, day: 1)
        case "dangi": ISODay.days(year: extendedYear - 2333, month: 1, day: 1)
        default: ISODay.days(year: 622, month: 7, day: 19) + Int(Double(extendedYear - 1) * 354.36667) - 20
        }
    }

    private func build(_ extendedYear: Int) -> Year? {
        if identifier == "hebrew" { return buildHebrewFromICU(extendedYear) }
        if identifier == "islamic-umalqura", let year = buildFromMonthStarts(extendedYear) { return year }
        return engine.withCalendar { cal -> Year? in
            var day = estimate(extendedYear)
            var fields = Self.read(cal, day)
            var guardCount = 0
            while fields.extendedYear >= extendedYear && !(fields.extendedYear == extendedYear && fields.month == 1 && !fields.isLeap && fields.day == 1) {
                day -= 60
                fields = Self.read(cal, day)
                guardCount += 1
                if guardCount > 20 { return nil }
            }
            day -= fields.day - 1  // a month start
            fields = Self.read(cal, day)
            while fields.extendedYear < extendedYear {  // walk to the year's first month
                let next = Self.read(cal, day + 29)
                day += next.day == 1 ? 29 : 30
                fields = Self.read(cal, day)
                guardCount += 1
                if guardCount > 40 || fields.day != 1 { return nil }
            }
            guard fields.extendedYear == extendedYear, fields.month == 1, !fields.isLeap, fields.day == 1 else { return nil }
            let startDay = day
            var count = 0, leap = -1
            var long: UInt16 = 0
            while fields.extendedYear == extendedYear {
                guard count < 14, fields.day == 1 else { return nil }
                if fields.isLeap { leap = count }
                let after = Self.read(cal, day + 29)
                if after.day == 1 { day += 29 } else { long |= 1 << UInt16(count); day += 30 }
                count += 1
                fields = after.day == 1 ? after : Self.read(cal, day)
            }
            return Year(startDay: startDay, monthCount: count, leapOrdinal: leap, longMonths: long)
        }
    }

    /// An Umm al-Qura year from ICU's fields → date direction: the 13 month starts (this
    /// year's 12 and the next year's first) cost O(1) each, where every date → fields read
    /// walks ICU's years one by one from 1300 AH (`IslamicCalendar::handleComputeFields`: 88%
    /// of a fresh `calendar convert --to islamic-umalqura` of 5,000 dates built this way).
    /// The year is kept only if date → fields agrees at its first and last day and the next
    /// year's first (three reads); otherwise `nil`, and ``build(_:)`` reads the whole year.
    /// (Chinese and Dangi stay on date → fields: ICU 72's shared new-year cache makes their
    /// fields → date unreliable.)
    private func buildFromMonthStarts(_ extendedYear: Int) -> Year? {
        engine.withCalendar { cal -> Year? in
            var starts: [Int] = []
            starts.reserveCapacity(13)
            for ordinal in 0...12 {
                ucal_clear(cal)
                ucal_set(cal, UCAL_EXTENDED_YEAR, Int32(ordinal == 12 ? extendedYear + 1 : extendedYear))
                ucal_set(cal, UCAL_MONTH, Int32(ordinal == 12 ? 0 : ordinal))
                ucal_set(cal, UCAL_DATE, 1)
                guard let millis = try? ICU.ucal_getMillis(cal), millis.isFinite else { return nil }
                starts.append(Int((millis / 86_400_000).rounded(.down)))
            }
            var long: UInt16 = 0
            for ordinal in 0..<12 {
                switch starts[ordinal + 1] - starts[ordinal] {
                case 29: break
                case 30: long |= 1 << UInt16(ordinal)
                default: return nil
                }
            }
            let first = Self.read(cal, starts[0]), last = Self.read(cal, starts[12] - 1), next = Self.read(cal, starts[12])
            guard first.extendedYear == extendedYear, first.month == 1, !first.isLeap, first.day == 1,
                  last.extendedYear == extendedYear, last.month == 12, !last.isLeap, last.day == starts[12] - starts[11],
                  next.extendedYear == extendedYear + 1, next.month == 1, next.day == 1 else { return nil }
            return Year(startDay: starts[0], monthCount: 12, leapOrdinal: -1, longMonths: long)
        }
    }

    /// A Hebrew year as ICU reckons it: its new year and the next from ICU's fields → date (which
    /// agrees with ICU's date → fields), the months from the year's length.
    private func buildHebrewFromICU(_ extendedYear: Int) -> Year? {
        engine.withCalendar { cal -> Year? in
            func newYear(_ year: Int) -> Int? {
                ucal_clear(cal)
                ucal_set(cal, UCAL_EXTENDED_YEAR, Int32(year))
                ucal_set(cal, UCAL_MONTH, 0)
                ucal_set(cal, UCAL_DATE, 1)
                guard let millis = try? ICU.ucal_getMillis(cal), millis.isFinite else { return nil }
                return Int((millis / 86_400_000).rounded(.down))
            }
            guard let start = newYear(extendedYear), let next = newYear(extendedYear + 1) else { return nil }
            return HebrewNewYear.entry(extendedYear, startDay: start, length: next - start)
        }
    }

    /// The extended year and entry containing a local day, when tabulated.
    func locate(day: Int) -> (extendedYear: Int, year: Year)? {
        guard dayRange.contains(day) else { return nil }
        if identifier == "hebrew" {
            if source == .hebrewRules { let (year, entry) = HebrewNewYear.entry(containing: day); return (year, entry) }
            var guess = HebrewNewYear.year(containing: day)
            for _ in 0..<4 {
                guard let entry = year(guess) else { return nil }
                if day < entry.startDay { guess -= 1; continue }
                if day >= entry.startDay + entry.length { guess += 1; continue }
                return (guess, entry)
            }
            return nil
        }
        let perYear = identifier == "islamic-umalqura" ? 354.36667 : 365.2422
        let base = estimate(yearRange.lowerBound)
        var guess = yearRange.lowerBound + Int((Double(day - base) / perYear).rounded(.down))
        for _ in 0..<4 {
            guard let entry = year(guess) else { return nil }
            if day < entry.startDay { guess -= 1; continue }
            if day >= entry.startDay + entry.length { guess += 1; continue }
            return (guess, entry)
        }
        return nil
    }

    /// (month number 1-based, leap flag) of an ordinal in a year.
    static func month(ofOrdinal i: Int, in year: Year) -> (month: Int, isLeap: Bool) {
        if year.isHebrew { return year.monthCount == 13 ? (i + 1, i == 5) : (i < 5 ? i + 1 : i + 2, false) }
        if year.leapOrdinal < 0 || i < year.leapOrdinal { return (i + 1, false) }
        return (i, i == year.leapOrdinal)
    }

    /// The ordinal of (month, leap) in a year, or `nil` if the year has no such month.
    static func ordinal(month: Int, isLeap: Bool, in year: Year) -> Int? {
        if year.isHebrew {
            guard (1...13).contains(month) else { return nil }
            if year.monthCount == 13 { return isLeap && month != 6 ? nil : month - 1 }
            return isLeap || month == 6 ? nil : month < 6 ? month - 1 : month - 2
        }
        if isLeap { return year.leapOrdinal >= 0 && year.leapOrdinal == month ? month : nil }
        let ordinal = year.leapOrdinal >= 0 && month > year.leapOrdinal ? month : month - 1
        return ordinal < year.monthCount && ordinal >= 0 ? ordinal : nil
    }
}
