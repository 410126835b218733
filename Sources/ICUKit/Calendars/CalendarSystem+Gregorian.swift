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
        let all = japaneseEras.map { ($0.index, $0.startYear, ISODay.days(year: $0.startYear, month: $0.startMonth, day: $0.startDay)) }
        guard let first = all.lastIndex(where: { $0.2 <= gregorianArithmeticDays.lowerBound }) else { return [] }
        return Array(all[first...])
    }()

    /// Days since 1970-01-01 of 1584-01-01 and of 9999-12-31.
    static let gregorianArithmeticDays = ISODay.days(year: 1584, month: 1, day: 1)...ISODay.days(year: 9999, month: 12, day: 31)

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
        let (year, month, day) = ISODay.civil(days: localDay)
        let dayOfYear = localDay - ISODay.days(year: year, month: 1, day: 1) + 1
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
