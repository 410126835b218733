internal import CICU

extension SpoofChecker {
    /// The checks a checker runs.
    ///
    /// ```swift
    /// let checker = try SpoofChecker(checks: [.invisible, .mixedNumbers])
    /// ```
    public struct Checks: OptionSet, Sendable, Hashable {
        /// The ICU `USpoofChecks` bits.
        public let rawValue: Int32
        /// Checks from ICU's `USpoofChecks` bits.
        ///
        /// ```swift
        /// SpoofChecker.Checks(rawValue: 16) == .restrictionLevel  // true
        /// ```
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// ``SpoofChecker/areConfusable(_:_:)`` reports single-script confusables.
        ///
        /// ```swift
        /// let kinds: SpoofChecker.Checks = [.singleScriptConfusable, .mixedScriptConfusable]
        /// ```
        public static let singleScriptConfusable = Checks(rawValue: USPOOF_SINGLE_SCRIPT_CONFUSABLE)
        /// ``SpoofChecker/areConfusable(_:_:)`` reports mixed-script confusables.
        ///
        /// ```swift
        /// let kinds: SpoofChecker.Checks = .mixedScriptConfusable
        /// ```
        public static let mixedScriptConfusable = Checks(rawValue: USPOOF_MIXED_SCRIPT_CONFUSABLE)
        /// ``SpoofChecker/areConfusable(_:_:)`` reports whole-script confusables.
        ///
        /// ```swift
        /// let kinds: SpoofChecker.Checks = .wholeScriptConfusable
        /// ```
        public static let wholeScriptConfusable = Checks(rawValue: USPOOF_WHOLE_SCRIPT_CONFUSABLE)
        /// The identifier must reach the checker's ``RestrictionLevel`` (UTS #39 §5.2).
        ///
        /// ```swift
        /// try SpoofChecker(checks: .restrictionLevel).check("pаypal").passed  // false
        /// ```
        public static let restrictionLevel = Checks(rawValue: USPOOF_RESTRICTION_LEVEL)
        /// No invisible characters and no repeated non-spacing mark (`i\u{301}\u{301}`).
        ///
        /// ```swift
        /// try SpoofChecker(checks: .invisible).check("a\u{301}\u{301}").failures  // [.invisible]
        /// ```
        public static let invisible = Checks(rawValue: USPOOF_INVISIBLE)
        /// Only the allowed characters (see `allowedLocales` and `allowedCharacters`).
        ///
        /// ```swift
        /// let latinOnly = try SpoofChecker(allowedLocales: ["en"])
        /// ```
        public static let allowedCharacters = Checks(rawValue: USPOOF_CHAR_LIMIT)
        /// Digits from one numbering system only (UTS #39 §5.3): `1২` fails.
        ///
        /// ```swift
        /// try SpoofChecker(checks: .mixedNumbers).check("a1\u{9E8}").failures  // [.mixedNumbers]
        /// ```
        public static let mixedNumbers = Checks(rawValue: USPOOF_MIXED_NUMBERS)
        /// No combining dot above hidden on a dotted letter (`i\u{307}`), ICU's own check.
        ///
        /// ```swift
        /// try SpoofChecker().check("i\u{307}").failures  // [.hiddenOverlay]
        /// ```
        public static let hiddenOverlay = Checks(rawValue: USPOOF_HIDDEN_OVERLAY)

        /// The three confusable kinds.
        ///
        /// ```swift
        /// let onlyChecks = SpoofChecker.Checks.all.subtracting(.confusables)
        /// ```
        public static let confusables: Checks = [.singleScriptConfusable, .mixedScriptConfusable, .wholeScriptConfusable]
        /// Every check (ICU's default, `USPOOF_ALL_CHECKS`).
        ///
        /// ```swift
        /// try SpoofChecker(checks: .all)  // same as SpoofChecker()
        /// ```
        public static let all = Checks(rawValue: USPOOF_ALL_CHECKS)

        /// The checks of one identifier that failed, by name (`"restrictionLevel"`,
        /// `"invisible"`, `"allowedCharacters"`, `"mixedNumbers"`, `"hiddenOverlay"`), in that order.
        ///
        /// ```swift
        /// SpoofChecker.Checks([.invisible, .restrictionLevel]).failureNames  // ["restrictionLevel", "invisible"]
        /// ```
        public var failureNames: [String] {
            var names: [String] = []
            if contains(.restrictionLevel) { names.append("restrictionLevel") }
            if contains(.invisible) { names.append("invisible") }
            if contains(.allowedCharacters) { names.append("allowedCharacters") }
            if contains(.mixedNumbers) { names.append("mixedNumbers") }
            if contains(.hiddenOverlay) { names.append("hiddenOverlay") }
            return names
        }
    }

    /// How far an identifier may mix scripts (UTS #39 §5.2), from strictest to loosest.
    ///
    /// ```swift
    /// SpoofChecker.RestrictionLevel(name: "single-script")  // .singleScript
    /// SpoofChecker.RestrictionLevel.ascii < .unrestricted    // true
    /// ```
    public enum RestrictionLevel: Int32, Sendable, Hashable, CaseIterable, Comparable {
        /// Only ASCII characters (`[\u{0}-\u{7F}]`).
        case ascii = 0x1000_0000
        /// One script (its resolved script set is not empty).
        case singleScript = 0x2000_0000
        /// One script, or Latin with Han + Hiragana + Katakana, Han + Bopomofo, or Han + Hangul.
        case highlyRestrictive = 0x3000_0000
        /// Latin with one other Recommended script, except Cyrillic and Greek.
        case moderatelyRestrictive = 0x4000_0000
        /// Any mix of Recommended scripts.
        case minimallyRestrictive = 0x5000_0000
        /// Anything.
        case unrestricted = 0x6000_0000

        /// The level's name as the CLI spells it: `ascii`, `single-script`,
        /// `highly-restrictive`, `moderately-restrictive`, `minimally-restrictive`, `unrestricted`.
        ///
        /// ```swift
        /// SpoofChecker.RestrictionLevel.highlyRestrictive.name  // "highly-restrictive"
        /// ```
        public var name: String {
            switch self {
            case .ascii: "ascii"
            case .singleScript: "single-script"
            case .highlyRestrictive: "highly-restrictive"
            case .moderatelyRestrictive: "moderately-restrictive"
            case .minimallyRestrictive: "minimally-restrictive"
            case .unrestricted: "unrestricted"
            }
        }

        /// The level named `name` (as ``name`` spells it), or `nil`.
        ///
        /// ```swift
        /// SpoofChecker.RestrictionLevel(name: "ascii")  // .ascii
        /// ```
        public init?(name: String) {
            guard let level = Self.allCases.first(where: { $0.name == name }) else { return nil }
            self = level
        }

        /// Stricter levels sort first.
        ///
        /// ```swift
        /// SpoofChecker.RestrictionLevel.singleScript < .highlyRestrictive  // true
        /// ```
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
