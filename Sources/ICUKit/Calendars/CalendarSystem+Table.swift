internal import CICU
import FoundationEssentials

/// The accelerated paths of tabulated calendars (see `MonthTable`): the same answers as
/// ICU's, from the memoized month table plus ICU's time-zone offsets.
extension CalendarSystem {
    /// Local time (milliseconds since 1970 on the local wall clock) and the zone offset in ms.
    @inline(__always)
    func localMillis(_ millis: Double) -> (local: Double, offset: Int)? {
        guard let zoneEngine else { return (millis, 0) }
        return zoneEngine.withCalendar { (cal) -> (local: Double, offset: Int)? in
            do throws(ICUError) {
                try ICU.ucal_setMillis(cal, millis)
                let offset = Int(try ICU.ucal_get(cal, UCAL_ZONE_OFFSET)) + Int(try ICU.ucal_get(cal, UCAL_DST_OFFSET))
                return (millis + Double(offset), offset)
            } catch {
                return nil
            }
        }
    }

    /// Dangi's extended years count from 2333 BCE, its 60-year cycles (ICU's era) from 2637 BCE.
    var chineseCycleShift: Int { identifier == "dangi" ? 304 : 0 }

    /// Fields of `millis` from the table, or `nil` when the day is not tabulated.
    func tableDate(_ table: MonthTable, millis: Double) -> CalendarDate? {
        guard let (local, offset) = localMillis(millis) else { return nil }
        let localDay = Int((local / 86_400_000).rounded(.down))
        guard let (extendedYear, year) = table.locate(day: localDay) else { return nil }
        let dayOfYear = localDay - year.startDay  // 0-based
        var ordinal = min(dayOfYear / 30, year.monthCount - 1)  // months are 29 or 30 days: at most one step on
        while ordinal + 1 < year.monthCount, year.offset(ofOrdinal: ordinal + 1) <= dayOfYear { ordinal += 1 }
        let day = dayOfYear - year.offset(ofOrdinal: ordinal) + 1
        let (month, isLeap) = MonthTable.month(ofOrdinal: ordinal, in: year)
        let doy = localDay - year.startDay + 1
        let weekday = ((localDay + 4) % 7 + 7) % 7 + 1  // 1970-01-01 was a Thursday (5)
        guard let week = weekFields(extendedYear: extendedYear, dayOfYear: doy, weekday: weekday, yearLength: year.length,
                                    previousYearLength: table.year(extendedYear - 1)?.length)
        else { return nil }
        let era: Int, yearOfEra: Int
        if hasChineseLeapMonths {
            // ICU counts Dangi's cycles from the Chinese epoch (2637 BCE) too.
            let cycleYear = extendedYear + chineseCycleShift - 1
            let cycle = cycleYear >= 0 ? cycleYear / 60 : (cycleYear - 59) / 60
            era = cycle + 1
            yearOfEra = cycleYear - cycle * 60 + 1
        } else {
            era = 0
            yearOfEra = extendedYear
        }
        let msInDay = Int(local - Double(localDay) * 86_400_000)
        return CalendarDate(
            calendar: self, era: era, year: yearOfEra, extendedYear: extendedYear, month: month, isLeapMonth: isLeap, day: day,
            weekday: weekday, dayOfYear: doy, weekOfYear: week.weekOfYear, yearForWeekOfYear: week.yearForWeekOfYear,
            hour: msInDay / 3_600_000, minute: msInDay / 60_000 % 60, second: msInDay / 1000 % 60, millisecond: msInDay % 1000,
            utcOffsetSeconds: offset / 1000)
    }

    /// ICU's `Calendar::computeWeekFields`, for a year of `yearLength` days (`nil` when the
    /// day is in the last week of the previous year and its length is not known).
    @inline(__always)
    func weekFields(extendedYear: Int, dayOfYear: Int, weekday: Int, yearLength: Int, previousYearLength: @autoclosure () -> Int?)
        -> (weekOfYear: Int, yearForWeekOfYear: Int)? {
        let first = firstWeekday, minimal = minimumDaysInFirstWeek
        let relDow = (weekday + 7 - first) % 7
        let relDowJan1 = (weekday - dayOfYear + 7001 - first) % 7
        var woy = (dayOfYear - 1 + relDowJan1) / 7
        var yearOfWeek = extendedYear
        if 7 - relDowJan1 >= minimal { woy += 1 }
        if woy == 0 {
            guard let previousLength = previousYearLength() else { return nil }
            let prevDoy = dayOfYear + previousLength
            // weekNumber(prevDoy, prevDoy, weekday)
            var periodStart = (weekday - first - prevDoy + 1) % 7
            if periodStart < 0 { periodStart += 7 }
            woy = (prevDoy + periodStart - 1) / 7
            if 7 - periodStart >= minimal { woy += 1 }
            yearOfWeek -= 1
        } else if dayOfYear >= yearLength - 5 {
            var lastRelDow = (relDow + yearLength - dayOfYear) % 7
            if lastRelDow < 0 { lastRelDow += 7 }
            if 6 - lastRelDow >= minimal && dayOfYear + 7 - relDow > yearLength {
                woy = 1
                yearOfWeek += 1
            }
        }
        return (woy, yearOfWeek)
    }

