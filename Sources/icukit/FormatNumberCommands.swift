import ICUKit

/// The options the number, measure, plural, list and message subcommands share.
struct NumberFormatOptions {
    static var options: [OptionSpec] { [LocaleOption.option, StrictFlag.option, FormatOption<OutputFormat>.option] }

    var locale: LocaleOption
    var strictness: StrictFlag
    var output: FormatOption<OutputFormat>

    init(_ arguments: ParsedArguments) {
        locale = LocaleOption(arguments)
        strictness = StrictFlag(arguments)
        output = FormatOption<OutputFormat>(arguments)
    }

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
        case .unparseable, .dateOutOfRange, .invalidArgument, .invalidNumber, .outOfRange, .inputTooLong:
            return .data(error.description)
        }
    case let error as LocaleError: return .usage(error.description)
    case let error as InputTooLongError: return .data(error.description)
    default: return CLIFailure(message: "\(error)", code: CLI.software)
    }
}

struct FormatNumberCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "number",
        abstract: "Format a number with an ICU number skeleton, spelled out, or as an ordinal.",
        discussion: """
            Skeletons as ICU spells them: "currency/EUR", "percent" (25 → 25%), "percent scale/100" \
            (0.25 → 25%), "compact-short", "scientific", ".00", "numbering-system/arab", \
            "unit/meter usage/person-height". --to formats a range; --parse reads a localized \
            number back. json: {"text":…}.
            """,
        options: { [valuesOption, skeletonOption, spellOutOption, ordinalOption, toOption, parseOption] + NumberFormatOptions.options }
    )

    static let valuesOption = OptionSpec.variadic("value", help: "The number (a decimal string such as -1234.5 or 1e6; with --parse, the text to parse).", unrecognized: true)
    static let skeletonOption = OptionSpec.option("skeleton", help: "ICU number skeleton.", default: "")
    static let spellOutOption = OptionSpec.flag("spell-out", help: "Spell the number out in words (rule-based format).")
    static let ordinalOption = OptionSpec.flag("ordinal", help: "Format an ordinal (21st).")
    static let toOption = OptionSpec.option("to", help: "Format the range from VALUE to this number (may be negative).", dashed: true)
    static let parseOption = OptionSpec.option("parse", help: "Parse VALUE back: decimal, percent, currency, scientific or spell-out.")

    var values: [String]
    var skeleton: String
    var spellOut: Bool
    var ordinal: Bool
    var to: String?
    var parse: String?
    var options: NumberFormatOptions

    init(_ arguments: ParsedArguments) {
        values = arguments.strings(Self.valuesOption)
        skeleton = arguments.string(Self.skeletonOption)!
        spellOut = arguments.flag(Self.spellOutOption)
        ordinal = arguments.flag(Self.ordinalOption)
        to = arguments.string(Self.toOption)
        parse = arguments.string(Self.parseOption)
        options = NumberFormatOptions(arguments)
    }

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

struct FormatMeasureCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "measure",
        abstract: "Format a measurement, optionally in the locale's preferred unit for a usage.",
        discussion: """
            UNIT as ICU spells it (meter, kilogram, kilocalorie, foot-and-inch, kilometer-per-hour). \
            --usage person-height|person|food|road|default converts to the locale's preferred \
            units (180 centimeter --usage person-height: "5 ft, 11 in" in en-US, "180 cm" in fr).
            """,
        options: { [valuesOption, usageOption, widthOption] + NumberFormatOptions.options }
    )

    static let valuesOption = OptionSpec.variadic("value-and-unit", help: "VALUE UNIT: the value (may be negative), then its unit.", unrecognized: true)
    static let usageOption = OptionSpec.option("usage", help: "CLDR unit-preference usage (person-height, person, food, road, …).")
    static let widthOption = OptionSpec.choice("width", MeasureFormatter.Width.self, help: "short, narrow or long.", default: .short)

    var values: [String]
    var usage: String?
    var width: MeasureFormatter.Width
    var options: NumberFormatOptions

    init(_ arguments: ParsedArguments) {
        values = arguments.strings(Self.valuesOption)
        usage = arguments.string(Self.usageOption)
        width = arguments.choice(Self.widthOption)!
        options = NumberFormatOptions(arguments)
    }

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

struct FormatPluralCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "plural",
        abstract: "Print the plural category (zero, one, two, few, many, other) of a number as written.",
        discussion: "Visible fraction digits count: \"1\" is one but \"1.0\" is other in English. json: {\"category\":…}.",
        options: { [numbersOption, ordinalOption] + NumberFormatOptions.options }
    )

    static let numbersOption = OptionSpec.variadic("number", help: "The number as written (1, 1.0, 21, 0.5, -1).", unrecognized: true)
    static let ordinalOption = OptionSpec.flag("ordinal", help: "Ordinal rules (1st, 2nd, 3rd) instead of cardinal.")

    var numbers: [String]
    var ordinal: Bool
    var options: NumberFormatOptions

    init(_ arguments: ParsedArguments) {
        numbers = arguments.strings(Self.numbersOption)
        ordinal = arguments.flag(Self.ordinalOption)
        options = NumberFormatOptions(arguments)
    }

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

struct FormatListCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "list",
        abstract: "Join items into a list: \"a, b, and c\", \"a、b、またはc\".",
        options: { [itemsOption, typeOption, widthOption] + NumberFormatOptions.options }
    )

    static let itemsOption = OptionSpec.variadic("items", help: "The items.")
    static let typeOption = OptionSpec.choice("type", ListStyle.ListType.self, help: "and, or or units.", default: .and)
    static let widthOption = OptionSpec.choice("width", ListStyle.Width.self, help: "wide, short or narrow.", default: .wide)

    var items: [String]
    var type: ListStyle.ListType
    var width: ListStyle.Width
    var options: NumberFormatOptions

    init(_ arguments: ParsedArguments) {
        items = arguments.strings(Self.itemsOption)
        type = arguments.choice(Self.typeOption)!
        width = arguments.choice(Self.widthOption)!
        options = NumberFormatOptions(arguments)
    }

    func run() throws {
        do {
            let formatter = try ICUListFormatter(ListStyle(type: type, width: width), locale: options.localeID())
            options.emit(try formatter.format(items))
        } catch {
            throw formattingFailure(error)
        }
    }
}

struct FormatMessageCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "message",
        abstract: "Format an ICU MessageFormat pattern with NAME=VALUE arguments (plural, select, selectordinal).",
        discussion: """
            Example: icukit format message "{n, plural, one {# file} other {# files}}" n=3. \
            Values are text; arguments the pattern uses as numbers (plural, number, …) parse them.
            """,
        options: { [patternOption, argumentsOption] + NumberFormatOptions.options }
    )

    static let patternOption = OptionSpec.positional("pattern", help: "The MessageFormat pattern.", required: true)
    static let argumentsOption = OptionSpec.variadic("arguments", help: "Arguments as NAME=VALUE.")

    var pattern: String
    var arguments: [String]
    var options: NumberFormatOptions

    init(_ arguments: ParsedArguments) {
        pattern = arguments.strings(Self.patternOption)[0]
        self.arguments = arguments.strings(Self.argumentsOption)
        options = NumberFormatOptions(arguments)
    }

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
