internal import CICU
import FoundationEssentials

extension CalendarField {
    var icuField: Int32 {
        switch self {
        case .era: UCAL_ERA
        case .year: UCAL_YEAR
        case .extendedYear: UCAL_EXTENDED_YEAR
        case .month: UCAL_MONTH
        case .weekOfYear: UCAL_WEEK_OF_YEAR
        case .weekOfMonth: UCAL_WEEK_OF_MONTH
        case .day: UCAL_DATE
        case .dayOfYear: UCAL_DAY_OF_YEAR
        case .weekday: UCAL_DAY_OF_WEEK
        case .hour: UCAL_HOUR_OF_DAY
        case .minute: UCAL_MINUTE
        case .second: UCAL_SECOND
        case .millisecond: UCAL_MILLISECOND
        }
    }
}

extension CalendarField {
    /// Units whose arithmetic is the same in every calendar system (days, weeks and time).
    var isCalendarIndependent: Bool {
        switch self {
        case .weekOfYear, .weekOfMonth, .day, .dayOfYear, .weekday, .hour, .minute, .second, .millisecond: true
        case .era, .year, .extendedYear, .month: false
        }
    }
}

extension CalendarSystem {
    // MARK: Arithmetic

    /// `date` moved by `amount` of `field` in this calendar, carrying into larger fields.
    ///
    /// Months are the calendar's months (a Chinese leap month counts as one; Hebrew Adar I
    /// exists only in leap years); when the day does not exist in the target month it is
    /// pinned to the month's last day. Days, weeks and larger units keep the local time of
    /// day across daylight-saving changes (a day is not always 86,400 s); hours and smaller
    /// units are exact durations.
    ///
    /// ```swift
    /// let chinese = try CalendarSystem("chinese")
    /// let next = try chinese.adding(1, .month, to: date)   // one lunar month later
    /// ```
    /// - Throws: ``CalendarError/amountOutOfRange(_:)`` beyond 32 bits,
    ///   ``CalendarError/dateOutOfRange(_:)`` when the result leaves ``supportedRange``.
    /// The corresponding C function is `ucal_add`.
    public func adding(_ amount: Int, _ field: CalendarField, to date: Date) throws(CalendarError) -> Date {
        try move(amount, field, date, roll: false)
    }

    /// `date` with `field` moved by `amount` within its range, leaving larger fields alone
    /// (rolling the month of 31 January by 1 gives 28 or 29 February of the same year).
    ///
    /// ```swift
    /// try CalendarSystem.gregorian.rolling(1, .month, in: dec31)   // 31 January, same year
    /// ```
    /// - Throws: as ``adding(_:_:to:)``.
    /// The corresponding C function is `ucal_roll`.
    public func rolling(_ amount: Int, _ field: CalendarField, in date: Date) throws(CalendarError) -> Date {
        try move(amount, field, date, roll: true)
    }

    /// ``adding(_:_:to:)`` computed by ICU alone, bypassing ICUKit's month tables.
    @_spi(Internals) public func addingFromICU(_ amount: Int, _ field: CalendarField, to date: Date) throws(CalendarError) -> Date {
        try move(amount, field, date, roll: false, useTable: false)
    }

