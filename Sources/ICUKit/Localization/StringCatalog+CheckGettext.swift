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
        for (language, forms) in catalog.gettextPluralForms.sorted(by: { $0.key < $1.key }) where language != catalog.sourceLanguage {
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

    /// The gettext plural forms of `language` that at most one n in 0…1000 selects: their
    /// msgstr may leave arguments out (as msgfmt allows).
    func singleNumberForms(_ language: String) -> Set<String> {
        guard let forms = catalog.gettextPluralForms[language], let rule = try? GettextPluralRule(forms) else { return [] }
        var counts: [Int: Int] = [:]
        for n in 0...1000 { counts[rule.index(for: UInt64(n)), default: 0] += 1 }
        return Set((0..<rule.count).filter { counts[$0, default: 0] <= 1 }.map(String.init))
    }

    /// `format-mismatch`: the first difference of each msgstr from `msgid` (or each
    /// msgstr[i] from `msgid_plural`), in `msgfmt -c`'s words.
    mutating func checkGettextFormat(_ key: String, _ language: String, _ localization: StringCatalog.Localization, _ source: StringCatalog.Localization) {
        // msgfmt compiles no fuzzy message, so it checks none.
        guard language != catalog.sourceLanguage, !Self.units(localization).contains(where: { $0.unit.state == .needsReview }) else { return }
        let sourceName: String
        let sourceText: String
        if let variations = source.variations {
            guard let plural = variations.cases["1"]?.unit?.value ?? variations.cases["0"]?.unit?.value else { return }
            sourceName = "msgid_plural"
            sourceText = plural
        } else if let unit = source.unit {
            sourceName = "msgid"
            sourceText = unit.value
        } else { return }
        let sourcePlaceholders = FormatPlaceholder.scan(sourceText)
        guard sourcePlaceholders.contains(where: { $0.kind == .conversion }), !sourcePlaceholders.contains(where: { $0.kind == .invalid }) else { return }
        let reference = ArgumentSignature(texts: [sourceText], substitutions: [:], catalog: catalog)
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
            if countDiffers || !Set(translated.kinds.keys).isSubset(of: Set(reference.kinds.keys)) {
                report(key, language, .error, "format-mismatch", "number of format specifications in '\(sourceName)' and '\(form.name)' does not match")
                continue
            }
            for position in translated.kinds.keys.sorted()
            where ArgumentSignature.gettextType(translated.kinds[position]!.text) != ArgumentSignature.gettextType(reference.kinds[position]!.text) {
                report(key, language, .error, "format-mismatch", "format specifications in '\(sourceName)' and '\(form.name)' for argument \(position) are not the same")
                break
            }
        }
    }
}
