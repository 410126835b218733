internal import CICU

/// A locale's plural rules (CLDR), cardinal ("1 file", "2 files") or ordinal ("1st",
/// "2nd"), including the category of a number as formatted ("1.0" is `other` in English).
///
/// ```swift
/// let russian = try PluralRules(locale: LocaleID("ru"))
/// try russian.category(for: 3)    // .few
/// try russian.category(for: 5)    // .many
/// try PluralRules(locale: LocaleID("en")).category(forFormatted: "1.0")   // .other
/// try PluralRules(.ordinal, locale: LocaleID("en")).category(for: 22)      // .two
/// ```
///
/// Rules are cached per (type, locale) and shared; each shared one serializes its calls.
public struct PluralRules: Sendable {
    /// Cardinal (counting) or ordinal (ranking) rules.
    public enum RuleType: String, Sendable, Hashable, CaseIterable {
        /// Counting: "1 file", "2 files".
        case cardinal
        /// Ranking: "1st", "2nd", "3rd", "4th".
        case ordinal
    }

    /// The rule type.
    public let type: RuleType
    /// The locale.
    public let locale: LocaleID
    private let handle: LockedHandle

    private static let cache = ConfigurationCache<String, LockedHandle>(limit: 64)

    /// Opens (or reuses) the plural rules of `locale`.
    ///
    /// ```swift
    /// let welsh = try PluralRules(locale: LocaleID("cy"))
    /// welsh.categories.count   // 6
    /// ```
    /// - Throws: ``FormattingError/unknownLocale(_:)`` in strict mode; ``FormattingError/icu(_:)`` if ICU fails.
    ///
    /// The corresponding C function is `uplrules_openForType`.
    public init(_ type: RuleType = .cardinal, locale: LocaleID = .root, strict: Bool = false) throws(FormattingError) {
        if strict { try locale.requireKnown(as: FormattingError.self) }
        self.type = type
        self.locale = locale
        handle = try Self.cache.value(for: type.rawValue + "|" + locale.identifier) { () throws(FormattingError) -> LockedHandle in
            let icuType = type == .cardinal ? UPLURAL_TYPE_CARDINAL : UPLURAL_TYPE_ORDINAL
            let rules = try FormattingError.wrapping { () throws(ICUError) in
                try ICU.uplrules_openForType(locale.identifier, icuType, operation: "uplrules_openForType(\(locale))")
            }
            return LockedHandle(rules) { uplrules_close($0) }
        }
    }

    /// The category of a number (its value only: `1` and `1.0` are the same here; use
    /// ``category(forFormatted:)`` when visible fraction digits matter).
    ///
    /// ```swift
    /// try PluralRules(locale: LocaleID("pl")).category(for: 22)   // .few
    /// ```
    /// - Throws: ``FormattingError/outOfRange(_:)`` for NaN or infinity.
    ///
    /// The corresponding C function is `uplrules_select`.
    public func category(for value: Double) throws(FormattingError) -> PluralCategory {
        guard value.isFinite else { throw FormattingError.outOfRange("plural category of \(value)") }
        // The keyword is read straight from a stack buffer (no String on this hot path).
        let category = handle.withHandle { rules -> PluralCategory? in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 8) { buffer in
                guard let length = ICU.uplrules_select(rules, value, buffer), length > 0, length <= 8 else { return nil }
                return PluralCategory(utf16: UnsafeBufferPointer(rebasing: buffer[..<length]))
            }
        }
        guard let category else { throw FormattingError.icu(.internalProgramError("uplrules_select")) }
        return category
    }

    /// The category of a decimal number string as written, with its visible fraction
    /// digits: `"1"` is `one` but `"1.0"` is `other` in English; `"1.5"` is `one` in French.
    ///
    /// ```swift
    /// try PluralRules(locale: LocaleID("en")).category(forFormatted: "1.0")   // .other
    /// ```
    /// - Throws: ``FormattingError/invalidNumber(_:)`` for a string that is not a plain
    ///   decimal number (`-12.50`, `3`, `1e3`).
    ///
    /// The corresponding C function is `uplrules_selectFormatted`.
    public func category(forFormatted decimal: String) throws(FormattingError) -> PluralCategory {
        guard isDecimalNumberString(decimal) else { throw FormattingError.invalidNumber(decimal) }
        // Keep exactly the fraction digits written ("1.50" has two).
        let mantissa = decimal.prefix { $0 != "e" && $0 != "E" }
        let fractionDigits = mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
        let skeleton = fractionDigits == 0 ? "precision-integer group-off" : "." + String(repeating: "0", count: min(fractionDigits, 999)) + " group-off"
        let formatter = try ICUNumberFormatter(skeleton: skeleton, locale: locale)
        return try FormattingError.wrapping { () throws(ICUError) in try category(decimal: decimal, formatter: formatter) }
    }

    /// The category of `value` as `formatter` writes it (so "1.0 km" counts its fraction
    /// digit, and compact "1.2K" its compact exponent).
    ///
    /// ```swift
    /// let oneDecimal = try ICUNumberFormatter(skeleton: ".0", locale: "en")
    /// try PluralRules(locale: LocaleID("en")).category(for: 1, formattedWith: oneDecimal)   // .other
    /// ```
    /// - Throws: ``FormattingError/icu(_:)`` if ICU fails.
    ///
    /// The corresponding C function is `uplrules_selectFormatted`.
    public func category(for value: Double, formattedWith formatter: ICUNumberFormatter) throws(FormattingError) -> PluralCategory {
        let keyword = try FormattingError.wrapping { () throws(ICUError) in
            try formatter.handle.withFormatted(value) { result throws(ICUError) in try select(result) }
        }
        return PluralCategory(rawValue: keyword) ?? .other
    }

    private func category(decimal: String, formatter: ICUNumberFormatter) throws(ICUError) -> PluralCategory {
        let keyword = try formatter.handle.withFormatted(decimal: decimal) { result throws(ICUError) in try select(result) }
        return PluralCategory(rawValue: keyword) ?? .other
    }

    private func select(_ result: OpaquePointer) throws(ICUError) -> String {
        try handle.withHandle { rules throws(ICUError) in
            try ICU.uplrules_selectFormatted(rules, result)
        }
    }

    /// The categories this locale distinguishes, in CLDR order (zero … other).
    ///
    /// ```swift
    /// try PluralRules(locale: LocaleID("ja")).categories   // [.other]
    /// ```
    ///
    /// The corresponding C function is `uplrules_getKeywords`.
    public var categories: [PluralCategory] {
        guard let keywords = handle.withHandle({ ICU.uplrules_getKeywords($0) }) else { return [.other] }
        return keywords.compactMap(PluralCategory.init(rawValue:)).sorted()
    }
}
