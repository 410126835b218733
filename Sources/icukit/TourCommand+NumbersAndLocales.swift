import ICUKit

extension TourCommand {
    /// The tour's numbers-and-locales part: the seed's `ur_IN@calendar=islamic;currency=USD`
    /// user, CNY in three languages, quotes in three languages, person height in the US and France.
    func numbersAndLocalesTour() throws {
        CLI.print("\n== Numbers, measures, plurals, lists, messages, locales: icukit format … | icukit locale info|match ==\n")
        let user: LocaleID = "ur_IN@calendar=islamic;currency=USD"
        CLI.print("  \(user.identifier)  ↔  \(user.bcp47)")
        CLI.print("    keywords \(user.keywords.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")); \(user.displayName())")
        CLI.print("    currency \(user.currencyCode ?? "-"): \(try ICUNumberFormatter(skeleton: "currency/USD", locale: user).format(1234.5)), first weekday \(user.firstWeekday), characters \(user.characterOrientation.rawValue)")
        CLI.print("\n  The Chinese yuan (CNY) in three languages:")
        for id in ["en", "fr", "zh"] {
            let locale = try LocaleID(id)
            CLI.print("    \(id)  \(try locale.currencyName("CNY"))  \(try ICUNumberFormatter(.currency("CNY"), locale: locale).format(1234.5))")
        }
        CLI.print("\n  Quotation marks:")
        for id in ["en", "fr", "ja"] {
            let q = try LocaleID(id).quotationMarks
            CLI.print("    \(id)  \(q.start)outer \(q.alternateStart)inner\(q.alternateEnd)\(q.end)")
        }
        CLI.print("\n  A person 180 cm tall, as each region says it (ICU 72 / CLDR 42 preferences):")
        for id in ["en-US", "fr-FR", "fr", "de-DE"] {
            CLI.print("    \(id + String(repeating: " ", count: max(0, 6 - id.count))) \(try MeasureFormatter(unit: "centimeter", usage: "person-height", locale: LocaleID(id)).format(180))")
        }
        CLI.print("    food energy in en-US: \(try MeasureFormatter(unit: "kilocalorie", usage: "food", locale: LocaleID("en-US")).format(500))")
        CLI.print("\n  Numbers: \(try ICUNumberFormatter(.decimal, locale: LocaleID("en-IN")).format(1234567)) (en-IN lakh), \(try ICUNumberFormatter(.decimal, locale: LocaleID("ar")).format(1234.5)) (ar), \(try ICUNumberFormatter(.compactShort, locale: LocaleID("ja")).format(123456)) (ja compact), \(try RuleBasedNumberFormatter(.spellOut, locale: LocaleID("fr")).format(42)), \(try RuleBasedNumberFormatter(.ordinal, locale: LocaleID("en")).format(21))")
        let ru = try PluralRules(locale: LocaleID("ru"))
        CLI.print("  Plural categories in Russian: " + (try [1, 2, 5, 21].map { "\($0) \(try ru.category(for: Double($0)).rawValue)" }.joined(separator: ", ")) + "; English \"1.0\" is \(try PluralRules(locale: LocaleID("en")).category(forFormatted: "1.0").rawValue)")
        let message = try MessageFormatter("{count, plural, one {# файл} few {# файла} other {# файлов}}", locale: LocaleID("ru"))
        CLI.print("  MessageFormat (ru): " + (try [1, 3, 5].map { try message.format(["count": .number(Double($0))]) }.joined(separator: " / ")))
        CLI.print("  Lists: \(try ICUListFormatter(locale: LocaleID("en")).format(["a", "b", "c"])) · \(try ICUListFormatter(ListStyle(type: .or), locale: LocaleID("ja")).format(["a", "b", "c"]))")
        let matcher = try LocaleMatcher(available: ["en", "zh-Hans", "zh-Hant", "pt-BR", "pt-PT", "es", "es-419"])
        CLI.print("  Matching against en, zh-Hans, zh-Hant, pt-BR, pt-PT, es, es-419: " + (try ["zh-TW", "pt-AO", "es-MX"].map { "\($0) → \((try matcher.match([$0]).locale) ?? "-")" }.joined(separator: ", ")))
        CLI.print("  Default locale from the environment (LC_ALL, LC_MESSAGES, LANG): \(LocaleID.fromEnvironment().description)")
    }
}
