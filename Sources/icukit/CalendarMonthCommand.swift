import FoundationEssentials
@_spi(Internals) import ICUKit

struct CalendarMonthCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "month",
        abstract: "Print the month containing DATE as a grid, optionally with a second calendar's day under each day.",
        discussion: """
            With --overlay chinese the lunar day appears under each day (the lunar overlay of \
            calendar apps), with --overlay islamic-umalqura the Hijri day; the first day of an \
            overlay month shows its month code instead (M10, or M04L for a leap month).
            """,
        options: { [dateArgumentOption, calendarOption, overlayOption, firstWeekdayOption, timeZoneOption, EngineOption.option] }
    )

    static let dateArgumentOption = OptionSpec.variadic("date", help: "An ISO date in the month (-0044-03-15 is a value).", unrecognized: true)
    static let calendarOption = OptionSpec.option("calendar", help: "The calendar of the grid.", default: "gregorian")
    static let overlayOption = OptionSpec.option("overlay", help: "A second calendar shown under each day.")
    static let firstWeekdayOption = OptionSpec.integer("first-weekday", help: "First day of the week, 1 = Sunday … 7 = Saturday (default: the calendar's).")
    static let timeZoneOption = OptionSpec.option("time-zone", help: "Time zone (default UTC).")

    var dateArgument: [String]
    var calendar: String
    var overlay: String?
    var firstWeekday: Int?
    var timeZone: String?
    var engine: EngineOption

    init(_ arguments: ParsedArguments) {
        dateArgument = arguments.strings(Self.dateArgumentOption)
        calendar = arguments.string(Self.calendarOption)!
        overlay = arguments.string(Self.overlayOption)
        firstWeekday = arguments.integer(Self.firstWeekdayOption)
        timeZone = arguments.string(Self.timeZoneOption)
        engine = EngineOption(arguments)
    }

    func run() throws {
        var system = try CalendarCommand.system(calendar, timeZone: timeZone, engine: engine)
        if let firstWeekday {
            do { system = try system.withWeekRules(firstWeekday: firstWeekday, minimumDaysInFirstWeek: system.minimumDaysInFirstWeek) }
            catch { throw CLIFailure.usage(error.description) }
        }
        let second = try overlay.map { (id) throws(CLIFailure) in try CalendarCommand.system(id, timeZone: timeZone, engine: engine) }
        let date = try CLI.positionalValues(dateArgument, names: ["DATE"])[0]
        let anchor = try CalendarCommand.instant(date, zone: system)
        CLI.print(try Self.grid(system, anchor: anchor, overlay: second), terminator: "")
    }

    static func grid(_ system: CalendarSystem, anchor: Date, overlay: CalendarSystem?) throws(CLIFailure) -> String {
        do {
            let interval = try system.interval(of: .month, containing: anchor)
            let start = interval.lowerBound.addingTimeInterval(43_200)  // noon avoids DST edges
            let first = try system.calendarDate(for: start)
            let length = try system.numberOfDays(inMonthOf: start)
            let monthName = try system.monthName(for: start), eraName = try system.eraName(for: start)
            var title = "\(monthName) \(first.year) \(eraName)"
            if system.identifier == "gregorian" { title = "\(monthName) \(first.year)" }
            if let overlay {
                let a = try overlay.calendarDate(for: start)
                let lastDay = try system.adding(length - 1, .day, to: start)
                let b = try overlay.calendarDate(for: lastDay)
                let nameA = try overlay.monthName(for: start), nameB = try overlay.monthName(for: lastDay)
                let yearA = a.relatedGregorianYear ?? a.year, yearB = b.relatedGregorianYear ?? b.year
                let span = a.month == b.month && a.isLeapMonth == b.isLeapMonth ? "\(nameA) \(yearA)" : "\(nameA) \(yearA) – \(nameB) \(yearB)"
                title += "  ·  \(overlay.identifier): \(span)"
            }
            let width = 5
            func cell(_ text: String) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
            let names = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]
            var out = title + "\n"
            out += (0..<7).map { cell(names[(system.firstWeekday - 1 + $0) % 7]) }.joined() + "\n"
            var column = (first.weekday - system.firstWeekday + 7) % 7
            var dayLine = String(repeating: " ", count: column * width), overlayLine = dayLine
            for offset in 0..<length {
                let day = try system.adding(offset, .day, to: start)
                let fields = try system.calendarDate(for: day)
                dayLine += cell(String(fields.day))
                if let overlay {
                    let other = try overlay.calendarDate(for: day)
                    overlayLine += cell(other.day == 1 ? other.monthCode : String(other.day))
                }
                column += 1
                if column == 7 || offset == length - 1 {
                    out += dayLine + "\n"
                    if overlay != nil { out += overlayLine + "\n" }
                    dayLine = ""
                    overlayLine = ""
                    column = 0
                }
            }
            return out
        } catch { throw .data(error.description) }
    }
}

/// A diagnostic: ICUKit's month tables against this system's ICU, in a fresh process.
struct CalendarVerifyTablesCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "verify-tables",
        abstract: "Check ICUKit's memoized month tables against ICU on every day of a range (diagnostic).",
        isListed: false,
        options: { [calendarOption, fromOption, throughOption, arithmeticOption] }
    )

    static let calendarOption = OptionSpec.option("calendar", help: "chinese, dangi or islamic-umalqura.", required: true)
    static let fromOption = OptionSpec.option("from", help: "First ISO day.", default: "1900-01-01")
    static let throughOption = OptionSpec.option("through", help: "Last ISO day.", default: "2100-12-31")
    static let arithmeticOption = OptionSpec.flag("arithmetic", help: "Also compare adding ±1 and 13 months.")

    var calendar: String
    var from: String
    var through: String
    var arithmetic: Bool

    init(_ arguments: ParsedArguments) {
        calendar = arguments.string(Self.calendarOption)!
        from = arguments.string(Self.fromOption)!
        through = arguments.string(Self.throughOption)!
        arithmetic = arguments.flag(Self.arithmeticOption)
    }

    func run() throws {
        // The memoized tables of ICU's own answers, against ICU.
        let base = try CalendarCommand.system(calendar, timeZone: nil), system: CalendarSystem
        do { system = try base.withReckoning(.icu) } catch { throw CLIFailure.usage(error.description) }
        guard let a = ISODay.parse(from), let b = ISODay.parse(through) else { throw CLIFailure.usage("bad --from/--through") }
        let differences = try system.differencesFromICU(
            firstDay: ISODay.days(year: a.year, month: a.month, day: a.day), lastDay: ISODay.days(year: b.year, month: b.month, day: b.day),
            monthArithmetic: arithmetic)
        for line in differences { CLI.print(line) }
        CLI.print("\(differences.count) differences")
    }
}
