import FoundationEssentials
import ICUKit

/// Options shared by the date formatting subcommands.
struct DateFormattingOptions {
    static let calendarOption = OptionSpec.option("calendar", help: "Calendar (gregorian, japanese, islamic-umalqura, hebrew, buddhist, …); default: the locale's.")
    static let timeZoneOption = OptionSpec.option("time-zone", help: "IANA time zone; default: TZ, else UTC.")
    static let contextOption = OptionSpec.choice("context", CapitalizationContext.self, help: "Capitalization: standalone, list-item, sentence-start, mid-sentence (default none).", default: CapitalizationContext.none)
    static var options: [OptionSpec] { [LocaleOption.option, calendarOption, timeZoneOption, contextOption, StrictFlag.option] }

    var locale: LocaleOption
    var calendar: String?
    var timeZone: String?
    var context: CapitalizationContext
    var strictness: StrictFlag

    init(_ arguments: ParsedArguments) {
        locale = LocaleOption(arguments)
        calendar = arguments.string(Self.calendarOption)
        timeZone = arguments.string(Self.timeZoneOption)
        context = arguments.choice(Self.contextOption)!
        strictness = StrictFlag(arguments)
    }

    var strict: Bool { strictness.strict }

    func localeID() throws(CLIFailure) -> LocaleID { try CLI.formattingLocale(locale.locale, strict: strict) }

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
struct NumberFormattingOptions {
    static let contextOption = OptionSpec.choice("context", CapitalizationContext.self, help: "Capitalization: standalone, list-item, sentence-start, mid-sentence (default none).", default: CapitalizationContext.none)
    static let secondsOption = OptionSpec.variadic("seconds", help: "The amount in seconds (may be negative or fractional).", unrecognized: true)
    static var options: [OptionSpec] { [LocaleOption.option, contextOption, StrictFlag.option, FormatOption<OutputFormat>.option, secondsOption] }

    var locale: LocaleOption
    var context: CapitalizationContext
    var strictness: StrictFlag
    var output: FormatOption<OutputFormat>
    var seconds: [String]

    init(_ arguments: ParsedArguments) {
        locale = LocaleOption(arguments)
        context = arguments.choice(Self.contextOption)!
        strictness = StrictFlag(arguments)
        output = FormatOption<OutputFormat>(arguments)
        seconds = arguments.strings(Self.secondsOption)
    }

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

struct FormatDateCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "date",
        abstract: "Format instants (ISO 8601) for a locale, or parse formatted dates back with --parse.",
        discussion: """
            One output line per INSTANT (or per stdin line). --pattern wins over --template, \
            which wins over the styles. json: {"text":…,"pattern":…}; with --parse, \
            {"text":…,"instant":…}. A text that does not parse exits 65.
            """,
        options: { [styleOption, timeStyleOption, templateOption, patternOption, hourCycleOption] + DateFormattingOptions.options + [EngineOption.option, parseOption, lenientOption, FormatOption<OutputFormat>.option, valueArgumentsOption] }
    )

    static let styleOption = OptionSpec.choice("style", DateTimeFormatter.Style.self, help: "Date style: none, short, medium, long, full.", default: .medium)
    static let timeStyleOption = OptionSpec.choice("time-style", DateTimeFormatter.Style.self, help: "Time style: none, short, medium, long, full.", default: .medium)
    static let templateOption = OptionSpec.option("template", help: "ICU skeleton (yMMMd, jm, MMMMEEEEd): the locale's best pattern.")
    static let patternOption = OptionSpec.option("pattern", help: "Explicit ICU pattern (yyyy-MM-dd'T'HH:mm).")
    static let hourCycleOption = OptionSpec.option("hour-cycle", help: "Override the locale's hour cycle: h11, h12, h23, h24.")
    static let parseOption = OptionSpec.flag("parse", help: "Parse TEXT arguments (or stdin lines) back to ISO instants.")
    static let lenientOption = OptionSpec.flag("lenient", help: "With --parse: lenient parsing.")
    static let valueArgumentsOption = OptionSpec.variadic("values", help: "ISO 8601 instants (2026-06-03T15:07:00Z; -0044-03-15T12:00:00Z is a value), or texts with --parse; none: stdin lines.", unrecognized: true)

