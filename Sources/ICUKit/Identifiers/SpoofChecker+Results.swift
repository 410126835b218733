internal import CICU

extension SpoofChecker {
    /// The kinds of confusability two strings have (UTS #39 §4).
    ///
    /// ```swift
    /// try SpoofChecker().areConfusable("scope", "ѕсоре")  // [.mixedScript, .wholeScript]
    /// ```
    public struct ConfusableKinds: OptionSet, Sendable, Hashable {
        /// ICU's `USPOOF_*_SCRIPT_CONFUSABLE` bits.
        public let rawValue: Int32
        /// Kinds from ICU's bits.
        ///
        /// ```swift
        /// SpoofChecker.ConfusableKinds(rawValue: 2) == .mixedScript  // true
        /// ```
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// Same skeleton, and the resolved script sets intersect.
        ///
        /// ```swift
        /// try SpoofChecker().areConfusable("rn", "m")  // [.singleScript]
        /// ```
        public static let singleScript = ConfusableKinds(rawValue: USPOOF_SINGLE_SCRIPT_CONFUSABLE)
        /// Same skeleton, and the resolved script sets do not intersect.
        ///
        /// ```swift
        /// try SpoofChecker().areConfusable("paypal", "раураl")  // [.mixedScript]
        /// ```
        public static let mixedScript = ConfusableKinds(rawValue: USPOOF_MIXED_SCRIPT_CONFUSABLE)
        /// Mixed-script, and each string is single-script on its own (`scope`/`ѕсоре`).
        ///
        /// ```swift
        /// try SpoofChecker().areConfusable("scope", "ѕсоре")  // [.mixedScript, .wholeScript]
        /// ```
        public static let wholeScript = ConfusableKinds(rawValue: USPOOF_WHOLE_SCRIPT_CONFUSABLE)

        /// The kinds by name: `singleScript`, `mixedScript`, `wholeScript`, in that order.
        ///
        /// ```swift
        /// SpoofChecker.ConfusableKinds([.mixedScript, .wholeScript]).names  // ["mixedScript", "wholeScript"]
        /// ```
        public var names: [String] {
            var names: [String] = []
            if contains(.singleScript) { names.append("singleScript") }
            if contains(.mixedScript) { names.append("mixedScript") }
            if contains(.wholeScript) { names.append("wholeScript") }
            return names
        }
    }

    /// What ``SpoofChecker/check(_:)`` found in one identifier.
    ///
    /// ```swift
    /// let result = try SpoofChecker().check("Сirсle")
    /// result.failures.failureNames   // ["restrictionLevel"]
    /// result.scripts.scriptsUsed     // ["Cyrl", "Latn"]
    /// ```
    public struct CheckResult: Sendable, Hashable {
        /// The checks that failed (empty when the identifier passed).
        public let failures: Checks
        /// The restriction level the identifier reaches (computed whatever the checks;
        /// `nil` only if ICU reported none).
        public let restrictionLevel: RestrictionLevel?
        /// The identifier that was checked.
        public let identifier: String
        /// The identifier's resolved script set (UTS #39 §5.1) and the scripts it uses,
        /// computed when asked (it costs more than ICU's whole check).
        ///
        /// ```swift
        /// try SpoofChecker().check("Сirсle").scripts.isMixedScript  // true
        /// ```
        public var scripts: ResolvedScriptSet { ResolvedScriptSet(identifier) }
        /// The zero digit of each numbering system whose digits the identifier uses
        /// (two or more fail ``Checks/mixedNumbers``), ascending.
        public let numerics: [Unicode.Scalar]

        /// Whether every enabled check passed.
        ///
        /// ```swift
        /// try SpoofChecker().check("paypal").passed  // true
        /// ```
        public var passed: Bool { failures.isEmpty }
    }
}