    private func move(_ amount: Int, _ field: CalendarField, _ date: Date, roll: Bool, useTable: Bool = true) throws(CalendarError) -> Date {
        guard let amount32 = Int32(exactly: amount) else { throw .amountOutOfRange(amount) }
        var millis = try Self.millis(date)
        var engine = self.engine
        if !roll, useTable, let table {
            if field == .month, let result = try tableAddingMonths(table, amount, millis: millis) { return try Self.date(fromMillis: result) }
            if field.isCalendarIndependent, let gregorianTwin { engine = gregorianTwin }
        }
        if roll, useTable, context.icuTable != nil, field == .day || field == .dayOfYear, let table,
           let fields = tableDate(table, millis: millis), let year = table.year(fields.extendedYear),
           let ordinal = MonthTable.ordinal(month: fields.month, isLeap: fields.isLeapMonth, in: year) {
            // Within the corrected month or year: the day moves modulo its length, the time of day stays.
            let (position, length) = field == .day ? (fields.day, year.length(ofOrdinal: ordinal)) : (fields.dayOfYear, year.length)
            let moved = ((position - 1 + amount) % length + length) % length + 1
            return try self.adding(moved - position, .day, to: date)
        }
        // A corrected calendar's other field arithmetic: ICU's, on the instant where ICU has the same fields.
        let corrects = useTable && context.icuTable != nil && (roll || !field.isCalendarIndependent)
        if corrects, let proxy = icuInstant(millis) { millis = proxy }
        // ICU adds years and months in 32-bit field arithmetic that wraps silently (adding
        // Int32.max years to 1970 gives year 4,455,773 without an error): amounts past
        // ICU's ±5.8 million years are refused up front, and the result is checked below.
        if !roll {
            let limit = switch field {
            case .era, .year, .extendedYear: 12_000_000
            case .month: 160_000_000
            default: Int(Int32.max)
            }
            if abs(amount) > limit { throw .dateOutOfRange(millis / 1000 + Double(amount)) }
        }
        // Far from the ends of the range ICU's arithmetic cannot wrap; only near them is the
        // result checked (reading a field after ucal_add costs a second field computation).
        let longest: Double = switch field {
        case .era, .year, .extendedYear: 400 * 86_400_000
        case .month: 40 * 86_400_000
        default: 0
        }
        let reach = Double(abs(amount)) * longest
        let check = !roll && (millis - reach < Self.minMillis || millis + reach > Self.maxMillis)
        return try engine.withCalendar { (cal) throws(CalendarError) -> Date in
            let startYear: Int, result: Double
            do throws(ICUError) {
                try ICU.ucal_setMillis(cal, millis)
                startYear = check ? Int(try ICU.ucal_get(cal, UCAL_EXTENDED_YEAR)) : 0
                if roll { try ICU.ucal_roll(cal, field.icuField, amount32) } else { try ICU.ucal_add(cal, field.icuField, amount32) }
                result = try ICU.ucal_getMillis(cal)
            } catch {
                if error.isIllegalArgument { throw .dateOutOfRange(millis / 1000) }
                throw .icu(error.reported(as: roll ? "ucal_roll" : "ucal_add"))
            }
            if check {
                // The year moved as much as the amount says (at most 13 months a year,
                // at least 12; a few years of slack for era and leap-month pinning).
                guard let endYear = try? ICU.ucal_get(cal, UCAL_EXTENDED_YEAR) else { throw .dateOutOfRange(result / 1000) }
                let years = Int(endYear) - startYear
                let plausible: Bool = switch field {
                case .era, .year, .extendedYear: abs(years - amount) <= 2 || field == .era
                case .month: abs(years) <= abs(amount) / 12 + 2 && abs(years) + 2 >= abs(amount) / 13
                default: true
                }
                if !plausible { throw .dateOutOfRange(result / 1000) }
            }
            return try Self.date(fromMillis: corrects ? correctedInstant(fromICU: result) : result)
        }
    }