    var style: DateTimeFormatter.Style
    var timeStyle: DateTimeFormatter.Style
    var template: String?
    var pattern: String?
    var hourCycle: String?
    var options: DateFormattingOptions
    var engine: EngineOption
    var parse: Bool
    var lenient: Bool
    var output: FormatOption<OutputFormat>
    var valueArguments: [String]

    init(_ arguments: ParsedArguments) {
        style = arguments.choice(Self.styleOption)!
        timeStyle = arguments.choice(Self.timeStyleOption)!
        template = arguments.string(Self.templateOption)
        pattern = arguments.string(Self.patternOption)
        hourCycle = arguments.string(Self.hourCycleOption)
        options = DateFormattingOptions(arguments)
        engine = EngineOption(arguments)
        parse = arguments.flag(Self.parseOption)
        lenient = arguments.flag(Self.lenientOption)
        output = FormatOption<OutputFormat>(arguments)
        valueArguments = arguments.strings(Self.valueArgumentsOption)
    }

    func run() throws {
        let options = self.options
        let style = self.style, timeStyle = self.timeStyle
        let formatter: DateTimeFormatter
        do {
            let locale = try options.localeID()
            var calendar = try options.calendarSystem()
            if engine.reckoning == .icu { calendar = try (calendar ?? CalendarSystem(locale: locale)).withReckoning(.icu) }
            var cycle: DateTimeFormatter.HourCycle?
            if let hourCycle {
                guard let parsed = DateTimeFormatter.HourCycle(rawValue: hourCycle) else { throw CLIFailure.usage("unknown hour cycle \"\(hourCycle)\"") }
                cycle = parsed
            }
            if let pattern {
                formatter = try DateTimeFormatter(pattern: pattern, locale: locale, calendar: calendar, timeZone: options.zone(), context: options.context, strict: options.strict)
            } else if let template {
                formatter = try DateTimeFormatter(template: template, locale: locale, calendar: calendar, timeZone: options.zone(), hourCycle: cycle, context: options.context, strict: options.strict)
            } else {
                formatter = try DateTimeFormatter(date: style, time: timeStyle, locale: locale, calendar: calendar, timeZone: options.zone(), hourCycle: cycle, context: options.context, strict: options.strict)
            }
        } catch {
            throw formattingFailure(error)
        }
        let parse = self.parse, lenient = self.lenient, format = output.format, zone = options.zone()
        var out = OutputBuffer()
        // The same for every instant: `,"pattern":"…"}` and the newline, written once.
        var patternBuffer = OutputBuffer(collecting: true)
        if format == .json && !parse {
            patternBuffer.append(",\"pattern\":")
            patternBuffer.append(jsonString: formatter.pattern)
            patternBuffer.append("}\n")
        }
        let patternMember = patternBuffer.pending
        for value in try argumentsOrLines(CLI.positionalValues(valueArguments, names: nil)) {
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

struct FormatIntervalCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "interval",
        abstract: "Format the interval between two ISO 8601 instants, shared parts shown once.",
        discussion: "json: {\"text\":…}.",
        options: { [templateOption] + DateFormattingOptions.options + [EngineOption.option, FormatOption<OutputFormat>.option, instantsOption] }
    )

    static let templateOption = OptionSpec.option("template", help: "ICU skeleton (default yMMMd).", default: "yMMMd")
    static let instantsOption = OptionSpec.variadic("start end", help: "The start and end instants (negative years are values).", unrecognized: true)

    var template: String
    var options: DateFormattingOptions
    var engine: EngineOption
    var output: FormatOption<OutputFormat>
    var instants: [String]

    init(_ arguments: ParsedArguments) {
        template = arguments.string(Self.templateOption)!
        options = DateFormattingOptions(arguments)
        engine = EngineOption(arguments)
        output = FormatOption<OutputFormat>(arguments)
        instants = arguments.strings(Self.instantsOption)
    }

    func run() throws {
        let formatter: DateRangeFormatter
        do {
            let locale = try options.localeID()
            var calendar = try options.calendarSystem()
            if engine.reckoning == .icu { calendar = try (calendar ?? CalendarSystem(locale: locale)).withReckoning(.icu) }
            formatter = try DateRangeFormatter(template: template, locale: locale, calendar: calendar, timeZone: options.zone(), context: options.context, strict: options.strict)
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

struct FormatDurationCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "duration",
        abstract: "Format a duration in seconds, as Apple's DateComponentsFormatter.",
        discussion: "json: {\"text\":…}. From seconds a year is 365 days, a month 30 days.",
        options: { [unitsStyleOption, allowedUnitsOption, maxUnitsOption, zeroUnitsOption, collapseLargestOption, approximateOption, remainingOption] + NumberFormattingOptions.options }
    )

    static let unitsStyleOption = OptionSpec.choice("units-style", DurationFormatter.UnitsStyle.self, help: "positional, abbreviated, brief, short, full, spell-out.", default: .positional)
    static let allowedUnitsOption = OptionSpec.option("allowed-units", help: "Comma-separated: year,month,week,day,hour,minute,second.")
    static let maxUnitsOption = OptionSpec.integer("max-units", help: "At most N units, largest first.")
    static let zeroUnitsOption = OptionSpec.choice("zero-units", DurationFormatter.ZeroUnits.self, help: "drop-leading, drop-middle, drop-trailing, drop-all or pad.")
    static let collapseLargestOption = OptionSpec.flag("collapse-largest", help: "Fold a largest unit of 1 into the next (65 seconds).")
    static let approximateOption = OptionSpec.flag("approximate", help: "Mark the result as approximate (the locale's approximately pattern: ~1 hr).")
    static let remainingOption = OptionSpec.flag("remaining", help: "Append \"remaining\" (English only).")

    var unitsStyle: DurationFormatter.UnitsStyle
    var allowedUnits: String?
    var maxUnits: Int?
    var zeroUnits: DurationFormatter.ZeroUnits?
    var collapseLargest: Bool
    var approximate: Bool
    var remaining: Bool
    var options: NumberFormattingOptions

    init(_ arguments: ParsedArguments) {
        unitsStyle = arguments.choice(Self.unitsStyleOption)!
        allowedUnits = arguments.string(Self.allowedUnitsOption)
        maxUnits = arguments.integer(Self.maxUnitsOption)
        zeroUnits = arguments.choice(Self.zeroUnitsOption)
        collapseLargest = arguments.flag(Self.collapseLargestOption)
        approximate = arguments.flag(Self.approximateOption)
        remaining = arguments.flag(Self.remainingOption)
        options = NumberFormattingOptions(arguments)
    }

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

struct FormatRelativeCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "relative",
        abstract: "Format a time SECONDS from now (negative: past): \"in 3 hours\", \"yesterday\".",
        discussion: "The largest whole unit is used (seconds, minutes, hours, days, weeks, months of 30 days, years of 365 days). json: {\"text\":…}.",
        options: { [numericOption, widthOption] + NumberFormattingOptions.options }
    )

    static let numericOption = OptionSpec.flag("numeric", help: "Numeric forms only (\"1 day ago\" rather than \"yesterday\").")
    static let widthOption = OptionSpec.choice("width", RelativeTimeFormatter.Width.self, help: "wide, short or narrow.", default: .wide)

    var numeric: Bool
    var width: RelativeTimeFormatter.Width
    var options: NumberFormattingOptions

    init(_ arguments: ParsedArguments) {
        numeric = arguments.flag(Self.numericOption)
        width = arguments.choice(Self.widthOption)!
        options = NumberFormattingOptions(arguments)
    }

    func run() throws {
        try options.write { value, locale in
            try RelativeTimeFormatter(locale: locale, width: width, numeric: numeric, context: options.context, strict: options.strict)
                .format(seconds: value)
        }
    }
}
