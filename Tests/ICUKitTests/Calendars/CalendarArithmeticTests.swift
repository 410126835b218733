import Foundation
@_spi(Internals) import ICUKit
import Testing

@Suite("Calendar arithmetic, intervals, eras, names, concurrency")
struct CalendarArithmeticTests {
    /// Local wall time in a zone, through ICUKit's own fields.
    func wall(_ system: CalendarSystem, _ date: Date) throws -> (Int, Int, Int, Int) {
        let f = try system.calendarDate(for: date)
        return (f.month, f.day, f.hour, f.minute)
    }

    @Test("day arithmetic keeps the local time across DST; hours are exact durations")
    func dstSafeDays() throws {
        let newYork = try CalendarSystem("gregorian", timeZone: "America/New_York")
        let before = try newYork.date(year: 2026, month: 3, day: 7, hour: 9)   // the day before spring forward
        let next = try newYork.adding(1, .day, to: before)
        #expect(try wall(newYork, next) == (3, 8, 9, 0))
        #expect(next.timeIntervalSince(before) == 23 * 3600)
        #expect(try newYork.difference(from: before, to: next, in: .day) == 1)
        #expect(try newYork.difference(from: before, to: next, in: .hour) == 23)
        let hours = try newYork.adding(24, .hour, to: before)
        #expect(try wall(newYork, hours) == (3, 8, 10, 0))
        let day = try newYork.interval(of: .day, containing: next)
        #expect(day.upperBound.timeIntervalSince(day.lowerBound) == 23 * 3600)
        // The same in a lunar calendar: day arithmetic does not depend on the calendar system.
        let hijri = try CalendarSystem("islamic-umalqura", timeZone: "America/New_York")
        #expect(try hijri.adding(1, .day, to: before) == next)
        #expect(try hijri.adding(1, .weekOfYear, to: before) == newYork.adding(7, .day, to: before))
    }

    @Test("rolling stays within the larger field")
    func roll() throws {
        let gregorian = CalendarSystem.gregorian
        let dec31 = try gregorian.date(year: 2025, month: 12, day: 31)
        let rolled = try gregorian.calendarDate(for: gregorian.rolling(1, .month, in: dec31))
        #expect((rolled.year, rolled.month, rolled.day) == (2025, 1, 31))
        let added = try gregorian.calendarDate(for: gregorian.adding(1, .month, to: dec31))
        #expect((added.year, added.month, added.day) == (2026, 1, 31))
        let chinese = try CalendarSystem("chinese")
        let rolledDay = try chinese.calendarDate(for: chinese.rolling(29, .day, in: chinese.date(year: 2023, month: 1, day: 1)))
        #expect(rolledDay.month == 1 && rolledDay.day == 1)  // M01 of 2023 has 29 days: day 1 + 29 wraps to day 1
    }

    @Test("month and year intervals, lengths, months in a year")
    func intervals() throws {
        let hebrew = try CalendarSystem("hebrew")
        let date = ISODay.date(year: 2024, month: 3, day: 1)  // Adar I 5784
        let month = try hebrew.interval(of: .month, containing: date)
        #expect(ISODay.string(for: month.lowerBound) == "2024-02-10" && ISODay.string(for: month.upperBound) == "2024-03-11")
        let year = try hebrew.interval(of: .year, containing: date)
        #expect(ISODay.string(for: year.lowerBound) == "2023-09-16" && ISODay.string(for: year.upperBound) == "2024-10-03")
        #expect(try hebrew.numberOfDays(inYearOf: date) == 383)
        #expect(try hebrew.numberOfMonths(inYearOf: date) == 13)
        let chinese = try CalendarSystem("chinese")
        let lunar = try chinese.interval(of: .year, containing: date)
        #expect(ISODay.string(for: lunar.lowerBound) == "2024-02-10" && ISODay.string(for: lunar.upperBound) == "2025-01-29")
        #expect(try chinese.numberOfDays(inYearOf: ISODay.date(year: 2023, month: 6, day: 1)) == 384)
        #expect(try chinese.numberOfMonths(inYearOf: ISODay.date(year: 2023, month: 6, day: 1)) == 13)
        #expect(try CalendarSystem("coptic").numberOfMonths(inYearOf: date) == 13)
        #expect(try CalendarSystem.gregorian.numberOfDays(inMonthOf: date) == 31)
        #expect(try CalendarSystem.gregorian.numberOfDays(inMonthOf: ISODay.date(year: 2024, month: 2, day: 10)) == 29)
        let week = try CalendarSystem("iso8601").interval(of: .weekOfYear, containing: date)  // Friday 2024-03-01
        #expect(ISODay.string(for: week.lowerBound) == "2024-02-26")  // Monday
        #expect(throws: CalendarError.self) { try CalendarSystem.gregorian.interval(of: .minute, containing: date) }
    }