    /// How many whole `field` units (years, months, days, …) of this calendar lie between
    /// `start` and `end`: adding the result to `start` does not pass `end`. Negative when
    /// `end` is earlier.
    ///
    /// ```swift
    /// let hijri = try CalendarSystem("islamic-umalqura")
    /// try hijri.difference(from: today, to: nextRamadan, in: .day)
    /// ```
    /// - Throws: ``CalendarError/dateOutOfRange(_:)``, or ``CalendarError/amountOutOfRange(_:)``
    ///   when the difference does not fit 32 bits (milliseconds across 25 days and more).
    ///   In `islamic-umalqura`, instants from the year 10000 (Gregorian) on throw
    ///   ``CalendarError/dateOutOfRange(_:)``: ICU finds such a date's fields by walking the
    ///   years one by one from 1300 AH, and a difference does that dozens of times (10 CPU
    ///   seconds for one difference 5.8 million years ahead; 13 ms at the year 10000).
    /// The corresponding C function is `ucal_getFieldDifference`.
    public func difference(from start: Date, to end: Date, in field: CalendarField) throws(CalendarError) -> Int {
        var from = try Self.millis(start), to = try Self.millis(end)
        if identifier == "islamic-umalqura", max(from, to) >= Self.umalquraDifferenceLimit {
            throw .dateOutOfRange(max(from, to) / 1000)
        }
        var engine = self.engine
        if let table {
            if field == .month, let months = try tableMonthDifference(table, from: from, to: to) { return months }
            if field.isCalendarIndependent, let gregorianTwin { engine = gregorianTwin }
        }
        if context.icuTable != nil, !field.isCalendarIndependent, let a = icuInstant(from), let b = icuInstant(to) {
            (from, to) = (a, b)  // ICU's field difference between the instants where ICU has the same fields
        }
        return try engine.withCalendar { (cal) throws(CalendarError) -> Int in
            // ICU computes nothing after a failure to set the time: a difference of 0.
            do throws(ICUError) { try ICU.ucal_setMillis(cal, from) } catch { throw .amountOutOfRange(0) }
            let (difference, failed) = ICU.ucal_getFieldDifference(cal, to, field.icuField)
            if failed { throw .amountOutOfRange(Int(difference)) }
            // ICU's search can wrap past 32 bits without an error: check the order of magnitude.
            let span = abs(to - from) / 86_400_000  // days
            let bounds: (Double, Double)? = switch field {
            case .day, .dayOfYear, .weekday: (span - 2, span + 2)
            case .weekOfYear, .weekOfMonth: (span / 7 - 2, span / 7 + 2)
            case .hour: (span * 24 - 2, span * 24 + 2)
            case .minute: (span * 1440 - 2, span * 1440 + 2)
            case .second: (span * 86_400 - 2, span * 86_400 + 2)
            case .millisecond: (span * 86_400_000 - 2, span * 86_400_000 + 2)
            case .month: (span / 31 - 2, span / 5 + 2)
            case .year, .extendedYear: (span / 386 - 2, span / 353 + 2)
            case .era: nil
            }
            if let (low, high) = bounds {
                let magnitude = Double(abs(Int(difference)))
                if high > Double(Int32.max) && magnitude < low { throw .amountOutOfRange(Int(high)) }
                if magnitude < low || magnitude > high { throw .amountOutOfRange(Int(difference)) }
            }
            return Int(difference)
        }
    }

    /// 10000-01-01T00:00:00Z in milliseconds: where `islamic-umalqura` differences stop
    /// (see ``difference(from:to:in:)``).
    static let umalquraDifferenceLimit = 253_402_300_800_000.0

    // MARK: Months and years

