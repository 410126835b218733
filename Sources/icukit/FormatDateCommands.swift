import ArgumentParser
import FoundationEssentials
import ICUKit

extension DateTimeFormatter.Style: ExpressibleByArgument {}
extension CapitalizationContext: ExpressibleByArgument {}
extension DurationFormatter.UnitsStyle: ExpressibleByArgument {}
extension DurationFormatter.ZeroUnits: ExpressibleByArgument {}
extension RelativeTimeFormatter.Width: ExpressibleByArgument {}

/// Options shared by the date formatting subcommands.
struct DateFormattingOptions: ParsableArguments {
    @OptionGroup var locale: LocaleOption

    @Option(name: .long, help: "Calendar (gregorian, japanese, islamic-umalqura, hebrew, buddhist, …); default: the locale's.")
    var calendar: String?

    @Option(name: .customLong("time-zone"), help: "IANA time zone; default: TZ, else UTC.")
    var timeZone: String?

    @Option(name: .long, help: "Capitalization: standalone, list-item, sentence-start, mid-sentence (default none).")
    var context: CapitalizationContext = .none

    @OptionGroup var strictness: StrictFlag

    var strict: Bool { strictness.strict }

    /// These options' values, as ArgumentParser read them.
    var values: Values { Values(locale: locale.locale, calendar: calendar, timeZone: timeZone, context: context, strict: strict) }

    func localeID() throws(CLIFailure) -> LocaleID { try values.localeID() }

    func calendarSystem() throws(CLIFailure) -> CalendarSystem? { try values.calendarSystem() }

    func zone() -> String { values.zone() }

    /// The values of the date formatting options, as ArgumentParser or ``FastParse`` read them.
    struct Values: Equatable {
        var locale: String? = nil
        var calendar: String? = nil
        var timeZone: String? = nil
        var context = CapitalizationContext.none
        var strict = false

        func localeID() throws(CLIFailure) -> LocaleID { try CLI.formattingLocale(locale, strict: strict) }

        func calendarSystem() throws(CLIFailure) -> CalendarSystem? {
            guard let calendar else { return nil }
            do { return try CalendarSystem(calendar) } catch { throw .usage("unknown calendar \"\(calendar)\"") }
        }

        /// `--time-zone`, else `TZ` (a leading ":" dropped), else UTC.
        func zone() -> String {
            if let timeZone { return timeZone }
            if var tz = ProcessInfo.processInfo.environment["TZ"], !tz.isEmpty {
                if tz.hasPrefix(":") { tz.removeFirst() }
                if !tz.isEmpty && !tz.hasPrefix("/") { return tz }
            }
            return "UTC"
        }
    }
}

extension CLI {
    /// The locale of a `format` subcommand: `--locale`, else the environment's (LC_ALL,
    /// LC_MESSAGES, LANG), English when that says C/POSIX.
    static func formattingLocale(_ identifier: String?, strict: Bool) throws(CLIFailure) -> LocaleID {
        guard identifier == nil else { return try locale(identifier, strict: strict) }
        let environment = LocaleID.fromEnvironment()
        return environment.baseName == "en_US_POSIX" || environment == .root ? LocaleID.english : environment
    }
}

/// The options of the formatters that take a number: locale, context, strictness, output.
struct NumberFormattingOptions: ParsableArguments {
    @OptionGroup var locale: LocaleOption

    @Option(name: .long, help: "Capitalization: standalone, list-item, sentence-start, mid-sentence (default none).")
    var context: CapitalizationContext = .none

    @OptionGroup var strictness: StrictFlag

    @OptionGroup var output: FormatOption<OutputFormat>

    @Argument(parsing: .allUnrecognized, help: "The amount in seconds (may be negative or fractional).")
    var seconds: [String] = []

    var strict: Bool { strictness.strict }

    func localeID() throws(CLIFailure) -> LocaleID { try locale.formattingLocaleID(strict: strictness) }

    /// Runs `make` with the amount, mapping errors to exit codes, and writes the text.
    func write(_ make: (Double, LocaleID) throws -> String) throws {
        let value = try numberArgument(seconds, name: "SECONDS")
        let text: String
        do { text = try make(value, try localeID()) } catch { throw formattingFailure(error) }
        CLI.write(output.format == .json ? "{\"text\":\(JSON.string(text))}\n" : text + "\n")
    }
}

/// ISO 8601 instants on the command line (proleptic Gregorian, as ICUKit's ISO8601Text).
enum ISOInstant {
    static func parse(_ text: String, zone: String) throws(CLIFailure) -> Date {
        do { return try ISO8601Text.parse(text, timeZone: zone) } catch {
            if case .unknownTimeZone = error { throw .usage(error.description) }
            throw .data("not an ISO 8601 instant: \"\(text)\" (\(error))")
        }
    }

    static func string(_ date: Date) -> String { ISO8601Text.string(from: date) }
}

