import ICUKit

/// `icukit locale`: locale identifiers and data, and preferred-localization matching.
enum LocaleCommand {
    static let spec = CommandSpec(
        group: "locale",
        abstract: "Locale data (parts, names, quotes, measurement system, first weekday, currency) and localization matching.",
        subcommands: [LocaleInfoCommand.spec, LocaleMatchCommand.spec]
    )
}

struct LocaleInfoCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "info",
        abstract: "Describe a locale identifier (ICU or BCP 47 form, with keywords).",
        discussion: """
            json: {"id","bcp47","language","script","region","keywords":{…},"displayName",\
            "quotes":[start,end,altStart,altEnd],"measurementSystem":"metric|us|uk",\
            "firstWeekday":1…7 (1 = Sunday),"characterDirection":"ltr|rtl","currency","currencyName"}.
            """,
        options: { [idOption, displayLocaleOption, StrictFlag.option, FormatOption<OutputFormat>.option] }
    )

    static let idOption = OptionSpec.positional("id", help: "The locale identifier (ur_IN@calendar=islamic;currency=USD or ur-IN-u-ca-islamic-cu-usd).", required: true)
    static let displayLocaleOption = OptionSpec.option("display-locale", help: "The locale to write names in (English when omitted).")

    var id: String
    var displayLocale: String?
    var strictness: StrictFlag
    var output: FormatOption<OutputFormat>

    init(_ arguments: ParsedArguments) {
        id = arguments.strings(Self.idOption)[0]
        displayLocale = arguments.string(Self.displayLocaleOption)
        strictness = StrictFlag(arguments)
        output = FormatOption<OutputFormat>(arguments)
    }

    func run() throws {
        let strict = strictness.strict
        let locale = try CLI.locale(id, strict: strict)
        let display = try displayLocale.map { identifier throws(CLIFailure) in try CLI.locale(identifier, strict: strict) }
        let quotes = locale.quotationMarks
        let currency = locale.currencyCode
        let currencyName = currency.flatMap { try? (display ?? LocaleID.english).currencyName($0) }
        let keywords = locale.keywords.sorted { $0.key < $1.key }
        let displayName = locale.displayName(in: display)
        switch output.format {
        case .json:
            let members: [(String, String)] = [
                ("id", JSON.string(locale.identifier)),
                ("bcp47", JSON.string(locale.bcp47)),
                ("language", JSON.string(locale.language)),
                ("script", JSON.string(locale.script)),
                ("region", JSON.string(locale.region)),
                ("keywords", "{" + keywords.map { "\(JSON.string($0.key)):\(JSON.string($0.value))" }.joined(separator: ",") + "}"),
                ("displayName", JSON.string(displayName)),
                ("quotes", JSON.array([quotes.start, quotes.end, quotes.alternateStart, quotes.alternateEnd])),
                ("measurementSystem", JSON.string(locale.measurementSystem.rawValue)),
                ("firstWeekday", String(locale.firstWeekday)),
                ("characterDirection", JSON.string(locale.characterOrientation.rawValue)),
                ("currency", currency.map(JSON.string) ?? "null"),
                ("currencyName", currencyName.map(JSON.string) ?? "null"),
            ]
            CLI.print("{" + members.map { "\(JSON.string($0.0)):\($0.1)" }.joined(separator: ",") + "}")
        case .text:
            let maximized = locale.maximized
            let paper = locale.paperSize
            CLI.print("""
                id                  \(locale.identifier)
                bcp47               \(locale.bcp47)
                language            \(locale.language)   script \(locale.script)   region \(locale.region)
                keywords            \(keywords.map { "\($0.key)=\($0.value)" }.joined(separator: ";"))
                likely subtags      \(maximized.identifier) (minimized \(locale.minimized.identifier))
                display name        \(displayName)
                quotes              \(quotes.start)…\(quotes.end) \(quotes.alternateStart)…\(quotes.alternateEnd)
                measurement system  \(locale.measurementSystem.rawValue)   paper \(paper.height)×\(paper.width) mm
                first weekday       \(locale.firstWeekday) (1 = Sunday)
                orientation         characters \(locale.characterOrientation.rawValue), lines \(locale.lineOrientation.rawValue)
                currency            \(currency ?? "-") \(currencyName ?? "")
                """)
        }
    }
}

