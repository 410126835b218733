import FoundationEssentials
@_spi(Internals) import ICUKit

struct CalendarConvertCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "convert",
        abstract: "Convert ISO dates to a calendar (json by default).",
        discussion: """
            json: {"date","calendar","era","eraName","year","month","isLeapMonth","day",\
            "extendedYear","monthName"}, one line per DATE (names in English).
            """,
        options: { [toOption, timeZoneOption, EngineOption.option, FormatOption<CalendarOutputFormat>.option, dateArgumentsOption] }
    )

    static let toOption = OptionSpec.option("to", help: "The target calendar.", required: true)
    static let timeZoneOption = OptionSpec.option("time-zone", help: "Time zone of the dates (default UTC).")
    static let dateArgumentsOption = OptionSpec.variadic("dates", help: "ISO dates YYYY-MM-DD (-0044-03-15 is a value); none or - reads one per stdin line.", unrecognized: true)

    var to: String
    var timeZone: String?
    var engine: EngineOption
    var output: FormatOption<CalendarOutputFormat>
    var dateArguments: [String]

    init(_ arguments: ParsedArguments) {
        to = arguments.string(Self.toOption)!
        timeZone = arguments.string(Self.timeZoneOption)
        engine = EngineOption(arguments)
        output = FormatOption<CalendarOutputFormat>(arguments)
        dateArguments = arguments.strings(Self.dateArgumentsOption)
    }

    func run() throws {
        let system = try CalendarCommand.system(to, timeZone: timeZone, engine: engine)
        let format = output.format
        var out = OutputBuffer()
        var names = CalendarNameCache(system: system)
        var writer = CalendarJSONWriter(system: system)
        defer { writer.release() }
        // In UTC a day's noon is its instant (no offset to ask for); a line with nothing to
        // trim is its ISO day.
        let fast = format == .json && system.timeZone == "UTC"
        try CalendarCommand.forEachDate(CLI.positionalValues(dateArguments, names: nil)) { line in
            if fast, let first = line.first, let last = line.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80,
               let (year, month, day) = ISODay.parse(utf8: line) {
                let date = ISODay.date(year: year, month: month, day: day).addingTimeInterval(43_200)
                let fields: CalendarDate
                do throws(CalendarError) { fields = try system.calendarDate(for: date) } catch { throw CLIFailure.data(error.description) }
                try writer.append(iso: line, fields, date: date, to: &out)
                return
            }
            let iso = String(decoding: line, as: UTF8.self)
            let date = try CalendarCommand.instant(iso, zone: system)
            let fields: CalendarDate
            do throws(CalendarError) { fields = try system.calendarDate(for: date) } catch { throw CLIFailure.data(error.description) }
            let trimmed = iso.trimmingSpaces()
            switch format {
            case .json: try writer.append(iso: trimmed, fields, date: date, to: &out)
            case .text: out.append(CalendarCommand.text(trimmed, fields, system: system, date: date, names: &names) + "\n")
            }
        }
        out.flush()
    }
}

struct CalendarFromCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "from",
        abstract: "Print the ISO date of a date given by calendar fields.",
        discussion: """
            Without --era, --year is a year of the calendar's default era (the current era, \
            Reiwa, in japanese), except in chinese and dangi, where it is the related Gregorian \
            year (2023 for the lunar year from 2023-01-22). A day or leap month that does not \
            exist that year exits 65 (or use --lenient to let ICU roll it over).
            """,
        options: { [calendarOption, eraOption, yearOption, monthOption, leapOption, dayOption, lenientOption, timeZoneOption, EngineOption.option] }
    )

    static let calendarOption = OptionSpec.option("calendar", help: "The calendar.", required: true)
    static let eraOption = OptionSpec.integer("era", help: "ICU's era number (Japanese: 236 = Reiwa; Chinese: the 60-year cycle).")
    static let yearOption = OptionSpec.integer("year", help: "The year (of the era; may be negative).", required: true, dashed: true)
    static let monthOption = OptionSpec.integer("month", help: "The month, 1-based.", required: true)
    static let leapOption = OptionSpec.flag("leap", help: "The leap month (Chinese/Dangi; Hebrew Adar I is month 6).")
    static let dayOption = OptionSpec.integer("day", help: "The day of the month.", required: true)
    static let lenientOption = OptionSpec.flag("lenient", help: "Let ICU normalize out-of-range fields instead of failing.")
    static let timeZoneOption = OptionSpec.option("time-zone", help: "Time zone (default UTC).")

    var calendar: String
    var era: Int?
    var year: Int
    var month: Int
    var leap: Bool
    var day: Int
    var lenient: Bool
    var timeZone: String?
    var engine: EngineOption

    init(_ arguments: ParsedArguments) {
        calendar = arguments.string(Self.calendarOption)!
        era = arguments.integer(Self.eraOption)
        year = arguments.integer(Self.yearOption)!
        month = arguments.integer(Self.monthOption)!
        leap = arguments.flag(Self.leapOption)
        day = arguments.integer(Self.dayOption)!
        lenient = arguments.flag(Self.lenientOption)
        timeZone = arguments.string(Self.timeZoneOption)
        engine = EngineOption(arguments)
    }

    func run() throws {
        let system = try CalendarCommand.system(calendar, timeZone: timeZone, engine: engine)
        let date: Date
        do {
            date = try system.date(era: era, year: year, month: month, isLeapMonth: leap, day: day, hour: 12, lenient: lenient)
        } catch { throw CLIFailure.data(error.description) }
        CLI.print(try CalendarCommand.isoDay(date, in: system))
    }
}

