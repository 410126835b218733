internal import CICU

extension LocaleID {
    /// The identifier's keywords by ICU name: `["calendar": "islamic", "currency": "USD"]`
    /// for `ur_IN@calendar=islamic;currency=USD` (or `ur-IN-u-ca-islamic-cu-usd`).
    ///
    /// ```swift
    /// LocaleID("ur-IN-u-ca-islamic-cu-usd").keywords   // ["calendar": "islamic", "currency": "USD"]
    /// ```
    public var keywords: [String: String] {
        guard let at = identifier.firstIndex(of: "@") else { return [:] }
        var result: [String: String] = [:]
        for pair in identifier[identifier.index(after: at)...].split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }

    /// The BCP 47 (Unicode extension) form of the keywords: `["ca": "islamic", "cu": "usd"]`.
    ///
    /// ```swift
    /// LocaleID("ur_IN@calendar=islamic;currency=USD").unicodeKeywords   // ["ca": "islamic", "cu": "usd"]
    /// ```
    /// The corresponding C functions are `uloc_toUnicodeLocaleKey` and `uloc_toUnicodeLocaleType`.
    public var unicodeKeywords: [String: String] {
        var result: [String: String] = [:]
        for (key, value) in keywords {
            // ICU may return the very pointer it was given (a well-formed type without a
            // mapping): read the answers while the C strings are alive.
            key.withCString { cKey in
                guard let bcpKey = uloc_toUnicodeLocaleKey(cKey).map({ String(cString: $0) }) else { return }
                let bcpValue = value.withCString { cValue in
                    uloc_toUnicodeLocaleType(cKey, cValue).map { String(cString: $0) }
                } ?? value.lowercased()
                result[bcpKey] = bcpValue
            }
        }
        return result
    }

    /// The identifier with likely subtags added: `zh-TW` → `zh_Hant_TW`, `sr` → `sr_Cyrl_RS`.
    ///
    /// ```swift
    /// LocaleID("zh-TW").maximized.identifier   // "zh_Hant_TW"
    /// ```
    /// The corresponding C function is `uloc_addLikelySubtags`.
    public var maximized: LocaleID {
        guard let value = try? ICU.uloc_addLikelySubtags(identifier) else { return self }
        return LocaleID(canonical: value)
    }

    /// The identifier with likely subtags removed: `zh_Hant_TW` → `zh_TW`, `en_Latn_US` → `en`.
    ///
    /// ```swift
    /// LocaleID("en-Latn-US").minimized.identifier   // "en"
    /// ```
    /// The corresponding C function is `uloc_minimizeSubtags`.
    public var minimized: LocaleID {
        guard let value = try? ICU.uloc_minimizeSubtags(identifier) else { return self }
        return LocaleID(canonical: value)
    }

    /// The name of this locale in `displayLocale` (English when `nil`): "Urdu (India, Calendar=Islamic Calendar, Currency=US Dollar)".
    ///
    /// ```swift
    /// LocaleID("fr-CA").displayName(in: LocaleID("de"))   // "Französisch (Kanada)"
    /// ```
    /// The corresponding C function is `uloc_getDisplayName`.
    public func displayName(in displayLocale: LocaleID? = nil) -> String {
        display(ICU.uloc_getDisplayName, displayLocale)
    }

    /// The name of the language in `displayLocale` ("Chinese", "chinois").
    ///
    /// ```swift
    /// LocaleID("zh-TW").displayLanguage(in: LocaleID("fr"))   // "chinois"
    /// ```
    /// The corresponding C function is `uloc_getDisplayLanguage`.
    public func displayLanguage(in displayLocale: LocaleID? = nil) -> String {
        display(ICU.uloc_getDisplayLanguage, displayLocale)
    }

    /// The name of the script in `displayLocale` ("Traditional"), or empty.
    ///
    /// ```swift
    /// LocaleID("zh-Hant").displayScript()   // "Traditional"
    /// ```
    /// The corresponding C function is `uloc_getDisplayScript`.
    public func displayScript(in displayLocale: LocaleID? = nil) -> String {
        display(ICU.uloc_getDisplayScript, displayLocale)
    }

    /// The name of the region in `displayLocale` ("Taiwan"), or empty.
    ///
    /// ```swift
    /// LocaleID("pt-AO").displayRegion(in: LocaleID("pt"))   // "Angola"
    /// ```
    /// The corresponding C function is `uloc_getDisplayCountry`.
    public func displayRegion(in displayLocale: LocaleID? = nil) -> String {
        display(ICU.uloc_getDisplayCountry, displayLocale)
    }

