import Foundation
@_spi(Internals) import ICUKit
import Testing

/// Properties over every day from 1900-01-01 to 2100-12-31 in every calendar.
@Suite("Calendar properties 1900–2100")
struct CalendarPropertyTests {
    static let firstDay = ISODay.days(year: 1900, month: 1, day: 1)
    static let lastDay = ISODay.days(year: 2100, month: 12, day: 31)

    @Test("Date → fields → Date round-trips; consecutive days stay consecutive", arguments: CalendarSystem.knownIdentifiers)
    func roundTripAndConsecutive(_ identifier: String) throws {
        let clock = ContinuousClock.now
        defer { print("round trip \(identifier): \(ContinuousClock.now - clock)") }
        let system = try CalendarSystem(identifier)
        var previous: CalendarDate?
        var failures = 0
        for day in Self.firstDay...Self.lastDay {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200)  // noon UTC
            let fields = try system.calendarDate(for: date)
            let back: Date
            do { back = try system.date(from: fields) } catch {
                failures += 1
                Issue.record("\(identifier): \(fields) → \(error)")
                continue
            }
            if back != date { failures += 1; if failures < 4 { Issue.record("\(identifier): \(fields) → \(back) ≠ \(date)") } }
            if let previous {
                let next: Bool
                if fields.day == previous.day + 1 {
                    next = fields.month == previous.month && fields.isLeapMonth == previous.isLeapMonth && fields.extendedYear == previous.extendedYear
                } else {
                    // A new month: day 1, and the previous day was the last of its month (29–31 or Ethiopic/Coptic 5–6 epagomenal days).
                    next = fields.day == 1 && previous.day >= 5
                }
                if !next || fields.weekday != previous.weekday % 7 + 1 {
                    failures += 1
                    if failures < 4 { Issue.record("\(identifier): \(previous) then \(fields)") }
                }
                if fields.dayOfYear != 1 && fields.dayOfYear != previous.dayOfYear + 1 { failures += 1 }
            }
            previous = fields
        }
        #expect(failures == 0)
    }

    @Test("adding then subtracting a month returns to the same day when it exists", arguments: CalendarSystem.knownIdentifiers)
    func addSubtractMonth(_ identifier: String) throws {
        let clock = ContinuousClock.now
        defer { print("add/subtract \(identifier): \(ContinuousClock.now - clock)") }
        let system = try CalendarSystem(identifier)
        var failures = 0
        for day in Self.firstDay...Self.lastDay {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400)
            let fields = try system.calendarDate(for: date)
            let later = try system.adding(1, .month, to: date)
            let laterFields = try system.calendarDate(for: later)
            let back = try system.adding(-1, .month, to: later)
            // When the day exists in the next month, the round trip is exact; otherwise ICU
            // pins to the month's last day and the way back lands on or before the start.
            if laterFields.day == fields.day {
                if back != date { failures += 1; if failures < 4 { Issue.record("\(identifier): \(fields) +1 −1 month → \(try system.calendarDate(for: back))") } }
            } else if !(back <= date && laterFields.day < fields.day) {
                failures += 1
                if failures < 4 { Issue.record("\(identifier): \(fields) +1 month → \(laterFields)") }
            }
            if day % 7 == 0, try system.difference(from: date, to: later, in: .month) != 1 { failures += 1 }
        }
        #expect(failures == 0)
    }
}