struct CalendarAddCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "add",
        abstract: "Add years, months, weeks and days in a calendar; print the ISO date.",
        discussion: """
            Applied largest unit first; a day missing in the target month is pinned to the \
            month's last day. text: the ISO date. json: the result in the calendar, as \
            calendar convert writes it.
            """,
        options: { [dateArgumentOption, calendarOption, yearsOption, monthsOption, weeksOption, daysOption, timeZoneOption, EngineOption.option, FormatOption<CalendarAddFormat>.option] }
    )

    static let dateArgumentOption = OptionSpec.variadic("date", help: "The ISO date (-0044-03-15 is a value).", unrecognized: true)
    static let calendarOption = OptionSpec.option("calendar", help: "The calendar.", required: true)
    static let yearsOption = OptionSpec.integer("years", help: "Years to add (negative to subtract).", default: 0, dashed: true)
    static let monthsOption = OptionSpec.integer("months", help: "Months to add.", default: 0, dashed: true)
    static let weeksOption = OptionSpec.integer("weeks", help: "Weeks to add.", default: 0, dashed: true)
    static let daysOption = OptionSpec.integer("days", help: "Days to add.", default: 0, dashed: true)
    static let timeZoneOption = OptionSpec.option("time-zone", help: "Time zone (default UTC).")

    var dateArgument: [String]
    var calendar: String
    var years: Int
    var months: Int
    var weeks: Int
    var days: Int
    var timeZone: String?
    var engine: EngineOption
    var output: FormatOption<CalendarAddFormat>

    init(_ arguments: ParsedArguments) {
        dateArgument = arguments.strings(Self.dateArgumentOption)
        calendar = arguments.string(Self.calendarOption)!
        years = arguments.integer(Self.yearsOption)!
        months = arguments.integer(Self.monthsOption)!
        weeks = arguments.integer(Self.weeksOption)!
        days = arguments.integer(Self.daysOption)!
        timeZone = arguments.string(Self.timeZoneOption)
        engine = EngineOption(arguments)
        output = FormatOption<CalendarAddFormat>(arguments)
    }

    func run() throws {
        let system = try CalendarCommand.system(calendar, timeZone: timeZone, engine: engine)
        let date = try CLI.positionalValues(dateArgument, names: ["DATE"])[0]
        var result = try CalendarCommand.instant(date, zone: system)
        do {
            for (amount, unit) in [(years, CalendarField.year), (months, .month), (weeks, .weekOfYear), (days, .day)] where amount != 0 {
                result = try system.adding(amount, unit, to: result)
            }
        } catch { throw CLIFailure.data(error.description) }
        let iso = try CalendarCommand.isoDay(result, in: system)
        switch output.format {
        case .text: CLI.print(iso)
        case .json:
            let fields: CalendarDate
            do { fields = try system.calendarDate(for: result) } catch { throw CLIFailure.data("\(error)") }
            var writer = CalendarJSONWriter(system: system)
            defer { writer.release() }
            var out = OutputBuffer()
            try writer.append(iso: iso, fields, date: result, to: &out)
            out.flush()
        }
    }
}

struct CalendarDiffCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "diff",
        abstract: "Whole years, months, weeks or days of a calendar from DATE1 to DATE2 (negative when earlier).",
        options: { [dateArgumentsOption, calendarOption, unitOption, timeZoneOption, EngineOption.option] }
    )

    static let dateArgumentsOption = OptionSpec.variadic("date1 date2", help: "The first and the second ISO date (-0044-03-15 is a value).", unrecognized: true)
    static let calendarOption = OptionSpec.option("calendar", help: "The calendar.", required: true)
    static let unitOption = OptionSpec.choice("unit", Unit.self, help: "years, months, weeks or days.", required: true)
    static let timeZoneOption = OptionSpec.option("time-zone", help: "Time zone (default UTC).")

    var dateArguments: [String]
    var calendar: String
    var unit: Unit
    var timeZone: String?
    var engine: EngineOption

    init(_ arguments: ParsedArguments) {
        dateArguments = arguments.strings(Self.dateArgumentsOption)
        calendar = arguments.string(Self.calendarOption)!
        unit = arguments.choice(Self.unitOption)!
        timeZone = arguments.string(Self.timeZoneOption)
        engine = EngineOption(arguments)
    }

    enum Unit: String, CaseIterable { case years, months, weeks, days }

    func run() throws {
        let system = try CalendarCommand.system(calendar, timeZone: timeZone, engine: engine)
        let dates = try CLI.positionalValues(dateArguments, names: ["DATE1", "DATE2"])
        let start = try CalendarCommand.instant(dates[0], zone: system), end = try CalendarCommand.instant(dates[1], zone: system)
        let field: CalendarField = switch unit {
        case .years: .year
        case .months: .month
        case .weeks: .weekOfYear
        case .days: .day
        }
        do { CLI.print(try system.difference(from: start, to: end, in: field)) } catch { throw CLIFailure.data(error.description) }
    }
}

