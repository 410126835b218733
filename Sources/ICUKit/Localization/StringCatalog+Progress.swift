extension StringCatalog {
    /// How far one language's translation is: each key counted once, as translated,
    /// missing or needing review.
    public struct Progress: Sendable, Hashable {
        /// The language.
        public var language: String
        /// The keys to translate: every key for the source language; for another, the keys
        /// whose `shouldTranslate` is not `false`.
        public var keys: Int
        /// Keys whose every string unit is translated (for the source language a key
        /// without a unit counts, as the key is its text; a `stale` unit counts too).
        public var translated: Int
        /// Keys without a translation, or with an empty unit or (but in the source language)
        /// one in the state `new`.
        public var missing: Int
        /// Keys with a unit in the state `needs_review` (gettext: fuzzy).
        public var needsReview: Int
    }

    /// The progress of every language, in ``languages`` order.
    ///
    /// ```swift
    /// for row in catalog.progress() { print(row.language, row.translated, "of", row.keys) }
    /// ```
    public func progress() -> [Progress] {
        languages.map { language in
            let isSource = language == sourceLanguage
            var row = Progress(language: language, keys: 0, translated: 0, missing: 0, needsReview: 0)
            for entry in entries where isSource || entry.shouldTranslate {
                row.keys += 1
                guard let localization = entry.localizations[language] else {
                    if isSource { row.translated += 1 } else { row.missing += 1 }
                    continue
                }
                let units = Self.units(of: localization)
                // The source language's units are the source text: `new` there is not untranslated.
                if units.isEmpty || units.contains(where: { (!isSource && $0.state == .new) || $0.value.isEmpty }) {
                    row.missing += 1
                } else if units.contains(where: { $0.state == .needsReview }) {
                    row.needsReview += 1
                } else {
                    row.translated += 1
                }
            }
            return row
        }
    }

    /// Every string unit of a localization: its own, its variations' and its substitutions'.
    static func units(of localization: Localization) -> [StringUnit] {
        var units = localization.unit.map { [$0] } ?? []
        for variation in localization.variations?.cases.values ?? [:].values { units += self.units(of: variation) }
        for substitution in localization.substitutions.values {
            if let unit = substitution.unit { units.append(unit) }
            for variation in substitution.variations?.cases.values ?? [:].values { units += self.units(of: variation) }
        }
        return units
    }
}