    /// The instant for fields from the table, or `nil` when the year is not tabulated.
    func tableMillis(_ table: MonthTable, _ spec: YearSpec, month: Int, isLeapMonth: Bool, day: Int,
                     time: (Int, Int, Int, Int), requireDay: Bool = false) throws(CalendarError) -> Double? {
        let extendedYear: Int
        switch spec {
        case .extended(let year): extendedYear = year
        case .defaultEra(let year):
            guard !hasChineseLeapMonths else { return nil }
            extendedYear = year
        case .era(let era, let year):
            if hasChineseLeapMonths {
                if !(1...60).contains(year) { throw .fieldOutOfRange(.year, value: year, valid: 1...60) }
                extendedYear = (era - 1) * 60 + year - chineseCycleShift
            } else {
                if era != 0 { throw .fieldOutOfRange(.era, value: era, valid: 0...0) }
                extendedYear = year
            }
        }
        guard let entry = table.year(extendedYear) else { return nil }
        guard let ordinal = MonthTable.ordinal(month: month, isLeap: isLeapMonth, in: entry) else {
            if isLeapMonth || (entry.isHebrew && month == 6) { throw .nonexistentLeapMonth(year: spec.year, month: month) }
            throw .fieldOutOfRange(.month, value: month, valid: 1...engine.monthLimit)
        }
        let length = entry.length(ofOrdinal: ordinal)
        if day > length { throw .fieldOutOfRange(.day, value: day, valid: 1...length) }
        let localDay = entry.startDay + entry.offset(ofOrdinal: ordinal) + day - 1
        let timeMillis = Double(((time.0 * 60 + time.1) * 60 + time.2) * 1000 + time.3)
        guard let zoneEngine else { return Double(localDay) * 86_400_000 + timeMillis }
        // ICU's wall-time resolution (DST gaps and overlaps) through a Gregorian calendar in the zone.
        let civil = ISODay.civil(days: localDay)
        return try zoneEngine.withCalendar { (cal) throws(CalendarError) -> Double in
            ucal_clear(cal)
            ucal_set(cal, UCAL_EXTENDED_YEAR, Int32(civil.year))
            ucal_set(cal, UCAL_MONTH, Int32(civil.month - 1))
            ucal_set(cal, UCAL_DATE, Int32(civil.day))
            ucal_set(cal, UCAL_HOUR_OF_DAY, Int32(time.0))
            ucal_set(cal, UCAL_MINUTE, Int32(time.1))
            ucal_set(cal, UCAL_SECOND, Int32(time.2))
            ucal_set(cal, UCAL_MILLISECOND, Int32(time.3))
            let millis = try CalendarError.wrapping { () throws(ICUError) in try ICU.ucal_getMillis(cal) }
            // A local day the zone skips entirely (Pacific/Apia, 2011-12-30): as the ICU path,
            // strict construction refuses it instead of returning the next day.
            if requireDay {
                // Reading fields of a time ICU just computed cannot fail (ICU's 0 if it did).
                let offset = ((try? ICU.ucal_get(cal, UCAL_ZONE_OFFSET)) ?? 0) + ((try? ICU.ucal_get(cal, UCAL_DST_OFFSET)) ?? 0)
                if Int(((millis + Double(offset)) / 86_400_000).rounded(.down)) != localDay {
                    throw .fieldOutOfRange(.day, value: day, valid: 1...length)
                }
            }
            return millis
        }
    }
}

