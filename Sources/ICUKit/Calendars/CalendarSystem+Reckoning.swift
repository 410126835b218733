import FoundationEssentials

extension CalendarSystem {
    /// Whose answers a calendar system gives where ICU 72's computation is wrong.
    ///
    /// ICU computes the Chinese and Dangi calendars from an approximate lunar theory, so a new
    /// moon or solar term within minutes of midnight lands on the wrong day (Chinese New Year
    /// 2027 is 6 February; ICU says the 7th), and it postpones some Hebrew new years twice (1
    /// Tishri 5807 is 2046-10-01; ICU says 10-02). ``corrected`` (the default) answers from the
    /// observatories' tables — the Hong Kong Observatory's for `chinese`, the Korea Astronomy and
    /// Space Science Institute's for `dangi`, both for 1901–2100, ICU's computation outside — and
    /// from the postponement rules for `hebrew` in every year. ``icu`` gives ICU's own answer,
    /// for agreeing with another ICU-based system. Other calendars answer the same either way.
    ///
    /// ```swift
    /// let chinese = try CalendarSystem("chinese")
    /// try chinese.calendarDate(for: date).day                         // 1 on 2027-02-06
    /// try chinese.withReckoning(.icu).calendarDate(for: date).day     // 30: ICU's answer
    /// ```
    public enum Reckoning: String, Sendable, Hashable, CaseIterable {
        /// The published tables (Chinese, Dangi) and rules (Hebrew) where ICU errs.
        case corrected
        /// ICU's own computation everywhere.
        case icu
    }

    /// Whose answers this calendar system gives: ``Reckoning/corrected`` unless chosen otherwise.
    ///
    /// ```swift
    /// try CalendarSystem("hebrew").reckoning   // .corrected
    /// ```
    public var reckoning: Reckoning { context.reckoning }

    /// This calendar with another reckoning (the same time zone and week rules).
    ///
    /// ```swift
    /// let icuHebrew = try CalendarSystem("hebrew").withReckoning(.icu)
    /// ```
    /// - Throws: ``CalendarError/unknownTimeZone(_:)`` only if ICU could not open the calendar again.
    public func withReckoning(_ reckoning: Reckoning) throws(CalendarError) -> CalendarSystem {
        if reckoning == self.reckoning { return self }
        return try CalendarSystem(canonical: identifier, timeZone: timeZone, firstWeekday: firstWeekday,
                                  minimumDaysInFirstWeek: minimumDaysInFirstWeek, defaultsFrom: "", reckoning: reckoning)
    }

    /// The instant at which ICU's own calendar has the same local fields and time of day as
    /// `millis` has in this corrected one: `millis` itself where the two agree (or no
    /// correction applies), `nil` when ICU's year has no such month or day.
    func icuInstant(_ millis: Double) -> Double? {
        guard let icuTable = context.icuTable, let table else { return millis }
        guard let fields = tableDate(table, millis: millis) else { return millis }
        return Self.map(fields, from: table, to: icuTable, millis: millis, pin: false, in: self)
    }

    /// The instant at which this corrected calendar has the local fields ICU gives `millis`
    /// (a day past the month's end pinned to its last day; a leap month the year lacks read as
    /// the month of the same number): `millis` itself where the two agree.
    func correctedInstant(fromICU millis: Double) -> Double {
        guard let icuTable = context.icuTable, let table else { return millis }
        guard let fields = tableDate(icuTable, millis: millis) else { return millis }
        return Self.map(fields, from: icuTable, to: table, millis: millis, pin: true, in: self) ?? millis
    }

    private static func map(
        _ fields: CalendarDate, from source: MonthTable, to target: MonthTable, millis: Double, pin: Bool, in system: CalendarSystem
    ) -> Double? {
        guard let entry = target.year(fields.extendedYear) else { return millis }
        if entry == source.year(fields.extendedYear) { return millis }
        var month = fields.month, isLeap = fields.isLeapMonth
        if MonthTable.ordinal(month: month, isLeap: isLeap, in: entry) == nil {
            guard pin, isLeap else { return nil }
            isLeap = false
            if entry.isHebrew && month == 6 { month = 7 }  // Adar I of a year that has none: Adar
        }
        guard let ordinal = MonthTable.ordinal(month: month, isLeap: isLeap, in: entry) else { return nil }
        let length = entry.length(ofOrdinal: ordinal)
        if fields.day > length && !pin { return nil }
        let time = (fields.hour, fields.minute, fields.second, fields.millisecond)
        return try? system.tableMillis(target, .extended(fields.extendedYear), month: month, isLeapMonth: isLeap,
                                       day: min(fields.day, length), time: time)
    }

    /// An instant at which ICU's own calendar names the month (`pattern` `MMMM`) or era and year
    /// (anything else) of `millis` in this corrected calendar as the corrected fields do: the
    /// same date when ICU has it, else the first day of the month in the nearest year where ICU
    /// has a month of that number and kind (the names do not depend on the year), or the year's
    /// first day.
    func icuNamingInstant(_ millis: Double, monthName: Bool) -> Double {
        if let same = icuInstant(millis) { return same }
        guard let table, let icuTable = context.icuTable, let fields = tableDate(table, millis: millis) else { return millis }
        if !monthName {
            return (try? tableMillis(icuTable, .extended(fields.extendedYear), month: 1, isLeapMonth: false, day: 1,
                                     time: (12, 0, 0, 0))) ?? millis
        }
        for distance in 0...200 {
            for year in [fields.extendedYear - distance, fields.extendedYear + distance] {
                guard let entry = icuTable.year(year),
                      MonthTable.ordinal(month: fields.month, isLeap: fields.isLeapMonth, in: entry) != nil else { continue }
                if let instant = try? tableMillis(icuTable, .extended(year), month: fields.month, isLeapMonth: fields.isLeapMonth,
                                                  day: 1, time: (12, 0, 0, 0)) { return instant }
            }
        }
        return millis
    }
}
