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
    ///   - strict: Throw ``LocaleError/unknownLocale(_:)`` for a locale ICU does not know
    ///     instead of formatting with root conventions.
    /// - Throws: ``FormattingError/invalidSkeleton(_:offset:)`` (or
    ///   ``FormattingError/unknownUnit(_:)``, ``FormattingError/unknownCurrency(_:)``) for a
    ///   skeleton ICU rejects, ``LocaleError`` in strict mode.
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
    /// - Throws: ``ICUError`` if ICU fails to format (memory).
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
    /// - Throws: ``ICUError`` if ICU fails to format (memory).
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

/// One opened `UNumberFormatter` and a pool of `UFormattedNumber` results.
///
/// `Sendable` notes: ICU documents a `UNumberFormatter` as shareable between threads;
/// each call takes a result object out of the pool (under the mutex) and uses it alone.
final class NumberFormatterHandle: @unchecked Sendable {
    static let cache = ConfigurationCache<ICUNumberFormatter.Signature, NumberFormatterHandle>(limit: 128)

    let formatter: OpaquePointer
    /// `UFormattedNumber`s: reused, one per concurrent caller.
    private let results: ICUPool<ICUHandle>

    init(skeleton: String, locale: String) throws(FormattingError) {
        var status = U_ZERO_ERROR
        var parseError = CICU_UParseError()
        let units = Array(skeleton.utf16)
        guard units.count < 4096 else { throw .invalidSkeleton(skeleton, offset: nil) }
        let opened = units.withUnsafeBufferPointer { buffer in
            unumf_openForSkeletonAndLocaleWithError(buffer.baseAddress, Int32(buffer.count), locale, &parseError, &status)
        }
        guard let opened, !status.isFailure else {
            if let opened { unumf_close(opened) }
            throw Self.classify(skeleton, status: status, offset: parseError.offset)
        }
        formatter = opened
        do {
            results = try ICUPool { () throws(ICUError) in
                ICUHandle(try ICU.open("unumf_openResult", as: ICUError.self, close: unumf_closeResult) { unumf_openResult(&$0) }) {
                    unumf_closeResult($0)
                }
            }
        } catch {
            unumf_close(opened)
            throw .icu(error)
        }
        // Some option combinations are only rejected when formatting: try once.
        do {
            _ = try format(1.0)
        } catch {
            throw .invalidSkeleton(skeleton, offset: nil)
        }
    }

    private static func classify(_ skeleton: String, status: UErrorCode, offset: Int32) -> FormattingError {
        let offset = status == U_NUMBER_SKELETON_SYNTAX_ERROR && offset >= 0 ? Int(offset) : nil
        // Name the stem that failed when it is a unit or a currency.
        let tokens = skeleton.split(whereSeparator: { $0 == " " })
        if let offset {
            for token in tokens {
                let start = skeleton.utf16.distance(from: skeleton.utf16.startIndex, to: token.utf16.startIndex)
                if offset >= start && offset <= start + token.utf16.count {
                    if token.hasPrefix("unit/") || token.hasPrefix("measure-unit/") || token.hasPrefix("per-measure-unit/") {
                        return .unknownUnit(String(token.drop { $0 != "/" }.dropFirst()))
                    }
                    if token.hasPrefix("currency/") { return .unknownCurrency(String(token.dropFirst(9))) }
                }
            }
        }
        return .invalidSkeleton(skeleton, offset: offset)
    }

    deinit { unumf_close(formatter) }

    @inline(__always)
    private func withResult<R>(_ body: (OpaquePointer) throws(ICUError) -> R) throws(ICUError) -> R {
        try results.withHandle(body)
    }

    func format(_ value: Double) throws(ICUError) -> String {
        try withResult { result throws(ICUError) in
            var status = U_ZERO_ERROR
            unumf_formatDouble(formatter, value, result, &status)
            try status.check("unumf_formatDouble")
            return try Self.string(result)
        }
    }

    func format(_ value: Int64) throws(ICUError) -> String {
        try withResult { result throws(ICUError) in
            var status = U_ZERO_ERROR
            unumf_formatInt(formatter, value, result, &status)
            try status.check("unumf_formatInt")
            return try Self.string(result)
        }
    }

