// TEMPORARY: replaced by Calendars/CalendarSystem.swift when the calendar branch merges.
public struct CalendarSystem: Sendable, Hashable {
    public let identifier: String
    public init(_ identifier: String) throws(DateFormatError) {
        let known = ["gregorian", "iso8601", "buddhist", "chinese", "dangi", "coptic", "ethiopic", "ethiopic-amete-alem", "hebrew", "indian", "islamic", "islamic-civil", "islamic-tbla", "islamic-umalqura", "islamic-rgsa", "japanese", "persian", "roc"]
        guard known.contains(identifier) else { throw .unknownCalendar(identifier) }
        self.identifier = identifier
    }
}