    /// The half-open interval of the day, week, month or year (of this calendar) that
    /// contains `date`: its first instant and the first instant of the next one.
    ///
    /// ```swift
    /// let hebrew = try CalendarSystem("hebrew", timeZone: "Asia/Jerusalem")
    /// let year = try hebrew.interval(of: .year, containing: date)   // 1 Tishri … next 1 Tishri
    /// ```
    /// - Parameters:
    ///   - unit: `.day`, `.weekOfYear` (or `.weekOfMonth`), `.month`, or `.year`
    ///     (`.extendedYear`); other fields throw ``CalendarError/invalidSetting(_:)``.
    ///   - date: An instant inside the interval.
    /// The corresponding C functions are `ucal_set` and `ucal_add`.
    public func interval(of unit: CalendarField, containing date: Date) throws(CalendarError) -> Range<Date> {
        let millis = try Self.millis(date)
        if let table, unit == .month || unit == .year || unit == .extendedYear, let fields = tableDate(table, millis: millis) {
            let start: Double?, end: Double?
            if unit == .month {
                start = try tableMillis(table, .extended(fields.extendedYear), month: fields.month, isLeapMonth: fields.isLeapMonth, day: 1, time: (0, 0, 0, 0))
                end = try start.flatMap { (start) throws(CalendarError) in try tableAddingMonths(table, 1, millis: start) }
            } else {
                start = try tableMillis(table, .extended(fields.extendedYear), month: 1, isLeapMonth: false, day: 1, time: (0, 0, 0, 0))
                end = try tableMillis(table, .extended(fields.extendedYear + 1), month: 1, isLeapMonth: false, day: 1, time: (0, 0, 0, 0))
            }
            if let start, let end, start <= millis, millis < end {
                return try Self.date(fromMillis: start)..<Self.date(fromMillis: end)
            }
        }
        return try engine.withCalendar { (cal) throws(CalendarError) -> Range<Date> in
            let step: Int32
            switch unit {
            case .day, .dayOfYear, .weekday: step = UCAL_DATE
            case .weekOfYear, .weekOfMonth: step = UCAL_WEEK_OF_YEAR
            case .month: step = UCAL_MONTH
            case .year, .extendedYear: step = UCAL_YEAR
            default: throw .invalidSetting("interval of \(unit)")
            }
            let start: Double, end: Double
            do throws(ICUError) {
                try ICU.ucal_setMillis(cal, millis)
                // Back to the first day of the week, month or year.
                switch unit {
                case .weekOfYear, .weekOfMonth:
                    let weekday = try ICU.ucal_get(cal, UCAL_DAY_OF_WEEK)
                    let back = (Int(weekday) - firstWeekday + 7) % 7
                    try ICU.ucal_add(cal, UCAL_DATE, Int32(-back))
                case .month:
                    let day = try ICU.ucal_get(cal, UCAL_DATE)
                    try ICU.ucal_add(cal, UCAL_DATE, 1 - day)
                case .year, .extendedYear:
                    let day = try ICU.ucal_get(cal, UCAL_DAY_OF_YEAR)
                    try ICU.ucal_add(cal, UCAL_DATE, 1 - day)
                default:
                    break
                }
                // Midnight (or the first valid local time after it, where a zone skips midnight).
                ucal_set(cal, UCAL_HOUR_OF_DAY, 0)
                ucal_set(cal, UCAL_MINUTE, 0)
                ucal_set(cal, UCAL_SECOND, 0)
                ucal_set(cal, UCAL_MILLISECOND, 0)
                start = try ICU.ucal_getMillis(cal)
                try ICU.ucal_add(cal, step, 1)
                ucal_set(cal, UCAL_HOUR_OF_DAY, 0)
                ucal_set(cal, UCAL_MINUTE, 0)
                ucal_set(cal, UCAL_SECOND, 0)
                ucal_set(cal, UCAL_MILLISECOND, 0)
                end = try ICU.ucal_getMillis(cal)
            } catch {
                throw .dateOutOfRange(millis / 1000)
            }
            let lower = try Self.date(fromMillis: start), upper = try Self.date(fromMillis: end)
            guard lower <= date, date < upper else { throw .icu(.internalProgramError("interval")) }
            return lower..<upper
        }
    }

    /// The number of days in the month of `date` (29 or 30 in lunar calendars).
    ///
    /// ```swift
    /// try CalendarSystem("islamic-umalqura").numberOfDays(inMonthOf: date)   // 29 or 30
    /// ```
    /// The corresponding C function is `ucal_getLimit` with `UCAL_ACTUAL_MAXIMUM`.
    public func numberOfDays(inMonthOf date: Date) throws(CalendarError) -> Int {
        if let table, let fields = tableDate(table, millis: try Self.millis(date)), let year = table.year(fields.extendedYear),
           let ordinal = MonthTable.ordinal(month: fields.month, isLeap: fields.isLeapMonth, in: year) {
            return year.length(ofOrdinal: ordinal)
        }
        return try actualMaximum(UCAL_DATE, date)
    }

