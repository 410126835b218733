internal import CICU
import FoundationEssentials
import Synchronization

/// Formats single calendar fields (era, month names) with an ICU date format per
/// (calendar, locale, pattern), opened once and used under a lock.
final class CalendarNameFormatter: @unchecked Sendable {
    private struct Handle: @unchecked Sendable { let format: UnsafeMutablePointer<UnsafeMutableRawPointer?> }
    private let handle: Mutex<Handle>

    private struct Key: Hashable { let calendar: String, locale: String, pattern: String }
    private static let cache = ConfigurationCache<Key, CalendarNameFormatter>(limit: 256)

    static func shared(calendar: String, locale: String, pattern: String) throws(CalendarError) -> CalendarNameFormatter {
        let key = Key(calendar: calendar, locale: locale, pattern: pattern)
        return try cache.value(for: key) { () throws(CalendarError) in try CalendarNameFormatter(key) }
    }

    private init(_ key: Key) throws(CalendarError) {
        var status = U_ZERO_ERROR
        let locale = key.locale + (key.locale.contains("@") ? ";" : "@") + "calendar=" + key.calendar
        let pattern = Array(key.pattern.utf16), zone = Array("UTC".utf16)
        let opened = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zone, Int32(zone.count), pattern, Int32(pattern.count), &status)
        guard let opened, !status.isFailure else {
            if let opened { udat_close(opened) }
            throw .icu(ICUError(status.isFailure ? status : U_INTERNAL_PROGRAM_ERROR, operation: "udat_open"))
        }
        handle = Mutex(Handle(format: opened))
    }

    deinit { handle.withLock { udat_close($0.format) } }

    /// Formats the fields of `calendar` (its time and zone already set).
    func format(_ calendar: UCalendarHandle) throws(CalendarError) -> String {
        let result: Result<String, ICUError> = handle.withLock { handle in
            Result { () throws(ICUError) -> String in
                var buffer = [UInt16](repeating: 0, count: 64)
                var status = U_ZERO_ERROR
                var length = udat_formatCalendarForFields(UnsafeMutablePointer<UnsafeRawPointer?>(OpaquePointer(handle.format)),
                                                          calendar, &buffer, 64, nil, &status)
                if status == U_BUFFER_OVERFLOW_ERROR, length > 64 {
                    buffer = [UInt16](repeating: 0, count: Int(length))
                    status = U_ZERO_ERROR
                    length = udat_formatCalendarForFields(UnsafeMutablePointer<UnsafeRawPointer?>(OpaquePointer(handle.format)),
                                                          calendar, &buffer, length, nil, &status)
                }
                try status.check("udat_formatCalendarForFields")
                return String(decoding: buffer[..<Int(min(length, Int32(buffer.count)))], as: UTF16.self)
            }
        }
        switch result {
        case .success(let text): return text
        case .failure(let error): throw .icu(error)
        }
    }
}

extension CalendarSystem {
    /// The name of the month of `date` as ICU's locale data spells it in this calendar:
    /// `"Ramadan"`, `"Adar II"`, `"Second Month"` (a Chinese leap month as ICU's locale
    /// pattern marks it).
    ///
    /// ```swift
    /// try CalendarSystem("hebrew").monthName(for: date)                       // "Adar I"
    /// try CalendarSystem("chinese").monthName(for: date, locale: LocaleID("zh")) // "闰二月"
    /// ```
    /// - Parameters:
    ///   - date: The instant whose month is named (in this calendar's time zone).
    ///   - locale: The language of the name; English by default.
    /// The corresponding C functions are `udat_open` (pattern `MMMM`) and `udat_formatCalendarForFields`.
    public func monthName(for date: Date, locale: LocaleID? = nil) throws(CalendarError) -> String {
        try formatField(date, pattern: "MMMM", locale: locale)
    }

