import ArgumentParser
import ICUKit

/// `icukit locale`: locale identifiers and data, and preferred-localization matching.
struct LocaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locale",
        abstract: "Locale data (parts, names, quotes, measurement system, first weekday, currency) and localization matching.",
        subcommands: [LocaleInfoCommand.self, LocaleMatchCommand.self]
    )
}

struct LocaleInfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Describe a locale identifier (ICU or BCP 47 form, with keywords).",
        discussion: """
            json: {"id","bcp47","language","script","region","keywords":{…},"displayName",\
            "quotes":[start,end,altStart,altEnd],"measurementSystem":"metric|us|uk",\
            "firstWeekday":1…7 (1 = Sunday),"characterDirection":"ltr|rtl","currency","currencyName"}.
            """
    )

    @Argument(help: "The locale identifier (ur_IN@calendar=islamic;currency=USD or ur-IN-u-ca-islamic-cu-usd).")
    var id: String

    @Option(name: .long, help: "The locale to write names in (English when omitted).")
    var displayLocale: String?

    @OptionGroup var strictness: StrictFlag

    @OptionGroup var output: FormatOption<OutputFormat>

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

struct LocaleMatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Print the best of the available localizations for the preferred languages.",
        discussion: """
            Likely subtags plus CLDR parent locales: zh-TW → zh-Hant, pt-AO → pt-PT, es-MX → es-419. \
            Without --preferred, the environment's locale (LC_ALL, LC_MESSAGES, LANG) is used. \
            When nothing matches, the first available localization is printed. \
            json: {"match":…,"index":…,"matched":true|false}.
            """
    )

    @Option(name: .long, help: "The available localizations, comma-separated, in the app's order.")
    var available: String

    @Option(name: .long, help: "The preferred languages, comma-separated, most preferred first.")
    var preferred: String?

    @OptionGroup var output: FormatOption<OutputFormat>

    func run() throws {
        let names = available.split(separator: ",").map { String($0).trimmingCharacters() }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw CLIFailure.usage("--available needs at least one localization") }
        let availableIDs = try names.map { name throws(CLIFailure) in try CLI.locale(name, strict: false) }
        let preferredIDs: [LocaleID]
        if let preferred {
            preferredIDs = try preferred.split(separator: ",").map { String($0).trimmingCharacters() }.filter { !$0.isEmpty }
                .map { name throws(CLIFailure) in try CLI.locale(name, strict: false) }
        } else {
            preferredIDs = [LocaleID.fromEnvironment()]
        }
        let index = LocaleMatcher(available: availableIDs).bestMatchIndex(for: preferredIDs)
        let chosen = names[index ?? 0]
        switch output.format {
        case .text: CLI.print(chosen)
        case .json: CLI.print("{\"match\":\(JSON.string(chosen)),\"index\":\(index ?? 0),\"matched\":\(index != nil)}")
        }
    }
}

extension String {
    func trimmingCharacters() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

extension LocaleID {
    static let english: LocaleID = "en"
}
