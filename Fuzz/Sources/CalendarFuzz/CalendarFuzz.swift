// CalendarFuzz: arbitrary calendar identifiers, time zones, fields, amounts and instants
// (including NaN, infinities and the ends of ICU's range) through CalendarSystem.
//
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - CalendarSystem(identifier) either throws CalendarError or yields a known identifier;
// - a strict date(era:year:month:…) that succeeds reads back with the same month, leap
//   flag and day (and era and year when an era was given);
// - calendarDate(for:) of a successful result succeeds;
// - arithmetic, differences, intervals, lengths, names and nextDate either return or
//   throw CalendarError (never crash or hang); an interval contains its instant.
import FoundationEssentials
import FuzzSupport
import ICUKit

/// Reads little-endian integers of the widths the input chooses.
struct Reader {
    var bytes: ArraySlice<UInt8>
    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }
    mutating func int() -> Int {
        let width = Int(byte() % 5)  // 0: small, 1: 8-bit, 2: 16-bit, 3: 32-bit, 4: 64-bit
        switch width {
        case 0: return Int(Int8(bitPattern: byte())) % 16
        case 1: return Int(Int8(bitPattern: byte()))
        case 2: return Int(Int16(bitPattern: UInt16(byte()) | UInt16(byte()) << 8))
        case 3: return Int(Int32(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(byte()) << UInt32(8 * $1) }))
        default: return Int(bitPattern: UInt((0..<8).reduce(UInt64(0)) { $0 | UInt64(byte()) << UInt64(8 * $1) }))
        }
    }
    mutating func instant() -> Date {
        let special: [Double] = [.nan, .infinity, -.infinity, 0, -184_303_902_528_000, 183_882_168_921_600, -184_303_902_528_001,
                                 183_882_168_921_601, 1e300, -62_135_596_800, 4_102_444_800, 1_700_000_000]
        let pick = byte()
        if pick < 64 { return Date(timeIntervalSince1970: special[Int(pick) % special.count]) }
        if pick < 128 { return Date(timeIntervalSince1970: Double(int()) * 86_400 / 7) }
        return Date(timeIntervalSince1970: Double(bitPattern: UInt64(bitPattern: Int64(int()))))
    }
}

let zones = ["UTC", "America/New_York", "Asia/Riyadh", "Asia/Shanghai", "Pacific/Apia", "Australia/Lord_Howe", "GMT+05:30", "Foo/Bar", ""]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 2 else { return 0 }
    var input = Reader(bytes: ArraySlice(UnsafeBufferPointer(start: data, count: size)))
    let op = input.byte() % 8

    if op == 0 {
        let name = String(decoding: input.bytes, as: UTF8.self)
        do {
            let system = try CalendarSystem(name)
            expect(CalendarSystem.knownIdentifiers.contains(system.identifier), "unknown identifier accepted: \(system.identifier)")
        } catch {
            let _: CalendarError = error
        }
        _ = CalendarSystem.isKnownTimeZone(name)
        return 0
    }

    let identifier = CalendarSystem.knownIdentifiers[Int(input.byte()) % CalendarSystem.knownIdentifiers.count]
    let zone = zones[Int(input.byte()) % zones.count]
    let system: CalendarSystem
    do {
        system = try CalendarSystem(identifier, timeZone: zone, firstWeekday: input.byte() % 3 == 0 ? input.int() : nil,
                                    minimumDaysInFirstWeek: input.byte() % 3 == 0 ? input.int() : nil)
    } catch {
        return 0
    }
    let fields = CalendarField.allCases

    switch op {
    case 1, 2:
        let useEra = input.byte() % 2 == 0
        let era = input.int(), year = input.int(), month = input.int(), day = input.int(), leap = input.byte() % 4 == 0
        let hour = input.byte() % 4 == 0 ? input.int() : 0
        do {
            let date = try system.date(era: useEra ? era : nil, year: year, month: month, isLeapMonth: leap, day: day,
                                       hour: hour, lenient: op == 2)
            let back = try system.calendarDate(for: date)
            if op == 1 {
                expect(back.month == month && back.day == day, "\(identifier) \(year)-\(month)-\(day) read back as \(back)")
                expect(back.isLeapMonth == (leap || (identifier == "hebrew" && month == 6)), "\(identifier) leap flag lost: \(back)")
                if useEra { expect(back.era == era && back.year == year, "\(identifier) era \(era) year \(year) read back as \(back)") }
            }
        } catch {
            let _: CalendarError = error
        }
    case 3:
        let date = input.instant(), field = fields[Int(input.byte()) % fields.count], amount = input.int()
        _ = try? system.adding(amount, field, to: date)
        _ = try? system.rolling(amount, field, in: date)
    case 4:
        let a = input.instant(), b = input.instant(), field = fields[Int(input.byte()) % fields.count]
        // ICU 72's Umm al-Qura calendar walks years one by one (10 CPU s for one difference
        // 5.8 million years ahead): ICUKit throws from the year 10000 on
        // (Fuzz/regressions/CalendarFuzz/islamic-field-difference-far-instants).
        _ = try? system.difference(from: a, to: b, in: field)
    case 5:
        let date = input.instant(), field = fields[Int(input.byte()) % fields.count]
        if let interval = try? system.interval(of: field, containing: date) {
            expect(interval.contains(date), "\(identifier) interval \(interval) misses \(date)")
        }
        _ = try? system.numberOfDays(inMonthOf: date)
        _ = try? system.numberOfDays(inYearOf: date)
        _ = try? system.numberOfMonths(inYearOf: date)
        _ = try? system.nextDate(after: date, month: input.int(), isLeapMonth: input.byte() % 2 == 0, day: input.int(), searchYears: 30)
    case 6:
        let date = input.instant()
        if let fields = try? system.calendarDate(for: date) {
            _ = fields.monthCode
            _ = fields.sexagenaryYear
            _ = try? system.date(from: fields)
        }
    default:
        let date = input.instant()
        _ = try? system.monthName(for: date)
        _ = try? system.eraName(for: date)
    }
    return 0
}
