internal import CICU

/// The `ucol_`, `usearch_` and `uscript_` calls of collation and search that take a
/// `UErrorCode *`.
extension ICU {
    /// Opens the collator of `locale` and applies `attributes` (attribute, value) and,
    /// when given, `reorderCodes` to it; closes it when any step fails. The C functions
    /// are `ucol_open`, `ucol_setAttribute` and `ucol_setReorderCodes`.
    static func ucol_open(_ locale: String, attributes: [(Int32, Int32)], reorderCodes: [Int32]?) throws(ICUError) -> OpaquePointer {
        var step = "ucol_open(\(locale))"
        let collator = try open(step, as: ICUError.self, close: CICU.ucol_close) { status in
            let opened = CICU.ucol_open(locale, &status)
            guard let collator = opened, !status.isFailure else { return opened }
            for (attribute, value) in attributes {
                CICU.ucol_setAttribute(collator, attribute, value, &status)
                if status.isFailure {
                    step = "ucol_setAttribute(\(attribute), \(value))"
                    return collator
                }
            }
            if let reorderCodes {
                reorderCodes.withUnsafeBufferPointer { CICU.ucol_setReorderCodes(collator, $0.baseAddress, Int32($0.count), &status) }
                if status.isFailure { step = "ucol_setReorderCodes" }
            }
            return collator
        }
        return collator
    }

    /// The locale whose data the collator uses (`ULOC_ACTUAL_LOCALE`) or the most specific
    /// locale ICU has any data for (`ULOC_VALID_LOCALE`); `""` when ICU reports none.
    /// The C function is `ucol_getLocaleByType`.
    static func ucol_getLocaleByType(_ collator: OpaquePointer, _ type: Int32) -> String {
        var status = U_ZERO_ERROR
        return CICU.ucol_getLocaleByType(collator, type, &status).map { String(cString: $0) } ?? ""
    }

    /// ICU's comparison of two UTF-8 strings within its `Int32` limit: -1, 0 or 1. The C
    /// function is `ucol_strcollUTF8`.
    @inline(__always)
    static func ucol_strcollUTF8(_ collator: OpaquePointer, _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        var status = U_ZERO_ERROR
        let result = a.withMemoryRebound(to: CChar.self) { a in
            b.withMemoryRebound(to: CChar.self) { b in
                CICU.ucol_strcollUTF8(collator, a.baseAddress, Int32(a.count), b.baseAddress, Int32(b.count), &status)
            }
        }
        // Fails only on invalid arguments, which valid Swift strings within Int32 are not.
        requireSuccess(status, "ucol_strcollUTF8")
        return result
    }

    /// The script codes that `name` (a script code, script name or locale) stands for,
    /// written to `codes`; their number, or `nil` when ICU fails (such as when there are
    /// more than `codes` holds). The C function is `uscript_getCode`.
    @inline(__always)
    static func uscript_getCode(_ name: String, _ codes: UnsafeMutableBufferPointer<Int32>) -> Int? {
        var status = U_ZERO_ERROR
        let count = CICU.uscript_getCode(name, codes.baseAddress, Int32(codes.count), &status)
        return status.isFailure ? nil : Int(count)
    }

    /// Opens a searcher for `pattern` in `text` with `collator` (all three must outlive
    /// it). The C function is `usearch_openFromCollator`.
    @inline(__always)
    static func usearch_openFromCollator(
        _ pattern: UnsafePointer<UInt16>?, _ patternLength: Int32, _ text: UnsafePointer<UInt16>?, _ textLength: Int32,
        _ collator: OpaquePointer
    ) throws(ICUError) -> OpaquePointer {
        try open("usearch_openFromCollator", as: ICUError.self, close: CICU.usearch_close) {
            CICU.usearch_openFromCollator(pattern, patternLength, text, textLength, collator, nil, &$0)
        }
    }

    /// Sets a search attribute; ICU ignores a failure of this call. The C function is
    /// `usearch_setAttribute`.
    @inline(__always)
    static func usearch_setAttribute(_ search: OpaquePointer, _ attribute: Int32, _ value: Int32) {
        var status = U_ZERO_ERROR
        CICU.usearch_setAttribute(search, attribute, value, &status)
    }

    /// Points the searcher at `text` (non-empty, which must outlive its use). The C
    /// function is `usearch_setText`.
    @inline(__always)
    static func usearch_setText(_ search: OpaquePointer, _ text: UnsafePointer<UInt16>?, _ length: Int32) {
        var status = U_ZERO_ERROR
        CICU.usearch_setText(search, text, length, &status)
        requireSuccess(status, "usearch_setText")
    }

    /// The first match's UTF-16 offset; `USEARCH_DONE` when there is none or ICU fails
    /// (either ends the search). The C function is `usearch_first`.
    @inline(__always)
    static func usearch_first(_ search: OpaquePointer) -> Int32 {
        var status = U_ZERO_ERROR
        let position = CICU.usearch_first(search, &status)
        return status.isFailure ? USEARCH_DONE : position
    }

    /// The last match's UTF-16 offset; `USEARCH_DONE` when there is none or ICU fails.
    /// The C function is `usearch_last`.
    @inline(__always)
    static func usearch_last(_ search: OpaquePointer) -> Int32 {
        var status = U_ZERO_ERROR
        let position = CICU.usearch_last(search, &status)
        return status.isFailure ? USEARCH_DONE : position
    }

    /// The next match's UTF-16 offset; `USEARCH_DONE` when there is none or ICU fails.
    /// The C function is `usearch_next`.
    @inline(__always)
    static func usearch_next(_ search: OpaquePointer) -> Int32 {
        var status = U_ZERO_ERROR
        let position = CICU.usearch_next(search, &status)
        return status.isFailure ? USEARCH_DONE : position
    }

    /// The previous match's UTF-16 offset; `USEARCH_DONE` when there is none or ICU
    /// fails. The C function is `usearch_previous`.
    @inline(__always)
    static func usearch_previous(_ search: OpaquePointer) -> Int32 {
        var status = U_ZERO_ERROR
        let position = CICU.usearch_previous(search, &status)
        return status.isFailure ? USEARCH_DONE : position
    }
}