    func format(decimal: String) throws(ICUError) -> String {
        try withResult { result throws(ICUError) in
            var status = U_ZERO_ERROR
            unumf_formatDecimal(formatter, decimal, Int32(decimal.utf8.count), result, &status)
            try status.check("unumf_formatDecimal")
            return try Self.string(result)
        }
    }

    /// Runs `body` with the formatted result of a decimal string (for plural selection).
    func withFormatted<R>(decimal: String, _ body: (OpaquePointer) throws(ICUError) -> R) throws(ICUError) -> R {
        try withResult { result throws(ICUError) in
            var status = U_ZERO_ERROR
            unumf_formatDecimal(formatter, decimal, Int32(decimal.utf8.count), result, &status)
            try status.check("unumf_formatDecimal")
            return try body(result)
        }
    }

    /// Runs `body` with the formatted result of a `Double` (for plural selection).
    func withFormatted<R>(_ value: Double, _ body: (OpaquePointer) throws(ICUError) -> R) throws(ICUError) -> R {
        try withResult { result throws(ICUError) in
            var status = U_ZERO_ERROR
            unumf_formatDouble(formatter, value, result, &status)
            try status.check("unumf_formatDouble")
            return try body(result)
        }
    }

    @inline(__always)
    static func string(_ result: OpaquePointer) throws(ICUError) -> String {
        var status = U_ZERO_ERROR
        let value = unumf_resultAsValue(result, &status)
        try status.check("unumf_resultAsValue")
        return try formattedValueString(value, operation: "ufmtval_getString")
    }
}

/// A number style that builds an ICU number skeleton: a base style plus precision,
/// rounding, grouping, sign and numbering-system options.
///
/// ```swift
/// let style = NumberStyle.currency("USD", display: .narrowSymbol).precision(.fractionDigits(0...0))
/// style.skeleton   // "currency/USD unit-width-narrow precision-integer"
/// try ICUNumberFormatter(style, locale: LocaleID("en-CA")).format(12.6)   // "$13"
/// ```
public struct NumberStyle: Sendable, Hashable {
    /// The skeleton this style stands for.
    public private(set) var skeleton: String

    /// A style from a raw ICU number skeleton.
    public init(skeleton: String) { self.skeleton = skeleton }

    /// Plain decimal numbers with the locale's grouping (`1,234.5`).
    public static let decimal = NumberStyle(skeleton: "")
    /// Percentages of a fraction: 0.25 → `25%` (the skeleton scales by 100).
    public static let percent = NumberStyle(skeleton: "percent scale/100")
    /// Scientific notation (`1.2345E4`).
    public static let scientific = NumberStyle(skeleton: "scientific")
    /// Engineering notation (exponents multiples of 3).
    public static let engineering = NumberStyle(skeleton: "engineering")
    /// Short compact notation (`1.2K`, `12万`).
    public static let compactShort = NumberStyle(skeleton: "compact-short")
    /// Long compact notation (`1.2 thousand`).
    public static let compactLong = NumberStyle(skeleton: "compact-long")

    /// How a currency is shown.
    public enum CurrencyDisplay: String, Sendable, Hashable, CaseIterable {
        /// The locale's symbol (`CN¥` in English, `¥` in Chinese).
        case symbol
        /// The ISO 4217 code (`CNY 3.00`).
        case isoCode
        /// The narrow symbol (`¥`).
        case narrowSymbol
        /// The full name with plural forms (`3.00 Chinese yuan`).
        case name
    }

    /// Money in the currency with ISO 4217 `code`, in the locale's conventions.
    public static func currency(_ code: String, display: CurrencyDisplay = .symbol) -> NumberStyle {
        let width = switch display {
        case .symbol: ""
        case .isoCode: " unit-width-iso-code"
        case .narrowSymbol: " unit-width-narrow"
        case .name: " unit-width-full-name"
        }
        return NumberStyle(skeleton: "currency/\(code)" + width)
    }

    /// Accounting format: negative amounts in parentheses where the locale does so.
    public static func accounting(_ code: String) -> NumberStyle {
        NumberStyle(skeleton: "currency/\(code) sign-accounting")
    }

