import ArgumentParser
import FoundationEssentials
@_spi(Internals) import ICUKit

/// `icukit calendar`: conversion, construction, arithmetic and month grids in ICU's calendars.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Dates in the world's calendars: convert, from fields, add, diff, month grids.",
        discussion: """
            DATE is an ISO 8601 (proleptic Gregorian) day, YYYY-MM-DD. CAL is a CLDR calendar \
            identifier or alias: \(CalendarSystem.knownIdentifiers.joined(separator: ", ")) \
            (gregory, ethioaa, islamicc accepted). Months are 1-based; Chinese/Dangi leap months \
            have isLeapMonth; Hebrew months follow ICU's numbering plus one (Adar I = 6, a leap \
            month; Adar / Adar II = 7). An unknown calendar or time zone exits 64, a date that \
            does not exist in the calendar 65.
            """,
        subcommands: [CalendarConvertCommand.self, CalendarFromCommand.self, CalendarAddCommand.self,
                      CalendarDiffCommand.self, CalendarMonthCommand.self, CalendarVerifyTablesCommand.self]
    ).leaf

    /// A calendar system from the options (exit 64 when unknown).
    static func system(_ identifier: String, timeZone: String?) throws(CLIFailure) -> CalendarSystem {
        do { return try CalendarSystem(identifier, timeZone: timeZone ?? "UTC") } catch { throw .usage(error.description) }
    }

    /// Noon, local time in `zone`, of an ISO day (exit 65 when malformed).
    static func instant(_ text: some StringProtocol, zone: CalendarSystem) throws(CLIFailure) -> Date {
        guard let (year, month, day) = ISODay.parse(text.trimmingSpaces()) else {
            throw .data("\"\(text)\" is not an ISO 8601 date (YYYY-MM-DD)")
        }
        let noonUTC = ISODay.date(year: year, month: month, day: day).addingTimeInterval(43_200)
        do {
            let offset = try zone.calendarDate(for: noonUTC).utcOffsetSeconds
            return noonUTC.addingTimeInterval(-Double(offset))
        } catch { throw .data("\(error)") }
    }

    /// The ISO day of an instant, in the calendar's time zone.
    static func isoDay(_ date: Date, in system: CalendarSystem) throws(CLIFailure) -> String {
        do { return ISODay.string(for: date, utcOffsetSeconds: try system.calendarDate(for: date).utcOffsetSeconds) }
        catch { throw .data(error.description) }
    }

    /// The ISO days given as arguments, or one per stdin line.
    static func dates(_ arguments: [String]) throws(CLIFailure) -> [String] {
        if !arguments.isEmpty && arguments != ["-"] { return arguments }
        var text = String(decoding: try CLI.readInput(nil), as: UTF8.self)
        return SortCommand.lines(of: &text).compactMap { line in
            // Most lines start with a digit: only others are checked for being blank.
            if let first = line.utf8.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") { return String(line) }
            return line.allSatisfy(\.isWhitespace) ? nil : String(line)
        }
    }

    /// The JSON object of the contract for one converted date.
    static func json(_ iso: String, _ fields: CalendarDate, system: CalendarSystem, date: Date) throws(CLIFailure) -> String {
        var names = CalendarNameCache(system: system)
        return try json(iso, fields, system: system, date: date, names: &names)
    }

    static func json(_ iso: String, _ fields: CalendarDate, system: CalendarSystem, date: Date, names: inout CalendarNameCache) throws(CLIFailure) -> String {
        let eraName: String, monthName: String
        do {
            eraName = try names.eraName(fields, date: date)
            monthName = try names.monthName(fields, date: date)
        } catch { throw .data(error.description) }
        return "{\"date\":\(JSON.string(iso)),\"calendar\":\(JSON.string(system.identifier)),\"era\":\(fields.era)"
            + ",\"eraName\":\(JSON.string(eraName)),\"year\":\(fields.year),\"month\":\(fields.month)"
            + ",\"isLeapMonth\":\(fields.isLeapMonth),\"day\":\(fields.day),\"extendedYear\":\(fields.extendedYear)"
            + ",\"monthName\":\(JSON.string(monthName))}"
    }

    /// ``json(_:_:system:date:names:)`` written straight into `out` (no `String` built per
    /// date; the same bytes).
    static func appendJSON(_ iso: String, _ fields: CalendarDate, system: CalendarSystem, date: Date, names: inout CalendarNameCache, to out: inout OutputBuffer) throws(CLIFailure) {
        let eraName: String, monthName: String
        do {
            eraName = try names.eraName(fields, date: date)
            monthName = try names.monthName(fields, date: date)
        } catch { throw .data(error.description) }
        out.append("{\"date\":")
        out.append(jsonString: iso)
        out.append(",\"calendar\":")
        out.append(jsonString: system.identifier)
        out.append(",\"era\":")
        out.append(decimal: fields.era)
        out.append(",\"eraName\":")
        out.append(jsonString: eraName)
        out.append(",\"year\":")
        out.append(decimal: fields.year)
        out.append(",\"month\":")
        out.append(decimal: fields.month)
        out.append(fields.isLeapMonth ? ",\"isLeapMonth\":true,\"day\":" : ",\"isLeapMonth\":false,\"day\":")
        out.append(decimal: fields.day)
        out.append(",\"extendedYear\":")
        out.append(decimal: fields.extendedYear)
        out.append(",\"monthName\":")
        out.append(jsonString: monthName)
        out.append("}\n")
    }

    static func text(_ iso: String, _ fields: CalendarDate, system: CalendarSystem, date: Date) -> String {
        var names = CalendarNameCache(system: system)
        return text(iso, fields, system: system, date: date, names: &names)
    }

    static func text(_ iso: String, _ fields: CalendarDate, system: CalendarSystem, date: Date, names: inout CalendarNameCache) -> String {
        let era = (try? names.eraName(fields, date: date)) ?? "\(fields.era)"
        let month = (try? names.monthName(fields, date: date)) ?? fields.monthCode
        // Chinese and Dangi years count within a 60-year cycle, which ICU calls the era.
        let year = fields.relatedGregorianYear == nil ? "\(fields.year) \(era)" : "year \(fields.year) of cycle \(fields.era)"
        var line = "\(iso)  \(system.identifier): \(fields.day) \(month) \(year) (\(fields.monthCode), extended year \(fields.extendedYear))"
        if let related = fields.relatedGregorianYear, let name = fields.sexagenaryYear { line += ", \(name) year \(related)" }
        return line
    }
}