/// The instants or texts given as arguments, else one per stdin line.
func argumentsOrLines(_ values: [String]) throws(CLIFailure) -> [String] {
    if !values.isEmpty { return values }
    let text = try CLI.text(try CLI.readInput(nil), lossy: false)
    return CLI.lines(of: text).map(String.init)
}

struct FormatDateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "date",
        abstract: "Format instants (ISO 8601) for a locale, or parse formatted dates back with --parse.",
        discussion: """
            One output line per INSTANT (or per stdin line). --pattern wins over --template, \
            which wins over the styles. json: {"text":…,"pattern":…}; with --parse, \
            {"text":…,"instant":…}. A text that does not parse exits 65.
            """
    ).leaf

    @Option(name: .long, help: "Date style: none, short, medium, long, full.")
    var style: DateTimeFormatter.Style = .medium

    @Option(name: .customLong("time-style"), help: "Time style: none, short, medium, long, full.")
    var timeStyle: DateTimeFormatter.Style = .medium

    @Option(name: .long, help: "ICU skeleton (yMMMd, jm, MMMMEEEEd): the locale's best pattern.")
    var template: String?

    @Option(name: .long, help: "Explicit ICU pattern (yyyy-MM-dd'T'HH:mm).")
    var pattern: String?

    @Option(name: .customLong("hour-cycle"), help: "Override the locale's hour cycle: h11, h12, h23, h24.")
    var hourCycle: String?

    @OptionGroup var options: DateFormattingOptions

    @Flag(name: .long, help: "Parse TEXT arguments (or stdin lines) back to ISO instants.")
    var parse = false

    @Flag(name: .long, help: "With --parse: lenient parsing.")
    var lenient = false

    @OptionGroup var output: FormatOption<OutputFormat>

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("ISO 8601 instants (2026-06-03T15:07:00Z; -0044-03-15T12:00:00Z is a value), or texts with --parse; none: stdin lines.", valueName: "values"))
    var valueArguments: [String] = []

    func run() throws {
        try Self.format(Arguments(
            style: style, timeStyle: timeStyle, template: template, pattern: pattern, hourCycle: hourCycle, options: options.values,
            parse: parse, lenient: lenient, format: output.format, values: valueArguments))
    }

    /// The values of `format date`'s arguments, as ArgumentParser or ``FastParse`` read them.
    struct Arguments: Equatable {
        var style = DateTimeFormatter.Style.medium
        var timeStyle = DateTimeFormatter.Style.medium
        var template: String? = nil
        var pattern: String? = nil
        var hourCycle: String? = nil
        var options = DateFormattingOptions.Values()
        var parse = false
        var lenient = false
        var format = OutputFormat.defaultFormat
        var values: [String] = []
    }

    /// Runs `format date` on its arguments' values.
    static func format(_ arguments: Arguments) throws {
        let options = arguments.options
        let style = arguments.style, timeStyle = arguments.timeStyle
        let formatter: DateTimeFormatter
        do {
            let locale = try options.localeID()
            let calendar = try options.calendarSystem()
            var cycle: DateTimeFormatter.HourCycle?
            if let hourCycle = arguments.hourCycle {
                guard let parsed = DateTimeFormatter.HourCycle(rawValue: hourCycle) else { throw CLIFailure.usage("unknown hour cycle \"\(hourCycle)\"") }
                cycle = parsed
            }
            if let pattern = arguments.pattern {
                formatter = try DateTimeFormatter(pattern: pattern, locale: locale, calendar: calendar, timeZone: options.zone(), context: options.context, strict: options.strict)
            } else if let template = arguments.template {
                formatter = try DateTimeFormatter(template: template, locale: locale, calendar: calendar, timeZone: options.zone(), hourCycle: cycle, context: options.context, strict: options.strict)
            } else {
                formatter = try DateTimeFormatter(date: style, time: timeStyle, locale: locale, calendar: calendar, timeZone: options.zone(), hourCycle: cycle, context: options.context, strict: options.strict)
            }
        } catch {
            throw formattingFailure(error)
        }
        let parse = arguments.parse, lenient = arguments.lenient, format = arguments.format, zone = options.zone()
        var out = OutputBuffer()
        // The same for every instant: `,"pattern":"…"}` and the newline, written once.
        var patternBuffer = OutputBuffer(collecting: true)
        if format == .json && !parse {
            patternBuffer.append(",\"pattern\":")
            patternBuffer.append(jsonString: formatter.pattern)
            patternBuffer.append("}\n")
        }
        let patternMember = patternBuffer.pending
        for value in try argumentsOrLines(CLI.positionalValues(arguments.values, names: nil)) {
            if parse {
                let date: Date
                do { date = try formatter.parse(value, lenient: lenient) } catch {
                    out.flush()  // the lines before the failing one stay written
                    throw CLIFailure.data(error.description)
                }
                let instant = ISOInstant.string(date)
                if format == .json {
                    out.append("{\"text\":")
                    out.append(jsonString: value)
                    out.append(",\"instant\":")
                    out.append(jsonString: instant)
                    out.append("}\n")
                } else {
                    out.append(instant)
                    out.append("\n")
                }
            } else {
                let text: String
                do { text = try formatter.format(try ISOInstant.parse(value, zone: zone)) } catch {
                    out.flush()
                    throw error
                }
                if format == .json {
                    out.append("{\"text\":")
                    out.append(jsonString: text)
                    out.append(bytes: patternMember)
                } else {
                    out.append(text)
                    out.append("\n")
                }
            }
        }
        out.flush()
    }
}