extension CalendarSystem {
    /// Compares ``calendarDate(for:)`` (from ICUKit's month table, when the calendar has
    /// one) with ICU's own answer on every day from `firstDay` through `lastDay` (days since
    /// 1970, a varying time of day each) and returns a description of each difference.
    ///
    /// Run it in a process that has used no other Chinese-family calendar: ICU 72 shares its
    /// new-year cache between `chinese` and `dangi`, so after one has run, ICU's own week
    /// fields for the other can be wrong (see `MonthTable`).
    @_spi(Internals) public func differencesFromICU(
        firstDay: Int, lastDay: Int, monthArithmetic: Bool = false, limit: Int = 20
    ) throws(CalendarError) -> [String] {
        var differences: [String] = []
        for day in firstDay...lastDay {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + Double(((day * 7_919) % 86_400 + 86_400) % 86_400) + 0.25)
            let fast = try calendarDate(for: date), icu = try calendarDateFromICU(for: date)
            if fast != icu {
                differences.append("\(ISODay.string(for: date)): ICUKit \(fast) day \(fast.dayOfYear) week \(fast.weekOfYear)/\(fast.yearForWeekOfYear), ICU \(icu) day \(icu.dayOfYear) week \(icu.weekOfYear)/\(icu.yearForWeekOfYear)")
            }
            if monthArithmetic {
                for amount in [1, -1, 13] {
                    let fastSum = try adding(amount, .month, to: date), icuSum = try addingFromICU(amount, .month, to: date)
                    if fastSum != icuSum {
                        differences.append("\(fast) \(amount > 0 ? "+" : "")\(amount) month: ICUKit \(try calendarDateFromICU(for: fastSum)), ICU \(try calendarDateFromICU(for: icuSum))")
                    }
                }
            }
            if differences.count >= limit { break }
        }
        return differences
    }
}

extension CalendarSystem {
    /// `amount` months from `millis` by the table: the same month ordinal `amount` lunar
    /// months on, the day pinned to the target month's length, the local time of day kept.
    /// `nil` when either end is outside the table.
    func tableAddingMonths(_ table: MonthTable, _ amount: Int, millis: Double) throws(CalendarError) -> Double? {
        guard let (local, _) = localMillis(millis) else { return nil }
        let localDay = Int((local / 86_400_000).rounded(.down))
        guard let (startYear, entry) = table.locate(day: localDay) else { return nil }
        var dayOfYear = localDay - entry.startDay
        var ordinal = 0
        while ordinal < entry.monthCount - 1, dayOfYear >= entry.length(ofOrdinal: ordinal) {
            dayOfYear -= entry.length(ofOrdinal: ordinal)
            ordinal += 1
        }
        let dom = dayOfYear + 1
        var year = startYear, current = entry
        var target = ordinal + amount
        while target >= current.monthCount {
            target -= current.monthCount
            year += 1
            guard let next = table.year(year) else { return nil }
            current = next
        }
        while target < 0 {
            year -= 1
            guard let previous = table.year(year) else { return nil }
            current = previous
            target += current.monthCount
        }
        let day = min(dom, current.length(ofOrdinal: target))
        let msInDay = Int(local - Double(localDay) * 86_400_000)
        let (month, isLeap) = MonthTable.month(ofOrdinal: target, in: current)
        return try tableMillis(table, .extended(year), month: month, isLeapMonth: isLeap, day: day,
                               time: (msInDay / 3_600_000, msInDay / 60_000 % 60, msInDay / 1000 % 60, msInDay % 1000))
    }

    /// The month difference by the table (the largest `n` with `adding(n, .month)` not past
    /// `end`), or `nil` outside it.
    func tableMonthDifference(_ table: MonthTable, from start: Double, to end: Double) throws(CalendarError) -> Int? {
        guard let a = tableDate(table, millis: start), let b = tableDate(table, millis: end) else { return nil }
        guard let entryA = table.year(a.extendedYear), let entryB = table.year(b.extendedYear),
              let ordinalA = MonthTable.ordinal(month: a.month, isLeap: a.isLeapMonth, in: entryA),
              let ordinalB = MonthTable.ordinal(month: b.month, isLeap: b.isLeapMonth, in: entryB)
        else { return nil }
        var n = ordinalB - ordinalA
        for year in min(a.extendedYear, b.extendedYear)..<max(a.extendedYear, b.extendedYear) {
            guard let entry = table.year(year) else { return nil }
            n += a.extendedYear < b.extendedYear ? entry.monthCount : -entry.monthCount
        }
        func add(_ n: Int) throws(CalendarError) -> Double? { try tableAddingMonths(table, n, millis: start) }
        if end >= start {
            while n > 0, let moved = try add(n), moved > end { n -= 1 }
            while let moved = try add(n + 1), moved <= end { n += 1 }
        } else {
            while n < 0, let moved = try add(n), moved < end { n += 1 }
            while let moved = try add(n - 1), moved >= end { n -= 1 }
        }
        return n
    }
}