    /// A measurement unit as ICU spells it (`meter`, `kilometer-per-hour`).
    public static func unit(_ identifier: String, width: MeasureFormatter.Width = .short) -> NumberStyle {
        NumberStyle(skeleton: "unit/\(identifier)" + width.skeletonOption)
    }

    /// Digits after rounding.
    public enum Precision: Sendable, Hashable {
        /// Round to an integer.
        case integer
        /// Between `range.lowerBound` and `range.upperBound` fraction digits.
        case fractionDigits(ClosedRange<Int>)
        /// Between `range.lowerBound` and `range.upperBound` significant digits.
        case significantDigits(ClosedRange<Int>)
        /// No rounding.
        case unlimited
        /// The currency's standard number of digits.
        case currencyStandard
        /// Cash rounding for the currency (CHF to 0.05).
        case currencyCash

        var skeleton: String {
            switch self {
            case .integer: return "precision-integer"
            case .fractionDigits(let range):
                let low = max(0, range.lowerBound), high = min(999, max(low, range.upperBound))
                if high == 0 { return "precision-integer" }
                return "." + String(repeating: "0", count: low) + String(repeating: "#", count: high - low)
            case .significantDigits(let range):
                let low = max(1, range.lowerBound), high = min(999, max(low, range.upperBound))
                return String(repeating: "@", count: low) + String(repeating: "#", count: high - low)
            case .unlimited: return "precision-unlimited"
            case .currencyStandard: return "precision-currency-standard"
            case .currencyCash: return "precision-currency-cash"
            }
        }
    }

    /// How to round when digits are dropped.
    public enum RoundingMode: String, Sendable, Hashable, CaseIterable {
        /// Toward +∞.
        case ceiling
        /// Toward −∞.
        case floor
        /// Toward zero.
        case down
        /// Away from zero.
        case up
        /// To the nearest, ties to even (ICU's default).
        case halfEven = "half-even"
        /// To the nearest, ties toward zero.
        case halfDown = "half-down"
        /// To the nearest, ties away from zero.
        case halfUp = "half-up"
    }

    /// When to show grouping separators.
    public enum Grouping: String, Sendable, Hashable, CaseIterable {
        /// The locale's grouping (Indian lakh grouping in `en_IN`).
        case automatic = "group-auto"
        /// Never group.
        case off = "group-off"
        /// Group only from 5 digits on (`1000`, `10,000`).
        case minimum2 = "group-min2"
        /// Always group, also where the locale would not.
        case onAligned = "group-on-aligned"
        /// Western thousands grouping regardless of the locale.
        case thousands = "group-thousands"
    }

    /// When to show the sign.
    public enum SignDisplay: String, Sendable, Hashable, CaseIterable {
        /// A minus sign for negative numbers only.
        case automatic = "sign-auto"
        /// A plus or minus sign always.
        case always = "sign-always"
        /// No sign.
        case never = "sign-never"
        /// A sign except for zero.
        case exceptZero = "sign-except-zero"
        /// A minus sign for negative numbers, none for negative zero.
        case negative = "sign-negative"
    }

    /// This style with a precision.
    public func precision(_ precision: Precision) -> NumberStyle { adding(precision.skeleton) }
    /// This style with a rounding mode.
    public func rounding(_ mode: RoundingMode) -> NumberStyle { adding("rounding-mode-" + mode.rawValue) }
    /// This style with a grouping strategy.
    public func grouping(_ grouping: Grouping) -> NumberStyle { adding(grouping.rawValue) }
    /// This style with a sign display.
    public func sign(_ display: SignDisplay) -> NumberStyle { adding(display.rawValue) }
    /// This style in a numbering system (`arab`, `deva`, `thai`, `latn`, `hanidec`).
    public func numberingSystem(_ system: String) -> NumberStyle { adding("numbering-system/" + system) }
    /// This style with at least `digits` integer digits (`007`).
    public func minimumIntegerDigits(_ digits: Int) -> NumberStyle {
        adding("integer-width/*" + String(repeating: "0", count: max(1, min(digits, 999))))
    }

    private func adding(_ option: String) -> NumberStyle {
        NumberStyle(skeleton: skeleton.isEmpty ? option : skeleton + " " + option)
    }
}
