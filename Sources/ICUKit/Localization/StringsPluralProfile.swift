/// What a check needs to know about one language's plural rules: the categories ICU's
/// CLDR rules use, which of them whole numbers reach, and which cover a single number
/// (so their text may leave the number out, as English "one" = 1 in "One file").
///
/// The numbers a category covers are found by asking ICU for the category of 0…1000 and
/// 10⁶: a category reached by exactly one of them covers that number alone; a category
/// reached by none covers fractions or huge numbers only (Russian `other`, French `many`).
struct StringsPluralProfile: Sendable {
    /// The categories the language's CLDR rules distinguish.
    var categories: Set<PluralCategory>
    /// The categories whole numbers 0…1000 reach (what a gettext `Plural-Forms` covers).
    var everydayCategories: Set<PluralCategory>
    /// The categories that cover one number only, with that number (Apple's `zero` = 0
    /// included where the language's own rules put no other number in `zero`).
    var singleNumber: [PluralCategory: Int]

    /// Every category ICU knows, ordered.
    static let allCategories: [PluralCategory] = PluralCategory.allCases

    init(language: String) {
        let rules = (try? LocaleID(String(language.map { $0 == "_" ? "-" : $0 }))).flatMap { try? PluralRules(locale: $0) }
        guard let rules else {
            self.categories = [.one, .other]
            self.everydayCategories = [.one, .other]
            self.singleNumber = [.zero: 0, .one: 1]
            return
        }
        categories = Set(rules.categories)
        var reached: [PluralCategory: [Int]] = [:]
        var everyday = Set<PluralCategory>()
        for n in Array(0...1000) + [1_000_000] {
            guard let category = try? rules.category(for: Double(n)) else { continue }
            if reached[category, default: []].count < 2 { reached[category, default: []].append(n) }
            if n <= 1000 { everyday.insert(category) }
        }
        everydayCategories = everyday
        var single: [PluralCategory: Int] = [:]
        for (category, numbers) in reached where numbers.count == 1 { single[category] = numbers[0] }
        if !categories.contains(.zero) || single[.zero] == 0 { single[.zero] = 0 }
        // A category whose only integer is shared with fractions (French one: 0, 1, 1.5)
        // covers many numbers; ICU's value-only selection of 1.5 tells.
        for (category, _) in single where category != .zero {
            if let half = try? rules.category(for: Double(single[category]!) + 0.5), half == category { single[category] = nil }
        }
        singleNumber = single
    }

    private static let cache = ConfigurationCache<String, StringsPluralProfile>(limit: 128)

    /// The (cached) profile of `language`.
    static func of(_ language: String) -> StringsPluralProfile {
        cache.value(for: language) { () -> StringsPluralProfile in StringsPluralProfile(language: language) }
    }
}
