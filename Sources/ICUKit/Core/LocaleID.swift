internal import CICU

/// A locale identifier as ICU understands it, parsed and canonicalized by ICU itself.
///
/// Accepts BCP 47 tags (`de-u-co-phonebk`, `th-TH`) and ICU identifiers with keywords
/// (`en_US@ss=standard`, `zh@collation=stroke`). The empty string, `und` and `root`
/// name the root locale. (`FoundationEssentials.Locale` does not parse keywords, so
/// ICUKit carries its own identifier type.)
///
/// ```swift
/// let id = LocaleID("ur-IN-u-ca-islamic")
/// id.identifier   // "ur_IN@calendar=islamic"
/// id.bcp47        // "ur-IN-u-ca-islamic"
/// id.isKnown      // true; LocaleID("xx").isKnown is false
/// ```
public struct LocaleID: Sendable, Hashable, CustomStringConvertible {
    /// The canonical ICU form, such as `en_US@ss=standard` (empty for root).
    public let identifier: String

    /// The root locale, whose data every other locale falls back to.
    public static let root = LocaleID(canonical: "")

    init(canonical: String) { self.identifier = canonical }

    /// A locale name returned by ICU (`"root"` spelled out for the root locale).
    init(icuReported name: String) { self.identifier = name == "root" ? "" : name }

    /// Parses and canonicalizes a BCP 47 tag or an ICU locale identifier.
    ///
    /// - Parameter string: The identifier, such as `"sr-Latn-RS"` or `"ja_JP@calendar=japanese"`.
    /// - Throws: ``LocaleError/malformed(_:)`` when ICU cannot parse it, or its
    ///   canonical form has no well-formed language subtag.
    ///   The corresponding C functions are `uloc_forLanguageTag` and `uloc_canonicalize`.
    public init(_ string: String) throws(LocaleError) {
        if string.isEmpty || string == "root" || string == "und" { self = .root; return }
        guard string.utf8.count < 512, !string.utf8.contains(0) else { throw .malformed(string) }
        let looksLikeTag = string.contains("-") && !string.contains("_") && !string.contains("@")
        var canonical: String
        do {
            var icuForm = string
            if looksLikeTag {
                let parsed = try ICU.uloc_forLanguageTag(string)
                guard parsed.parsedLength == string.utf8.count else { throw LocaleError.malformed(string) }
                icuForm = parsed.identifier
            }
            // Both forms end canonicalized the same way (iw → he, hat → ht, …), so equal
            // locales compare equal whatever form they came in.
            canonical = try ICU.uloc_canonicalize(icuForm)
        } catch {
            throw .malformed(string)
        }
        // ICU's own APIs refuse identifiers that do not fit ULOC_FULLNAME_CAPACITY.
        guard canonical.utf8.count < Int(ULOC_FULLNAME_CAPACITY) else { throw .malformed(string) }
        guard LocaleID(canonical: canonical).isWellFormed else { throw .malformed(string) }
        // uloc_canonicalize keeps deprecated codes (iw, in, …) that the BCP 47 conversion
        // replaces; a round trip through BCP 47 gives the one modern form.
        if let modern = Self.bcp47RoundTrip(canonical), LocaleID(canonical: modern).isWellFormed { canonical = modern }
        // Root spelled as "root", "und", "_", "__", or with keywords only ("@calendar=buddhist").
        let base = canonical.prefix { $0 != "@" }
        if base == "root" || base == "und" || base.allSatisfy({ $0 == "_" }) { canonical = String(canonical.dropFirst(base.count)) }
        if canonical == "@" { canonical = "" }
        self = LocaleID(canonical: Self.uppercasingCurrency(canonical))
    }

    /// The BCP 47 form, such as `de-DE-u-co-phonebk` (`und` for root).
    /// The corresponding C function is `uloc_toLanguageTag`.
    public var bcp47: String {
        (try? ICU.uloc_toLanguageTag(identifier)) ?? "und"
    }

    /// The language subtag, such as `"th"` (empty for root).
    public var language: String { (try? ICU.uloc_getLanguage(identifier)) ?? "" }
    /// The script subtag, such as `"Hant"`, or empty.
    public var script: String { (try? ICU.uloc_getScript(identifier)) ?? "" }
    /// The region subtag, such as `"TW"`, or empty.
    public var region: String { (try? ICU.uloc_getCountry(identifier)) ?? "" }
    /// The variant, such as `"POSIX"`, or empty.
    public var variant: String { (try? ICU.uloc_getVariant(identifier)) ?? "" }
    /// The identifier without keywords, such as `en_US` for `en_US@ss=standard`.
    public var baseName: String { (try? ICU.uloc_getBaseName(identifier)) ?? "" }

