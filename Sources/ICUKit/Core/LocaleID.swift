internal import CICU

/// A locale identifier as ICU understands it, parsed and canonicalized by ICU itself.
///
/// Accepts BCP 47 tags (`de-u-co-phonebk`, `th-TH`) and ICU identifiers with keywords
/// (`en_US@ss=standard`, `zh@collation=stroke`). The empty string, `und` and `root`
/// name the root locale. (`FoundationEssentials.Locale` does not parse keywords, so
/// ICUKit carries its own identifier type.)
///
/// ```swift
/// let id = try LocaleID("ur-IN-u-ca-islamic")
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
    /// - Throws: ``LocaleIDError/malformed(_:)`` when ICU cannot parse it, or its
    ///   canonical form has no well-formed language subtag.
    ///   The corresponding C functions are `uloc_forLanguageTag` and `uloc_canonicalize`.
    public init(_ string: String) throws(LocaleIDError) {
        let trimmed = string
        if trimmed.isEmpty || trimmed == "root" || trimmed == "und" { self = .root; return }
        guard trimmed.utf8.count < 512, !trimmed.utf8.contains(0) else { throw .malformed(string) }
        let looksLikeTag = trimmed.contains("-") && !trimmed.contains("_") && !trimmed.contains("@")
        let canonical: String
        do {
            if looksLikeTag {
                var parsed: Int32 = 0
                canonical = try ICUBuffers.string(operation: "uloc_forLanguageTag", capacity: 157) {
                    uloc_forLanguageTag(trimmed, $0, $1, &parsed, &$2)
                }
                guard Int(parsed) == trimmed.utf8.count else { throw LocaleIDError.malformed(string) }
            } else {
                canonical = try ICUBuffers.string(operation: "uloc_canonicalize", capacity: 157) {
                    uloc_canonicalize(trimmed, $0, $1, &$2)
                }
            }
        } catch {
            throw .malformed(string)
        }
        let id = LocaleID(canonical: canonical)
        guard Self.isWellFormedLanguage(id.language) else { throw .malformed(string) }
        self = id
    }

    /// The BCP 47 form, such as `de-DE-u-co-phonebk` (`und` for root).
    /// The corresponding C function is `uloc_toLanguageTag`.
    public var bcp47: String {
        (try? ICUBuffers.string(operation: "uloc_toLanguageTag", capacity: 157) {
            uloc_toLanguageTag(identifier, $0, $1, 0, &$2)
        }) ?? "und"
    }

    /// The language subtag, such as `"th"` (empty for root).
    public var language: String { part(uloc_getLanguage, "uloc_getLanguage") }
    /// The script subtag, such as `"Hant"`, or empty.
    public var script: String { part(uloc_getScript, "uloc_getScript") }
    /// The region subtag, such as `"TW"`, or empty.
    public var region: String { part(uloc_getCountry, "uloc_getCountry") }
    /// The variant, such as `"POSIX"`, or empty.
    public var variant: String { part(uloc_getVariant, "uloc_getVariant") }
    /// The identifier without keywords, such as `en_US` for `en_US@ss=standard`.
    public var baseName: String { part(uloc_getBaseName, "uloc_getBaseName") }

    /// The value of an ICU keyword (`"collation"`, `"calendar"`, `"ss"`, …), or `nil`.
    /// The corresponding C function is `uloc_getKeywordValue`.
    public func keywordValue(_ keyword: String) -> String? {
        let value = try? ICUBuffers.string(operation: "uloc_getKeywordValue") {
            uloc_getKeywordValue(identifier, keyword, $0, $1, &$2)
        }
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
    /// unknown ones; strict APIs throw ``LocaleIDError/unknown(_:)`` when this is `false`.
    public var isKnown: Bool {
        if language.isEmpty { return baseName.isEmpty }
        let iso3 = String(cString: uloc_getISO3Language(identifier))
        guard !iso3.isEmpty else { return false }
        let region = self.region
        if region.isEmpty { return true }
        if region.count == 3, region.allSatisfy(\.isNumber) { return true }  // UN M.49 areas such as 419
        return !String(cString: uloc_getISO3Country(identifier)).isEmpty
    }

    public var description: String { identifier.isEmpty ? "root" : identifier }

    private func part(
        _ get: (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32, UnsafeMutablePointer<UErrorCode>?) -> Int32,
        _ operation: String
    ) -> String {
        (try? ICUBuffers.string(operation: operation, capacity: 157) { get(identifier, $0, $1, &$2) }) ?? ""
    }

    private static func isWellFormedLanguage(_ language: String) -> Bool {
        let count = language.utf8.count
        guard count == 0 || (2...3).contains(count) || (5...8).contains(count) else { return false }
        return language.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
    }

    /// Throws ``LocaleIDError/unknown(_:)`` unless ``isKnown``.
    func requireKnown() throws(LocaleIDError) {
        if !isKnown { throw .unknown(description) }
    }
}

/// Why a locale identifier was refused.
public enum LocaleIDError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ICU cannot parse the identifier.
    case malformed(String)
    /// The identifier is well formed but names a language or region ICU does not know
    /// (ICU itself would silently use root data); thrown only in strict mode.
    case unknown(String)

    public var description: String {
        switch self {
        case .malformed(let id): "malformed locale identifier \"\(id)\""
        case .unknown(let id): "unknown locale \"\(id)\" (ICU would fall back to root)"
        }
    }
}
