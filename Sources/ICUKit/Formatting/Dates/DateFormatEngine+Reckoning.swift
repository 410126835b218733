internal import CICU
import FoundationEssentials

extension DateFormatEngine {
    /// What a field of the pattern shows: the calendar's year, month or day (taken from the
    /// corrected date), or anything else (weekday, time, zone: the instant's own).
    private enum FieldSource { case year, month, day, instant }

    private static func source(of field: Int32) -> FieldSource {
        switch field {
        case Int32(UDAT_ERA_FIELD), Int32(UDAT_YEAR_FIELD), Int32(UDAT_YEAR_WOY_FIELD), Int32(UDAT_EXTENDED_YEAR_FIELD),
             Int32(UDAT_YEAR_NAME_FIELD), Int32(UDAT_RELATED_YEAR_FIELD): .year
        case Int32(UDAT_MONTH_FIELD), Int32(UDAT_STANDALONE_MONTH_FIELD), Int32(UDAT_QUARTER_FIELD),
             Int32(UDAT_STANDALONE_QUARTER_FIELD): .month
        case Int32(UDAT_DATE_FIELD), Int32(UDAT_DAY_OF_YEAR_FIELD), Int32(UDAT_DAY_OF_WEEK_IN_MONTH_FIELD),
             Int32(UDAT_WEEK_OF_YEAR_FIELD), Int32(UDAT_WEEK_OF_MONTH_FIELD): .day
        default: .instant
        }
    }

    /// The text of `udate` with the corrected calendar's fields where they differ from ICU's
    /// (see ``CalendarSystem/Reckoning``), or `nil` where they agree and ICU's text is right.
    ///
    /// ICU formats only the fields it computes itself. So the year, month and day fields are
    /// taken from ICU's text for the instant at which ICU has the corrected date (or, for a leap
    /// month ICU puts elsewhere, from instants with the same year, the same month name and the
    /// same day), and every other field — weekday, time of day, zone — from the instant's own.
    func correctedFormat(_ udate: Double, _ correction: CalendarSystem) throws(FormattingError) -> String? {
        let exact = correction.icuInstant(udate)
        if exact == udate { return nil }
        let sources: [FieldSource: Double]
        if let exact {
            sources = [.year: exact, .month: exact, .day: exact]
        } else {
            let month = correction.icuNamingInstant(udate, monthName: true)
            let day = (try? correction.calendarDate(for: Date(timeIntervalSince1970: udate / 1000)).day) ?? 1
            sources = [.year: correction.icuNamingInstant(udate, monthName: false), .month: month,
                       .day: month + Double(day - 1) * 86_400_000]
        }
        return try FormattingError.wrapping { () throws(ICUError) -> String? in
            try pool.withHandle { (handle) throws(ICUError) -> String? in
                let own = try ICU.udat_formatForFields(handle, udate)
                var texts: [Double: (text: [UInt16], fields: [(field: Int32, range: Range<Int>)])] = [:]
                var out: [UInt16] = []
                var cursor = 0
                for (index, field) in own.fields.enumerated() {
                    guard let instant = sources[Self.source(of: field.field)] else { continue }
                    if texts[instant] == nil { texts[instant] = try ICU.udat_formatForFields(handle, instant) }
                    guard let other = texts[instant], index < other.fields.count, other.fields[index].field == field.field,
                          field.range.lowerBound >= cursor else { return nil }
                    out += own.text[cursor..<field.range.lowerBound]
                    out += other.text[other.fields[index].range]
                    cursor = field.range.upperBound
                }
                out += own.text[cursor...]
                return String(decoding: out, as: UTF16.self)
            }
        }
    }
}