/// The English era and month names of one calendar, remembered by the fields that decide
/// them: ICU's date formatter per date cost more than the conversion itself. An era name
/// depends on the era alone; a month name on the month, the leap-month flag and, in the
/// Hebrew calendar only, whether the year is a leap year (month 7 is Adar II in a leap year,
/// Adar otherwise; ICU numbers Hebrew months the same in both).
struct CalendarNameCache {
    let system: CalendarSystem
    private let isHebrew: Bool
    private var eras: [Int: String] = [:]
    private var months: [Int: String] = [:]

    init(system: CalendarSystem) {
        self.system = system
        isHebrew = system.identifier == "hebrew"
    }

    mutating func eraName(_ fields: CalendarDate, date: Date) throws(CalendarError) -> String {
        if let name = eras[fields.era] { return name }
        let name = try system.eraName(for: date)
        eras[fields.era] = name
        return name
    }

    mutating func monthName(_ fields: CalendarDate, date: Date) throws(CalendarError) -> String {
        let leapYear = isHebrew && (7 * fields.extendedYear + 1) % 19 < 7
        let key = fields.month << 2 | (fields.isLeapMonth ? 2 : 0) | (leapYear ? 1 : 0)
        if let name = months[key] { return name }
        let name = try system.monthName(for: date)
        months[key] = name
        return name
    }
}

/// `calendar convert --format`: the converted dates as JSON Lines (default) or text.
enum CalendarOutputFormat: String, OutputFormatChoice {
    case json, text
    static let defaultFormat = CalendarOutputFormat.json
}

/// `calendar add --format`: the ISO date (default), or the result in the calendar as JSON.
enum CalendarAddFormat: String, OutputFormatChoice {
    case json, text
    static let defaultFormat = CalendarAddFormat.text
}

