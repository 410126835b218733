/// A catalog ready to serve: the language matcher over its localizations and, per
/// language, the plural rules and number formatters, made once, so that a service
/// resolves and formats each request with dictionary lookups and ICU's formatting alone.
/// Safe to share between threads.
///
/// ```swift
/// let strings = LocalizedStrings(catalog)
/// let language = strings.language(acceptLanguage: "fr-CH, fr;q=0.9, en;q=0.5")   // "fr"
/// try strings.format("files", [3], language: language)   // "3 fichiers"
/// ```
public final class LocalizedStrings: Sendable {
    /// The catalog served.
    public let catalog: StringCatalog
    private let available: [String]
    private let matcher: LocaleMatcher?
    private let formatting: [String: LanguageFormatting]
    /// The position of each key in `tables`' rows.
    private let keyIndex: [String: Int]
    /// Per catalog language, each key resolved through the fallback chain once, in file
    /// order: a text without placeholders or variations is served as it is.
    private let tables: [String: [Resolved]]

    private enum Resolved: Sendable {
        case text(String)
        case format(StringCatalog.Localization, textLanguage: String)
    }

    /// Prepares `catalog` for serving.
    ///
    /// ```swift
    /// let strings = LocalizedStrings(catalog)
    /// ```
    public init(_ catalog: StringCatalog) {
        self.catalog = catalog
        let languages = catalog.languages
        available = Self.matchable(languages)
        matcher = Self.matcher(available)
        var formatting: [String: LanguageFormatting] = [:]
        var tables: [String: [Resolved]] = [:]
        let entries = catalog.entries
        var keyIndex: [String: Int] = [:]
        keyIndex.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { keyIndex[entry.key] = index }
        for language in languages {
            formatting[language] = LanguageFormatting.of(language)
            var table: [Resolved] = []
            table.reserveCapacity(entries.count)
            for entry in entries {
                let (localization, textLanguage) = catalog.resolved(entry, language: language)
                if localization.variations == nil, localization.substitutions.isEmpty, let unit = localization.unit,
                    !unit.value.utf8.contains(UInt8(ascii: "%"))
                {
                    table.append(.text(unit.value))
                } else {
                    table.append(.format(localization, textLanguage: textLanguage))
                }
            }
            tables[language] = table
        }
        self.formatting = formatting
        self.keyIndex = keyIndex
        self.tables = tables
    }

    /// The localization for the preferred languages, most preferred first (as
    /// ``StringCatalog/preferredLanguage(for:)``).
    ///
    /// ```swift
    /// strings.language(for: ["de-AT", "en"])   // "de" when the catalog has German
    /// ```
    public func language(for preferred: [String]) -> String {
        Self.match(preferred, matcher: matcher, source: catalog.sourceLanguage)
    }

    /// The localization for an HTTP `Accept-Language` header (q-values honoured; `*` and
    /// no match give the source language).
    ///
    /// ```swift
    /// strings.language(acceptLanguage: "ja, *;q=0.1")   // "en" when the catalog has no Japanese
    /// ```
    public func language(acceptLanguage header: String) -> String {
        language(for: AcceptLanguage.parse(header))
    }

    /// `key` formatted in `language` (as ``StringCatalog/format(_:_:language:device:width:isolate:)``),
    /// with this catalog's cached rules and formatters.
    ///
    /// ```swift
    /// try strings.format("greeting", ["Anna"], language: "fr")   // "Bonjour, Anna !"
    /// ```
    /// - Throws: what ``StringCatalog/format(_:_:language:device:width:isolate:)`` throws.
    public func format(
        _ key: String, _ arguments: [StringArgument], language: String, device: String = "other", width: Int? = nil, isolate: Bool = false
    ) throws(StringsError) -> String {
        if let table = tables[language] {
            guard let index = keyIndex[key] else { throw StringsError(.unknownKey, "no such key", key: key) }
            switch table[index] {
            case .text(let text): return text
            case .format(let localization, let textLanguage):
                guard let numbers = formatting[language], let plurals = formatting[textLanguage] else { break }
                var engine = FormatEngine(
                    arguments: arguments, numbers: numbers, plurals: plurals, isolate: isolate, device: device, width: width,
                    gettextForms: catalog.origin == .gettext ? catalog.gettextPluralForms[textLanguage] : nil)
                do { return try engine.format(localization) } catch {
                    var error = error
                    error.key = key
                    throw error
                }
            }
        }
        guard let entry = catalog[key] else { throw StringsError(.unknownKey, "no such key", key: key) }
        let formatting = self.formatting
        return try catalog.format(
            entry, arguments, language: language, device: device, width: width, isolate: isolate,
            formatting: { formatting[$0] ?? LanguageFormatting.of($0) })
    }

    // MARK: Matching

    private static let matchers = ConfigurationCache<[String], MatcherBox>(limit: 64)

    private struct MatcherBox: Sendable { let matcher: LocaleMatcher? }

    private static func matchable(_ languages: [String]) -> [String] {
        languages.filter { $0 != "Base" && ICULocaleName($0) != nil }
    }

    private static func matcher(_ available: [String]) -> LocaleMatcher? {
        var options = LocaleMatcher.Options()
        options.defaultLocale = .none
        return try? LocaleMatcher(available: available, options: options)
    }

    static func match(_ preferred: [String], available: [String], source: String) -> String {
        let matchable = matchable(available)
        let box = matchers.value(for: matchable) { MatcherBox(matcher: matcher(matchable)) }
        return match(preferred, matcher: box.matcher, source: source)
    }

    private static func match(_ preferred: [String], matcher: LocaleMatcher?, source: String) -> String {
        let usable = preferred.filter { $0 != "*" && ICULocaleName($0) != nil }
        guard let matcher, !usable.isEmpty, let locale = (try? matcher.match(usable))?.locale else { return source }
        return locale
    }
}

/// The index of a gettext plural form for `n` under `forms` (a `Plural-Forms` header,
/// parsed once and cached); without one or with one that does not parse, gettext's own
/// default, the Germanic `n != 1`.
func gettextPluralIndex(_ n: UInt64, forms: String?) -> Int {
    guard let forms, let rule = gettextRules.value(for: forms, { GettextRuleBox(rule: try? GettextPluralRule(forms)) }).rule else {
        return n == 1 ? 0 : 1
    }
    return rule.index(for: n)
}

private struct GettextRuleBox: Sendable { let rule: GettextPluralRule? }

private let gettextRules = ConfigurationCache<String, GettextRuleBox>(limit: 256)
