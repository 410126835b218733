internal import CICU
import FoundationEssentials

extension CalendarSystem {
    /// The instants ICU's calendars can represent (ICU's `MIN_MILLIS`…`MAX_MILLIS`,
    /// about ±5.8 million years). Outside it ICU pins or wraps values silently;
    /// ICUKit throws ``CalendarError/dateOutOfRange(_:)``.
    ///
    /// ```swift
    /// CalendarSystem.supportedRange.contains(date)   // otherwise every operation throws
    /// ```
    public static let supportedRange: ClosedRange<Date> =
        Date(timeIntervalSince1970: minMillis / 1000)...Date(timeIntervalSince1970: maxMillis / 1000)

    static let minMillis = -184_303_902_528_000_000.0
    static let maxMillis = 183_882_168_921_600_000.0

    /// ICU milliseconds for `date`, checked against ``supportedRange``.
    @inline(__always)
    static func millis(_ date: Date) throws(CalendarError) -> Double {
        let seconds = date.timeIntervalSince1970
        let millis = (seconds * 1000).rounded(.down)
        guard millis >= minMillis, millis <= maxMillis else { throw .dateOutOfRange(seconds) }
        return millis
    }

    @inline(__always)
    static func date(fromMillis millis: Double) throws(CalendarError) -> Date {
        guard millis.isFinite, millis >= minMillis, millis <= maxMillis else { throw .dateOutOfRange(millis / 1000) }
        return Date(timeIntervalSince1970: millis / 1000)
    }

    /// Whether this calendar has Chinese-style leap months (`chinese`, `dangi`).
    var hasChineseLeapMonths: Bool { context.hasChineseLeapMonths }
    var isHebrew: Bool { context.isHebrew }

    /// The offset from ICU's extended year to the related Gregorian year (Chinese, Dangi).
    var relatedYearOffset: Int? {
        switch identifier {
        case "chinese": 2637
        case "dangi": 2333
        default: nil
        }
    }

    // MARK: Date → fields

    /// The fields of `date` in this calendar and time zone.
    ///
    /// ```swift
    /// let chinese = try CalendarSystem("chinese")
    /// let d = try chinese.calendarDate(for: date)   // 2023-04-01
    /// (d.month, d.isLeapMonth, d.day, d.monthCode) // (2, true, 11, "M02L")
    /// ```
    /// - Throws: ``CalendarError/dateOutOfRange(_:)``.
    /// The corresponding C functions are `ucal_setMillis` and `ucal_get`.
    public func calendarDate(for date: Date) throws(CalendarError) -> CalendarDate {
        let millis = try Self.millis(date)
        if context.arithmetic != nil, let fields = gregorianDate(millis: millis) { return fields }
        if let table, let fields = tableDate(table, millis: millis) { return fields }
        return try engine.withCalendar { (cal) throws(CalendarError) in
            // Cannot fail: `millis` is in range and the calendar is lenient.
            try? ICU.ucal_setMillis(cal, millis)
            return try fields(of: cal)
        }
    }

    /// ``calendarDate(for:)`` computed by ICU alone, bypassing ICUKit's month tables
    /// (for tests and benchmarks that compare the two).
    @_spi(Internals) public func calendarDateFromICU(for date: Date) throws(CalendarError) -> CalendarDate {
        let millis = try Self.millis(date)
        return try engine.withCalendar { (cal) throws(CalendarError) in
            // Cannot fail: `millis` is in range and the calendar is lenient.
            try? ICU.ucal_setMillis(cal, millis)
            return try fields(of: cal)
        }
    }

