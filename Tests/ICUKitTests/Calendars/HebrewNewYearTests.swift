import Foundation
@testable @_spi(Internals) import ICUKit
import Testing

/// `HebrewNewYear`: the postponement rules against known dates and against ICU 72, which
/// applies GaTaRaD/BeTUTaKPaT a second time after lo ADU Rosh in 55 years of AM 1–10000.
@Suite("Hebrew new year by the postponement rules")
struct HebrewNewYearTests {
    /// The AM years 1–10000 whose 1 Tishri ICU 72 misplaces (by one day, later).
    static let icuMisplaced: [Int] = [
        96, 194, 441, 688, 1033, 1111, 1280, 1358, 1527, 1605, 1950, 2197, 2444, 2542, 2789, 3036, 3134, 3381, 3459,
        3628, 3706, 3953, 4051, 4298, 4545, 4643, 4890, 4968, 5137, 5215, 5462, 5560, 5807, 6054, 6399, 6646, 6893,
        6991, 7238, 7316, 7485, 7563, 7810, 7908, 8155, 8402, 8500, 8747, 8825, 8994, 9072, 9319, 9417, 9664, 9911,
    ]

    @Test("Rosh Hashanah on known dates")
    func knownDates() {
        let known: [(Int, Int, Int, Int)] = [
            (1, -3760, 9, 7),        // Julian −3760-10-07 (Monday, BaHaRaD) in proleptic Gregorian
            (5660, 1899, 9, 5), (5700, 1939, 9, 14), (5760, 1999, 9, 11), (5781, 2020, 9, 19),
            (5784, 2023, 9, 16), (5785, 2024, 10, 3), (5786, 2025, 9, 23), (5787, 2026, 9, 12),
            (5807, 2046, 10, 1),     // Monday; ICU 72 says Tuesday 2046-10-02
            (5808, 2047, 9, 21),
        ]
        for (year, y, m, d) in known {
            #expect(HebrewNewYear.newYearDay(year) == ISODay.days(year: y, month: m, day: d), "AM \(year)")
        }
        #expect(HebrewNewYear.isLeap(5784) && !HebrewNewYear.isLeap(5785) && HebrewNewYear.isLeap(5787))
        #expect(HebrewNewYear.length(ofYear: 5785) == 355 && HebrewNewYear.kind(ofYear: 5785) == .complete)
        #expect(HebrewNewYear.length(ofYear: 5784) == 383 && HebrewNewYear.kind(ofYear: 5784) == .deficient)
    }

    @Test("every year AM 1–10000: a legal length, never on Sunday, Wednesday or Friday")
    func legalYears() {
        for year in 1...10_000 {
            let length = HebrewNewYear.length(ofYear: year)
            let legal = HebrewNewYear.isLeap(year) ? 383...385 : 353...355
            #expect(legal.contains(length), "AM \(year): \(length)")
            // 1970-01-01 is a Thursday: weekday 0 = Sunday.
            let weekday = ((HebrewNewYear.newYearDay(year) + 4) % 7 + 7) % 7
            #expect(![0, 3, 5].contains(weekday), "AM \(year)")
            #expect(HebrewNewYear.monthLengths(ofYear: year).reduce(0, +) == length)
        }
    }

    @Test("ICU 72 places 1 Tishri elsewhere in exactly 55 years of AM 1–10000")
    func newYearsAgainstICU() throws {
        let system = try CalendarSystem("hebrew")
        var misplaced: [Int] = []
        for year in 1...10_000 {
            let day = HebrewNewYear.newYearDay(year)
            let icu = try system.calendarDateFromICU(for: Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200))
            if (icu.extendedYear, icu.month, icu.day) != (year, 1, 1) { misplaced.append(year) }
        }
        #expect(misplaced == Self.icuMisplaced)
    }

    @Test("every day 1900–2240: fields agree with ICU 72 outside AM 5806–5807")
    func daysAgainstICU() throws {
        let system = try CalendarSystem("hebrew")
        var differing = 0
        for day in ISODay.days(year: 1900, month: 1, day: 1)...ISODay.days(year: 2240, month: 12, day: 31) {
            let mine = HebrewNewYear.fields(day: day)
            #expect(HebrewNewYear.newYearDay(mine.year) <= day)
            let icu = try system.calendarDateFromICU(for: Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200))
            if (icu.extendedYear, icu.month, icu.day) != (mine.year, mine.month + 1, mine.day) {
                differing += 1
                #expect(mine.year == 5806 || mine.year == 5807, "\(ISODay.civil(days: day)): \(mine), ICU \(icu)")
            }
        }
        #expect(differing == 385)
    }
}