    /// The display name of one keyword's value ("Islamic Calendar" for `calendar`), or empty.
    ///
    /// ```swift
    /// LocaleID("ja@calendar=japanese").displayKeywordValue("calendar")   // "Japanese Calendar"
    /// ```
    /// The corresponding C function is `uloc_getDisplayKeywordValue`.
    public func displayKeywordValue(_ keyword: String, in displayLocale: LocaleID? = nil) -> String {
        (try? ICU.uloc_getDisplayKeywordValue(identifier, keyword, displayLocale?.identifier ?? "en")) ?? ""
    }

    private func display(_ get: (String, String) throws(ICUError) -> String, _ displayLocale: LocaleID?) -> String {
        // ICU reads "" as its default locale (from the environment): say English instead.
        let display = displayLocale.map { $0.identifier.isEmpty ? "en" : $0.identifier } ?? "en"
        return (try? get(identifier, display)) ?? ""
    }

    /// The direction characters are written in: `.rightToLeft` for Arabic, Hebrew, Urdu.
    ///
    /// ```swift
    /// LocaleID("he").characterOrientation   // .rightToLeft
    /// ```
    /// The corresponding C function is `uloc_getCharacterOrientation`.
    public var characterOrientation: TextOrientation {
        (try? ICU.uloc_getCharacterOrientation(identifier)).map(TextOrientation.init(icu:)) ?? .unknown
    }

    /// The direction lines follow each other in (`.topToBottom` for nearly all locales).
    ///
    /// ```swift
    /// LocaleID("ja").lineOrientation   // .topToBottom
    /// ```
    /// The corresponding C function is `uloc_getLineOrientation`.
    public var lineOrientation: TextOrientation {
        (try? ICU.uloc_getLineOrientation(identifier)).map(TextOrientation.init(icu:)) ?? .unknown
    }

    /// The user's locale from the POSIX environment: the first non-empty of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` (`de_DE.UTF-8` → `de_DE`, `sr_RS@latin` → `sr_Latn_RS`,
    /// `C`/`POSIX` → `en_US_POSIX`). Foundation on Linux answers `en_001` instead.
    ///
    /// ```swift
    /// LocaleID.fromEnvironment(["LANG": "fr_CA.UTF-8"]).identifier   // "fr_CA"
    /// ```
    /// - Parameter environment: The variables to read; by default the process environment.
    public static func fromEnvironment(_ environment: [String: String]? = nil) -> LocaleID {
        func variable(_ name: String) -> String? {
            if let environment { return environment[name] }
            return Platform.getenv(name)
        }
        let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { variable($0) }.first { !$0.isEmpty } ?? "C"
        return fromPOSIX(value)
    }

    /// A locale from a POSIX locale name such as `pt_BR.UTF-8` or `ca_ES@valencia`.
    static func fromPOSIX(_ value: String) -> LocaleID {
        if value == "C" || value == "POSIX" || value.hasPrefix("C.") { return LocaleID(canonical: "en_US_POSIX") }
        var base = Substring(value)
        var modifier: Substring?
        if let at = base.firstIndex(of: "@") {
            modifier = base[base.index(after: at)...]
            base = base[..<at]
        }
        if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
        var parts = base.split(separator: "_").map(String.init)
        switch modifier {
        case "latin": parts.insert("Latn", at: min(1, parts.count))
        case "cyrillic": parts.insert("Cyrl", at: min(1, parts.count))
        case "valencia": parts.append("VALENCIA")
        default: break
        }
        return (try? LocaleID(parts.joined(separator: "_"))) ?? .root
    }
}

/// A writing direction of characters or lines.
///
/// ```swift
/// LocaleID("ar").characterOrientation.rawValue   // "rtl"
/// ```
public enum TextOrientation: String, Sendable, Hashable, CaseIterable {
    /// Left to right (`ltr`).
    case leftToRight = "ltr"
    /// Right to left (`rtl`).
    case rightToLeft = "rtl"
    /// Top to bottom (`ttb`).
    case topToBottom = "ttb"
    /// Bottom to top (`btt`).
    case bottomToTop = "btt"
    /// ICU does not say.
    case unknown

    init(icu: Int32) {
        switch icu {
        case ULOC_LAYOUT_LTR: self = .leftToRight
        case ULOC_LAYOUT_RTL: self = .rightToLeft
        case ULOC_LAYOUT_TTB: self = .topToBottom
        case ULOC_LAYOUT_BTT: self = .bottomToTop
        default: self = .unknown
        }
    }
}
