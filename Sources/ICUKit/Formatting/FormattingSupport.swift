internal import CICU
import FoundationEssentials

/// Runs `body` with `text` as UTF-16 (not NUL-terminated); throws for texts past `Int32`.
func withUTF16Text<R>(_ text: String, _ body: (UnsafePointer<UInt16>, Int32) throws(FormattingError) -> R) throws(FormattingError) -> R {
    let units = Array(text.utf16)
    guard units.count < Int(Int32.max) else {
        throw .inputTooLong(InputTooLongError(length: units.count, limit: Int(Int32.max) - 1, unit: "UTF-16 code units"))
    }
    return try units.withUnsafeBufferPointer { (buffer) throws(FormattingError) -> R in
        try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 1) { (empty) throws(FormattingError) -> R in
            try body(buffer.baseAddress ?? UnsafePointer(empty.baseAddress!), Int32(buffer.count))
        }
    }
}

/// What every date formatter resolves first: the locale with the calendar keyword set
/// (and checked), and the canonical time zone.
struct DateSetting {
    let locale: LocaleID
    let zone: String
    /// The calendar asked for (option or `@calendar=` keyword), canonical, if any.
    let calendar: String?

    init(locale: LocaleID, calendar: CalendarSystem?, timeZone: String?, strict: Bool) throws(FormattingError) {
        if strict { try locale.requireKnown(as: FormattingError.self) }
        var effective = locale
        if let calendar { effective = effective.setting("calendar", to: calendar.identifier) }
        if let requested = effective.keywordValue("calendar") {
            // ICU would silently use Gregorian for an unknown calendar.
            guard let canonical = CalendarSystem.canonicalIdentifier(requested) else { throw FormattingError.unknownCalendar(requested) }
            self.calendar = canonical
        } else {
            self.calendar = nil
        }
        if let timeZone {
            guard let canonical = TimeZoneIDs.canonical(timeZone) else { throw FormattingError.unknownTimeZone(timeZone) }
            zone = canonical
        } else {
            zone = TimeZoneIDs.defaultZone
        }
        self.locale = effective
    }

    /// Throws when the calendar ICU opened (`opened`) is not the one asked for.
    func check(opened: String) throws(FormattingError) {
        if let calendar, calendar != opened { throw .unknownCalendar(calendar) }
    }
}

/// Refuses an empty skeleton or one with anything but ASCII letters.
func validateSkeleton(_ template: String) throws(FormattingError) {
    guard !template.isEmpty, template.utf8.count <= 256,
          template.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
    else { throw .invalidSkeleton(template, offset: nil) }
}

extension LocaleID {
    /// This locale with the ICU keyword `keyword` set to `value` (or removed for `nil`).
    func setting(_ keyword: String, to value: String?) -> LocaleID {
        var base = withoutKeyword(keyword)
        if let value {
            base += base.contains("@") ? ";\(keyword)=\(value)" : "@\(keyword)=\(value)"
        }
        return (try? LocaleID(base)) ?? self
    }
}

/// `Date` ↔ ICU's `UDate` (milliseconds since 1970, as a `Double`).
extension Date {
    @inline(__always) var udate: Double { timeIntervalSince1970 * 1000 }
    @inline(__always) init(udate: Double) { self.init(timeIntervalSince1970: udate / 1000) }
}

/// Checks a decimal number string (`-12.50`, `1e-3`, `12345678901234567890.5`) before it
/// reaches ICU, which rejects malformed ones with a syntax error.
func isDecimalNumberString(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    var digits = 0, seenDot = false
    while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
        if byte == UInt8(ascii: ".") {
            if seenDot { return false }
            seenDot = true
        } else if (0x30...0x39).contains(byte) {
            digits += 1
        } else {
            return false
        }
        bytes = bytes.dropFirst()
    }
    guard digits > 0, digits <= 1000 else { return false }
    if bytes.isEmpty { return true }
    bytes = bytes.dropFirst()
    if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    return !bytes.isEmpty && bytes.count <= 6 && bytes.allSatisfy { (0x30...0x39).contains($0) }
}
