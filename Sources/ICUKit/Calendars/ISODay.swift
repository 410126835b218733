import FoundationEssentials

/// Proleptic Gregorian (ISO 8601) calendar days, computed arithmetically.
///
/// ICU's `gregorian` calendar switches to the Julian calendar before 15 October 1582, as
/// Foundation's does; ISO 8601 dates (the CLI's `YYYY-MM-DD`, the reference data) are
/// proleptic Gregorian. These helpers convert between the two without ICU.
///
/// ```swift
/// ISODay.date(year: 622, month: 7, day: 19)    // the Islamic civil epoch, midnight UTC
/// ISODay.string(for: date)                      // "2026-11-22"
/// ```
@_spi(Internals) public enum ISODay {
    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian (year, month, day) of a day count since 1970-01-01.
    public static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Midnight UTC of a proleptic Gregorian date.
    public static func date(year: Int, month: Int, day: Int) -> Date {
        Date(timeIntervalSince1970: Double(days(year: year, month: month, day: day)) * 86_400)
    }

    /// Parses `YYYY-MM-DD` (also `-YYYY` and `+YYYYY` years); `nil` if malformed or invalid.
    public static func parse(_ text: some StringProtocol) -> (year: Int, month: Int, day: Int)? {
        if let parsed = text.utf8.withContiguousStorageIfAvailable({ parse(utf8: $0) }) { return parsed }
        var copy = String(text)
        return copy.withUTF8 { parse(utf8: $0) }
    }

    /// ``parse(_:)`` of UTF-8 bytes.
    public static func parse(utf8: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
        // The common shape first: YYYY-MM-DD, ten bytes.
        if utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-") {
            @inline(__always) func digit(_ i: Int) -> Int { Int(utf8[i] &- UInt8(ascii: "0")) }
            if (0..<10).allSatisfy({ $0 == 4 || $0 == 7 || utf8[$0] &- UInt8(ascii: "0") < 10 }) {
                return validated(year: ((digit(0) * 10 + digit(1)) * 10 + digit(2)) * 10 + digit(3),
                                 month: digit(5) * 10 + digit(6), day: digit(8) * 10 + digit(9))
            }
        }
        // [+-]YYYY[YYY]-MM-DD, ASCII digits only; three counters, no array.
        var bytes = utf8[...]
        var sign = 1
        if bytes.first == UInt8(ascii: "-") { sign = -1; bytes = bytes.dropFirst() } else if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        var year = 0, month = 0, day = 0, length = 0
        var part = 0
        for byte in bytes {
            if byte == UInt8(ascii: "-") {
                guard part < 2, length >= (part == 0 ? 4 : 2) else { return nil }
                part += 1
                length = 0
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                guard length < (part == 0 ? 7 : 2) else { return nil }
                let digit = Int(byte &- UInt8(ascii: "0"))
                switch part {
                case 0: year = year * 10 + digit
                case 1: month = month * 10 + digit
                default: day = day * 10 + digit
                }
                length += 1
            } else {
                return nil
            }
        }
        guard part == 2, length == 2 else { return nil }
        return validated(year: sign * year, month: month, day: day)
    }

    /// The date if `month` and `day` exist in `year`.
    @inline(__always)
    private static func validated(year: Int, month: Int, day: Int) -> (year: Int, month: Int, day: Int)? {
        guard (1...12).contains(month), day >= 1 else { return nil }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let monthLength = month == 2 ? (leap ? 29 : 28) : month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31
        guard day <= monthLength else { return nil }
        return (year, month, day)
    }

    /// `YYYY-MM-DD` of the UTC day containing `date` (with the given offset in seconds).
    public static func string(for date: Date, utcOffsetSeconds: Int = 0) -> String {
        let seconds = (date.timeIntervalSince1970 + Double(utcOffsetSeconds)).rounded(.down)
        let days = Int((seconds / 86_400).rounded(.down))
        return string(year: civil(days: days).year, month: civil(days: days).month, day: civil(days: days).day)
    }

    /// `YYYY-MM-DD` (`-YYYY-…` before year 0, at least four digits).
    public static func string(year: Int, month: Int, day: Int) -> String {
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return (year < 0 ? "-" : "") + pad(abs(year), 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }
}
