/// The Hebrew calendar's new year (1 Tishri), year lengths and month lengths by the rules of the
/// fixed calendar, in exact integer arithmetic.
///
/// The molad (mean conjunction) of Tishri is counted in parts (1080 to the hour, 25,920 to the
/// day) from the molad of AM 1 (BaHaRaD: Monday, 5 hours, 204 parts after 18:00 Sunday), one
/// mean lunation (29 days 12 hours 793 parts) a month. Rosh Hashanah is the molad's day, moved
/// by the postponements, each applied once:
/// - molad zaken: a molad at or after noon (18 hours) moves to the next day;
/// - GaTaRaD: otherwise, a molad on Tuesday at or after 9 hours 204 parts in a common year moves
///   to Thursday;
/// - BeTUTaKPaT: otherwise, a molad on Monday at or after 15 hours 589 parts in the year after a
///   leap year moves to Tuesday;
/// - lo ADU Rosh: a day that is then Sunday, Wednesday or Friday moves to the next day.
///
/// ICU 72 applies GaTaRaD and BeTUTaKPaT again after lo ADU Rosh, which misplaces 55 new years
/// in AM 1–10000 (among them 5807: ICU says Tuesday 2046-10-02, the rules Monday 2046-10-01).
///
/// Days are local day numbers (days since 1970-01-01, as ``ISODay``).
///
/// ```swift
/// HebrewNewYear.newYearDay(5807) == ISODay.days(year: 2046, month: 10, day: 1)   // true
/// HebrewNewYear.length(ofYear: 5785)                                               // 355
/// ```
enum HebrewNewYear {
    static let partsPerHour = 1080
    static let partsPerDay = 24 * partsPerHour
    /// A mean lunation: 29 days 12 hours 793 parts.
    static let partsPerMonth = 29 * partsPerDay + 12 * partsPerHour + 793
    /// The molad of Tishri AM 1 (BaHaRaD), counted from 18:00 on the Sunday before it.
    static let moladOfYearOne = 1 * partsPerDay + 5 * partsPerHour + 204
    /// Local day number of the day index 0 of ``molad(ofYear:)``: a Sunday, 1 Tishri AM 1 being
    /// the Monday of Julian −3760-10-07 (day index 1).
    static let dayIndexEpoch = -2_092_591

    /// The year's three kinds by its length: 353/383 deficient, 354/384 regular, 355/385 complete.
    enum Kind: Sendable, Equatable { case deficient, regular, complete }

    /// Whether a year has 13 months (years 3, 6, 8, 11, 14, 17 and 19 of the 19-year cycle).
    @inline(__always)
    static func isLeap(_ year: Int) -> Bool { floorMod(7 * year + 1, 19) < 7 }

    /// Months from the molad of AM 1 to the molad of Tishri of `year`.
    @inline(__always)
    static func monthsElapsed(before year: Int) -> Int { floorDiv(235 * year - 234, 19) }

    /// The molad of Tishri of `year`: the day index (0 a Sunday; weekday = index mod 7) and the
    /// parts since that day began at 18:00.
    static func molad(ofYear year: Int) -> (dayIndex: Int, parts: Int) {
        let parts = moladOfYearOne + partsPerMonth * monthsElapsed(before: year)
        return (floorDiv(parts, partsPerDay), floorMod(parts, partsPerDay))
    }

    /// The day index of 1 Tishri of `year` (the molad's day after the postponements).
    static func newYearDayIndex(_ year: Int) -> Int {
        let (moladDay, parts) = molad(ofYear: year)
        var day = moladDay
        let weekday = floorMod(moladDay, 7)  // 0 Sunday … 6 Saturday
        if parts >= 18 * partsPerHour {
            day += 1  // molad zaken
        } else if weekday == 2 && parts >= 9 * partsPerHour + 204 && !isLeap(year) {
            return day + 2  // GaTaRaD: Tuesday → Thursday
        } else if weekday == 1 && parts >= 15 * partsPerHour + 589 && isLeap(year - 1) {
            return day + 1  // BeTUTaKPaT: Monday → Tuesday
        }
        switch floorMod(day, 7) {
        case 0, 3, 5: return day + 1  // lo ADU Rosh
        default: return day
        }
    }

