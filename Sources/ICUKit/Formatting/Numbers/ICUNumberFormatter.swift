internal import CICU

/// Formats numbers with ICU's number skeletons: decimal, percent, scientific, compact,
/// currency (ISO code, symbol, narrow symbol, name, accounting), units with usage,
/// precision and rounding, grouping (Indian lakh grouping in `hi`/`en_IN`) and
/// numbering systems.
///
/// ```swift
/// let euros = try ICUNumberFormatter(skeleton: "currency/EUR", locale: "de")
/// try euros.format(1234.5)   // "1.234,50 €"
/// let lakh = try ICUNumberFormatter(.decimal, locale: "en-IN")
/// try lakh.format(1234567)   // "12,34,567"
/// ```
///
/// Formatters are cached process-wide by (skeleton, locale) and shared: creating the
/// same formatter twice reuses one ICU formatter, which ICU documents as thread-safe;
/// each call uses its own `UFormattedNumber` from a small pool.
public struct ICUNumberFormatter: Sendable, Hashable {
    /// The ICU number skeleton, such as `"currency/EUR unit-width-narrow"`.
    public let skeleton: String
    /// The locale whose conventions the formatter uses.
    public let locale: LocaleID
    let handle: NumberFormatterHandle

    /// Creates a formatter from an ICU number skeleton.
    ///
    /// ```swift
    /// let compact = try ICUNumberFormatter(skeleton: "compact-short", locale: LocaleID("ja"))
    /// try compact.format(123456)   // "12万"
    /// ```
    /// - Parameters:
    ///   - skeleton: An ICU number skeleton (see ICU's "Number Skeletons" user guide),
    ///     such as `"percent"`, `"scientific"`, `".00"`, `"unit/meter usage/road"`.
    ///   - locale: The locale; its `nu`/`cu` keywords apply (`ar-u-nu-latn`).
    ///   - strict: Throw ``FormattingError/unknownLocale(_:)`` for a locale ICU does not know
    ///     instead of formatting with root conventions.
    /// - Throws: ``FormattingError/invalidSkeleton(_:offset:)`` (or
    ///   ``FormattingError/unknownUnit(_:)``, ``FormattingError/unknownCurrency(_:)``) for a
    ///   skeleton ICU rejects, ``FormattingError/unknownLocale(_:)`` in strict mode.
    ///
    /// The corresponding C function is `unumf_openForSkeletonAndLocaleWithError`.
    public init(skeleton: String, locale: LocaleID = .root, strict: Bool = false) throws(FormattingError) {
        if strict { try locale.requireKnown(as: FormattingError.self) }
        self.skeleton = skeleton
        self.locale = locale
        self.handle = try NumberFormatterHandle.cache.value(for: Signature(skeleton: skeleton, locale: locale.identifier)) {
            () throws(FormattingError) -> NumberFormatterHandle in
            try NumberFormatterHandle(skeleton: skeleton, locale: locale.identifier)
        }
    }

    /// Creates a formatter for a ``NumberStyle``.
    ///
    /// ```swift
    /// let money = try ICUNumberFormatter(.currency("CNY", display: .name), locale: LocaleID("en"))
    /// try money.format(3)   // "3.00 Chinese yuan"
    /// ```
    /// - Throws: what ``init(skeleton:locale:strict:)`` throws.
    ///
    /// The corresponding C function is `unumf_openForSkeletonAndLocaleWithError`.
    public init(_ style: NumberStyle, locale: LocaleID = .root, strict: Bool = false) throws(FormattingError) {
        try self.init(skeleton: style.skeleton, locale: locale, strict: strict)
    }

    /// Formats a `Double`.
    ///
    /// ```swift
    /// try ICUNumberFormatter(skeleton: "scientific", locale: "en").format(12345)   // "1.2345E4"
    /// ```
    /// - Throws: ``FormattingError/icu(_:)`` if ICU fails to format (memory).
    ///
    /// The corresponding C function is `unumf_formatDouble`.
    public func format(_ value: Double) throws(FormattingError) -> String {
        try FormattingError.wrapping { () throws(ICUError) in try handle.format(value) }
    }

    /// Formats an integer exactly (no rounding through `Double`).
    ///
    /// ```swift
    /// try ICUNumberFormatter(skeleton: "", locale: "de").format(9_007_199_254_740_993)   // "9.007.199.254.740.993"
    /// ```
    /// - Throws: ``FormattingError/icu(_:)`` if ICU fails to format (memory).
    ///
    /// The corresponding C function is `unumf_formatInt`.
    public func format(_ value: Int) throws(FormattingError) -> String {
        try FormattingError.wrapping { () throws(ICUError) in try handle.format(Int64(value)) }
    }

    /// Formats a decimal number given as a string, with arbitrary precision
    /// (`"12345678901234567890.123"`, `"-1.5e-3"`).
    ///
    /// ```swift
    /// try ICUNumberFormatter(skeleton: ".000", locale: "en").format(decimal: "1.2")   // "1.200"
    /// ```
    /// - Throws: ``FormattingError/invalidNumber(_:)`` for a string that is not a decimal number.
    ///
    /// The corresponding C function is `unumf_formatDecimal`.
    public func format(decimal: String) throws(FormattingError) -> String {
        guard isDecimalNumberString(decimal) else { throw FormattingError.invalidNumber(decimal) }
        return try FormattingError.wrapping { () throws(ICUError) in try handle.format(decimal: decimal) }
    }

    /// Formatters are equal when their skeleton and locale are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.skeleton == rhs.skeleton && lhs.locale == rhs.locale }
    /// Hashes the skeleton and locale.
    public func hash(into hasher: inout Hasher) { hasher.combine(skeleton); hasher.combine(locale) }

    struct Signature: Hashable, Sendable {
        let skeleton: String
        let locale: String
    }
}
