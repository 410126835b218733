/// The arithmetic path of the Gregorian calendar in UTC: the fields ICU's
/// `GregorianCalendar` computes, without a `UCalendar`.
///
/// Taken by ``CalendarSystem/calendarDate(for:)`` for `gregorian`, `iso8601` and
/// `japanese` (its eras from ICU's own table, ``CalendarSystem/japaneseEras``) in a UTC
/// zone (the default), for days from 1584-01-01 through 9999-12-31: after the Julian →
/// Gregorian cut-over of 1582 and its short year, so every year involved (also the one
/// before, for week numbers) is a proleptic Gregorian year of 365 or 366 days. Outside that
/// range, in other zones (offsets need ICU's zone rules) and for every other calendar, ICU
/// answers. The week fields are ICU's `Calendar::computeWeekFields` with this calendar's
/// first weekday and minimal days. `GregorianArithmeticTests` compares every field with
/// ICU's for every day 1900–2100 and for random instants over the whole range, under
/// several week rules.
extension CalendarSystem {
    /// Whether ``calendarDate(for:)`` computes this calendar's fields by arithmetic (in
    /// ``gregorianArithmeticDays``), for tests and benchmarks that compare with ICU.
    @_spi(Internals) public var takesGregorianArithmetic: Bool { context.arithmetic != nil }

    /// ICU's Japanese eras from the last one to start before 1584 on: ICU's era number,
    /// the Gregorian year of its year 1 and its first day (days since 1970-01-01).
    static let japaneseEraStarts: [(era: Int, year: Int, day: Int)] = {
        let all = japaneseEras.map { ($0.index, $0.startYear, daysFromCivil(year: $0.startYear, month: $0.startMonth, day: $0.startDay)) }
        guard let first = all.lastIndex(where: { $0.2 <= gregorianArithmeticDays.lowerBound }) else { return [] }
        return Array(all[first...])
    }()

    /// Days since 1970-01-01 of 1584-01-01 and of 9999-12-31.
    static let gregorianArithmeticDays = daysFromCivil(year: 1584, month: 1, day: 1)...daysFromCivil(year: 9999, month: 12, day: 31)

    /// Days since 1970-01-01 of a proleptic Gregorian date (year > 0).
    @inline(__always)
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        // Years counted from March, so the leap day ends the year; 400-year cycles of 146,097 days.
        let y = month <= 2 ? year - 1 : year
        let cycle = y / 400
        let yearOfCycle = y - cycle * 400
        let dayOfMarchYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfCycle = yearOfCycle * 365 + yearOfCycle / 4 - yearOfCycle / 100 + dayOfMarchYear
        return cycle * 146_097 + dayOfCycle - 719_468
    }

    /// The proleptic Gregorian date of a day since 1970-01-01 (within
    /// ``gregorianArithmeticDays``, so never before year 1).
    @inline(__always)
    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let cycle = shifted / 146_097
        let dayOfCycle = shifted - cycle * 146_097
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
        let dayOfMarchYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
        let marchMonth = (5 * dayOfMarchYear + 2) / 153
        let day = dayOfMarchYear - (153 * marchMonth + 2) / 5 + 1
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        return (yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    @inline(__always)
    static func gregorianYearLength(_ year: Int) -> Int {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 366 : 365
    }

    /// Every field of `millis` (whole milliseconds, UTC), or `nil` outside
    /// ``gregorianArithmeticDays``.
    @inline(__always)
    func gregorianDate(millis: Double) -> CalendarDate? {
        let dayValue = (millis / 86_400_000).rounded(.down)
        guard dayValue >= Double(Self.gregorianArithmeticDays.lowerBound),
              dayValue <= Double(Self.gregorianArithmeticDays.upperBound)
        else { return nil }
        let localDay = Int(dayValue)
        let (year, month, day) = Self.civilFromDays(localDay)
        let dayOfYear = localDay - Self.daysFromCivil(year: year, month: 1, day: 1) + 1
        let weekday = ((localDay + 4) % 7 + 7) % 7 + 1  // 1970-01-01 was a Thursday (5)
        guard let week = weekFields(extendedYear: year, dayOfYear: dayOfYear, weekday: weekday,
                                    yearLength: Self.gregorianYearLength(year),
                                    previousYearLength: Self.gregorianYearLength(year - 1))
        else { return nil }
        var era = 1, yearOfEra = year
        if context.arithmetic == .japanese {
            // ICU's JapaneseCalendar: Gregorian fields, then the era whose first day is the
            // last one on or before this day, and the year counted from the era's first year.
            let eras = Self.japaneseEraStarts
            var index = eras.count - 1
            while index > 0 && eras[index].day > localDay { index -= 1 }
            guard index >= 0, eras[index].day <= localDay else { return nil }
            era = eras[index].era
            yearOfEra = year - eras[index].year + 1
        }
        let msInDay = Int(millis - dayValue * 86_400_000)
        return CalendarDate(
            calendar: self, era: era, year: yearOfEra, extendedYear: year, month: month, isLeapMonth: false, day: day,
            weekday: weekday, dayOfYear: dayOfYear, weekOfYear: week.weekOfYear, yearForWeekOfYear: week.yearForWeekOfYear,
            hour: msInDay / 3_600_000, minute: msInDay / 60_000 % 60, second: msInDay / 1000 % 60, millisecond: msInDay % 1000,
            utcOffsetSeconds: 0)
    }
}