struct FormatIntervalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interval",
        abstract: "Format the interval between two ISO 8601 instants, shared parts shown once.",
        discussion: "json: {\"text\":…}."
    ).leaf

    @Option(name: .long, help: "ICU skeleton (default yMMMd).")
    var template = "yMMMd"

    @OptionGroup var options: DateFormattingOptions

    @OptionGroup var output: FormatOption<OutputFormat>

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The start and end instants (negative years are values).", valueName: "start end"))
    var instants: [String] = []

    func run() throws {
        let formatter: DateRangeFormatter
        do {
            formatter = try DateRangeFormatter(template: template, locale: try options.localeID(), calendar: try options.calendarSystem(), timeZone: options.zone(), context: options.context, strict: options.strict)
        } catch {
            throw formattingFailure(error)
        }
        let ends = try CLI.positionalValues(instants, names: ["START", "END"])
        let from = try ISOInstant.parse(ends[0], zone: options.zone())
        let to = try ISOInstant.parse(ends[1], zone: options.zone())
        let text: String
        do { text = try formatter.format(from, to) } catch { throw CLIFailure.data(error.description) }
        CLI.write(output.format == .json ? "{\"text\":\(JSON.string(text))}\n" : text + "\n")
    }
}

/// A number argument that may be negative (`-3600` is not an option).
func numberArgument(_ arguments: [String], name: String) throws(CLIFailure) -> Double {
    let text = try CLI.positionalValues(arguments, names: [name])[0]
    guard let value = Double(text), value.isFinite else { throw .usage("not a number: \"\(text)\"") }
    return value
}

struct FormatDurationCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duration",
        abstract: "Format a duration in seconds, as Apple's DateComponentsFormatter.",
        discussion: "json: {\"text\":…}. From seconds a year is 365 days, a month 30 days."
    ).leaf

    @Option(name: .customLong("units-style"), help: "positional, abbreviated, brief, short, full, spell-out.")
    var unitsStyle: DurationFormatter.UnitsStyle = .positional

    @Option(name: .customLong("allowed-units"), help: "Comma-separated: year,month,week,day,hour,minute,second.")
    var allowedUnits: String?

    @Option(name: .customLong("max-units"), help: "At most N units, largest first.")
    var maxUnits: Int?

    @Option(name: .customLong("zero-units"), help: "drop-leading, drop-middle, drop-trailing, drop-all or pad.")
    var zeroUnits: DurationFormatter.ZeroUnits?

    @Flag(name: .customLong("collapse-largest"), help: "Fold a largest unit of 1 into the next (65 seconds).")
    var collapseLargest = false

    @Flag(name: .long, help: "Mark the result as approximate (the locale's approximately pattern: ~1 hr).")
    var approximate = false

    @Flag(name: .long, help: "Append \"remaining\" (English only).")
    var remaining = false

    @OptionGroup var options: NumberFormattingOptions

    func run() throws {
        var units = Set(DurationFormatter.Unit.allCases)
        if let allowedUnits {
            units = []
            for name in allowedUnits.split(separator: ",") {
                guard let unit = DurationFormatter.Unit(rawValue: name.trimmingSpaces()) else {
                    throw CLIFailure.usage("unknown unit \"\(name)\" (year, month, week, day, hour, minute, second)")
                }
                units.insert(unit)
            }
        }
        try options.write { value, locale in
            let settings = DurationFormatter.Options(
                unitsStyle: unitsStyle, allowedUnits: units, maximumUnitCount: maxUnits, zeroUnits: zeroUnits,
                collapsesLargestUnit: collapseLargest, approximate: approximate, remaining: remaining, context: options.context)
            return try DurationFormatter(locale: locale, options: settings, strict: options.strict).format(seconds: value)
        }
    }
}

struct FormatRelativeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relative",
        abstract: "Format a time SECONDS from now (negative: past): \"in 3 hours\", \"yesterday\".",
        discussion: "The largest whole unit is used (seconds, minutes, hours, days, weeks, months of 30 days, years of 365 days). json: {\"text\":…}."
    ).leaf

    @Flag(name: .long, help: "Numeric forms only (\"1 day ago\" rather than \"yesterday\").")
    var numeric = false

    @Option(name: .long, help: "wide, short or narrow.")
    var width: RelativeTimeFormatter.Width = .wide

    @OptionGroup var options: NumberFormattingOptions

    func run() throws {
        try options.write { value, locale in
            try RelativeTimeFormatter(locale: locale, width: width, numeric: numeric, context: options.context, strict: options.strict)
                .format(seconds: value)
        }
    }
}
