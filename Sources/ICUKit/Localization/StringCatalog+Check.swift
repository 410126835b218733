extension StringCatalog {
    /// Checks every key in every language, as a linter for translators and CI, and returns
    /// the findings (errors first within a key, each with a stable kebab-case `kind`):
    ///
    /// | kind | severity | finding |
    /// |---|---|---|
    /// | `missing-plural-category` | error (warning for a category only fractions or huge numbers reach, or when the source has `other` only) | a plural lacks a category the language's CLDR rules use, or a gettext plural lacks a form |
    /// | `unused-plural-category` | warning | a category the language never selects (`zero` is always valid: Apple picks it for 0) |
    /// | `missing-other` | error | a plural without `other` |
    /// | `implied-quantity` | warning | a category covering more than one number whose text shows no number |
    /// | `unknown-plural-key`, `unknown-device-key` | error, warning | a variation key that is never selected |
    /// | `placeholder-count`, `placeholder-type`, `placeholder-position` | error | arguments that differ from the source language's |
    /// | `mixed-positional` | error (warning when no position collides) | `%1$@` and `%@` in one text |
    /// | `skipped-position` | error | positions 1 and 3 used, 2 not |
    /// | `undefined-substitution`, `unused-substitution`, `argnum-out-of-range` | error, warning, error | `%#@name@` and its substitutions |
    /// | `untranslated`, `state-new`, `state-needs-review`, `state-stale`, `stale-key` | warning | translation states |
    /// | `empty-translation` | error | an empty text where the source has one |
    /// | `should-not-translate` | warning | `shouldTranslate: false`, yet translated |
    /// | `duplicate-key` and other reading findings | as read | ``readingProblems`` |
    /// | `plural-forms-count` | error (warning when above) | a `.po` `Plural-Forms` count that differs from the CLDR categories whole numbers reach |
    /// | `plural-forms-range` | error | a `Plural-Forms` expression giving a form at or above `nplurals` |
    /// | `format-mismatch` | error | `msgfmt -c`: a gettext translation whose conversions differ from `msgid`'s |
    ///
    /// ```swift
    /// var catalog = StringCatalog(sourceLanguage: "en")
    /// catalog["files"] = .init(key: "files", localizations: [
    ///     "en": .init(unit: .init(state: .translated, value: "%lld files")),
    ///     "de": .init(unit: .init(state: .translated, value: "%@ Dateien")),
    /// ])
    /// catalog.check(file: "Localizable.xcstrings").map(\.kind)   // ["placeholder-type"]
    /// ```
    public func check(file: String) -> [StringsProblem] {
        var checker = StringsChecker(catalog: self, file: file)
        checker.run()
        return checker.problems
    }
}

/// The state of one check run: the catalog, the file name it reports, the findings.
struct StringsChecker {
    let catalog: StringCatalog
    let file: String
    var problems: [StringsProblem] = []
    /// Whether the current key's source-language plurals all have `other` only: the key
    /// then serves only the counts `other` covers, and missing categories are warnings.
    var sourceOnlyOther = false
    /// Each gettext language's parsed `Plural-Forms` and its forms that one number selects.
    var gettextRules: [String: (rule: GettextPluralRule?, singleNumberForms: Set<String>)] = [:]
    /// The last gettext key's `msgid`/`msgid_plural` arguments (`checkGettextFormat`).
    var gettextSource: (key: String, reference: (name: String, signature: ArgumentSignature)?)?

    init(catalog: StringCatalog, file: String) {
        self.catalog = catalog
        self.file = file
    }

    mutating func report(_ key: String, _ language: String, _ severity: StringsProblem.Severity, _ kind: String, _ message: String) {
        problems.append(StringsProblem(file: file, key: key, language: language, severity: severity, kind: kind, message: message))
    }

    mutating func run() {
        problems.append(contentsOf: catalog.readingProblems.map { problem in
            var problem = problem
            if problem.file.isEmpty { problem.file = file }
            return problem
        })
        if catalog.origin == .gettext { checkPluralForms() }
        let languages = catalog.languages
        let source = catalog.sourceLanguage
        for entry in catalog.entries {
            let start = problems.count
            if entry.extractionState == "stale" {
                report(entry.key, "", .warning, "stale-key", "the key is no longer in the source code (extractionState stale)")
            }
            let sourceLocalization = entry.localizations[source]
            sourceOnlyOther = sourceLocalization.map(Self.pluralsHaveOnlyOther) ?? false
            var sourceSignature: ArgumentSignature?
            if let sourceLocalization {
                sourceSignature = ArgumentSignature(sourceLocalization, catalog: catalog)
            } else if catalog.origin == .xcstrings {
                sourceSignature = ArgumentSignature(texts: [entry.key], substitutions: [:], catalog: catalog)
            }
            // The places (a unit, a variation) where the source has text: an empty
            // translation there is a mistake, elsewhere (a `.stringsdict` variable left
            // empty on purpose in every language) it is not.
            let sourceTexts: Set<String> = sourceLocalization.map { localization in
                Set(Self.units(localization).filter { !$0.unit.value.isEmpty }.map { Self.container($0.path) })
            } ?? (entry.key.isEmpty ? [] : ["unit"])
            for language in languages {
                guard let localization = entry.localizations[language] else {
                    if language != source && entry.shouldTranslate && !(catalog.origin == .gettext && isHeader(entry)) {
                        report(entry.key, language, .warning, "untranslated", "no translation")
                    }
                    continue
                }
                if language != source && !entry.shouldTranslate {
                    report(entry.key, language, .warning, "should-not-translate", "translated although shouldTranslate is false")
                }
                checkUnits(entry, language, localization, sourceTexts: sourceTexts)
                checkVariations(entry.key, language, localization, path: "")
                checkArguments(entry.key, language, localization, source: language == source ? nil : sourceSignature, sourceLocalization: sourceLocalization)
            }
            problems[start...].sort { $0.severity < $1.severity }
        }
    }