    /// Reads every field of a calendar whose time is set.
    func fields(of cal: UCalendarHandle) throws(CalendarError) -> CalendarDate {
        let c = cal
        @inline(__always) func get(_ field: Int32) throws(ICUError) -> Int { Int(try ICU.ucal_get(c, field)) }
        do throws(ICUError) {
            let icuMonth = try get(UCAL_MONTH)
            var leap = try get(UCAL_IS_LEAP_MONTH) != 0
            if isHebrew && icuMonth == 5 { leap = true }  // Adar I
            return CalendarDate(
                calendar: self, era: try get(UCAL_ERA), year: try get(UCAL_YEAR), extendedYear: try get(UCAL_EXTENDED_YEAR),
                month: icuMonth + 1, isLeapMonth: leap, day: try get(UCAL_DATE), weekday: try get(UCAL_DAY_OF_WEEK),
                dayOfYear: try get(UCAL_DAY_OF_YEAR), weekOfYear: try get(UCAL_WEEK_OF_YEAR), yearForWeekOfYear: try get(UCAL_YEAR_WOY),
                hour: try get(UCAL_HOUR_OF_DAY), minute: try get(UCAL_MINUTE), second: try get(UCAL_SECOND),
                millisecond: try get(UCAL_MILLISECOND),
                utcOffsetSeconds: (try get(UCAL_ZONE_OFFSET) + get(UCAL_DST_OFFSET)) / 1000)
        } catch {
            throw .icu(error)
        }
    }

    // MARK: Fields → Date

    /// How a year is given when building a date from fields.
    enum YearSpec: Hashable {
        /// The year of an era.
        case era(Int, Int)
        /// The year of the calendar's default era (ICU's default when no era is set).
        case defaultEra(Int)
        /// ICU's extended year.
        case extended(Int)
    }

    /// The instant at which a date given by fields begins (or the given time of day),
    /// in this calendar and time zone.
    ///
    /// Without `era`, `year` is a year of the calendar's default era (AD, AH, AM, BE,
    /// Minguo, Amete Mihret; the current era, Reiwa, in Japanese), except in `chinese` and
    /// `dangi`, where it is the related Gregorian year (2023 for the lunar year that began
    /// on 2023-01-22); with `era`, it is ICU's year of that era (1…60 in a Chinese cycle).
    ///
    /// ```swift
    /// let hebrew = try CalendarSystem("hebrew")
    /// try hebrew.date(year: 5784, month: 6, isLeapMonth: true, day: 1)   // Adar I 5784
    /// try hebrew.date(year: 5783, month: 6, day: 1)                      // throws: no Adar I in 5783
    /// try CalendarSystem("japanese").date(era: 236, year: 1, month: 5, day: 1)  // 2019-05-01
    /// ```
    /// - Parameters:
    ///   - era: ICU's era number (`UCAL_ERA`), or `nil` for the default era (see above).
    ///   - year: The year of `era`, or as described above without one.
    ///   - month: 1-based; a leap month repeats the number of the month it follows.
    ///   - isLeapMonth: The leap month of that number (Chinese, Dangi; Hebrew Adar I is
    ///     month 6 with this flag).
    ///   - day: 1-based day of the month.
    ///   - hour: 0…23, in the calendar's time zone.
    ///   - minute: 0…59.
    ///   - second: 0…59.
    ///   - millisecond: 0…999.
    ///   - lenient: `false` (default) throws when a field does not exist that year
    ///     or month; `true` lets ICU normalize (day 30 of a 29-day month becomes the first of
    ///     the next month), as ICU's own `ucal_setDateTime` does.
    /// - Throws: ``CalendarError/fieldOutOfRange(_:value:valid:)``,
    ///   ``CalendarError/nonexistentLeapMonth(year:month:)``, ``CalendarError/dateOutOfRange(_:)``.
    /// The corresponding C functions are `ucal_clear`, `ucal_set` and `ucal_getMillis`.
    public func date(
        era: Int? = nil, year: Int, month: Int, isLeapMonth: Bool = false, day: Int,
        hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0, lenient: Bool = false
    ) throws(CalendarError) -> Date {
        let spec: YearSpec
        if let era { spec = .era(era, year) }
        else if let offset = relatedYearOffset {
            let (sum, overflow) = year.addingReportingOverflow(offset)
            if overflow { throw .fieldOutOfRange(.year, value: year, valid: Int(Int32.min)...Int(Int32.max - 2637)) }
            spec = .extended(sum)
        } else { spec = .defaultEra(year) }
        do {
            return try date(spec, month: month, isLeapMonth: isLeapMonth, day: day,
                            time: (hour, minute, second, millisecond), lenient: lenient)
        } catch .nonexistentLeapMonth(_, let month) {
            throw .nonexistentLeapMonth(year: year, month: month)  // the year as the caller gave it
        } catch .fieldOutOfRange(.year, _, let valid) where era == nil {
            throw .fieldOutOfRange(.year, value: year, valid: valid)
        }
    }

