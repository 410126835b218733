import Foundation
@testable @_spi(Internals) import ICUKit
import Testing

/// The corrected reckoning (the default) against the published tables and the Hebrew
/// postponement rules, day by day, through the public API; `.icu` against ICU's own answers.
@Suite("Calendar reckoning")
struct CalendarReckoningTests {
    static func day(_ iso: String) -> Int {
        let (y, m, d) = ISODay.parse(iso)!
        return ISODay.days(year: y, month: m, day: d)
    }

    static func noon(_ day: Int) -> Date { Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200) }

    /// Every day of a range: the fields are the table's, fields → date → fields round-trips,
    /// consecutive days are consecutive dates, and the days that differ from ICU's reckoning.
    static func compare(
        _ system: CalendarSystem, _ first: String, _ last: String,
        expected: (Int) -> (extendedYear: Int, month: Int, isLeap: Bool, day: Int)
    ) throws -> Int {
        let icu = try system.withReckoning(.icu)
        var failures = 0, differing = 0
        var previous: CalendarDate?
        for day in Self.day(first)...Self.day(last) {
            let date = noon(day)
            let fields = try system.calendarDate(for: date)
            let want = expected(day)
            var ok = (fields.extendedYear, fields.month, fields.isLeapMonth, fields.day) == (want.extendedYear, want.month, want.isLeap, want.day)
            let back = try system.date(extendedYear: fields.extendedYear, month: fields.month, isLeapMonth: fields.isLeapMonth, day: fields.day, hour: 12)
            ok = ok && back == date && fields.day >= 1
            if let previous {
                ok = ok && (fields.day == previous.day + 1 ? fields.month == previous.month && fields.extendedYear == previous.extendedYear
                                                           : fields.day == 1 && (29...30).contains(previous.day))
            }
            if !ok {
                failures += 1
                if failures < 4 { Issue.record("\(system.identifier) \(ISODay.civil(days: day)): \(fields), want \(want), back \(back)") }
            }
            let theirs = try icu.calendarDate(for: date)
            if (theirs.extendedYear, theirs.month, theirs.isLeapMonth, theirs.day) != (fields.extendedYear, fields.month, fields.isLeapMonth, fields.day) {
                differing += 1
            }
            previous = fields
        }
        #expect(failures == 0)
        return differing
    }

    @Test("chinese: every day 1901–2100 as the Hong Kong Observatory's table; 447 days differ from ICU")
    func chinese() throws {
        let table = LunisolarTable.chinese
        let differing = try Self.compare(try CalendarSystem("chinese"), "1901-01-01", "2100-12-31") { day in
            let f = table.fields(day: day)!
            return (f.extendedYear, f.month, f.isLeap, f.day)
        }
        #expect(differing == 447)
    }

    @Test("dangi: every day 1901–2050 as KASI's table; 2017 differs from ICU")
    func dangi() throws {
        let table = LunisolarTable.dangi
        let differing = try Self.compare(try CalendarSystem("dangi"), "1901-01-01", "2050-12-31") { day in
            let f = table.fields(day: day)!
            return (f.extendedYear, f.month, f.isLeap, f.day)
        }
        #expect(differing == 30)
    }

    @Test("hebrew: every day 1900–2240 by the postponement rules")
    func hebrew() throws {
        let differing = try Self.compare(try CalendarSystem("hebrew"), "1900-01-01", "2240-12-31") { day in
            let f = HebrewNewYear.fields(day: day)
            return (f.year, f.month + 1, f.month == 5, f.day)
        }
        #expect(differing == 385)
    }

    @Test("hebrew: the new year of every AM 1–10000 by the postponement rules")
    func hebrewNewYears() throws {
        let hebrew = try CalendarSystem("hebrew")
        var wrong: [Int] = []
        for year in 1...10_000 {
            let date = try hebrew.date(year: year, month: 1, day: 1)
            if Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) != HebrewNewYear.newYearDay(year) { wrong.append(year) }
            if year % 97 == 0 {
                let fields = try hebrew.calendarDate(for: date)
                if (fields.year, fields.month, fields.day) != (year, 1, 1) { wrong.append(year) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("the named dates, and ICU's own answer on request")
    func namedDates() throws {
        let chinese = try CalendarSystem("chinese"), hebrew = try CalendarSystem("hebrew")
        let newYear = try chinese.date(year: 2027, month: 1, day: 1)
        #expect(ISODay.string(for: newYear) == "2027-02-06")
        #expect(ISODay.string(for: try chinese.withReckoning(.icu).date(year: 2027, month: 1, day: 1)) == "2027-02-07")
        #expect(try chinese.withReckoning(.icu).reckoning == .icu && chinese.reckoning == .corrected)
        #expect(try chinese.withReckoning(.icu) != chinese)
        #expect(ISODay.string(for: try hebrew.date(year: 5807, month: 1, day: 1)) == "2046-10-01")
        #expect(ISODay.string(for: try hebrew.withReckoning(.icu).date(year: 5807, month: 1, day: 1)) == "2046-10-02")
        let next = try #require(try chinese.nextDate(after: Self.noon(Self.day("2026-06-01")), month: 1, day: 1))
        #expect(ISODay.string(for: next) == "2027-02-06")
        // 1917: the leap month is the second (ICU: another).
        let leap = try chinese.calendarDate(for: Self.noon(Self.day("1917-03-23")))
        #expect((leap.month, leap.isLeapMonth, leap.day) == (2, true, 1))
        #expect(try chinese.monthName(for: Self.noon(Self.day("1917-03-23"))) == "Second Monthbis")
        #expect(try chinese.monthName(for: Self.noon(Self.day("2027-02-06"))) == "First Month")
        #expect(try hebrew.monthName(for: Self.noon(Self.day("2046-10-01"))) == "Tishri")
    }

    @Test("arithmetic in the corrected periods")
    func arithmetic() throws {
        let chinese = try CalendarSystem("chinese")
        let eve = Self.noon(Self.day("2027-02-05"))
        func iso(_ date: Date) -> String { ISODay.string(for: date) }
        #expect(iso(try chinese.adding(1, .day, to: eve)) == "2027-02-06")
        #expect(iso(try chinese.adding(1, .month, to: Self.noon(Self.day("2027-01-08")))) == "2027-02-06")
        #expect(iso(try chinese.adding(1, .year, to: Self.noon(Self.day("2026-02-17")))) == "2027-02-06")
        #expect(iso(try chinese.adding(-1, .year, to: Self.noon(Self.day("2028-01-26")))) == "2027-02-06")
        #expect(iso(try chinese.rolling(1, .day, in: eve)) == "2027-01-08")  // 29 → 1 of the same 29-day month
        #expect(try chinese.difference(from: Self.noon(Self.day("2026-02-17")), to: Self.noon(Self.day("2027-02-06")), in: .year) == 1)
        #expect(try chinese.difference(from: Self.noon(Self.day("2026-02-17")), to: eve, in: .year) == 0)
        #expect(try chinese.numberOfDays(inMonthOf: eve) == 29)
        let year = try chinese.interval(of: .year, containing: Self.noon(Self.day("2027-06-01")))
        #expect(iso(year.lowerBound) == "2027-02-06")
        let hebrew = try CalendarSystem("hebrew")
        #expect(iso(try hebrew.adding(1, .year, to: Self.noon(Self.day("2045-09-12")))) == "2046-10-01")
        #expect(iso(try hebrew.adding(1, .month, to: Self.noon(Self.day("2046-09-02")))) == "2046-10-01")
        #expect(iso(try hebrew.date(year: 5806, month: 13, day: 30, lenient: true)) == "2046-10-01")
    }

    @Test("the seams at the ends of the tables are continuous", arguments: ["chinese", "dangi"])
    func seams(_ identifier: String) throws {
        let system = try CalendarSystem(identifier)
        for (first, last) in [("1899-06-01", "1902-06-01"), ("2099-06-01", "2102-06-01")] {
            var previous = try system.calendarDate(for: Self.noon(Self.day(first)))
            for day in (Self.day(first) + 1)...Self.day(last) {
                let fields = try system.calendarDate(for: Self.noon(day))
                let next = fields.day == previous.day + 1 && fields.month == previous.month && fields.isLeapMonth == previous.isLeapMonth
                let start = fields.day == 1 && (29...30).contains(previous.day)
                #expect(next || start, "\(ISODay.civil(days: day)): \(fields) after \(previous)")
                previous = fields
            }
        }
    }

    @Test("hebrew: fields and arithmetic as ICU's outside the years ICU misplaces (every 5th day 1900–2240)")
    func hebrewAsICUElsewhere() throws {
        let hebrew = try CalendarSystem("hebrew", timeZone: "Asia/Jerusalem"), icu = try hebrew.withReckoning(.icu)
        func key(_ d: CalendarDate) -> [Int] {
            [d.era, d.year, d.extendedYear, d.month, d.isLeapMonth ? 1 : 0, d.day, d.weekday, d.dayOfYear, d.weekOfYear,
             d.yearForWeekOfYear, d.hour, d.minute, d.utcOffsetSeconds]
        }
        var failures = 0
        for day in stride(from: Self.day("1900-01-01"), through: Self.day("2240-12-31"), by: 5) {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + Double((day * 7_919) % 86_400))
            let mine = try hebrew.calendarDate(for: date), theirs = try icu.calendarDate(for: date)
            if (5805...5808).contains(theirs.extendedYear) { continue }
            var ok = key(mine) == key(theirs)
            for (amount, field) in [(1, CalendarField.month), (-13, .month), (1, .year), (-2, .year)] {
                let a = try hebrew.adding(amount, field, to: date), b = try icu.adding(amount, field, to: date)
                if (5805...5808).contains(try icu.calendarDate(for: b).extendedYear) { continue }
                ok = ok && a == b
            }
            let rolls = [try hebrew.rolling(3, .day, in: date), try hebrew.rolling(1, .month, in: date)]
            let icuRolls = [try icu.rolling(3, .day, in: date), try icu.rolling(1, .month, in: date)]
            ok = ok && rolls == icuRolls
            if !ok {
                failures += 1
                if failures < 4 { Issue.record("\(ISODay.string(for: date)): \(mine) vs \(theirs)") }
            }
        }
        #expect(failures == 0)
    }

    @Test("formatting shows the corrected year, month and day, the instant's weekday and time")
    func formatting() throws {
        func text(_ locale: String, _ iso: String, pattern: String? = nil, calendar: CalendarSystem? = nil) throws -> String {
            let formatter = try pattern.map { try DateTimeFormatter(pattern: $0, locale: LocaleID(locale), calendar: calendar, timeZone: "UTC") }
                ?? DateTimeFormatter(date: .full, time: .none, locale: LocaleID(locale), calendar: calendar, timeZone: "UTC")
            return try formatter.format(ISO8601Text.parse(iso))
        }
        #expect(try text("zh@calendar=chinese", "2027-02-06T12:00:00Z") == "2027丁未年正月初一星期六")
        #expect(try text("zh@calendar=chinese", "2027-02-06T12:00:00Z", calendar: CalendarSystem("chinese").withReckoning(.icu))
                == "2026丙午年腊月三十星期六")
        #expect(try text("zh@calendar=chinese", "1917-03-23T12:00:00Z") == "1917丁巳年闰二月初一星期五")
        #expect(try text("en@calendar=chinese", "2027-02-06T23:30:00Z", pattern: "r-MM-dd EEE HH:mm") == "2027-01-01 Sat 23:30")
        #expect(try text("en@calendar=hebrew", "2046-10-01T12:00:00Z") == "Monday, 1 Tishri 5807")
        #expect(try text("en@calendar=hebrew", "2046-10-02T12:00:00Z") == "Tuesday, 2 Tishri 5807")
        #expect(try text("ko@calendar=dangi", "2017-02-26T12:00:00Z").contains("2월 1일"))
    }

    @Test("intervals show the corrected fields; .icu reckoning and other calendars show ICU's")
    func intervals() throws {
        func text(_ locale: String, _ from: String, _ to: String, template: String = "yMMMd", calendar: CalendarSystem? = nil) throws -> String {
            try DateRangeFormatter(template: template, locale: LocaleID(locale), calendar: calendar, timeZone: "UTC")
                .format(ISO8601Text.parse(from), ISO8601Text.parse(to))
        }
        let icu = try CalendarSystem("chinese").withReckoning(.icu)
        #expect(try text("en@calendar=chinese", "2027-02-06T12:00:00Z", "2027-02-08T12:00:00Z") == "Mo1 1\u{2009}–\u{2009}3, ding-wei")
        #expect(try text("en@calendar=chinese", "2027-02-06T12:00:00Z", "2027-02-08T12:00:00Z", calendar: icu) == "Mo12 30, bing-wu\u{2009}–\u{2009}Mo1 2, ding-wei")
        #expect(try text("en@calendar=chinese", "2027-02-06T10:00:00Z", "2027-02-06T11:30:00Z", template: "MMMdjm") == "Mo1 1, 10:00\u{2009}–\u{2009}11:30\u{202F}AM")
        #expect(try text("en@calendar=chinese", "2027-02-06T12:00:00Z", "2027-02-08T12:00:00Z", template: "yMMMEd") == "Sat, Mo1 1, 2027\u{2009}–\u{2009}Mon, Mo1 3, 2027")
        // ICU's 1917 has no leap second month: the two corrected dates, joined.
        #expect(try text("en@calendar=chinese", "1917-03-23T12:00:00Z", "1917-03-25T12:00:00Z")
                == "Mo2bis 1, 1917\u{2009}–\u{2009}Mo2bis 3, 1917")
        #expect(try text("en@calendar=hebrew", "2046-09-30T12:00:00Z", "2046-10-02T12:00:00Z") == "29 Elul 5806\u{2009}–\u{2009}2 Tishri 5807")
        #expect(try text("en@calendar=hebrew", "2046-09-30T12:00:00Z", "2046-10-02T12:00:00Z",
                         calendar: CalendarSystem("hebrew").withReckoning(.icu)) == "28 Elul 5806\u{2009}–\u{2009}1 Tishri 5807")
        #expect(try text("en@calendar=chinese", "2026-05-01T12:00:00Z", "2026-05-03T12:00:00Z")
                == text("en@calendar=chinese", "2026-05-01T12:00:00Z", "2026-05-03T12:00:00Z", calendar: icu))
    }
}
