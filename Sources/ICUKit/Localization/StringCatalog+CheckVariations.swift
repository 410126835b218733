/// The variation checks: plural categories against the language's CLDR rules (ICU's
/// `PluralRules`), gettext plural forms against `Plural-Forms`, unknown keys, and texts
/// that imply a quantity.
extension StringsChecker {
    static let pluralKeys: Set<String> = ["zero", "one", "two", "few", "many", "other"]
    static let deviceKeys: Set<String> = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision", "other"]

    /// Checks the variations of `localization` and of its substitutions, recursively.
    mutating func checkVariations(_ key: String, _ language: String, _ localization: StringCatalog.Localization, path: String, substitutionText: Bool = false) {
        if let variations = localization.variations {
            checkCases(key, language, variations, path: path, substitutionText: substitutionText)
            for (name, value) in variations.cases.sorted(by: { $0.key < $1.key }) {
                checkVariations(key, language, value, path: Self.join(path, variations.kind.rawValue + "." + name), substitutionText: substitutionText)
            }
        }
        for (name, substitution) in localization.substitutions.sorted(by: { $0.key < $1.key }) {
            guard let variations = substitution.variations else { continue }
            let base = Self.join(path, "substitutions." + name)
            checkCases(key, language, variations, path: base, substitutionText: true)
            for (caseName, value) in variations.cases.sorted(by: { $0.key < $1.key }) {
                checkVariations(key, language, value, path: Self.join(base, variations.kind.rawValue + "." + caseName), substitutionText: true)
            }
        }
    }

    static func join(_ path: String, _ part: String) -> String { path.isEmpty ? part : path + "." + part }

    private static func place(_ path: String) -> String { path.isEmpty ? "" : " in " + path }

    private mutating func checkCases(_ key: String, _ language: String, _ variations: StringCatalog.Variations, path: String, substitutionText: Bool) {
        let present = Set(variations.cases.keys)
        switch variations.kind {
        case .plural:
            let unknown = present.subtracting(Self.pluralKeys).sorted()
            if !unknown.isEmpty {
                report(key, language, .error, "unknown-plural-key", "plural keys \(unknown.joined(separator: ", ")) are not CLDR categories\(Self.place(path))")
            }
            if !present.contains("other") {
                report(key, language, .error, "missing-other", "the plural has no other case\(Self.place(path))")
            }
            let profile = StringsPluralProfile.of(language)
            let missing = profile.categories.filter { !present.contains($0.rawValue) && $0 != .other }.sorted()
            let everyday = missing.filter { profile.everydayCategories.contains($0) }
            if !everyday.isEmpty {
                report(key, language, sourceOnlyOther ? .warning : .error, "missing-plural-category",
                       "\(language) needs the plural categories \(Self.names(everyday))\(Self.place(path))" + (sourceOnlyOther ? " (the source has other only)" : ""))
            }
            let rare = missing.filter { !profile.everydayCategories.contains($0) }
            if !rare.isEmpty {
                report(key, language, .warning, "missing-plural-category",
                       "\(language) uses \(Self.names(rare)) for fractions or large numbers only; other is shown instead\(Self.place(path))")
            }
            let unused = Self.pluralKeys.intersection(present).compactMap(PluralCategory.init(rawValue:))
                .filter { $0 != .zero && !profile.categories.contains($0) }.sorted()
            if !unused.isEmpty {
                report(key, language, .warning, "unused-plural-category", "\(language) never selects \(Self.names(unused))\(Self.place(path))")
            }
            var implied: [String] = []
            for category in PluralCategory.allCases {
                guard let text = variations.cases[category.rawValue]?.unit?.value, profile.categories.contains(category) || category == .zero,
                      profile.singleNumber[category] == nil, !Self.showsNumber(text, substitutionText: substitutionText) else { continue }
                implied.append(category.rawValue)
            }
            if !implied.isEmpty {
                report(key, language, .warning, "implied-quantity",
                       "\(implied.joined(separator: ", ")) covers more than one number but its text shows none\(Self.place(path))")
            }
        case .device:
            let unknown = present.subtracting(Self.deviceKeys).sorted()
            if !unknown.isEmpty {
                report(key, language, .warning, "unknown-device-key", "device keys \(unknown.joined(separator: ", ")) are not devices Apple selects\(Self.place(path))")
            }
        case .gettextPlural:
            checkGettextCases(key, language, present)
        case .width:
            let unknown = present.filter { Int($0) == nil }.sorted()
            if !unknown.isEmpty {
                report(key, language, .warning, "unknown-width-key", "width keys \(unknown.joined(separator: ", ")) are not widths in ems\(Self.place(path))")
            }
        }
    }

    private mutating func checkGettextCases(_ key: String, _ language: String, _ present: Set<String>) {
        guard language != catalog.sourceLanguage, let forms = catalog.gettextPluralForms[language],
              let rule = try? GettextPluralRule(forms) else { return }
        let expected = Set((0..<rule.count).map(String.init))
        let missing = expected.subtracting(present).sorted { Int($0)! < Int($1)! }
        if !missing.isEmpty {
            report(key, language, .error, "missing-plural-category",
                   "Plural-Forms has \(rule.count) forms; missing " + missing.map { "msgstr[\($0)]" }.joined(separator: ", "))
        }
        let extra = present.subtracting(expected).sorted()
        if !extra.isEmpty {
            report(key, language, .error, "unknown-plural-key",
                   "Plural-Forms has \(rule.count) forms; " + extra.map { "msgstr[\($0)]" }.joined(separator: ", ") + " is never selected")
        }
    }

    static func names(_ categories: [PluralCategory]) -> String { categories.map(\.rawValue).joined(separator: ", ") }

    /// Whether a plural case's text shows its number: a numeric conversion, a nested
    /// `%#@…@`, or (in a substitution's text) `%arg` or any conversion.
    static func showsNumber(_ text: String, substitutionText: Bool) -> Bool {
        FormatPlaceholder.scan(text, substitutionText: substitutionText).contains { placeholder in
            switch placeholder.kind {
            case .substitution, .substitutionArgument: return true
            case .conversion:
                if substitutionText { return true }
                switch placeholder.argumentKind {
                case .integer, .unsignedInteger, .double: return true
                default: return false
                }
            case .percent, .invalid: return false
            }
        }
    }
}