    /// The name of the era of `date`: `"AH"`, `"AM"`, `"Reiwa"` (`"令和"` in Japanese).
    /// In Chinese and Dangi, ICU names the era by its 60-year cycle number.
    /// The corresponding C functions are `udat_open` (pattern `G`) and `udat_formatCalendarForFields`.
    public func eraName(for date: Date, locale: LocaleID? = nil) throws(CalendarError) -> String {
        try formatField(date, pattern: "G", locale: locale)
    }

    func formatField(_ date: Date, pattern: String, locale: LocaleID?) throws(CalendarError) -> String {
        let millis = try Self.millis(date)
        let formatter = try CalendarNameFormatter.shared(
            calendar: identifier, locale: (locale?.identifier).map { $0.isEmpty ? "root" : $0 } ?? "en", pattern: pattern)
        return try engine.withCalendar { (cal) throws(CalendarError) -> String in
            var status = U_ZERO_ERROR
            ucal_setMillis(cal, millis, &status)
            return try formatter.format(cal)
        }
    }
}

/// One era of ICU's Japanese calendar, from Taika (645) to Reiwa (2019).
///
/// ```swift
/// let reiwa = CalendarSystem.japaneseEras.last!
/// (reiwa.name, reiwa.nativeName)                            // ("Reiwa", "令和")
/// (reiwa.startYear, reiwa.startMonth, reiwa.startDay)       // (2019, 5, 1)
/// ```
public struct JapaneseEra: Sendable, Hashable, CustomStringConvertible {
    /// ICU's era number (the `era` of a Japanese ``CalendarDate``): 0 = Taika … 236 = Reiwa.
    public let index: Int
    /// The English name, such as `"Meiji"`.
    public let name: String
    /// The Japanese name, such as `"明治"`.
    public let nativeName: String
    /// The first day of the era (proleptic Gregorian; see ARCHITECTURE.md for eras before 1873).
    public let startYear: Int, startMonth: Int, startDay: Int
    /// The era's first instant, midnight UTC.
    public let start: Date

    public var description: String { "\(name) (\(nativeName)) from \(startYear)-\(startMonth)-\(startDay)" }
}

extension CalendarSystem {
    /// Every era of ICU's Japanese calendar in order, with its start; the last five are the
    /// modern eras Meiji, Taishō, Shōwa, Heisei and Reiwa (``modernJapaneseEras``).
    /// The start of each era is where ICU itself puts it (year 1 of the era with ICU's
    /// default month and day). The corresponding C functions are `ucal_set` and `ucal_getMillis`.
    public static let japaneseEras: [JapaneseEra] = {
        guard let japanese = try? CalendarSystem("japanese"), let gregorian = try? CalendarSystem("gregorian") else { return [] }
        var eras: [JapaneseEra] = []
        for index in japanese.engine.eraRange {
            let millis: Double = japanese.engine.withCalendar { cal in
                var status = U_ZERO_ERROR
                ucal_clear(cal)
                ucal_set(cal, UCAL_ERA, Int32(index))
                ucal_set(cal, UCAL_YEAR, 1)
                return ucal_getMillis(cal.readOnly, &status)
            }
            let start = Date(timeIntervalSince1970: millis / 1000)
            guard let fields = try? gregorian.calendarDate(for: start) else { continue }
            let name = (try? japanese.eraName(for: start)) ?? ""
            let native = (try? japanese.formatField(start, pattern: "G", locale: try? LocaleID("ja"))) ?? ""
            eras.append(JapaneseEra(index: index, name: name, nativeName: native, startYear: fields.era == 0 ? 1 - fields.year : fields.year,
                                    startMonth: fields.month, startDay: fields.day, start: start))
        }
        return eras
    }()

    /// Meiji (1868), Taishō (1912), Shōwa (1926), Heisei (1989) and Reiwa (2019).
    public static var modernJapaneseEras: [JapaneseEra] { Array(japaneseEras.suffix(5)) }
}