    @Test("next date matching fields: 1 Ramadan, Chinese New Year, a rare leap month")
    func nextDate() throws {
        let start = ISODay.date(year: 2026, month: 11, day: 22)
        let hijri = try CalendarSystem("islamic-umalqura")
        #expect(try hijri.nextDate(after: start, month: 9, day: 1).map { ISODay.string(for: $0) } == "2027-02-08")
        let chinese = try CalendarSystem("chinese")
        #expect(try chinese.nextDate(after: start, month: 1, day: 1).map { ISODay.string(for: $0) } == "2027-02-06")
        #expect(try chinese.withReckoning(.icu).nextDate(after: start, month: 1, day: 1).map { ISODay.string(for: $0) } == "2027-02-07")
        // 2025's leap sixth month (闰六月) began on 2025-07-25.
        #expect(try chinese.nextDate(after: ISODay.date(year: 2025, month: 1, day: 1), month: 6, isLeapMonth: true, day: 1)
            .map { ISODay.string(for: $0) } == "2025-07-25")
        #expect(throws: CalendarError.fieldOutOfRange(.month, value: 13, valid: 1...12)) { try hijri.nextDate(after: start, month: 13, day: 1) }
        #expect(try hijri.difference(from: start, to: ISODay.date(year: 2027, month: 2, day: 8), in: .day) == 78)
    }

    @Test("Japanese eras: era + year both ways; a year past the era's end is refused")
    func japanese() throws {
        let japanese = try CalendarSystem("japanese")
        let heisei31 = try japanese.date(era: 235, year: 31, month: 4, day: 30)
        #expect(ISODay.string(for: heisei31) == "2019-04-30")
        #expect(try japanese.calendarDate(for: heisei31.addingTimeInterval(86_400)).era == 236)
        #expect(throws: CalendarError.self) { try japanese.date(era: 235, year: 31, month: 5, day: 1) }  // that is Reiwa 1
        #expect(try japanese.date(year: 8, month: 1, day: 1) == ISODay.date(year: 2026, month: 1, day: 1))  // default era: Reiwa
        #expect(throws: CalendarError.self) { try japanese.date(era: 999, year: 1, month: 1, day: 1) }
    }

    @Test("sexagenary years and related Gregorian years", arguments: [
        (2023, "癸卯", "guǐ-mǎo"), (2024, "甲辰", "jiǎ-chén"), (1984, "甲子", "jiǎ-zǐ"), (2026, "丙午", "bǐng-wǔ"),
    ])
    func sexagenary(_ year: Int, _ name: String, _ pinyin: String) throws {
        let chinese = try CalendarSystem("chinese")
        let fields = try chinese.calendarDate(for: chinese.date(year: year, month: 6, day: 1))
        #expect(fields.relatedGregorianYear == year)
        #expect(fields.sexagenaryYear == name && fields.sexagenaryYearPinyin == pinyin)
        let dangi = try CalendarSystem("dangi")
        let korean = try dangi.calendarDate(for: dangi.date(year: year, month: 6, day: 1))
        #expect(korean.relatedGregorianYear == year && korean.sexagenaryYear == name)
        #expect(try CalendarSystem.gregorian.calendarDate(for: ISODay.date(year: year, month: 1, day: 1)).sexagenaryYear == nil)
    }

    @Test("out-of-range instants and amounts throw typed errors")
    func ranges() throws {
        let chinese = try CalendarSystem("chinese")
        #expect(throws: CalendarError.self) { try chinese.calendarDate(for: Date(timeIntervalSince1970: .nan)) }
        #expect(throws: CalendarError.self) { try chinese.calendarDate(for: Date(timeIntervalSince1970: 1e300)) }
        #expect(throws: CalendarError.amountOutOfRange(Int(Int32.max) + 1)) {
            try chinese.adding(Int(Int32.max) + 1, .day, to: Date(timeIntervalSince1970: 0))
        }
        #expect(throws: CalendarError.self) { try CalendarSystem.gregorian.adding(Int(Int32.max), .year, to: CalendarSystem.supportedRange.upperBound) }
        _ = try chinese.calendarDate(for: CalendarSystem.supportedRange.lowerBound)
        _ = try chinese.calendarDate(for: CalendarSystem.supportedRange.upperBound)
        #expect(throws: CalendarError.fieldOutOfRange(.day, value: 32, valid: 1...31)) { try CalendarSystem.gregorian.date(year: 2026, month: 1, day: 32) }
        #expect(throws: CalendarError.fieldOutOfRange(.day, value: 29, valid: 1...28)) { try CalendarSystem.gregorian.date(year: 2026, month: 2, day: 29) }
        #expect(try CalendarSystem.gregorian.date(year: 2026, month: 2, day: 29, lenient: true) == ISODay.date(year: 2026, month: 3, day: 1))
        // Hebrew Elul has 29 days: day 30 would roll into the next year.
        #expect(throws: CalendarError.fieldOutOfRange(.day, value: 30, valid: 1...29)) { try CalendarSystem("hebrew").date(year: 5784, month: 13, day: 30) }
        // ICU's 32-bit year arithmetic wraps silently; ICUKit refuses.
        #expect(throws: CalendarError.self) { try CalendarSystem.gregorian.adding(Int(Int32.max), .year, to: Date(timeIntervalSince1970: 0)) }
        #expect(throws: CalendarError.self) { try CalendarSystem.gregorian.adding(11_000_000, .year, to: Date(timeIntervalSince1970: 0)) }
        #expect(throws: CalendarError.self) {
            try CalendarSystem.gregorian.difference(from: CalendarSystem.supportedRange.lowerBound, to: CalendarSystem.supportedRange.upperBound, in: .second)
        }
        // ICU walks Umm al-Qura years one by one (10 CPU s for this difference in ICU 72):
        // ICUKit stops at the year 10000 instead of hanging; the civil calendar is not slow.
        let umalqura = try CalendarSystem("islamic-umalqura", timeZone: "Pacific/Apia")
        let y10000 = Date(timeIntervalSince1970: 253_402_300_800), y1980 = Date(timeIntervalSince1970: 325_123_200)
        let clock = ContinuousClock(), start = clock.now
        #expect(throws: CalendarError.dateOutOfRange(253_402_300_800)) { try umalqura.difference(from: y10000, to: y1980, in: .month) }
        #expect(throws: CalendarError.dateOutOfRange(CalendarSystem.supportedRange.upperBound.timeIntervalSince1970)) {
            try umalqura.difference(from: CalendarSystem.supportedRange.upperBound, to: y1980, in: .month)
        }
        #expect(clock.now - start < .seconds(1))
        // Just before the limit ICU answers: 8,020 Gregorian years are about 8,265 Hijri years.
        let years = try umalqura.difference(from: y1980, to: y10000.addingTimeInterval(-1), in: .year)
        #expect((8_200...8_300).contains(years))
        #expect(try CalendarSystem("islamic-civil").difference(from: CalendarSystem.supportedRange.upperBound, to: y1980, in: .day) < 0)
    }

    @Test("names in English and other locales")
    func names() throws {
        let date = ISODay.date(year: 2019, month: 5, day: 1)
        #expect(try CalendarSystem("japanese").eraName(for: date) == "Reiwa")
        #expect(try CalendarSystem("japanese").eraName(for: date, locale: LocaleID("ja")) == "令和")
        #expect(try CalendarSystem("islamic-umalqura").monthName(for: ISODay.date(year: 2026, month: 2, day: 20)) == "Ramadan")
        #expect(try CalendarSystem("chinese").monthName(for: ISODay.date(year: 2023, month: 4, day: 1), locale: LocaleID("zh")) == "闰二月")
    }

    @Test("one CalendarSystem used from many tasks gives the sequential answers")
    func concurrency() async throws {
        let systems = try ["gregorian", "hebrew", "chinese", "islamic-umalqura"].map { try CalendarSystem($0, timeZone: "Europe/Paris") }
        let days = Array(stride(from: 0, to: 20_000, by: 37))
        let expected = try systems.map { system in try days.map { try system.calendarDate(for: Date(timeIntervalSince1970: Double($0) * 86_400)) } }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for round in 0..<8 {
                let system = systems[round % systems.count], answers = expected[round % systems.count]
                group.addTask {
                    for (index, day) in days.enumerated() {
                        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
                        if try system.calendarDate(for: date) != answers[index] { return false }
                        _ = try system.adding(1, .month, to: date)
                    }
                    return true
                }
            }
            for try await ok in group { #expect(ok) }
        }
    }
}