    /// The number of days in the year of `date` (353–385 in Hebrew, 384 in a Chinese leap year).
    ///
    /// ```swift
    /// try CalendarSystem("hebrew").numberOfDays(inYearOf: date)   // 383 in 5784
    /// ```
    /// The corresponding C function is `ucal_getLimit` with `UCAL_ACTUAL_MAXIMUM`.
    public func numberOfDays(inYearOf date: Date) throws(CalendarError) -> Int {
        if let table, let fields = tableDate(table, millis: try Self.millis(date)), let year = table.year(fields.extendedYear) {
            return year.length
        }
        return try actualMaximum(UCAL_DAY_OF_YEAR, date)
    }

    private func actualMaximum(_ field: Int32, _ date: Date) throws(CalendarError) -> Int {
        let millis = try Self.millis(date)
        return try engine.withCalendar { (cal) throws(CalendarError) -> Int in
            do throws(ICUError) {
                try ICU.ucal_setMillis(cal, millis)
                return Int(try ICU.ucal_getLimit(cal, field, UCAL_ACTUAL_MAXIMUM))
            } catch {
                throw .icu(error.reported(as: "ucal_getLimit"))
            }
        }
    }

    /// The number of months in the year of `date`: 13 in Hebrew and Chinese leap years and
    /// in the Coptic and Ethiopic calendars, else 12.
    ///
    /// ```swift
    /// try CalendarSystem("hebrew").numberOfMonths(inYearOf: date)   // 13 in 5784
    /// ```
    public func numberOfMonths(inYearOf date: Date) throws(CalendarError) -> Int {
        if let table, let fields = tableDate(table, millis: try Self.millis(date)), let year = table.year(fields.extendedYear) {
            return year.monthCount
        }
        let year = try interval(of: .year, containing: date)
        var count = 0
        var cursor = year.lowerBound
        while cursor < year.upperBound {
            count += 1
            cursor = try adding(1, .month, to: cursor)
            if count > 20 { throw .icu(.internalProgramError("numberOfMonths")) }
        }
        return count
    }

    /// The first day after `date` (its start, in this calendar's time zone) with the given
    /// month, leap flag and day: the next 1 Ramadan, the next Chinese New Year.
    /// Looks up to `searchYears` years ahead; `nil` if none (a leap month that never recurs
    /// in that span, day 30 of a month that never has 30 days).
    ///
    /// ```swift
    /// let hijri = try CalendarSystem("islamic-umalqura")
    /// let ramadan = try hijri.nextDate(after: now, month: 9, day: 1)
    /// let newYear = try CalendarSystem("chinese").nextDate(after: now, month: 1, day: 1)
    /// ```
    /// - Throws: ``CalendarError/fieldOutOfRange(_:value:valid:)`` for a month or day that
    ///   no year of the calendar has; ``CalendarError/dateOutOfRange(_:)``.
    public func nextDate(
        after date: Date, month: Int, isLeapMonth: Bool = false, day: Int, searchYears: Int = 1000
    ) throws(CalendarError) -> Date? {
        if !(1...engine.monthLimit).contains(month) { throw .fieldOutOfRange(.month, value: month, valid: 1...engine.monthLimit) }
        if !(1...engine.dayLimit).contains(day) { throw .fieldOutOfRange(.day, value: day, valid: 1...engine.dayLimit) }
        let startYear = try calendarDate(for: date).extendedYear
        for offset in 0...max(0, min(searchYears, 100_000)) {
            let candidate: Date
            do {
                candidate = try self.date(.extended(startYear + offset), month: month, isLeapMonth: isLeapMonth, day: day,
                                          time: (0, 0, 0, 0), lenient: false)
            } catch .fieldOutOfRange, .nonexistentLeapMonth {
                continue
            }
            if candidate > date { return candidate }
        }
        return nil
    }
}
