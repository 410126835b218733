import ArgumentParser
import ICUKit

/// The options the number, measure, plural, list and message subcommands share.
struct NumberFormatOptions: ParsableArguments {
    @OptionGroup var locale: LocaleOption
    @OptionGroup var strictness: StrictFlag
    @OptionGroup var output: FormatOption<OutputFormat>

    var format: OutputFormat { output.format }

    func localeID() throws(CLIFailure) -> LocaleID { try locale.formattingLocaleID(strict: strictness) }

    /// Prints `text` alone, or as `{"text":…}` plus `extra` JSON members.
    func emit(_ text: String, json extra: [(String, String)] = []) {
        switch format {
        case .text: CLI.print(text)
        case .json:
            let members = [("text", JSON.string(text))] + extra
            CLI.print("{" + members.map { "\(JSON.string($0.0)):\($0.1)" }.joined(separator: ",") + "}")
        }
    }
}

/// Maps library errors to the CLI's exit codes: bad options (skeleton, unit, pattern,
/// locale) → 64, bad values → 65.
func formattingFailure(_ error: any Error) -> CLIFailure {
    switch error {
    case let failure as CLIFailure: return failure
    case let error as FormattingError:
        switch error {
        case .invalidSkeleton, .unknownUnit, .unknownCurrency, .invalidPattern, .unknownLocale, .unknownTimeZone,
             .unknownCalendar, .unavailable, .icu:
            return .usage(error.description)
        case .unparseable, .dateOutOfRange, .invalidArgument, .invalidNumber, .outOfRange, .malformedPropertyList,
             .unknownKey, .invalidEntry, .missingArgument, .inputTooLong:
            return .data(error.description)
        }
    case let error as LocaleError: return .usage(error.description)
    case let error as InputTooLongError: return .data(error.description)
    default: return CLIFailure(message: "\(error)", code: CLI.software)
    }
}

struct FormatNumberCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "number",
        abstract: "Format a number with an ICU number skeleton, spelled out, or as an ordinal.",
        discussion: """
            Skeletons as ICU spells them: "currency/EUR", "percent" (25 → 25%), "percent scale/100" \
            (0.25 → 25%), "compact-short", "scientific", ".00", "numbering-system/arab", \
            "unit/meter usage/person-height". --to formats a range; --parse reads a localized \
            number back. json: {"text":…}.
            """
    ).leaf

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The number (a decimal string such as -1234.5 or 1e6; with --parse, the text to parse).", valueName: "value"))
    var values: [String] = []

    @Option(name: .long, help: "ICU number skeleton.")
    var skeleton = ""

    @Flag(name: .long, help: "Spell the number out in words (rule-based format).")
    var spellOut = false

    @Flag(name: .long, help: "Format an ordinal (21st).")
    var ordinal = false

    @Option(name: .long, parsing: .unconditional, help: "Format the range from VALUE to this number (may be negative).")
    var to: String?

    @Option(name: .long, help: "Parse VALUE back: decimal, percent, currency, scientific or spell-out.")
    var parse: String?

    @OptionGroup var options: NumberFormatOptions

    func run() throws {
        let value = try CLI.positionalValues(values, names: ["VALUE"])[0]
        do {
            let locale = try options.localeID()
            if let parse {
                let number: Double
                if parse == "spell-out" {
                    number = try RuleBasedNumberFormatter(.spellOut, locale: locale).parse(value)
                } else {
                    guard let kind = NumberParser.Kind(rawValue: parse) else {
                        throw CLIFailure.usage("--parse takes decimal, percent, currency, scientific or spell-out")
                    }
                    number = try NumberParser(kind, locale: locale).parse(value)
                }
                let text = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
                options.emit(text, json: [("value", text)])
                return
            }
            if spellOut || ordinal {
                guard let number = Double(value) else { throw FormattingError.invalidNumber(value) }
                let formatter = try RuleBasedNumberFormatter(spellOut ? .spellOut : .ordinal, locale: locale)
                let text = number == number.rounded() && abs(number) < 9e15 ? try formatter.format(Int(number)) : try formatter.format(number)
                options.emit(text)
                return
            }
            if let to {
                guard let lower = Double(value) else { throw FormattingError.invalidNumber(value) }
                guard let upper = Double(to) else { throw FormattingError.invalidNumber(to) }
                options.emit(try NumberRangeFormatter(skeleton: skeleton, locale: locale).format(lower, upper))
                return
            }
            options.emit(try ICUNumberFormatter(skeleton: skeleton, locale: locale).format(decimal: value))
        } catch {
            throw formattingFailure(error)
        }
    }
}

