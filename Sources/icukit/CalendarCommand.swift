import FoundationEssentials
@_spi(Internals) import ICUKit

/// `icukit calendar`: conversion, construction, arithmetic and month grids in ICU's calendars.
enum CalendarCommand {
    static let spec = CommandSpec(
        group: "calendar",
        abstract: "Dates in the world's calendars: convert, from fields, add, diff, month grids.",
        discussion: """
            DATE is an ISO 8601 (proleptic Gregorian) day, YYYY-MM-DD. CAL is a CLDR calendar \
            identifier or alias: \(CalendarSystem.knownIdentifiers.joined(separator: ", ")) \
            (gregory, ethioaa, islamicc accepted). Months are 1-based; Chinese/Dangi leap months \
            have isLeapMonth; Hebrew months follow ICU's numbering plus one (Adar I = 6, a leap \
            month; Adar / Adar II = 7). An unknown calendar or time zone exits 64, a date that \
            does not exist in the calendar 65.
            """,
        subcommands: [
            CalendarConvertCommand.spec, CalendarFromCommand.spec, CalendarAddCommand.spec, CalendarDiffCommand.spec,
            CalendarMonthCommand.spec, CalendarVerifyTablesCommand.spec,
        ]
    )

    /// A calendar system from the options (exit 64 when unknown).
    static func system(_ identifier: String, timeZone: String?, engine: EngineOption? = nil) throws(CLIFailure) -> CalendarSystem {
        do {
            let system = try CalendarSystem(identifier, timeZone: timeZone ?? "UTC")
            return try system.withReckoning(engine?.reckoning ?? .corrected)
        } catch { throw .usage(error.description) }
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

    /// Calls `body` with the UTF-8 bytes of each ISO day given as an argument, or of each
    /// stdin line that is not blank (lines end at LF or CR LF, as `CLI.lines(of:)` splits).
    static func forEachDate(_ arguments: [String], _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        if !arguments.isEmpty && arguments != ["-"] {
            for argument in arguments {
                var copy = argument
                try copy.withUTF8 { try body($0) }
            }
            return
        }
        var text = String(decoding: try CLI.readInput(nil), as: UTF8.self)
        try text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var start = 0
            while start < count {
                var end = count, next = count
                var newline = start
                while newline < count && base[newline] != 0x0A { newline += 1 }
                if newline < count {
                    end = newline > start && base[newline - 1] == 0x0D ? newline - 1 : newline
                    next = newline + 1
                }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                start = next
                // Most lines start with a digit: only others are checked for being blank.
                if let first = line.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
                    try body(line)
                } else if !String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace) {
                    try body(line)
                }
            }
        }
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

    /// What decides a month's name: the month, the leap-month flag, the Hebrew leap year.
    func monthKey(_ fields: CalendarDate) -> Int {
        let leapYear = isHebrew && (7 * fields.extendedYear + 1) % 19 < 7
        return fields.month << 2 | (fields.isLeapMonth ? 2 : 0) | (leapYear ? 1 : 0)
    }

    mutating func monthName(_ fields: CalendarDate, date: Date) throws(CalendarError) -> String {
        let key = monthKey(fields)
        if let name = months[key] { return name }
        let name = try system.monthName(for: date)
        months[key] = name
        return name
    }
}

/// `--engine`: whose answers a Chinese, Dangi or Hebrew date takes where ICU 72 errs.
struct EngineOption {
    static let option = OptionSpec.choice("engine", CalendarSystem.Reckoning.self, help: """
        corrected: the Hong Kong Observatory's (chinese) and KASI's (dangi) tables for 1901–2100 \
        and the Hebrew postponement rules; icu: ICU's own computation, to agree with other \
        ICU-based systems.
        """, default: .corrected)

    var reckoning: CalendarSystem.Reckoning

    init(_ arguments: ParsedArguments) { reckoning = arguments.choice(Self.option)! }
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