struct LocaleMatchCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "match",
        abstract: "Print the best of the available localizations for the preferred languages (ICU's LocaleMatcher).",
        discussion: """
            ICU's matching over CLDR's language-matching data: likely subtags, language/script/region \
            distances, paradigm regions (en-AU → en-GB, es-AR → es-419, zh-HK → zh-MO), legacy codes \
            (iw, tl, mo, cmn), and a threshold below which the default is used. Without --preferred or \
            --accept-language, the environment's locale (LC_ALL, LC_MESSAGES, LANG) is used. When nothing \
            matches, the default is printed: the first available localization unless --default says \
            otherwise (--default none prints an empty line). \
            json: {"match":…,"index":…,"matched":true|false,"distance":…}, where index is the position of \
            the preferred language that matched (for --accept-language, in descending q order) and \
            distance is 0…100 (null when nothing matched).
            """,
        options: { [availableOption, preferredOption, acceptLanguageOption, favorOption, thresholdOption, defaultOption, FormatOption<OutputFormat>.option] }
    )

    static let availableOption = OptionSpec.option("available", help: "The available localizations, comma-separated, in the app's order.", required: true)
    static let preferredOption = OptionSpec.option("preferred", help: "The preferred languages, comma-separated, most preferred first.")
    static let acceptLanguageOption = OptionSpec.option("accept-language", help: "An HTTP Accept-Language header (q-values) instead of --preferred.")
    static let favorOption = OptionSpec.choice("favor", LocaleMatcher.Favor.self, help: "language (default) or script: which subtag differences weigh more.", default: .language)
    static let thresholdOption = OptionSpec.integer("threshold", help: "A match must be closer than this distance, 0…100 (default: ICU's, 50).")
    static let defaultOption = OptionSpec.option("default", help: "The answer when nothing matches: a locale, or none (default: the first available).")

    var available: String
    var preferred: String?
    var acceptLanguage: String?
    var favor: LocaleMatcher.Favor
    var threshold: Int?
    var `default`: String?
    var output: FormatOption<OutputFormat>

    init(_ arguments: ParsedArguments) {
        available = arguments.string(Self.availableOption)!
        preferred = arguments.string(Self.preferredOption)
        acceptLanguage = arguments.string(Self.acceptLanguageOption)
        favor = arguments.choice(Self.favorOption)!
        threshold = arguments.integer(Self.thresholdOption)
        `default` = arguments.string(Self.defaultOption)
        output = FormatOption<OutputFormat>(arguments)
    }

    func run() throws {
        let names = available.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw CLIFailure.usage("--available needs at least one localization") }
        if preferred != nil && acceptLanguage != nil { throw CLIFailure.usage("give --preferred or --accept-language, not both") }
        var options = LocaleMatcher.Options()
        options.favor = favor
        options.threshold = threshold
        switch self.default {
        case nil: options.defaultLocale = .firstAvailable
        case "none"?: options.defaultLocale = .none
        case let tag?: options.defaultLocale = .locale(tag)
        }
        let result: LocaleMatcher.Match
        do {
            let matcher = try LocaleMatcher(available: names, options: options)
            if let acceptLanguage {
                result = try matcher.match(acceptLanguage: acceptLanguage)
            } else if let preferred {
                result = try matcher.match(preferred.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty })
            } else {
                result = matcher.match([LocaleID.fromEnvironment()])
            }
        } catch {
            switch error {
            case .invalidAcceptLanguage: throw CLIFailure.data(error.description)
            case .icu: throw CLIFailure(message: error.description, code: CLI.software)
            default: throw CLIFailure.usage(error.description)
            }
        }
        switch output.format {
        case .text: CLI.print(result.locale ?? "")
        case .json:
            let distance = result.distance.map { $0 == $0.rounded() ? String(Int($0)) : String($0) } ?? "null"
            CLI.print("{\"match\":\(result.locale.map(JSON.string) ?? "null"),\"index\":\(result.preferredIndex.map(String.init) ?? "null"),\"matched\":\(result.matched),\"distance\":\(distance)}")
        }
    }
}

extension LocaleID {
    static let english: LocaleID = "en"
}
