import FoundationEssentials

extension DateRangeEngine {
    /// The text of the interval with the corrected calendar's fields where they differ from
    /// ICU's (see ``CalendarSystem/Reckoning``), or `nil` where both ends agree and ICU's text
    /// is right.
    ///
    /// ICU formats only the fields it computes itself, so the interval is formatted at the
    /// instants where ICU has the corrected dates (with the same time of day): the locale's
    /// interval pattern and names stay ICU's. A skeleton showing the weekday (which those
    /// instants do not share), or an end whose corrected month or day ICU's year lacks, gets
    /// the two ends' corrected dates joined by an en dash.
    func correctedFormat(_ start: Double, _ end: Double, _ correction: CalendarSystem) throws(FormattingError) -> String? {
        let icuStart = correction.icuInstant(start), icuEnd = correction.icuInstant(end)
        if icuStart == start && icuEnd == end { return nil }
        if let icuStart, let icuEnd, !configuration.template.contains(where: { "Eceg".contains($0) }) {
            return try icuFormat(icuStart, icuEnd)
        }
        let formatter = try DateTimeFormatter(template: configuration.template, locale: configuration.locale,
                                              timeZone: configuration.timeZone, context: configuration.context)
        let first = try formatter.format(Date(udate: start)), second = try formatter.format(Date(udate: end))
        return first == second ? first : first + "\u{2009}–\u{2009}" + second
    }
}
