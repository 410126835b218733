import Foundation
@_spi(Internals) import ICUKit
import Testing

/// ICUKit computes Gregorian (ISO 8601, Japanese) fields in UTC by arithmetic for 1584–9999; these
/// tests prove every field identical to ICU's `GregorianCalendar`, under several week rules.
@Suite("Gregorian arithmetic matches ICU")
struct GregorianArithmeticTests {
    static func systems() throws -> [CalendarSystem] {
        [
            try CalendarSystem("gregorian"),
            try CalendarSystem("iso8601"),
            try CalendarSystem(locale: LocaleID("en_US")),
            try CalendarSystem(locale: LocaleID("de_DE")),
            try CalendarSystem(locale: LocaleID("ar_EG")),
            try CalendarSystem("gregorian", timeZone: "UTC", firstWeekday: 7, minimumDaysInFirstWeek: 1),
            try CalendarSystem("gregorian", timeZone: "Etc/UTC", firstWeekday: 5, minimumDaysInFirstWeek: 7),
            try CalendarSystem("gregorian", timeZone: "GMT", firstWeekday: 2, minimumDaysInFirstWeek: 3),
            try CalendarSystem("japanese"),
            try CalendarSystem(locale: LocaleID("ja_JP@calendar=japanese")),
            try CalendarSystem("japanese", timeZone: "UTC", firstWeekday: 2, minimumDaysInFirstWeek: 4),
        ]
    }

    @Test("the arithmetic path is taken in UTC only, for gregorian, iso8601 and japanese only")
    func taken() throws {
        for system in try Self.systems() { #expect(system.takesGregorianArithmetic, "\(system)") }
        #expect(try !CalendarSystem("gregorian", timeZone: "Europe/Paris").takesGregorianArithmetic)
        #expect(try !CalendarSystem("japanese", timeZone: "Asia/Tokyo").takesGregorianArithmetic)
        #expect(try !CalendarSystem("roc").takesGregorianArithmetic)
        #expect(try !CalendarSystem("buddhist").takesGregorianArithmetic)
    }

    @Test("every day 1900–2100 at a different time of day")
    func everyDay() throws {
        let first = ISODay.days(year: 1900, month: 1, day: 1), last = ISODay.days(year: 2100, month: 12, day: 31)
        for system in try Self.systems() {
            var differences = 0
            for day in first...last {
                let date = Date(timeIntervalSince1970: Double(day) * 86_400 + Double((day * 7_919) % 86_400) + 0.375)
                let fast = try system.calendarDate(for: date), icu = try system.calendarDateFromICU(for: date)
                if fast != icu {
                    differences += 1
                    if differences < 4 { Issue.record("\(system) \(ISODay.string(for: date)): arithmetic \(fast), ICU \(icu)") }
                }
            }
            #expect(differences == 0, "\(system)")
        }
    }

    @Test("random instants over the whole range, its edges and the years around it")
    func randomInstants() throws {
        var random = SplitMix(state: 1584)
        let low = Double(ISODay.days(year: 1583, month: 12, day: 25)) * 86_400
        let high = Double(ISODay.days(year: 10_000, month: 1, day: 7)) * 86_400
        var dates = (0..<20_000).map { _ in Date(timeIntervalSince1970: Double.random(in: low...high, using: &random)) }
        // Both sides of each end, and the last and first days of years (week 1 / week 52–53).
        for (year, month, day) in [(1583, 12, 31), (1584, 1, 1), (9999, 12, 31), (10_000, 1, 1)] {
            let midnight = Double(ISODay.days(year: year, month: month, day: day)) * 86_400
            dates += [midnight - 0.001, midnight, midnight + 86_399.999].map { Date(timeIntervalSince1970: $0) }
        }
        // The first and last instants of every Japanese era from 1584 on.
        for era in CalendarSystem.japaneseEras where era.startYear >= 1584 {
            let start = era.start.timeIntervalSince1970
            dates += [start - 0.001, start, start + 0.001].map { Date(timeIntervalSince1970: $0) }
        }
        for year in stride(from: 1584, through: 9999, by: 37) {
            for (month, day) in [(1, 1), (1, 2), (1, 3), (1, 4), (12, 28), (12, 29), (12, 30), (12, 31)] {
                dates.append(Date(timeIntervalSince1970: Double(ISODay.days(year: year, month: month, day: day)) * 86_400 + 43_200))
            }
        }
        for system in try Self.systems() {
            var differences = 0
            for date in dates {
                let fast = try system.calendarDate(for: date), icu = try system.calendarDateFromICU(for: date)
                if fast != icu {
                    differences += 1
                    if differences < 4 { Issue.record("\(system) \(date.timeIntervalSince1970): arithmetic \(fast), ICU \(icu)") }
                }
            }
            #expect(differences == 0, "\(system)")
        }
    }
}
