internal import CICU

/// Parses localized numbers: decimal, percent, currency and scientific text as the
/// locale writes them, requiring the whole text to be a number.
///
/// ```swift
/// let parser = try NumberParser(.decimal, locale: LocaleID("de"))
/// try parser.parse("1.234,5")   // 1234.5
/// try parser.parse("12x")       // throws FormattingError.unparseable("12x", byteOffset: 2)
/// ```
public struct NumberParser: Sendable {
    /// What kind of text to expect.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `1,234.5` (also accepts unlocalized digits).
        case decimal
        /// `25%` → 0.25.
        case percent
        /// `$1,234.50` in the locale's currency conventions.
        case currency
        /// `1.2345E4`.
        case scientific

        var style: Int32 {
            switch self {
            case .decimal: UNUM_DECIMAL
            case .percent: UNUM_PERCENT
            case .currency: UNUM_CURRENCY
            case .scientific: UNUM_SCIENTIFIC
            }
        }
    }

    /// The expected kind of text.
    public let kind: Kind
    /// The locale whose symbols are expected.
    public let locale: LocaleID
    private let handle: LockedHandle

    private static let cache = ConfigurationCache<String, LockedHandle>(limit: 64)

    /// Creates (or reuses) a parser.
    ///
    /// ```swift
    /// let percent = try NumberParser(.percent, locale: LocaleID("fr"))
    /// try percent.parse("25 %")   // 0.25
    /// ```
    /// - Parameters:
    ///   - kind: What the text holds: decimal numbers, percentages, scientific notation, …
    ///   - locale: Whose symbols, digits and grouping to expect.
    ///   - lenient: Accept looser input (ICU's lenient parse), such as missing
    ///     or misplaced grouping separators.
    ///   - strict: Throw for a locale ICU does not know instead of using root data.
    /// - Throws: ``FormattingError/unknownLocale(_:)`` in strict mode, ``FormattingError/icu(_:)`` if ICU fails.
    ///
    /// The corresponding C function is `unum_open`.
    public init(_ kind: Kind = .decimal, locale: LocaleID = .root, lenient: Bool = false, strict: Bool = false) throws(FormattingError) {
        if strict { try locale.requireKnown(as: FormattingError.self) }
        self.kind = kind
        self.locale = locale
        self.handle = try FormattingError.wrapping { () throws(ICUError) in
            try Self.cache.value(for: "\(kind.rawValue)|\(lenient)|\(locale.identifier)") { () throws(ICUError) -> LockedHandle in
                let (handle, _) = try openUNum(style: kind.style, locale: locale, operation: "unum_open(\(kind.rawValue), \(locale))")
                handle.withHandle { unum_setAttribute($0, UNUM_LENIENT_PARSE, lenient ? 1 : 0) }
                return handle
            }
        }
    }

    /// Parses the whole of `text` as a number.
    ///
    /// ```swift
    /// try NumberParser(.decimal, locale: LocaleID("ar")).parse("١٢٣٫٥")   // 123.5
    /// ```
    /// - Throws: ``FormattingError/unparseable(_:byteOffset:)`` naming where parsing
    ///   stopped, ``InputTooLongError`` past `Int32` UTF-16 units.
    ///
    /// The corresponding C function is `unum_parseDouble`.
    public func parse(_ text: String) throws(FormattingError) -> Double {
        try handle.withHandle { (handle) throws(FormattingError) in try parseWithUNum(handle, text) }
    }
}
