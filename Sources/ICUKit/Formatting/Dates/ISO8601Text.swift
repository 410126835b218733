internal import CICU
import FoundationEssentials

/// ISO 8601 instants as text, in the proleptic Gregorian calendar (as ISO 8601, POSIX
/// and most tools count; ICU's own Gregorian calendar switches to Julian before 1582).
///
/// ```swift
/// let date = try ISO8601Text.parse("2026-06-03T17:07:00+02:00")
/// ISO8601Text.string(from: date)                                // "2026-06-03T15:07:00Z"
/// try ISO8601Text.parse("2026-06-03", timeZone: "Asia/Tokyo")   // midnight in Tokyo
/// ```
public enum ISO8601Text {
    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, `…:SS`, `…:SS.fff` (a space may replace
    /// the `T`), with `Z` or an offset (`+02:00`, `+0200`, `+02`); without one the time is
    /// local wall time in `timeZone` (ICU's zone data; for a repeated hour the earlier,
    /// for a skipped hour the later reading). Years may have a sign and up to six digits.
    /// - Throws: ``FormattingError/unparseable(_:byteOffset:)`` at the first byte that
    ///   does not fit, ``FormattingError/unknownTimeZone(_:)``.
    public static func parse(_ text: String, timeZone: String = "UTC") throws(FormattingError) -> Date {
        var scanner = Scanner(bytes: Array(text.utf8))
        func fail() -> FormattingError { .unparseable(text, byteOffset: scanner.position) }
        scanner.skipSpaces()
        var sign: Int64 = 1
        if scanner.take(UInt8(ascii: "-")) { sign = -1 } else { _ = scanner.take(UInt8(ascii: "+")) }
        guard let year = scanner.number(minDigits: 4, maxDigits: 6), scanner.take(UInt8(ascii: "-")),
              let month = scanner.number(minDigits: 2, maxDigits: 2), (1...12).contains(month), scanner.take(UInt8(ascii: "-"))
        else { throw fail() }
        let dayStart = scanner.position
        guard let day = scanner.number(minDigits: 2, maxDigits: 2) else { throw fail() }
        let signedYear = sign * year
        guard (1...daysInMonth(signedYear, month)).contains(day) else { scanner.position = dayStart; throw fail() }
        var milliseconds: Int64 = 0
        if scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")) || (scanner.peekDigitAfterSpace() && scanner.take(UInt8(ascii: " "))) {
            guard let hour = scanner.number(minDigits: 2, maxDigits: 2), hour < 24, scanner.take(UInt8(ascii: ":")),
                  let minute = scanner.number(minDigits: 2, maxDigits: 2), minute < 60
            else { throw fail() }
            var second: Int64 = 0, fraction: Int64 = 0
            if scanner.take(UInt8(ascii: ":")) {
                guard let s = scanner.number(minDigits: 2, maxDigits: 2), s < 60 else { throw fail() }
                second = s
                if scanner.take(UInt8(ascii: ".")) || scanner.take(UInt8(ascii: ",")) {
                    let start = scanner.position
                    guard let digits = scanner.number(minDigits: 1, maxDigits: 9) else { throw fail() }
                    let count = scanner.position - start
                    fraction = count >= 3 ? digits / pow10(count - 3) : digits * pow10(3 - count)
                }
            }
            milliseconds = ((hour * 60 + minute) * 60 + second) * 1000 + fraction
        }
        var offset: Int64? = nil
        if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) {
            offset = 0
        } else if let signByte = scanner.peek(), signByte == UInt8(ascii: "+") || signByte == UInt8(ascii: "-") {
            scanner.position += 1
            guard let hours = scanner.number(minDigits: 2, maxDigits: 2), hours <= 18 else { throw fail() }
            var minutes: Int64 = 0
            let colon = scanner.take(UInt8(ascii: ":"))
            if let m = scanner.number(minDigits: 2, maxDigits: 2), m < 60 { minutes = m } else if colon { throw fail() }
            offset = (signByte == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes) * 60_000
        }
        scanner.skipSpaces()
        guard scanner.atEnd else { throw fail() }
        let local = daysFromCivil(signedYear, month, day) * 86_400_000 + milliseconds
        if let offset { return Date(udate: Double(local - offset)) }
        return Date(udate: Double(local) - (try zoneOffset(atLocal: Double(local), timeZone: timeZone)))
    }

    /// `2026-06-03T15:07:00Z` in UTC, with `.SSS` when there are milliseconds, and
    /// six-digit signed years outside 0000–9999.
    public static func string(from date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (days, dayMillis) = millis.quotientAndRemainderFloored(by: 86_400_000)
        let (year, month, day) = civilFromDays(days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var yearText = String(abs(year))
        if (0...9999).contains(year) {
            yearText = String(repeating: "0", count: 4 - yearText.count) + yearText
        } else {
            yearText = (year < 0 ? "-" : "+") + String(repeating: "0", count: max(0, 6 - yearText.count)) + yearText
        }
        let seconds = dayMillis / 1000
        var text = "\(yearText)-\(two(month))-\(two(day))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
        if dayMillis % 1000 != 0 {
            let ms = String(dayMillis % 1000)
            text += "." + String(repeating: "0", count: 3 - ms.count) + ms
        }
        return text + "Z"
    }

    /// The zone's offset (raw + DST) in milliseconds for a local wall time.
    static func zoneOffset(atLocal local: Double, timeZone: String) throws(FormattingError) -> Double {
        guard let zone = TimeZoneIDs.canonical(timeZone) else { throw .unknownTimeZone(timeZone) }
        if zone == "Etc/UTC" || zone == "Etc/GMT" { return 0 }
        let units = Array(zone.utf16)
        let (raw, dst) = try FormattingError.wrapping { () throws(ICUError) in
            let calendar = try units.withUnsafeBufferPointer { (units) throws(ICUError) in
                try ICU.ucal_open(units, "en_US_POSIX", UCAL_GREGORIAN, operation: "ucal_open(\(zone))")
            }
            defer { ucal_close(calendar) }
            do throws(ICUError) {
                try ICU.ucal_setMillis(calendar, local)
                return try ICU.ucal_getTimeZoneOffsetFromLocal(calendar, UCAL_TZ_LOCAL_FORMER, UCAL_TZ_LOCAL_FORMER)
            } catch {
                throw error.reported(as: "ucal_getTimeZoneOffsetFromLocal")
            }
        }
        return Double(raw) + Double(dst)
    }

    // Proleptic Gregorian day arithmetic, shared with the calendars (ISODay).
    static func daysFromCivil(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        Int64(ISODay.days(year: Int(year), month: Int(month), day: Int(day)))
    }

    static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let civil = ISODay.civil(days: Int(days))
        return (Int64(civil.year), Int64(civil.month), Int64(civil.day))
    }

    static func daysInMonth(_ year: Int64, _ month: Int64) -> Int64 {
        let next = month == 12 ? daysFromCivil(year + 1, 1, 1) : daysFromCivil(year, month + 1, 1)
        return next - daysFromCivil(year, month, 1)
    }

    private static func pow10(_ n: Int) -> Int64 { (0..<n).reduce(1) { value, _ in value * 10 } }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var atEnd: Bool { position == bytes.count }
        func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }
        mutating func take(_ byte: UInt8) -> Bool {
            guard peek() == byte else { return false }
            position += 1
            return true
        }
        mutating func skipSpaces() { while peek() == 0x20 || peek() == 0x09 { position += 1 } }
        func peekDigitAfterSpace() -> Bool {
            position + 1 < bytes.count && bytes[position] == 0x20 && (0x30...0x39).contains(bytes[position + 1])
        }
        mutating func number(minDigits: Int, maxDigits: Int) -> Int64? {
            var value: Int64 = 0, count = 0
            while count < maxDigits, let byte = peek(), (0x30...0x39).contains(byte) {
                value = value * 10 + Int64(byte - 0x30)
                position += 1
                count += 1
            }
            return count >= minDigits ? value : nil
        }
    }
}

private extension Int64 {
    func quotientAndRemainderFloored(by divisor: Int64) -> (Int64, Int64) {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        return r < 0 ? (q - 1, r + divisor) : (q, r)
    }
}
