/// Month starts and leap months of the Chinese and Korean Dangi calendars, from published-grade
/// tables, for the lunisolar years whose first month starts in Gregorian 1900 … 2101.
///
/// ICU computes these calendars from an approximate lunar theory (errors up to ~13 minutes), so
/// new moons and major solar terms within minutes of local midnight land on the wrong day. The
/// packed words in `LunisolarTable+Data.swift` come from `Scripts/build-lunisolar-tables.py`,
/// which computes every new moon and major solar term with PyEphem by the modern rules (winter
/// solstice in month 11; the first month without a major term in a 13-month year is leap), in
/// Beijing time (local mean time before 1929) and in Korean standard time, and cross-checks them
/// against Skyfield with JPL DE421, the Shouxing algorithms (`lunar-python`, `sxtwl`) and the
/// KASI table (`korean-lunar-calendar`). Where the Hong Kong Observatory's table marks a new moon
/// as too close to midnight to be certain (2057-09-28, 2089-09-04, 2097-08-07), the table
/// follows the Observatory.
///
/// Days are local day numbers (days since 1970-01-01, as ``ISODay``); years are ICU's extended
/// years (Chinese: related Gregorian year + 2637; Dangi: + 2333). Every lookup answers `nil`
/// outside the tabulated range.
///
/// ```swift
/// let table = LunisolarTable.chinese
/// table.fields(day: ISODay.days(year: 2027, month: 2, day: 6))
/// // extendedYear 4664 (relatedYear 2027), month 1, isLeap false, day 1: Chinese New Year
/// ```
struct LunisolarTable: Sendable {
    /// One lunisolar year.
    typealias Year = MonthTable.Year

    /// The calendar fields of one day.
    struct Fields: Sendable, Equatable {
        /// ICU's extended year.
        let extendedYear: Int
        /// The Gregorian year in which the lunisolar year starts.
        let relatedYear: Int
        /// Month number 1–12 (a leap month repeats the number of the month before it).
        let month: Int
        /// Whether the month is the year's leap month.
        let isLeap: Bool
        /// Day of the month, 1–30.
        let day: Int
        /// The month's 0-based position in its year.
        let ordinal: Int
    }

    /// One month of a year, for month grids and arithmetic.
    struct Month: Sendable, Equatable {
        let ordinal: Int
        let month: Int
        let isLeap: Bool
        /// Local day number of the month's first day.
        let startDay: Int
        /// 29 or 30.
        let length: Int
    }

    /// The calendar identifier (`chinese` or `dangi`).
    let identifier: String
    /// Extended year minus related Gregorian year.
    let extendedYearOffset: Int
    /// Extended years covered.
    let yearRange: ClosedRange<Int>
    /// Local days covered: the first day of the first year through the last day of the last.
    let dayRange: ClosedRange<Int>
    private let years: [Year]

    /// The Chinese calendar (Hong Kong Observatory reckoning).
    static let chinese = LunisolarTable(identifier: "chinese", extendedYearOffset: 2637, words: chineseWords)
    /// The Korean Dangi calendar (KASI reckoning).
    static let dangi = LunisolarTable(identifier: "dangi", extendedYearOffset: 2333, words: dangiWords)

    /// The table of a calendar identifier, or `nil` if the calendar is not tabulated.
    static func table(for identifier: String) -> LunisolarTable? {
        switch identifier {
        case "chinese": chinese
        case "dangi": dangi
        default: nil
        }
    }

    private init(identifier: String, extendedYearOffset: Int, words: [UInt32]) {
        self.identifier = identifier
        self.extendedYearOffset = extendedYearOffset
        years = words.enumerated().map { index, word in
            let related = Self.firstPackedYear + index
            let leap = Int((word >> 13) & 0xF)
            let count = leap == 0 ? 12 : 13
            let start = ISODay.days(year: related, month: 1, day: 1) + Int((word >> 17) & 0x3F)
            return Year(startDay: start, monthCount: count, leapOrdinal: leap == 0 ? -1 : leap,
                        longMonths: UInt16(word & 0x1FFF))
        }
        let first = Self.firstPackedYear + extendedYearOffset
        yearRange = first...(first + years.count - 1)
        dayRange = years[0].startDay...(years[years.count - 1].startDay + years[years.count - 1].length - 1)
    }

    /// The year with an extended year number, when tabulated.
    @inline(__always)
    func year(extendedYear: Int) -> Year? {
        guard yearRange.contains(extendedYear) else { return nil }
        return years[extendedYear - yearRange.lowerBound]
    }

    /// The extended year and year entry containing a local day, when tabulated.
    func locate(day: Int) -> (extendedYear: Int, year: Year)? {
        guard dayRange.contains(day) else { return nil }
        // A lunisolar year starts between 21 January and 20 February: the day's Gregorian
        // year or the one before.
        var index = ISODay.civil(days: day).year - Self.firstPackedYear
        if index >= years.count || day < years[index].startDay { index -= 1 }
        return (yearRange.lowerBound + index, years[index])
    }

    /// The fields of a local day, or `nil` outside the table.
    func fields(day: Int) -> Fields? {
        guard let (extendedYear, year) = locate(day: day) else { return nil }
        var offset = day - year.startDay
        var ordinal = 0
        while offset >= year.length(ofOrdinal: ordinal) {
            offset -= year.length(ofOrdinal: ordinal)
            ordinal += 1
        }
        let (month, isLeap) = Self.month(ofOrdinal: ordinal, in: year)
        return Fields(extendedYear: extendedYear, relatedYear: extendedYear - extendedYearOffset,
                      month: month, isLeap: isLeap, day: offset + 1, ordinal: ordinal)
    }

    /// The local day of a date, or `nil` if the year is not tabulated, the year has no such
    /// month, or the day is past the month's end.
    func day(extendedYear: Int, month: Int, isLeap: Bool, day: Int) -> Int? {
        guard let year = year(extendedYear: extendedYear),
              let ordinal = Self.ordinal(month: month, isLeap: isLeap, in: year),
              (1...year.length(ofOrdinal: ordinal)).contains(day) else { return nil }
        return year.startDay + year.offset(ofOrdinal: ordinal) + day - 1
    }

    /// The months of a year in order, or `nil` if the year is not tabulated.
    func months(extendedYear: Int) -> [Month]? {
        guard let year = year(extendedYear: extendedYear) else { return nil }
        return (0..<year.monthCount).map { ordinal in
            let (month, isLeap) = Self.month(ofOrdinal: ordinal, in: year)
            return Month(ordinal: ordinal, month: month, isLeap: isLeap,
                         startDay: year.startDay + year.offset(ofOrdinal: ordinal), length: year.length(ofOrdinal: ordinal))
        }
    }

    /// (month number 1-based, leap flag) of an ordinal in a year.
    @inline(__always)
    static func month(ofOrdinal i: Int, in year: Year) -> (month: Int, isLeap: Bool) {
        if year.leapOrdinal < 0 || i < year.leapOrdinal { return (i + 1, false) }
        return (i, i == year.leapOrdinal)
    }

    /// The ordinal of (month, leap) in a year, or `nil` if the year has no such month.
    @inline(__always)
    static func ordinal(month: Int, isLeap: Bool, in year: Year) -> Int? {
        if isLeap { return year.leapOrdinal >= 0 && year.leapOrdinal == month ? month : nil }
        guard (1...12).contains(month) else { return nil }
        return year.leapOrdinal >= 0 && month > year.leapOrdinal ? month : month - 1
    }
}
