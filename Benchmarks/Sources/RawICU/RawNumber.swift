// Raw ICU number formatting: the floor for ICUNumberFormatter and PluralRules.
internal import RawCICU

/// One `UNumberFormatter` from a skeleton and one reused `UFormattedNumber`; each format
/// writes UTF-16 into a reused buffer and builds a Swift `String` (what a caller needs).
/// Not thread-safe: one instance per thread.
public final class RawNumberFormatter: @unchecked Sendable {
    private let formatter: OpaquePointer
    private let result: OpaquePointer
    private let buffer: UnsafeMutablePointer<UInt16>
    private let capacity: Int32 = 256

    public init(skeleton: String, locale: String) {
        var status = U_ZERO_ERROR
        let units = Array(skeleton.utf16)
        guard let opened = unumf_openForSkeletonAndLocaleWithError(units, Int32(units.count), locale, nil, &status),
              status <= U_ZERO_ERROR, let result = unumf_openResult(&status)
        else { fatalError("unumf_openForSkeletonAndLocale failed: \(status)") }
        formatter = opened
        self.result = result
        buffer = .allocate(capacity: Int(capacity))
    }

    deinit {
        unumf_closeResult(result)
        unumf_close(formatter)
        buffer.deallocate()
    }

    /// `unumf_formatDouble` + `unumf_resultToString` + `String(decoding:)`.
    public func format(_ value: Double) -> String {
        var status = U_ZERO_ERROR
        unumf_formatDouble(formatter, value, result, &status)
        let length = unumf_resultToString(result, buffer, capacity, &status)
        guard status <= U_ZERO_ERROR else { fatalError("unumf_formatDouble failed: \(status)") }
        return String(decoding: UnsafeBufferPointer(start: buffer, count: Int(length)), as: UTF16.self)
    }
}

/// One `UPluralRules`, selecting into a reused buffer.
public final class RawPluralRules: @unchecked Sendable {
    private let rules: OpaquePointer
    private var keyword = [UInt16](repeating: 0, count: 16)

    public init(locale: String) {
        var status = U_ZERO_ERROR
        guard let opened = uplrules_openForType(locale, UPLURAL_TYPE_CARDINAL, &status), status <= U_ZERO_ERROR else {
            fatalError("uplrules_openForType failed")
        }
        rules = opened
    }

    deinit { uplrules_close(rules) }

    /// `uplrules_select`; the keyword's length (the keyword itself stays in the buffer).
    public func select(_ value: Double) -> Int {
        var status = U_ZERO_ERROR
        return Int(keyword.withUnsafeMutableBufferPointer { uplrules_select(rules, value, $0.baseAddress, 16, &status) })
    }
}