    /// The local day number of 1 Tishri of `year`.
    @inline(__always)
    static func newYearDay(_ year: Int) -> Int { newYearDayIndex(year) + dayIndexEpoch }

    /// The number of days in `year` (353–355 or 383–385).
    @inline(__always)
    static func length(ofYear year: Int) -> Int { newYearDayIndex(year + 1) - newYearDayIndex(year) }

    /// Whether `year` is deficient, regular or complete.
    static func kind(ofYear year: Int) -> Kind {
        switch length(ofYear: year) % 10 {
        case 3: .deficient
        case 4: .regular
        default: .complete
        }
    }

    /// The lengths of the 13 month slots of `year` in ICU's order (Tishri, Heshvan, Kislev,
    /// Tevet, Shevat, Adar I, Adar, Nisan, Iyar, Sivan, Tammuz, Av, Elul); Adar I has 0 days in a
    /// common year. Heshvan has 30 days in a complete year, Kislev 29 in a deficient one.
    static func monthLengths(ofYear year: Int) -> [Int] {
        let yearKind = kind(ofYear: year)
        return [30, yearKind == .complete ? 30 : 29, yearKind == .deficient ? 29 : 30, 29, 30,
                isLeap(year) ? 30 : 0, 29, 30, 29, 30, 29, 30, 29]
    }

    /// The year whose 1 Tishri is on or before a local day number, and whose next 1 Tishri is after it.
    static func year(containing day: Int) -> Int { entry(containing: day).year }

    /// The year containing a local day number and its month table entry, each new year
    /// computed once (two in the common case).
    static func entry(containing day: Int) -> (year: Int, entry: MonthTable.Year) {
        // The mean year is 35,975,351 / 98,496 days; the estimate is within one year.
        var year = floorDiv((day - dayIndexEpoch) * 98_496, 35_975_351) + 1
        var start = newYearDay(year), next: Int
        if start > day {
            repeat {
                next = start
                year -= 1
                start = newYearDay(year)
            } while start > day
        } else {
            next = newYearDay(year + 1)
            while next <= day {
                year += 1
                start = next
                next = newYearDay(year + 1)
            }
        }
        return (year, entry(year, startDay: start, length: next - start))
    }

    /// A year as a month table entry: its months in order (12, or 13 with Adar I), 29 or 30 days each.
    static func year(_ year: Int) -> MonthTable.Year {
        let start = newYearDay(year)
        return entry(year, startDay: start, length: newYearDay(year + 1) - start)
    }

    /// The month table entry of `year` starting on `startDay` with `length` days (353–355, 383–385).
    static func entry(_ year: Int, startDay: Int, length: Int) -> MonthTable.Year {
        let leap = isLeap(year)
        // Tishri 30, Heshvan 29 (30 complete), Kislev 30 (29 deficient), Tevet 29, Shevat 30,
        // [Adar I 30,] Adar 29, Nisan 30, Iyar 29, Sivan 30, Tammuz 29, Av 30, Elul 29.
        var long: UInt16 = leap ? 0b0_1010_1011_0101 : 0b0_0101_0101_0101
        if length % 10 == 5 { long |= 0b10 }
        if length % 10 == 3 { long &= ~0b100 }
        return MonthTable.Year(startDay: startDay, monthCount: leap ? 13 : 12, leapOrdinal: leap ? 5 : -1, longMonths: long, isHebrew: true)
    }

    /// The year, ICU month slot (0 Tishri … 12 Elul) and day of a local day number.
    static func fields(day: Int) -> (year: Int, month: Int, day: Int) {
        let year = year(containing: day)
        var offset = day - newYearDay(year)
        var month = 0
        for length in monthLengths(ofYear: year) {
            if offset < length { break }
            offset -= length
            month += 1
        }
        return (year, month, offset + 1)
    }

    @inline(__always) private static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    @inline(__always) private static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }
}
