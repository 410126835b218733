extension StringCatalog {
    /// The catalog in the shape another file format holds: to `.xcstrings` or `.strings`,
    /// gettext plurals become CLDR plural categories (each category takes the gettext form
    /// that the language's `Plural-Forms` gives for the category's first integer, as ICU's
    /// rules assign it; a category without integers, such as Russian `other`, takes the
    /// last form); to gettext, plural categories become `msgstr[i]` forms (form `i` takes the
    /// category of the first integer the rule gives `i`, else `other`; an Apple `zero` case
    /// has no gettext form unless the rule gives 0 a form of its own), under the `Plural-Forms` read or the one ``GettextPluralRule/standardForms(for:)``
    /// gives for the language.
    ///
    /// ```swift
    /// let po = try StringCatalog(contentsOf: "po")          // gettext
    /// let catalog = try po.converted(to: .xcstrings)        // plural variations keyed one/few/many/other
    /// ```
    /// - Throws: ``StringsError`` (`.unknownLanguage`) when a language has no known
    ///   `Plural-Forms`, or a `Plural-Forms` read does not parse.
    public func converted(to target: Origin) throws(StringsError) -> StringCatalog {
        var result = self
        result.origin = target
        if target == origin || (target != .gettext && origin != .gettext) { return result }
        var mappers: [String: PluralMapper] = [:]
        for language in languages {
            if target == .gettext, result.gettextPluralForms[language] == nil {
                guard let forms = GettextPluralRule.standardForms(for: language) else {
                    throw StringsError(.unknownLanguage, "no Plural-Forms known for \(language); convert a .po file that has one")
                }
                result.gettextPluralForms[language] = forms
            }
            guard let forms = result.gettextPluralForms[language] ?? GettextPluralRule.standardForms(for: language) else { continue }
            mappers[language] = try PluralMapper(language: language, forms: forms)
        }
        for key in keys {
            guard var entry = result[key] else { continue }
            for (language, localization) in entry.localizations {
                guard let mapper = mappers[language] else { continue }
                entry.localizations[language] = target == .gettext ? mapper.toGettext(localization) : mapper.toCLDR(localization)
            }
            result[key] = entry
        }
        if target != .gettext { result.gettextPluralForms = [:] }
        return result
    }
}

/// Maps plural cases between a language's gettext forms and its CLDR categories.
struct PluralMapper {
    /// The CLDR category of each gettext form index.
    let categoryOfForm: [PluralCategory]
    /// The gettext form index of each CLDR category the language uses.
    let formOfCategory: [PluralCategory: Int]

    init(language: String, forms: String) throws(StringsError) {
        let rule = try GettextPluralRule(forms)
        let rules: PluralRules
        do { rules = try PluralRules(locale: LocaleID(language)) } catch {
            throw StringsError(.unknownLanguage, "no plural rules for \(language)")
        }
        let samples: [UInt64] = Array(0...1000) + [1_000_000]
        var categoryOfForm = [PluralCategory?](repeating: nil, count: rule.count)
        var formOfCategory: [PluralCategory: Int] = [:]
        for n in samples {
            let category = (try? rules.category(for: Double(n))) ?? .other
            let form = rule.index(for: n)
            if categoryOfForm[form] == nil { categoryOfForm[form] = category }
            if formOfCategory[category] == nil { formOfCategory[category] = form }
        }
        for category in rules.categories where formOfCategory[category] == nil { formOfCategory[category] = rule.count - 1 }
        self.categoryOfForm = categoryOfForm.map { $0 ?? .other }
        self.formOfCategory = formOfCategory
    }

    func toCLDR(_ localization: StringCatalog.Localization) -> StringCatalog.Localization {
        var result = localization
        if let variations = localization.variations {
            if variations.kind == .gettextPlural {
                var cases: [String: StringCatalog.Localization] = [:]
                for (category, form) in formOfCategory {
                    if let text = variations.cases[String(form)] { cases[category.rawValue] = toCLDR(text) }
                }
                result.variations = .init(kind: .plural, cases: cases)
            } else {
                result.variations = .init(kind: variations.kind, cases: variations.cases.mapValues(toCLDR))
            }
        }
        return result
    }

    func toGettext(_ localization: StringCatalog.Localization) -> StringCatalog.Localization {
        var result = localization
        if let variations = localization.variations {
            if variations.kind == .plural {
                var cases: [String: StringCatalog.Localization] = [:]
                for (form, category) in categoryOfForm.enumerated() {
                    if let chosen = variations.cases[category.rawValue] ?? variations.cases["other"] { cases[String(form)] = toGettext(chosen) }
                }
                result.variations = .init(kind: .gettextPlural, cases: cases)
            } else {
                result.variations = .init(kind: variations.kind, cases: variations.cases.mapValues(toGettext))
            }
        }
        return result
    }
}
