// Foundation's Calendar on Linux (swift-corelibs-foundation with its own ICU 76), as a peer of CalendarSystem.
internal import Foundation

/// One `Calendar` in UTC.
public final class FoundationCalendar: @unchecked Sendable {
    private let calendar: Calendar

    public init(_ identifier: String) {
        let id: Calendar.Identifier = switch identifier {
        case "gregorian": .gregorian
        case "islamic-umalqura": .islamicUmmAlQura
        case "chinese": .chinese
        case "hebrew": .hebrew
        case "japanese": .japanese
        default: fatalError("no Foundation identifier for \(identifier)")
        }
        var calendar = Calendar(identifier: id)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        self.calendar = calendar
    }

    /// `dateComponents([.era, .year, .month, .day], from:)` + `isLeapMonth` (summed).
    public func fields(_ seconds: Double) -> Int {
        let c = calendar.dateComponents([.era, .year, .month, .day], from: Date(timeIntervalSince1970: seconds))
        return (c.era ?? 0) &+ (c.year ?? 0) &+ (c.month ?? 0) &+ (c.isLeapMonth == true ? 1 : 0) &+ (c.day ?? 0)
    }

    /// `dateComponents([.era, .year, .month, .day, .isLeapMonth], from:)` (summed): what a
    /// conversion to a calendar date reads.
    public func conversionFields(_ seconds: Double) -> Int {
        let c = calendar.dateComponents([.era, .year, .month, .day, .isLeapMonth], from: Date(timeIntervalSince1970: seconds))
        return (c.era ?? 0) &+ (c.year ?? 0) &+ (c.month ?? 0) &+ (c.isLeapMonth == true ? 1 : 0) &+ (c.day ?? 0)
    }

    /// `date(byAdding: .month, value: amount, to:)`.
    public func addMonths(_ amount: Int, to seconds: Double) -> Double {
        calendar.date(byAdding: .month, value: amount, to: Date(timeIntervalSince1970: seconds))!.timeIntervalSince1970
    }
}