struct CalendarConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert ISO dates to a calendar (json by default).",
        discussion: """
            json: {"date","calendar","era","eraName","year","month","isLeapMonth","day",\
            "extendedYear","monthName"}, one line per DATE (names in English).
            """
    ).leaf

    @Option(name: .long, help: "The target calendar.") var to: String
    @Option(name: .long, help: "Time zone of the dates (default UTC).") var timeZone: String?
    @OptionGroup var output: FormatOption<CalendarOutputFormat>
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("ISO dates YYYY-MM-DD (-0044-03-15 is a value); none or - reads one per stdin line.", valueName: "dates"))
    var dateArguments: [String] = []

    func run() throws {
        try Self.convert(Arguments(to: to, timeZone: timeZone, format: output.format, dates: dateArguments))
    }

    /// The values of `calendar convert`'s arguments, as ArgumentParser or ``FastParse`` read them.
    struct Arguments: Equatable {
        var to: String
        var timeZone: String? = nil
        var format = CalendarOutputFormat.defaultFormat
        var dates: [String] = []
    }

    /// Runs `calendar convert` on its arguments' values.
    static func convert(_ arguments: Arguments) throws {
        let system = try CalendarCommand.system(arguments.to, timeZone: arguments.timeZone)
        let format = arguments.format
        var out = OutputBuffer()
        var names = CalendarNameCache(system: system)
        for iso in try CalendarCommand.dates(CLI.positionalValues(arguments.dates, names: nil)) {
            let date = try CalendarCommand.instant(iso, zone: system)
            let fields: CalendarDate
            do { fields = try system.calendarDate(for: date) } catch { throw CLIFailure.data(error.description) }
            let trimmed = iso.trimmingSpaces()
            switch format {
            case .json: try CalendarCommand.appendJSON(trimmed, fields, system: system, date: date, names: &names, to: &out)
            case .text: out.append(CalendarCommand.text(trimmed, fields, system: system, date: date, names: &names) + "\n")
            }
        }
        out.flush()
    }
}

struct CalendarFromCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "from",
        abstract: "Print the ISO date of a date given by calendar fields.",
        discussion: """
            Without --era, --year is a year of the calendar's default era (the current era, \
            Reiwa, in japanese), except in chinese and dangi, where it is the related Gregorian \
            year (2023 for the lunar year from 2023-01-22). A day or leap month that does not \
            exist that year exits 65 (or use --lenient to let ICU roll it over).
            """
    ).leaf

    @Option(name: .long, help: "The calendar.") var calendar: String
    @Option(name: .long, help: "ICU's era number (Japanese: 236 = Reiwa; Chinese: the 60-year cycle).") var era: Int?
    @Option(name: .long, parsing: .unconditional, help: "The year (of the era; may be negative).") var year: Int
    @Option(name: .long, help: "The month, 1-based.") var month: Int
    @Flag(name: .long, help: "The leap month (Chinese/Dangi; Hebrew Adar I is month 6).") var leap = false
    @Option(name: .long, help: "The day of the month.") var day: Int
    @Flag(name: .long, help: "Let ICU normalize out-of-range fields instead of failing.") var lenient = false
    @Option(name: .long, help: "Time zone (default UTC).") var timeZone: String?

    func run() throws {
        let system = try CalendarCommand.system(calendar, timeZone: timeZone)
        let date: Date
        do {
            date = try system.date(era: era, year: year, month: month, isLeapMonth: leap, day: day, hour: 12, lenient: lenient)
        } catch { throw CLIFailure.data(error.description) }
        CLI.print(try CalendarCommand.isoDay(date, in: system))
    }
}

