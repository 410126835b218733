extension StringCatalog {
    /// The catalog with a pseudo-localization added as `language` (default `ar-XB` for a
    /// style with ``PseudoStyle/rtl``, `en-XA` otherwise): every unit, variation case and
    /// substitution of the source language transformed by ``PseudoLocalizer``, state
    /// `translated`. A key with no source-language text in a String Catalog uses the key
    /// (the source text there); keys with `shouldTranslate: false` get no pseudo
    /// translation (the app shows the source). A plural gains every category the pseudo
    /// language's rules use (a copy of the source's `other`, as `ar-XB` needs `few`), and a
    /// gettext pseudo language the source's `Plural-Forms`.
    ///
    /// ```swift
    /// var catalog = StringCatalog(sourceLanguage: "en")
    /// catalog["hello"] = .init(key: "hello", localizations: ["en": .init(unit: .init(state: .translated, value: "Hello, %@!"))])
    /// let pseudo = catalog.pseudoLocalized([.accented, .bounded])
    /// pseudo["hello"]?.localizations["en-XA"]?.unit?.value   // "[Ĥéļļö, %@!]"
    /// ```
    public func pseudoLocalized(_ style: PseudoStyle, language: String? = nil) -> StringCatalog {
        let language = language ?? (style.contains(.rtl) ? "ar-XB" : "en-XA")
        let localizer = PseudoLocalizer(style: style)
        var result = self
        if origin == .gettext, let forms = gettextPluralForms[sourceLanguage] { result.gettextPluralForms[language] = forms }
        for key in keys {
            guard var entry = self[key], entry.shouldTranslate else { continue }
            let source: Localization
            if let localization = entry.localizations[sourceLanguage] {
                source = localization
            } else if origin == .xcstrings {
                source = Localization(unit: StringUnit(state: .translated, value: key))
            } else {
                continue
            }
            entry.localizations[language] = Self.pseudo(source, localizer, language: language, substitutionText: false)
            result[key] = entry
        }
        return result
    }

    private static func pseudo(_ localization: Localization, _ localizer: PseudoLocalizer, language: String, substitutionText: Bool) -> Localization {
        var result = Localization()
        if let unit = localization.unit {
            result.unit = StringUnit(state: .translated, value: localizer.transform(unit.value, substitutionText: substitutionText))
        }
        if let variations = localization.variations {
            result.variations = pseudo(variations, localizer, language: language, substitutionText: substitutionText)
        }
        for (name, substitution) in localization.substitutions {
            var copy = substitution
            if let unit = substitution.unit {
                copy.unit = StringUnit(state: .translated, value: localizer.transform(unit.value, substitutionText: true))
            }
            if let variations = substitution.variations {
                copy.variations = pseudo(variations, localizer, language: language, substitutionText: true)
            }
            result.substitutions[name] = copy
        }
        return result
    }

    private static func pseudo(_ variations: Variations, _ localizer: PseudoLocalizer, language: String, substitutionText: Bool) -> Variations {
        var cases: [String: Localization] = [:]
        for (name, value) in variations.cases {
            cases[name] = pseudo(value, localizer, language: language, substitutionText: substitutionText)
        }
        if variations.kind == .plural, let other = cases["other"] {
            for category in StringsPluralProfile.of(language).categories where cases[category.rawValue] == nil {
                cases[category.rawValue] = other
            }
        }
        return Variations(kind: variations.kind, cases: cases)
    }
}