    /// The instant for a date given with ICU's extended year (continuous across eras:
    /// the proleptic Gregorian year with 1 BC = 0 in Gregorian and Japanese).
    ///
    /// ```swift
    /// try CalendarSystem("gregorian").date(extendedYear: 0, month: 12, day: 31)  // 31 Dec 1 BC
    /// ```
    /// - Throws: as ``date(era:year:month:isLeapMonth:day:hour:minute:second:millisecond:lenient:)``.
    public func date(
        extendedYear: Int, month: Int, isLeapMonth: Bool = false, day: Int,
        hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0, lenient: Bool = false
    ) throws(CalendarError) -> Date {
        try date(.extended(extendedYear), month: month, isLeapMonth: isLeapMonth, day: day,
                 time: (hour, minute, second, millisecond), lenient: lenient)
    }

    /// The instant of a ``CalendarDate``'s era, year, month, leap flag, day and time of day
    /// (weekday, day and week of year are ignored) in this calendar.
    /// - Throws: as ``date(era:year:month:isLeapMonth:day:hour:minute:second:millisecond:lenient:)``.
    public func date(from fields: CalendarDate, lenient: Bool = false) throws(CalendarError) -> Date {
        try date(.era(fields.era, fields.year), month: fields.month, isLeapMonth: fields.isLeapMonth, day: fields.day,
                 time: (fields.hour, fields.minute, fields.second, fields.millisecond), lenient: lenient)
    }

