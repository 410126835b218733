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
    /// The catalog's languages (``StringCatalog/languages``) and keys (file order), by their bytes.
    private let languageIndex: StringLookup
    private let keyIndex: StringLookup
    /// Each key resolved through the fallback chain once, a row per key in file order, a
    /// column per language: a text without placeholders or variations is served as it is.
    private let table: [Resolved]

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
        let entries = catalog.entries
        // The languages as ``StringCatalog/languages`` lists them: the source language
        // first, the others sorted.
        var seen = StringIndexTable([catalog.sourceLanguage])
        for entry in entries {
            for language in entry.localizations.keys { seen.insert(language) }
        }
        let languages = [catalog.sourceLanguage] + seen.strings.dropFirst().sorted()
        let available = Self.matchable(languages)
        self.available = available
        matcher = Self.matchers.value(for: available) { MatcherBox(matcher: Self.matcher(available)) }.matcher
        var formatting: [String: LanguageFormatting] = [:]
        for language in languages { formatting[language] = LanguageFormatting.of(language) }
        let languageIndex = StringLookup(languages)
        let width = languages.count
        var table: [Resolved] = []
        table.reserveCapacity(entries.count * width)
        var row = [Resolved?](repeating: nil, count: width)
        for entry in entries {
            // A language's own usable localization is the first of its chain: taken as it is.
            if entry.shouldTranslate {
                for (language, localization) in entry.localizations where catalog.isUsable(localization) {
                    row[languageIndex.index(of: language)!] = Self.resolved(localization, textLanguage: language)
                }
            }
            for column in 0..<width {
                if let resolved = row[column] {
                    table.append(resolved)
                    row[column] = nil
                } else {
                    let (localization, textLanguage) = catalog.resolved(entry, language: languages[column])
                    table.append(Self.resolved(localization, textLanguage: textLanguage))
                }
            }
        }
        self.formatting = formatting
        self.languageIndex = languageIndex
        self.keyIndex = StringLookup(catalog.keys)
        self.table = table
    }

    private static func resolved(_ localization: StringCatalog.Localization, textLanguage: String) -> Resolved {
        if localization.variations == nil, localization.substitutions.isEmpty, let unit = localization.unit, !hasPercent(unit.value) {
            return .text(unit.value)
        }
        return .format(localization, textLanguage: textLanguage)
    }

    private static func hasPercent(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "%")) } ?? text.utf8.contains(UInt8(ascii: "%"))
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
        if let column = languageIndex.index(of: language) {
            guard let row = keyIndex.index(of: key) else { throw StringsError(.unknownKey, "no such key", key: key) }
            switch table[row * languageIndex.count + column] {
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
