/// The fields of one instant in a calendar system and time zone.
///
/// Months are 1-based. Chinese and Dangi leap months repeat the number of the month
/// before them with ``isLeapMonth`` set (month code `M04L`). Hebrew months follow ICU's
/// numbering plus one, so Adar I (leap years only) is month 6 and Adar / Adar II month 7;
/// ICU 72 reports Adar I without a leap flag, ICUKit sets ``isLeapMonth`` for it and gives
/// it the month code `M05L` (as ICU4X and Temporal do).
///
/// ```swift
/// let hijri = try CalendarSystem("islamic-umalqura")
/// let fields = try hijri.calendarDate(for: date)   // 2026-11-22
/// (fields.year, fields.month, fields.day)           // (1448, 6, 12)
/// fields.monthCode                                  // "M06"
/// ```
public struct CalendarDate: Sendable, Hashable, CustomStringConvertible {
    /// The calendar system (and time zone) the fields belong to.
    public let calendar: CalendarSystem
    /// ICU's era number: 0 = BC and 1 = AD in Gregorian; the era index from Taika (0) to
    /// Reiwa (236) in Japanese; the 60-year cycle in Chinese; 0 for single-era calendars.
    public let era: Int
    /// The year within the era (1…60 in the Chinese cycle).
    public let year: Int
    /// The year counted continuously across eras (ICU's `UCAL_EXTENDED_YEAR`).
    public let extendedYear: Int
    /// The month, 1-based (see the type's notes for leap months).
    public let month: Int
    /// Whether this is a leap (intercalary) month: Chinese/Dangi leap months and Hebrew Adar I.
    public let isLeapMonth: Bool
    /// The day of the month, 1-based.
    public let day: Int
    /// The day of the week, 1 = Sunday … 7 = Saturday.
    public let weekday: Int
    /// The day of the year, 1-based.
    public let dayOfYear: Int
    /// The week of the year under the calendar's week rules.
    public let weekOfYear: Int
    /// The year that ``weekOfYear`` belongs to (ICU's `UCAL_YEAR_WOY`).
    public let yearForWeekOfYear: Int
    /// Hour (0…23), minute, second and millisecond of the local time of day.
    public let hour: Int, minute: Int, second: Int, millisecond: Int
    /// The local time zone's total offset from UTC at that instant, in seconds.
    public let utcOffsetSeconds: Int

    init(calendar: CalendarSystem, era: Int, year: Int, extendedYear: Int, month: Int, isLeapMonth: Bool, day: Int,
         weekday: Int, dayOfYear: Int, weekOfYear: Int, yearForWeekOfYear: Int,
         hour: Int, minute: Int, second: Int, millisecond: Int, utcOffsetSeconds: Int) {
        self.calendar = calendar
        self.era = era
        self.year = year
        self.extendedYear = extendedYear
        self.month = month
        self.isLeapMonth = isLeapMonth
        self.day = day
        self.weekday = weekday
        self.dayOfYear = dayOfYear
        self.weekOfYear = weekOfYear
        self.yearForWeekOfYear = yearForWeekOfYear
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// The month code as ICU4X and Temporal spell it: `M01`…`M13`, with an `L` suffix for
    /// a leap month (`M04L`); Hebrew Adar I is `M05L`, Adar / Adar II `M06`, Nisan `M07`.
    public var monthCode: String {
        var number = month
        if calendar.identifier == "hebrew", month >= 6 { number = month - 1 }
        let digits = number < 10 ? "0\(number)" : "\(number)"
        return "M" + digits + (isLeapMonth ? "L" : "")
    }

    /// For Chinese and Dangi dates, the Gregorian year in which the lunar year begins
    /// (ICU's related year), such as 2023 for the year of the Rabbit that began on
    /// 2023-01-22; `nil` in other calendars.
    public var relatedGregorianYear: Int? {
        switch calendar.identifier {
        case "chinese": extendedYear - 2637
        case "dangi": extendedYear - 2333
        default: nil
        }
    }

    /// For Chinese and Dangi dates, the name of the year in the sexagenary (stem-branch)
    /// cycle, such as `"癸卯"` for cycle year 40; `nil` in other calendars.
    ///
    /// ```swift
    /// try CalendarSystem("chinese").calendarDate(for: newYear2024).sexagenaryYear  // "甲辰"
    /// ```
    public var sexagenaryYear: String? {
        guard relatedGregorianYear != nil, (1...60).contains(year) else { return nil }
        return Self.stems[(year - 1) % 10] + Self.branches[(year - 1) % 12]
    }

    /// The sexagenary year name in pinyin, such as `"guǐ-mǎo"`; `nil` outside Chinese and Dangi.
    public var sexagenaryYearPinyin: String? {
        guard relatedGregorianYear != nil, (1...60).contains(year) else { return nil }
        return Self.stemsPinyin[(year - 1) % 10] + "-" + Self.branchesPinyin[(year - 1) % 12]
    }

    static let stems = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"]
    static let branches = ["子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"]
    static let stemsPinyin = ["jiǎ", "yǐ", "bǐng", "dīng", "wù", "jǐ", "gēng", "xīn", "rén", "guǐ"]
    static let branchesPinyin = ["zǐ", "chǒu", "yín", "mǎo", "chén", "sì", "wǔ", "wèi", "shēn", "yǒu", "xū", "hài"]

    /// The calendar, era and fields in a fixed form for logs and tests.
    ///
    /// ```swift
    /// try CalendarSystem("hebrew").calendarDate(for: date).description
    /// // "hebrew era 0 5784-M05L-01 00:00:00"
    /// ```
    public var description: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(calendar.identifier) era \(era) \(year)-\(monthCode)-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
    }
}