    func date(
        _ spec: YearSpec, month: Int, isLeapMonth: Bool, day: Int, time: (Int, Int, Int, Int), lenient: Bool
    ) throws(CalendarError) -> Date {
        let int32 = Int(Int32.min)...Int(Int32.max)
        func check(_ field: CalendarField, _ value: Int, _ range: ClosedRange<Int>) throws(CalendarError) {
            if !range.contains(value) { throw .fieldOutOfRange(field, value: value, valid: range) }
        }
        // ICU's year fields are 32-bit; far outside ±6 million years the instant is out of range anyway.
        let yearRange = -6_000_000...6_000_000
        switch spec {
        case .era(let era, let year):
            try check(.era, era, int32)
            try check(.year, year, yearRange)
        case .defaultEra(let year), .extended(let year):
            try check(.year, year, yearRange)
        }
        let monthLimit = engine.monthLimit
        if !lenient {
            try check(.month, month, 1...monthLimit)
            try check(.day, day, 1...engine.dayLimit)
            try check(.hour, time.0, 0...23)
            try check(.minute, time.1, 0...59)
            try check(.second, time.2, 0...59)
            try check(.millisecond, time.3, 0...999)
            if case .era(let era, _) = spec { try check(.era, era, engine.eraRange) }
        } else {
            for (field, value) in [(CalendarField.month, month), (.day, day), (.hour, time.0), (.minute, time.1),
                                   (.second, time.2), (.millisecond, time.3)] {
                try check(field, value, -1_000_000...1_000_000)
            }
        }
        if isLeapMonth && !(hasChineseLeapMonths || (isHebrew && month == 6)) {
            throw .nonexistentLeapMonth(year: spec.year, month: month)
        }
        if let table, !lenient, let millis = try tableMillis(table, spec, month: month, isLeapMonth: isLeapMonth, day: day, time: time, requireDay: true) {
            return try Self.date(fromMillis: millis)
        }
        return try engine.withCalendar { (cal) throws(CalendarError) -> Date in
            /// Clears the calendar and sets the requested year and month.
            func setYearAndMonth() {
                ucal_clear(cal)
                switch spec {
                case .era(let era, let year):
                    ucal_set(cal, UCAL_ERA, Int32(era))
                    ucal_set(cal, UCAL_YEAR, Int32(year))
                case .defaultEra(let year):
                    ucal_set(cal, UCAL_YEAR, Int32(year))
                case .extended(let year):
                    ucal_set(cal, UCAL_EXTENDED_YEAR, Int32(year))
                }
                ucal_set(cal, UCAL_MONTH, Int32(month - 1))
                if hasChineseLeapMonths { ucal_set(cal, UCAL_IS_LEAP_MONTH, isLeapMonth ? 1 : 0) }
            }
            setYearAndMonth()
            ucal_set(cal, UCAL_DATE, Int32(day))
            ucal_set(cal, UCAL_HOUR_OF_DAY, Int32(time.0))
            ucal_set(cal, UCAL_MINUTE, Int32(time.1))
            ucal_set(cal, UCAL_SECOND, Int32(time.2))
            ucal_set(cal, UCAL_MILLISECOND, Int32(time.3))
            let millis: Double
            do throws(ICUError) {
                millis = try ICU.ucal_getMillis(cal)
            } catch {
                // ICU's time after a failure is 0.
                if error.isIllegalArgument { throw .dateOutOfRange(0) }
                throw .icu(error)
            }
            // Lenient: ICU normalizes the fields; a corrected calendar takes the date ICU's fields name.
            if lenient { return try Self.date(fromMillis: correctedInstant(fromICU: millis)) }
            let result = try Self.date(fromMillis: millis)
            // Strict: the fields must survive the round trip (ICU normalizes silently).
            // Setting the time ICU just computed cannot fail.
            try? ICU.ucal_setMillis(cal, millis)
            let back = try fields(of: cal)
            let yearMatches: Bool = switch spec {
            case .era(let era, let year): back.era == era && back.year == year
            case .defaultEra(let year): back.year == year
            case .extended(let year): back.extendedYear == year
            }
            let wantLeap = isLeapMonth || (isHebrew && month == 6)
            if yearMatches && back.month == month && back.isLeapMonth == wantLeap && back.day == day { return result }
            // Does the month exist? Then the day is what is missing: report the month's length.
            setYearAndMonth()
            ucal_set(cal, UCAL_DATE, 1)
            ucal_set(cal, UCAL_HOUR_OF_DAY, 12)
            var monthStartSet = true
            do throws(ICUError) { try ICU.ucal_setMillis(cal, try ICU.ucal_getMillis(cal)) } catch { monthStartSet = false }
            let first = try fields(of: cal)
            let firstYearMatches: Bool = switch spec {
            case .era(let era, let year): first.era == era && first.year == year
            case .defaultEra(let year): first.year == year
            case .extended(let year): first.extendedYear == year
            }
            if monthStartSet && firstYearMatches && first.month == month && first.isLeapMonth == wantLeap && first.day == 1 {
                let length = Int((try? ICU.ucal_getLimit(cal, UCAL_DATE, UCAL_ACTUAL_MAXIMUM)) ?? 1)
                throw .fieldOutOfRange(.day, value: day, valid: 1...max(length, 1))
            }
            if wantLeap { throw .nonexistentLeapMonth(year: spec.year, month: month) }
            if !yearMatches && !firstYearMatches {
                // A year of an era counts from 1 (ICU would silently move -44 AD to 45 BC).
                if case .extended = spec { throw .fieldOutOfRange(.year, value: spec.year, valid: yearRange) }
                throw .fieldOutOfRange(.year, value: spec.year, valid: spec.year < 1 ? 1...yearRange.upperBound : yearRange)
            }
            throw .fieldOutOfRange(.month, value: month, valid: 1...monthLimit)
        }
    }
}

extension CalendarSystem.YearSpec {
    var year: Int {
        switch self {
        case .era(_, let year), .defaultEra(let year), .extended(let year): year
        }
    }
}
