internal import CICU

/// Formats number ranges: "3–5 kg", "$3 – $5", "~5" for equal ends.
///
/// ```swift
/// let range = try NumberRangeFormatter(skeleton: "unit/kilogram", locale: LocaleID("en"))
/// try range.format(3, 5)   // "3–5 kg"
/// ```
///
/// Formatters are cached by (skeleton, locale); ICU documents the range formatter as
/// shareable between threads, with a result object per call.
public struct NumberRangeFormatter: Sendable {
    /// The skeleton applied to both ends.
    public let skeleton: String
    /// The locale.
    public let locale: LocaleID
    private let handle: Handle

    /// One `UNumberRangeFormatter`. `Sendable` notes: ICU documents it as thread-safe
    /// for formatting; every call opens its own result.
    final class Handle: @unchecked Sendable {
        let formatter: OpaquePointer
        init(_ formatter: OpaquePointer) { self.formatter = formatter }
        deinit { unumrf_close(formatter) }
    }

    private static let cache = ConfigurationCache<String, Handle>(limit: 64)

    /// Creates (or reuses) a range formatter.
    ///
    /// ```swift
    /// try NumberRangeFormatter(skeleton: "currency/EUR", locale: LocaleID("de")).format(3, 5)   // "3,00–5,00 €"
    /// ```
    /// - Throws: ``FormattingError/invalidSkeleton(_:offset:)``, ``FormattingError/unknownLocale(_:)`` in strict mode.
    ///
    /// The corresponding C function is `unumrf_openForSkeletonWithCollapseAndIdentityFallback`.
    public init(skeleton: String = "", locale: LocaleID = .root, strict: Bool = false) throws(FormattingError) {
        if strict { try locale.requireKnown(as: FormattingError.self) }
        // Validate the skeleton (and get a typed error) through the single-number formatter.
        _ = try ICUNumberFormatter(skeleton: skeleton, locale: locale)
        self.skeleton = skeleton
        self.locale = locale
        handle = try Self.cache.value(for: skeleton + "|" + locale.identifier) { () throws(FormattingError) -> Handle in
            var parseError = CICU_UParseError()
            do throws(ICUError) {
                return Handle(try ICU.unumrf_openForSkeletonWithCollapseAndIdentityFallback(
                    Array(skeleton.utf16), UNUM_RANGE_COLLAPSE_AUTO, UNUM_IDENTITY_FALLBACK_APPROXIMATELY, locale.identifier, &parseError))
            } catch {
                throw .invalidSkeleton(skeleton, offset: parseError.offset >= 0 ? Int(parseError.offset) : nil)
            }
        }
    }

    /// Formats the range from `lower` to `upper`.
    ///
    /// ```swift
    /// try NumberRangeFormatter(locale: LocaleID("en")).format(5, 5)   // "~5"
    /// ```
    /// - Throws: ``FormattingError/icu(_:)`` if ICU fails.
    ///
    /// The corresponding C function is `unumrf_formatDoubleRange`.
    public func format(_ lower: Double, _ upper: Double) throws(FormattingError) -> String {
        try FormattingError.wrapping { () throws(ICUError) in
            let result = try ICU.unumrf_openResult()
            defer { unumrf_closeResult(result) }
            try ICU.unumrf_formatDoubleRange(handle.formatter, lower, upper, result)
            return try ICU.unumrf_resultAsValue(result)
        }
    }
}
