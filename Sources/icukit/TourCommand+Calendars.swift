import FoundationEssentials
@_spi(Internals) import ICUKit

extension TourCommand {
    /// Today in six calendars, the next Ramadan and Chinese New Year, an unknown calendar
    /// refused, and a month grid with the lunar overlay.
    func calendarTour() throws {
        CLI.print("\n== Calendars: icukit calendar convert | from | add | diff | month ==\n")
        let today = ISODay.date(year: 2026, month: 11, day: 22).addingTimeInterval(43_200)
        for id in ["islamic-umalqura", "chinese", "hebrew", "japanese", "persian", "ethiopic-amete-alem"] {
            let system = try CalendarSystem(id)
            CLI.print("  " + CalendarCommand.text("2026-11-22", try system.calendarDate(for: today), system: system, date: today))
        }
        let hijri = try CalendarSystem("islamic-umalqura")
        if let ramadan = try hijri.nextDate(after: today, month: 9, day: 1) {
            CLI.print("  next 1 Ramadan: \(ISODay.string(for: ramadan)), in \(try hijri.difference(from: today, to: ramadan, in: .day)) days")
        }
        let chinese = try CalendarSystem("chinese")
        if let newYear = try chinese.nextDate(after: today, month: 1, day: 1) {
            CLI.print("  next Chinese New Year: \(ISODay.string(for: newYear)) (\(try chinese.calendarDate(for: newYear).sexagenaryYear ?? ""))")
        }
        CLI.print("  unknown calendar \"ethiopian\": \((try? CalendarSystem("ethiopian")) == nil ? "refused (ICU would silently use gregorian)" : "accepted")")
        CLI.print("")
        CLI.print(try CalendarMonthCommand.grid(try CalendarSystem("gregorian"), anchor: today, overlay: chinese), terminator: "")
    }
}