    private func isHeader(_ entry: StringCatalog.Entry) -> Bool { entry.key.isEmpty }

    static func pluralsHaveOnlyOther(_ localization: StringCatalog.Localization) -> Bool {
        var plurals: [StringCatalog.Variations] = []
        func collect(_ localization: StringCatalog.Localization) {
            if let variations = localization.variations {
                if variations.kind == .plural { plurals.append(variations) }
                variations.cases.values.forEach(collect)
            }
            for substitution in localization.substitutions.values {
                if let variations = substitution.variations, variations.kind == .plural { plurals.append(variations) }
            }
        }
        collect(localization)
        return !plurals.isEmpty && plurals.allSatisfy { Set($0.cases.keys) == ["other"] }
    }

    /// A unit's place without its variation cases: `substitutions.n.plural.one` →
    /// `substitutions.n`, `plural.few` → `unit`.
    static func container(_ path: String) -> String {
        var parts = path.split(separator: ".").map(String.init)
        while parts.count >= 2, ["plural", "device", "width", "gettextPlural"].contains(parts[parts.count - 2]) { parts.removeLast(2) }
        return parts.isEmpty ? "unit" : parts.joined(separator: ".")
    }

    /// Every string unit of a localization, with where it sits (`plural.one`, `substitutions.count.plural.few`).
    static func units(_ localization: StringCatalog.Localization, path: String = "") -> [(path: String, unit: StringCatalog.StringUnit)] {
        var result: [(String, StringCatalog.StringUnit)] = []
        if let unit = localization.unit { result.append((path.isEmpty ? "unit" : path, unit)) }
        if let variations = localization.variations {
            for (key, value) in variations.cases.sorted(by: { $0.key < $1.key }) {
                result += units(value, path: (path.isEmpty ? "" : path + ".") + variations.kind.rawValue + "." + key)
            }
        }
        for (name, substitution) in localization.substitutions.sorted(by: { $0.key < $1.key }) {
            let base = (path.isEmpty ? "" : path + ".") + "substitutions." + name
            if let unit = substitution.unit { result.append((base, unit)) }
            if let variations = substitution.variations {
                for (key, value) in variations.cases.sorted(by: { $0.key < $1.key }) {
                    result += units(value, path: base + "." + variations.kind.rawValue + "." + key)
                }
            }
        }
        return result
    }

    private mutating func checkUnits(_ entry: StringCatalog.Entry, _ language: String, _ localization: StringCatalog.Localization, sourceTexts: Set<String>) {
        if localization.variations == nil, localization.substitutions.isEmpty, let unit = localization.unit {
            // One unit (the common case): the findings below for the single path "unit".
            if let (kind, message) = stateFinding(unit.state) { report(entry.key, language, .warning, kind, message) }
            if unit.value.isEmpty, sourceTexts.contains("unit") { reportEmpty(entry.key, language, "") }
            return
        }
        let units = Self.units(localization)
        if units.isEmpty {
            report(entry.key, language, .warning, "untranslated", "the localization has no text")
            return
        }
        var byState: [String: [String]] = [:]
        var empty: [String] = []
        for (path, unit) in units {
            byState[unit.state.rawValue, default: []].append(path)
            if unit.value.isEmpty && sourceTexts.contains(Self.container(path)) { empty.append(path) }
        }
        for state in [StringCatalog.TranslationState.new, .needsReview, .stale] {
            if let paths = byState[state.rawValue], let (kind, message) = stateFinding(state) {
                report(entry.key, language, .warning, kind, message + Self.where(paths, of: units.count))
            }
        }
        if !empty.isEmpty { reportEmpty(entry.key, language, Self.where(empty, of: units.count)) }
    }

    /// The kind and message of a unit's state that needs a translator, `nil` for another.
    private func stateFinding(_ state: StringCatalog.TranslationState) -> (String, String)? {
        switch state {
        case .new: ("state-new", "not translated yet (state new)")
        case .needsReview: ("state-needs-review", catalog.origin == .gettext ? "fuzzy: needs review" : "needs review (state needs_review)")
        case .stale: ("state-stale", "stale (state stale)")
        default: nil
        }
    }

    /// Empty texts where the source has text (`place`: where, when not every unit).
    private mutating func reportEmpty(_ key: String, _ language: String, _ place: String) {
        guard language != catalog.sourceLanguage else { return }
        if catalog.origin == .gettext {
            report(key, language, .warning, "untranslated", "empty msgstr" + place)
        } else {
            report(key, language, .error, "empty-translation", "empty text" + place)
        }
    }

    /// ` (in plural.one, plural.few)` when only some units are concerned.
    static func `where`(_ paths: [String], of total: Int) -> String {
        paths.count == total && paths == ["unit"] || paths.count == total && total == 1 ? "" : " (in " + paths.joined(separator: ", ") + ")"
    }
}