    /// The value of an ICU keyword (`"collation"`, `"calendar"`, `"ss"`, …), or `nil`.
    /// The corresponding C function is `uloc_getKeywordValue`.
    public func keywordValue(_ keyword: String) -> String? {
        let value = try? ICU.uloc_getKeywordValue(identifier, keyword)
        return value.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The ICU identifier with `keyword` removed.
    func withoutKeyword(_ keyword: String) -> String {
        guard let at = identifier.firstIndex(of: "@") else { return identifier }
        let kept = identifier[identifier.index(after: at)...].split(separator: ";").filter {
            !$0.lowercased().hasPrefix(keyword.lowercased() + "=")
        }
        return String(identifier[..<at]) + (kept.isEmpty ? "" : "@" + kept.joined(separator: ";"))
    }

    /// Whether ICU knows the language (and the region, when one is given).
    ///
    /// ICU accepts any well-formed identifier and silently falls back to root data for
    /// unknown ones; strict APIs throw `.unknownLocale` when this is `false`.
    public var isKnown: Bool {
        if language.isEmpty { return baseName.isEmpty }
        let iso3 = String(cString: uloc_getISO3Language(identifier))
        guard !iso3.isEmpty else { return false }
        let region = self.region
        if region.isEmpty { return true }
        if region.count == 3, region.allSatisfy(\.isNumber) { return true }  // UN M.49 areas such as 419
        return !String(cString: uloc_getISO3Country(identifier)).isEmpty
    }

    /// The canonical ICU identifier, such as `"en_US@ss=standard"`, or `"root"` for the
    /// root locale.
    public var description: String { identifier.isEmpty ? "root" : identifier }

    /// ICU's legacy form spells currency codes in upper case (`currency=USD`), but the
    /// BCP 47 round trip lowers them (`-cu-usd` → `currency=usd`), which ICU's display
    /// names then do not find.
    private static func uppercasingCurrency(_ identifier: String) -> String {
        guard let at = identifier.firstIndex(of: "@"), identifier.contains("currency=") else { return identifier }
        let keywords = identifier[identifier.index(after: at)...].split(separator: ";").map { pair -> String in
            pair.hasPrefix("currency=") ? "currency=" + pair.dropFirst(9).uppercased() : String(pair)
        }
        return String(identifier[...at]) + keywords.joined(separator: ";")
    }

    private static func bcp47RoundTrip(_ identifier: String) -> String? {
        guard let tag = try? ICU.uloc_toLanguageTag(identifier), !tag.contains("-x-lvariant") else { return nil }
        guard let back = try? ICU.uloc_forLanguageTag(tag), back.parsedLength == tag.utf8.count else { return nil }
        return back.identifier
    }

    /// Subtags as BCP 47 allows them: language 2–3 or 5–8 letters, script 4 letters,
    /// region 2 letters or 3 digits, variants 4–8 letters or digits.
    private var isWellFormed: Bool {
        func ascii(_ text: String, _ allowed: (UInt8) -> Bool) -> Bool { text.utf8.allSatisfy(allowed) }
        let letter: (UInt8) -> Bool = { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        let digit: (UInt8) -> Bool = { (0x30...0x39).contains($0) }
        let language = self.language, script = self.script, region = self.region
        let languageLength = language.utf8.count
        guard languageLength == 0 || (2...3).contains(languageLength) || (5...8).contains(languageLength),
              ascii(language, letter)
        else { return false }
        guard script.isEmpty || (script.utf8.count == 4 && ascii(script, letter)) else { return false }
        guard region.isEmpty || (region.utf8.count == 2 && ascii(region, letter)) || (region.utf8.count == 3 && ascii(region, digit))
        else { return false }
        for subtag in variant.split(separator: "_") {
            guard (4...8).contains(subtag.utf8.count), ascii(String(subtag), { letter($0) || digit($0) }) else { return false }
        }
        return true
    }

}

/// The locale capability's error: why a locale identifier was refused, or locale data
/// could not be read.
///
/// ```swift
/// do { _ = try LocaleID(userSetting) } catch .malformed(let id) { print("cannot parse", id) }
/// ```
public enum LocaleError: ICUKitError {
    /// ICU cannot parse the identifier.
    case malformed(String)
    /// The identifier is well formed but names a language or region ICU does not know
    /// (ICU itself would silently use root data); thrown only in strict mode.
    case unknownLocale(String)
    /// A currency code that is not three ASCII letters or that ICU does not know.
    case unknownCurrency(String)
    /// An HTTP `Accept-Language` header that does not parse: the header and the UTF-8
    /// offset of the first byte that does not fit (see ``AcceptLanguage``).
    case invalidAcceptLanguage(String, byteOffset: Int)
    /// A locale-matching threshold outside 0…100 (see ``LocaleMatcher/Options/threshold``).
    case invalidThreshold(Int)
    /// ICU reported a failure, for example while loading its locale-matching data.
    case icu(ICUError)

    /// A one-line English message, such as `"malformed locale identifier \"!!\""`;
    /// the `.icu` case gives the ``ICUError``'s description.
    public var description: String {
        switch self {
        case .malformed(let id): "malformed locale identifier \"\(id)\""
        case .unknownLocale(let id): "unknown locale \"\(id)\" (ICU would fall back to root)"
        case .unknownCurrency(let code): "unknown currency code \"\(code)\""
        case .invalidAcceptLanguage(let header, let offset): "invalid Accept-Language header at byte \(offset): \"\(header)\""
        case .invalidThreshold(let value): "locale-matching threshold \(value) is outside 0…100"
        case .icu(let error): error.description
        }
    }
}

/// Errors that can report an unknown locale (every capability that takes one).
protocol ReportsUnknownLocale: ICUKitError {
    static func unknownLocale(_ identifier: String) -> Self
}

extension LocaleError: ReportsUnknownLocale {}

extension LocaleID {
    /// Throws the caller's `.unknownLocale` error unless ``isKnown``.
    func requireKnown<E: ReportsUnknownLocale>(as _: E.Type) throws(E) {
        if !isKnown { throw E.unknownLocale(description) }
    }
}

extension LocaleID: ExpressibleByStringLiteral {
    /// A locale written as a literal in code: `Segmenter(.word, locale: "th")`.
    ///
    /// The literal is parsed like ``init(_:)``; a malformed literal is a programming
    /// error and stops the program with its text. Identifiers from outside (user
    /// settings, HTTP headers, command lines) go through the throwing ``init(_:)``.
    public init(stringLiteral value: String) {
        do { self = try LocaleID(value) } catch { preconditionFailure("malformed locale literal \"\(value)\"") }
    }
}
