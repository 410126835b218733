internal import CICU
import FoundationEssentials

/// Formats single calendar fields (era, month names) with an ICU date format per
/// (calendar, locale, pattern), opened once and used under a lock.
final class CalendarNameFormatter: Sendable {
    private let format: LockedHandle

    private struct Key: Hashable { let calendar: String, locale: String, pattern: String }
    private static let cache = ConfigurationCache<Key, CalendarNameFormatter>(limit: 256)

    static func shared(calendar: String, locale: String, pattern: String) throws(CalendarError) -> CalendarNameFormatter {
        let key = Key(calendar: calendar, locale: locale, pattern: pattern)
        return try cache.value(for: key) { () throws(CalendarError) in try CalendarNameFormatter(key) }
    }

    private init(_ key: Key) throws(CalendarError) {
        let locale = key.locale + (key.locale.contains("@") ? ";" : "@") + "calendar=" + key.calendar
        let pattern = Array(key.pattern.utf16), zone = Array("UTC".utf16)
        let opened = try CalendarError.wrapping { () throws(ICUError) in try ICU.udat_open(locale, zone: zone, pattern: pattern) }
        format = LockedHandle(opened) { udat_close($0) }
    }

    /// Formats the fields of `calendar` (its time and zone already set).
    func format(_ calendar: UCalendarHandle) throws(CalendarError) -> String {
        try CalendarError.wrapping { () throws(ICUError) in try format.withHandle { (format) throws(ICUError) -> String in try ICU.udat_formatCalendarForFields(format, calendar) } }
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
        let monthName = pattern == "MMMM"
        let formatter = try CalendarNameFormatter.shared(
            calendar: identifier, locale: (locale?.identifier).map { $0.isEmpty ? "root" : $0 } ?? "en", pattern: pattern)
        // A corrected date: fields from the table, to compare with ICU's own.
        let corrected = context.icuTable == nil || !(monthName || pattern == "G") ? nil : table.flatMap { tableDate($0, millis: millis) }
        return try engine.withCalendar { (cal) throws(CalendarError) -> String in
            // Cannot fail: `millis` is in range and the calendar is lenient.
            try? ICU.ucal_setMillis(cal, millis)
            // Where ICU's own calendar has the fields that decide the name (the year and the
            // month, or the year and the era) at this instant, ICU names it the way the corrected
            // date is named; elsewhere, an instant ICU names the same way (which maps the date
            // onto ICU's month table: ICU 72 computes each Chinese year's new moons to fill it).
            if let corrected, Self.icuAgrees(cal, with: corrected, monthName: monthName, isHebrew: isHebrew) {
                return try formatter.format(cal)
            }
            let naming = icuNamingInstant(millis, monthName: monthName)
            if naming != millis { try? ICU.ucal_setMillis(cal, naming) }
            return try formatter.format(cal)
        }
    }

    /// Whether ICU's fields at the calendar's time have the year and month (`monthName`) or the
    /// year and era of `fields`.
    private static func icuAgrees(_ cal: UCalendarHandle, with fields: CalendarDate, monthName: Bool, isHebrew: Bool) -> Bool {
        let c = cal
        func get(_ field: Int32) -> Int? { (try? ICU.ucal_get(c, field)).map(Int.init) }
        guard get(UCAL_EXTENDED_YEAR) == fields.extendedYear else { return false }
        if !monthName { return get(UCAL_ERA) == fields.era }
        guard let icuMonth = get(UCAL_MONTH), let leap = get(UCAL_IS_LEAP_MONTH) else { return false }
        return icuMonth + 1 == fields.month && (leap != 0 || (isHebrew && icuMonth == 5)) == fields.isLeapMonth
    }
}
