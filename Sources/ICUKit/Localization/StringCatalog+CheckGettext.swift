/// The gettext checks: each language's `Plural-Forms` against CLDR, and `msgfmt -c`'s
/// comparison of a translation's conversions with `msgid`'s.
///
/// The model keeps no `#,` flags, so every message whose `msgid` (or `msgid_plural`) has a
/// printf conversion and no stray `%` counts as `c-format`, as `xgettext` marks C sources.
extension StringsChecker {
    /// `plural-forms-count`: `nplurals` differs from the number of CLDR categories whole
    /// numbers reach (Russian 3: one few many; Arabic 6; Japanese 1); `plural-forms-range`:
    /// the expression gives a form at or above `nplurals` for some n in 0…1000.
    mutating func checkPluralForms() {
        for (language, forms) in catalog.gettextPluralForms.sorted(by: { $0.key < $1.key }) where language != catalog.sourceLanguage && !Self.isPseudo(language) {
            guard let rule = try? GettextPluralRule(forms) else { continue }
            let profile = StringsPluralProfile.of(language)
            let categories = profile.everydayCategories.sorted()
            // Fewer forms than CLDR lose grammar (an error); more only repeat some (a warning).
            if rule.count != categories.count {
                report("", language, rule.count < categories.count ? .error : .warning, "plural-forms-count",
                       "Plural-Forms has nplurals=\(rule.count); CLDR's \(language) has \(categories.count) forms for whole numbers (\(Self.names(categories)))")
            }
            if let n = (0...1000).first(where: { (rule.value(for: UInt64($0)) ?? 0) >= UInt64(rule.count) }) {
                report("", language, .error, "plural-forms-range", "the plural expression gives form \(rule.value(for: UInt64(n))!) for n = \(n), at or above nplurals=\(rule.count)")
            }
        }
    }

    /// Whether `language` is a pseudo-locale (region XA, XB or XC, as `en-XA`, `ar-XB`),
    /// whose plural forms are the source's.
    static func isPseudo(_ language: String) -> Bool {
        let region = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst().last
        return region == "XA" || region == "XB" || region == "XC"
    }

    /// The gettext plural forms of `language` that at most one n in 0…1000 selects: their
    /// msgstr may leave arguments out (as msgfmt allows).
    mutating func singleNumberForms(_ language: String) -> Set<String> {
        if let known = gettextRules[language] { return known.singleNumberForms }
        let forms = catalog.gettextPluralForms[language].flatMap { try? GettextPluralRule($0) }
        var single = Set<String>()
        if let rule = forms {
            var counts: [Int: Int] = [:]
            for n in 0...1000 { counts[rule.index(for: UInt64(n)), default: 0] += 1 }
            single = Set((0..<rule.count).filter { counts[$0, default: 0] <= 1 }.map(String.init))
        }
        gettextRules[language] = (forms, single)
        return single
    }

    /// The (cached) `Plural-Forms` rule of `language`.
    mutating func gettextRule(_ language: String) -> GettextPluralRule? {
        _ = singleNumberForms(language)
        return gettextRules[language]?.rule
    }

    /// `format-mismatch`: the first difference of each msgstr from `msgid` (or each
    /// msgstr[i] from `msgid_plural`), in `msgfmt -c`'s words.
    mutating func checkGettextFormat(_ key: String, _ language: String, _ localization: StringCatalog.Localization, _ source: StringCatalog.Localization) {
        // msgfmt compiles no fuzzy message, so it checks none.
        guard language != catalog.sourceLanguage, !Self.hasUnit(localization, in: .needsReview) else { return }
        // The source's arguments are the same for every language of a key: read once.
        if gettextSource?.key != key { gettextSource = (key, Self.gettextReference(source, catalog: catalog)) }
        guard let (sourceName, reference) = gettextSource?.reference else { return }
        var forms: [(name: String, text: String, strict: Bool)] = []
        if let variations = localization.variations {
            let single = singleNumberForms(language)
            for (index, value) in variations.cases.sorted(by: { (Int($0.key) ?? 0) < (Int($1.key) ?? 0) }) {
                if let text = value.unit?.value, !text.isEmpty { forms.append(("msgstr[\(index)]", text, !single.contains(index))) }
            }
        } else if let text = localization.unit?.value, !text.isEmpty {
            forms.append(("msgstr", text, true))
        }
        for form in forms {
            let translated = ArgumentSignature(texts: [form.text], substitutions: [:], catalog: catalog)
            let countDiffers = form.strict ? translated.kinds.count != reference.kinds.count : translated.kinds.count > reference.kinds.count
            if countDiffers || !translated.kinds.keys.allSatisfy({ reference.kinds[$0] != nil }) {
                report(key, language, .error, "format-mismatch", "number of format specifications in '\(sourceName)' and '\(form.name)' does not match")
                continue
            }
            // The same placeholder text is the same type; only different texts are compared.
            for position in translated.kinds.keys.sorted()
            where translated.kinds[position]!.text != reference.kinds[position]!.text
                && ArgumentSignature.gettextType(translated.kinds[position]!.text) != ArgumentSignature.gettextType(reference.kinds[position]!.text) {
                report(key, language, .error, "format-mismatch", "format specifications in '\(sourceName)' and '\(form.name)' for argument \(position) are not the same")
                break
            }
        }
    }

    /// `msgid` (or `msgid_plural`) and its arguments, `nil` when it is no format string (no
    /// conversion, or a stray `%`).
    private static func gettextReference(_ source: StringCatalog.Localization, catalog: StringCatalog) -> (name: String, signature: ArgumentSignature)? {
        let sourceName: String
        let sourceText: String
        if let variations = source.variations {
            guard let plural = variations.cases["1"]?.unit?.value ?? variations.cases["0"]?.unit?.value else { return nil }
            sourceName = "msgid_plural"
            sourceText = plural
        } else if let unit = source.unit {
            sourceName = "msgid"
            sourceText = unit.value
        } else { return nil }
        let sourcePlaceholders = FormatPlaceholder.scan(sourceText)
        guard sourcePlaceholders.contains(where: { $0.kind == .conversion }), !sourcePlaceholders.contains(where: { $0.kind == .invalid }) else { return nil }
        return (sourceName, ArgumentSignature(texts: [sourceText], substitutions: [:], catalog: catalog))
    }

    /// Whether any string unit of a localization (one of ``units(_:path:)``) is in `state`.
    static func hasUnit(_ localization: StringCatalog.Localization, in state: StringCatalog.TranslationState) -> Bool {
        if localization.unit?.state == state { return true }
        if let variations = localization.variations, variations.cases.values.contains(where: { hasUnit($0, in: state) }) { return true }
        return localization.substitutions.values.contains { substitution in
            substitution.unit?.state == state || (substitution.variations?.cases.values.contains { hasUnit($0, in: state) } ?? false)
        }
    }
}