extension MeasureFormatter.Width: ExpressibleByArgument {}
extension ListStyle.ListType: ExpressibleByArgument {}
extension ListStyle.Width: ExpressibleByArgument {}

struct FormatMeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Format a measurement, optionally in the locale's preferred unit for a usage.",
        discussion: """
            UNIT as ICU spells it (meter, kilogram, kilocalorie, foot-and-inch, kilometer-per-hour). \
            --usage person-height|person|food|road|default converts to the locale's preferred \
            units (180 centimeter --usage person-height: "5 ft, 11 in" in en-US, "180 cm" in fr).
            """
    ).leaf

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("VALUE UNIT: the value (may be negative), then its unit.", valueName: "value-and-unit"))
    var values: [String] = []

    @Option(name: .long, help: "CLDR unit-preference usage (person-height, person, food, road, …).")
    var usage: String?

    @Option(name: .long, help: "short, narrow or long.")
    var width: MeasureFormatter.Width = .short

    @OptionGroup var options: NumberFormatOptions

    func run() throws {
        let arguments = try CLI.positionalValues(values, names: ["VALUE", "UNIT"])
        let value = arguments[0], unit = arguments[1]
        do {
            guard let number = Double(value) else { throw FormattingError.invalidNumber(value) }
            let formatter = try MeasureFormatter(unit: unit, usage: usage, width: width, locale: options.localeID())
            options.emit(try formatter.format(number))
        } catch {
            throw formattingFailure(error)
        }
    }
}

struct FormatPluralCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plural",
        abstract: "Print the plural category (zero, one, two, few, many, other) of a number as written.",
        discussion: "Visible fraction digits count: \"1\" is one but \"1.0\" is other in English. json: {\"category\":…}."
    ).leaf

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The number as written (1, 1.0, 21, 0.5, -1).", valueName: "number"))
    var numbers: [String] = []

    @Flag(name: .long, help: "Ordinal rules (1st, 2nd, 3rd) instead of cardinal.")
    var ordinal = false

    @OptionGroup var options: NumberFormatOptions

    func run() throws {
        let number = try CLI.positionalValues(numbers, names: ["NUMBER"])[0]
        do {
            let rules = try PluralRules(ordinal ? .ordinal : .cardinal, locale: options.localeID())
            let category = try rules.category(forFormatted: number).rawValue
            switch options.format {
            case .text: CLI.print(category)
            case .json: CLI.print("{\"category\":\(JSON.string(category))}")
            }
        } catch {
            throw formattingFailure(error)
        }
    }
}

struct FormatListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Join items into a list: \"a, b, and c\", \"a、b、またはc\"."
    ).leaf

    @Argument(help: "The items.")
    var items: [String] = []

    @Option(name: .long, help: "and, or or units.")
    var type: ListStyle.ListType = .and

    @Option(name: .long, help: "wide, short or narrow.")
    var width: ListStyle.Width = .wide

    @OptionGroup var options: NumberFormatOptions

    func run() throws {
        do {
            let formatter = try ICUListFormatter(ListStyle(type: type, width: width), locale: options.localeID())
            options.emit(try formatter.format(items))
        } catch {
            throw formattingFailure(error)
        }
    }
}

struct FormatMessageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message",
        abstract: "Format an ICU MessageFormat pattern with NAME=VALUE arguments (plural, select, selectordinal).",
        discussion: """
            Example: icukit format message "{n, plural, one {# file} other {# files}}" n=3. \
            Values are text; arguments the pattern uses as numbers (plural, number, …) parse them.
            """
    ).leaf

    @Argument(help: "The MessageFormat pattern.")
    var pattern: String

    @Argument(help: "Arguments as NAME=VALUE.")
    var arguments: [String] = []

    @OptionGroup var options: NumberFormatOptions

    func run() throws {
        do {
            var values: [String: MessageArgument] = [:]
            for argument in arguments {
                guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                    throw CLIFailure.usage("arguments are NAME=VALUE, got \"\(argument)\"")
                }
                values[String(argument[..<equals])] = .string(String(argument[argument.index(after: equals)...]))
            }
            let formatter = try MessageFormatter(pattern, locale: options.localeID())
            options.emit(try formatter.format(values))
        } catch {
            throw formattingFailure(error)
        }
    }
}
