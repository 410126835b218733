extension LocaleMatcher {
    /// Which subtag matters more when languages differ (ICU's `ULocMatchFavorSubtag`).
    ///
    /// ```swift
    /// var options = LocaleMatcher.Options()
    /// options.favor = .script   // a different language in the same script beats a different script
    /// ```
    public enum Favor: String, Sendable, Hashable, CaseIterable {
        /// Language differences weigh fully (ICU's default).
        case language
        /// Language differences count a quarter, so the script decides more often.
        case script
    }

    /// Whether each further preferred language counts as a little worse (ICU's `ULocMatchDemotion`).
    ///
    /// ```swift
    /// var options = LocaleMatcher.Options()
    /// options.demotion = .none   // a good match for the 2nd preference can beat a poor one for the 1st
    /// ```
    public enum Demotion: String, Sendable, Hashable, CaseIterable {
        /// Each later preference is demoted by the distance between two regions of a
        /// language (ICU's default): a region difference for one preference is as good as
        /// an exact match for the next.
        case region
        /// All preferences are equal; the smallest distance wins.
        case none
    }

    /// Whether one-way matches count (ICU's `ULocMatchDirection`).
    ///
    /// ```swift
    /// var options = LocaleMatcher.Options()
    /// options.direction = .onlyTwoWay   // Swiss German does not match German
    /// ```
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// Matches that hold only from the preferred to the available locale count too
        /// (`gsw` → `de`, `af` → `nl`; ICU's default).
        case withOneWay
        /// Only matches that hold in both directions count.
        case onlyTwoWay
    }

    /// What the matcher answers when nothing is close enough.
    ///
    /// ```swift
    /// var options = LocaleMatcher.Options()
    /// options.defaultLocale = .none   // LocaleMatcher.Match.locale is nil when nothing matches
    /// ```
    public enum DefaultLocale: Sendable, Hashable {
        /// The first available locale (ICU's default).
        case firstAvailable
        /// This locale (which need not be available).
        case locale(String)
        /// No locale.
        case none
    }

    /// ICU's matcher options, with ICU's defaults.
    ///
    /// ```swift
    /// var options = LocaleMatcher.Options()
    /// options.threshold = 30
    /// let matcher = try LocaleMatcher(available: ["en", "fr"], options: options)
    /// ```
    public struct Options: Sendable, Hashable {
        /// See ``Favor``.
        public var favor: Favor = .language
        /// A match must be closer than this distance (0…100); `nil` = ICU's default, the
        /// default script distance (50 in CLDR 42). As in ICU, a locale with exactly the
        /// same maximized subtags matches whatever the threshold.
        /// ``LocaleMatcher/threshold(maxDesired:maxSupported:options:)`` gives the
        /// threshold of ICU's `setMaxDistance`.
        public var threshold: Int?
        /// See ``Demotion``.
        public var demotion: Demotion = .region
        /// See ``Direction``.
        public var direction: Direction = .withOneWay
        /// See ``DefaultLocale``.
        public var defaultLocale: DefaultLocale = .firstAvailable

        /// ICU's defaults.
        ///
        /// ```swift
        /// LocaleMatcher.Options().favor   // .language
        /// ```
        public init() {}
    }

    /// The answer of a match.
    ///
    /// ```swift
    /// let match = try LocaleMatcher(available: ["en", "nb"]).match(["nn"])
    /// match.locale            // "nb"
    /// match.availableIndex    // 1
    /// match.preferredIndex    // 0
    /// match.matched           // true
    /// ```
    public struct Match: Sendable, Hashable {
        /// The best available locale as the caller listed it; when nothing matched, the
        /// default locale (or `nil` with ``DefaultLocale/none``).
        public let locale: String?
        /// The index of ``locale`` in the available locales, `nil` when nothing matched.
        public let availableIndex: Int?
        /// The index of the preferred language that matched (in the order the matcher
        /// tried them: for an `Accept-Language` header, by descending weight), `nil` when
        /// nothing matched.
        public let preferredIndex: Int?
        /// The distance between that preferred language and the match, 0…100 (eighths
        /// distinguish equivalent locales spelled with different explicit subtags); `nil`
        /// when nothing matched.
        public let distance: Double?

        /// Whether an available locale matched (rather than the default).
        public var matched: Bool { availableIndex != nil }
    }
}
