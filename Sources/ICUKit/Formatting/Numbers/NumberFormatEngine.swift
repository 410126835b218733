internal import CICU

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
        var parseError = CICU_UParseError()
        let units = Array(skeleton.utf16)
        guard units.count < 4096 else { throw .invalidSkeleton(skeleton, offset: nil) }
        let opened: OpaquePointer
        do throws(ICUError) {
            opened = try ICU.unumf_openForSkeletonAndLocaleWithError(units, locale, &parseError)
        } catch {
            throw Self.classify(skeleton, offset: error.isNumberSkeletonSyntaxError && parseError.offset >= 0 ? Int(parseError.offset) : nil)
        }
        formatter = opened
        do throws(ICUError) {
            results = try ICUPool { () throws(ICUError) in ICUHandle(try ICU.unumf_openResult()) { unumf_closeResult($0) } }
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

    /// The error for a skeleton ICU refused; `offset` is where ICU found a syntax error.
    private static func classify(_ skeleton: String, offset: Int?) -> FormattingError {
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
            try ICU.unumf_formatDouble(formatter, value, result)
            return try Self.string(result)
        }
    }

    func format(_ value: Int64) throws(ICUError) -> String {
        try withResult { result throws(ICUError) in
            try ICU.unumf_formatInt(formatter, value, result)
            return try Self.string(result)
        }
    }

    func format(decimal: String) throws(ICUError) -> String {
        try withResult { result throws(ICUError) in
            try ICU.unumf_formatDecimal(formatter, decimal, result)
            return try Self.string(result)
        }
    }

    /// Runs `body` with the formatted result of a decimal string (for plural selection).
    func withFormatted<R>(decimal: String, _ body: (OpaquePointer) throws(ICUError) -> R) throws(ICUError) -> R {
        try withResult { result throws(ICUError) in
            try ICU.unumf_formatDecimal(formatter, decimal, result)
            return try body(result)
        }
    }

    /// Runs `body` with the formatted result of a `Double` (for plural selection).
    func withFormatted<R>(_ value: Double, _ body: (OpaquePointer) throws(ICUError) -> R) throws(ICUError) -> R {
        try withResult { result throws(ICUError) in
            try ICU.unumf_formatDouble(formatter, value, result)
            return try body(result)
        }
    }

    @inline(__always)
    static func string(_ result: OpaquePointer) throws(ICUError) -> String {
        try ICU.unumf_resultAsValue(result)
    }
}