struct CalendarAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add years, months, weeks and days in a calendar; print the ISO date.",
        discussion: """
            Applied largest unit first; a day missing in the target month is pinned to the \
            month's last day. text: the ISO date. json: the result in the calendar, as \
            calendar convert writes it.
            """
    ).leaf

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The ISO date (-0044-03-15 is a value).", valueName: "date"))
    var dateArgument: [String] = []
    @Option(name: .long, help: "The calendar.") var calendar: String
    @Option(name: .long, parsing: .unconditional, help: "Years to add (negative to subtract).") var years: Int = 0
    @Option(name: .long, parsing: .unconditional, help: "Months to add.") var months: Int = 0
    @Option(name: .long, parsing: .unconditional, help: "Weeks to add.") var weeks: Int = 0
    @Option(name: .long, parsing: .unconditional, help: "Days to add.") var days: Int = 0
    @Option(name: .long, help: "Time zone (default UTC).") var timeZone: String?
    @OptionGroup var output: FormatOption<CalendarAddFormat>

    func run() throws {
        let system = try CalendarCommand.system(calendar, timeZone: timeZone)
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
            do { CLI.print(try CalendarCommand.json(iso, system.calendarDate(for: result), system: system, date: result)) }
            catch let failure as CLIFailure { throw failure } catch { throw CLIFailure.data("\(error)") }
        }
    }
}

struct CalendarDiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Whole years, months, weeks or days of a calendar from DATE1 to DATE2 (negative when earlier)."
    ).leaf

    enum Unit: String, ExpressibleByArgument, CaseIterable { case years, months, weeks, days }

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The first and the second ISO date (-0044-03-15 is a value).", valueName: "date1 date2"))
    var dateArguments: [String] = []
    @Option(name: .long, help: "The calendar.") var calendar: String
    @Option(name: .long, help: "years, months, weeks or days.") var unit: Unit
    @Option(name: .long, help: "Time zone (default UTC).") var timeZone: String?

    func run() throws {
        let system = try CalendarCommand.system(calendar, timeZone: timeZone)
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

struct CalendarMonthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "month",
        abstract: "Print the month containing DATE as a grid, optionally with a second calendar's day under each day.",
        discussion: """
            With --overlay chinese the lunar day appears under each day (the lunar overlay of \
            calendar apps), with --overlay islamic-umalqura the Hijri day; the first day of an \
            overlay month shows its month code instead (M10, or M04L for a leap month).
            """
    ).leaf

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("An ISO date in the month (-0044-03-15 is a value).", valueName: "date"))
    var dateArgument: [String] = []
    @Option(name: .long, help: "The calendar of the grid.") var calendar: String = "gregorian"
    @Option(name: .long, help: "A second calendar shown under each day.") var overlay: String?
    @Option(name: .long, help: "First day of the week, 1 = Sunday … 7 = Saturday (default: the calendar's).") var firstWeekday: Int?
    @Option(name: .long, help: "Time zone (default UTC).") var timeZone: String?

    func run() throws {
        var system = try CalendarCommand.system(calendar, timeZone: timeZone)
        if let firstWeekday {
            do { system = try system.withWeekRules(firstWeekday: firstWeekday, minimumDaysInFirstWeek: system.minimumDaysInFirstWeek) }
            catch { throw CLIFailure.usage(error.description) }
        }
        let second = try overlay.map { (id) throws(CLIFailure) in try CalendarCommand.system(id, timeZone: timeZone) }
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
struct CalendarVerifyTablesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-tables",
        abstract: "Check ICUKit's memoized month tables against ICU on every day of a range (diagnostic).",
        shouldDisplay: false
    ).leaf

    @Option(name: .long, help: "chinese, dangi or islamic-umalqura.") var calendar: String
    @Option(name: .long, help: "First ISO day.") var from = "1900-01-01"
    @Option(name: .long, help: "Last ISO day.") var through = "2100-12-31"
    @Flag(name: .long, help: "Also compare adding ±1 and 13 months.") var arithmetic = false

    func run() throws {
        let system = try CalendarCommand.system(calendar, timeZone: nil)
        guard let a = ISODay.parse(from), let b = ISODay.parse(through) else { throw CLIFailure.usage("bad --from/--through") }
        let differences = try system.differencesFromICU(
            firstDay: ISODay.days(year: a.year, month: a.month, day: a.day), lastDay: ISODay.days(year: b.year, month: b.month, day: b.day),
            monthArithmetic: arithmetic)
        for line in differences { CLI.print(line) }
        CLI.print("\(differences.count) differences")
    }
}
