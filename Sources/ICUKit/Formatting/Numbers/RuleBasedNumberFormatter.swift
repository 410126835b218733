internal import CICU

/// ICU's `UNumberFormat*` (a `void **` in the shim) as an opaque handle, and back.
typealias UNumHandle = OpaquePointer

/// Opens a `UNumberFormat` of `style` for `locale`, reporting what ICU actually loaded.
func openUNum(style: Int32, locale: LocaleID, operation: String) throws(ICUError) -> (LockedHandle, actual: String) {
    let handle = try ICU.unum_open(style, locale.identifier, operation: operation)
    let actual = ICU.unum_getLocaleByType(handle, ULOC_ACTUAL_LOCALE)
    return (LockedHandle(handle) { unum_close($0) }, actual)
}

/// Parses `text` with a `UNumberFormat`, requiring the whole text to be consumed.
func parseWithUNum(_ handle: UNumHandle, _ text: String) throws(FormattingError) -> Double {
    let trimmed = text
    guard !trimmed.isEmpty else { throw FormattingError.unparseable(text, byteOffset: 0) }
    return try withUTF16Text(trimmed) { (chars, count) throws(FormattingError) -> Double in
        let (value, position, failed) = ICU.unum_parseDouble(handle, chars, count)
        if failed || position != count {
            // ICU reports the failure position through parsePos; map it to UTF-8.
            let stop = Int(max(0, min(position, count)))
            let index = String.Index(utf16Offset: stop, in: trimmed)
            let offset = trimmed.utf8.distance(from: trimmed.startIndex, to: index)
            throw FormattingError.unparseable(text, byteOffset: offset)
        }
        return value
    }
}

/// Spells numbers out in words and formats ordinals with ICU's rule-based number
/// formats (RBNF): "forty-two", "quarante-deux", "21st".
///
/// ```swift
/// let words = try RuleBasedNumberFormatter(.spellOut, locale: LocaleID("fr"))
/// try words.format(42)            // "quarante-deux"
/// try words.parse("quarante-deux")  // 42
/// try RuleBasedNumberFormatter(.ordinal, locale: LocaleID("en")).format(21)   // "21st"
/// ```
///
/// Formatters are cached per (kind, locale) and shared; ICU's rule-based formats are
/// not documented as thread-safe, so each shared one serializes its calls.
public struct RuleBasedNumberFormatter: Sendable {
    /// The rule set family.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Numbers in words ("forty-two").
        case spellOut = "spellout"
        /// Ordinal numerals ("21st", "21.").
        case ordinal
        /// Durations in seconds ("1:01:01"), where the locale has rules for them.
        case duration

        var style: Int32 {
            switch self {
            case .spellOut: UNUM_SPELLOUT
            case .ordinal: UNUM_ORDINAL
            case .duration: 7  // UNUM_DURATION
            }
        }
    }

    /// The rule set family.
    public let kind: Kind
    /// The requested locale.
    public let locale: LocaleID
    /// The locale whose rules ICU loaded (root when it had none for `locale`).
    public var actualLocale: LocaleID { LocaleID(icuReported: shared.actual) }
    private let shared: Shared

    final class Shared: Sendable {
        let handle: LockedHandle
        let actual: String
        init(_ opened: (LockedHandle, actual: String)) { (handle, actual) = (opened.0, opened.actual) }
    }

    private static let cache = ConfigurationCache<String, Shared>(limit: 64)

    /// Opens (or reuses) the rule-based format of `kind` for `locale`.
    ///
    /// ```swift
    /// try RuleBasedNumberFormatter(.spellOut, locale: LocaleID("de")).format(21)   // "einundzwanzig"
    /// ```
    /// - Throws: ``FormattingError/unknownLocale(_:)`` in strict mode, ``FormattingError/icu(_:)`` if ICU has no rules.
    ///
    /// The corresponding C function is `unum_open`.
    public init(_ kind: Kind, locale: LocaleID = .root, strict: Bool = false) throws(FormattingError) {
        if strict { try locale.requireKnown(as: FormattingError.self) }
        self.kind = kind
        self.locale = locale
        self.shared = try FormattingError.wrapping { () throws(ICUError) in
            try Self.cache.value(for: kind.rawValue + "|" + locale.identifier) { () throws(ICUError) -> Shared in
                Shared(try openUNum(style: kind.style, locale: locale, operation: "unum_open(\(kind.rawValue), \(locale))"))
            }
        }
    }

    /// Formats a number with the rules: `42` → "forty-two", `2.5` → "two point five".
    ///
    /// ```swift
    /// try RuleBasedNumberFormatter(.spellOut, locale: LocaleID("en")).format(2.5)   // "two point five"
    /// ```
    /// - Throws: ``FormattingError/icu(_:)`` if ICU fails.
    ///
    /// The corresponding C function is `unum_formatDouble`.
    public func format(_ value: Double) throws(FormattingError) -> String {
        try FormattingError.wrapping { () throws(ICUError) in try shared.handle.withHandle { handle throws(ICUError) in
            try ICU.unum_formatDouble(handle, value)
        } }
    }

    /// Formats an integer exactly.
    ///
    /// ```swift
    /// try RuleBasedNumberFormatter(.ordinal, locale: LocaleID("en")).format(102)   // "102nd"
    /// ```
    /// - Throws: ``FormattingError/icu(_:)`` if ICU fails.
    ///
    /// The corresponding C function is `unum_formatInt64`.
    public func format(_ value: Int) throws(FormattingError) -> String {
        try FormattingError.wrapping { () throws(ICUError) in try shared.handle.withHandle { handle throws(ICUError) in
            try ICU.unum_formatInt64(handle, Int64(value), capacity: 128)
        } }
    }

    /// Parses text written by these rules back to a number.
    ///
    /// ```swift
    /// try RuleBasedNumberFormatter(.spellOut, locale: LocaleID("en")).parse("forty-two")   // 42
    /// ```
    /// - Throws: ``FormattingError/unparseable(_:byteOffset:)`` unless the whole text parses.
    ///
    /// The corresponding C function is `unum_parseDouble`.
    public func parse(_ text: String) throws(FormattingError) -> Double {
        try shared.handle.withHandle { (handle) throws(FormattingError) in try parseWithUNum(handle, text) }
    }
}
