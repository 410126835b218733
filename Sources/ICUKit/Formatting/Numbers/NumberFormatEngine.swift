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
