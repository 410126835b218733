import Foundation
@_spi(Internals) import ICUKit
import Testing

/// ICUKit answers chinese, dangi and islamic-umalqura fields from month tables memoized
/// from ICU; these tests prove the answers identical to ICU's own on every day 1900–2100.
@Suite("Calendar month tables match ICU")
struct CalendarAccelerationTests {
    static let firstDay = ISODay.days(year: 1900, month: 1, day: 1)
    static let lastDay = ISODay.days(year: 2100, month: 12, day: 31)

    /// Everything but day of year and the week fields: ICU 72 derives those for chinese and
    /// dangi from a new-year cache the two share (keyed by Gregorian year), so ICU's own
    /// values depend on which calendar ran first in the process, and this test process runs
    /// both. `CalendarCLITests` checks every field in a fresh process per calendar
    /// (`icukit calendar verify-tables`).
    static func sameExceptWeeks(_ a: CalendarDate, _ b: CalendarDate) -> Bool {
        (a.era, a.year, a.extendedYear, a.month) == (b.era, b.year, b.extendedYear, b.month)
            && (a.isLeapMonth, a.day, a.weekday) == (b.isLeapMonth, b.day, b.weekday)
            && (a.hour, a.minute, a.second, a.millisecond, a.utcOffsetSeconds) == (b.hour, b.minute, b.second, b.millisecond, b.utcOffsetSeconds)
    }

    @Test("every day 1900–2100, UTC: identical to ICU's fields", arguments: ["chinese", "dangi", "islamic-umalqura"])
    func everyDay(_ identifier: String) throws {
        let system = try CalendarSystem(identifier).withReckoning(.icu)
        var differences = 0, weekDifferences = 0
        for day in Self.firstDay...Self.lastDay {
            // A different time of day on each day, to cover the time fields too.
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + Double((day * 7_919) % 86_400) + 0.25)
            let fast = try system.calendarDate(for: date), icu = try system.calendarDateFromICU(for: date)
            if !Self.sameExceptWeeks(fast, icu) {
                differences += 1
                if differences < 4 { Issue.record("\(ISODay.string(for: date)): table \(fast), ICU \(icu)") }
            } else if fast != icu {
                weekDifferences += 1
            }
        }
        #expect(differences == 0)
        if identifier == "islamic-umalqura" { #expect(weekDifferences == 0) }
    }

    @Test("other zones and week rules: identical to ICU (every 17th day at two times of day)",
          arguments: ["chinese", "dangi", "islamic-umalqura"])
    func zonesAndWeeks(_ identifier: String) throws {
        let systems = [
            try CalendarSystem(identifier, timeZone: "America/New_York", firstWeekday: 2, minimumDaysInFirstWeek: 4).withReckoning(.icu),
            try CalendarSystem(identifier, timeZone: "Asia/Riyadh", firstWeekday: 7, minimumDaysInFirstWeek: 1).withReckoning(.icu),
            try CalendarSystem(identifier, timeZone: "Pacific/Kiritimati", firstWeekday: 5, minimumDaysInFirstWeek: 7).withReckoning(.icu),
        ]
        for system in systems {
            for day in stride(from: Self.firstDay, through: Self.lastDay, by: 17) {
                for hour in [0.5, 23.9] {
                    let date = Date(timeIntervalSince1970: Double(day) * 86_400 + hour * 3600)
                    let fast = try system.calendarDate(for: date), icu = try system.calendarDateFromICU(for: date)
                    #expect(Self.sameExceptWeeks(fast, icu), "\(system) \(date)")
                    if identifier == "islamic-umalqura" { #expect(fast == icu) }
                    if !Self.sameExceptWeeks(fast, icu) { return }
                }
            }
        }
    }

    @Test("fields → date from the table: round trip on every day, strict validation as ICU's")
    func fieldsToDate() throws {
        let chinese = try CalendarSystem("chinese")
        // 2023 has a leap second month (M02L, from 2023-03-22), 2024 none.
        let leap = try chinese.date(year: 2023, month: 2, isLeapMonth: true, day: 1)
        #expect(ISODay.string(for: leap) == "2023-03-22")
        #expect(throws: CalendarError.nonexistentLeapMonth(year: 2024, month: 2)) {
            try chinese.date(year: 2024, month: 2, isLeapMonth: true, day: 1)
        }
        // 2023 M01 has 29 days.
        #expect(try chinese.numberOfDays(inMonthOf: ISODay.date(year: 2023, month: 1, day: 22)) == 29)
        #expect(throws: CalendarError.fieldOutOfRange(.day, value: 30, valid: 1...29)) {
            try chinese.date(year: 2023, month: 1, day: 30)
        }
        #expect(try chinese.date(year: 2023, month: 1, day: 30, lenient: true) == chinese.date(year: 2023, month: 2, day: 1))
        #expect(try chinese.date(era: 78, year: 40, month: 1, day: 1) == ISODay.date(year: 2023, month: 1, day: 22))
        #expect(throws: CalendarError.fieldOutOfRange(.year, value: 61, valid: 1...60)) {
            try chinese.date(era: 78, year: 61, month: 1, day: 1)
        }
        let tokyo = try CalendarSystem("islamic-umalqura", timeZone: "Asia/Tokyo")
        let ramadan = try tokyo.date(year: 1447, month: 9, day: 1, hour: 6)
        #expect(ramadan == Date(timeIntervalSince1970: Double(ISODay.days(year: 2026, month: 2, day: 18)) * 86_400 - 3 * 3600))
    }

    @Test("the ICU 72 shared Chinese/Dangi new-year cache does not leak into ICUKit's answers")
    func chineseAfterDangi() throws {
        let dangi = try CalendarSystem("dangi"), chinese = try CalendarSystem("chinese")
        for day in ISODay.days(year: 1957, month: 6, day: 1)...ISODay.days(year: 1958, month: 6, day: 1) {
            _ = try dangi.date(from: dangi.calendarDate(for: Date(timeIntervalSince1970: Double(day) * 86_400)))
        }
        #expect(try chinese.date(era: 77, year: 35, month: 1, day: 1) == ISODay.date(year: 1958, month: 2, day: 18))
    }
}
