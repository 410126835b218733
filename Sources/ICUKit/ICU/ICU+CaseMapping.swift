internal import CICU

// The ICU functions behind case mapping (Text/CaseMapper and its table).

extension ICU {
    /// Opens a case map for `locale` with `options` (`U_FOLD_CASE_*`, `U_TITLECASE_*` bits).
    /// The C function is `ucasemap_open`.
    @inline(__always)
    static func ucasemap_open(locale: String, options: UInt32) throws(ICUError) -> OpaquePointer {
        try open("ucasemap_open(\(locale))", as: ICUError.self, close: CICU.ucasemap_close) { CICU.ucasemap_open(locale, options, &$0) }
    }

    /// A UTF-8 case function of one case map: (destination, capacity, source, length) →
    /// the length written (or, with a failure that ``ICUError/isBufferOverflow``, needed)
    /// and the failure if any.
    typealias CaseMapCall = (UnsafeMutablePointer<CChar>, Int32, UnsafePointer<CChar>?, Int32) -> (length: Int32, failure: ICUError?)

    /// UTF-8 `source` uppercased into `destination`. The C function is `ucasemap_utf8ToUpper`.
    @inline(__always)
    static func ucasemap_utf8ToUpper(
        _ map: OpaquePointer, _ destination: UnsafeMutablePointer<CChar>, _ capacity: Int32, _ source: UnsafePointer<CChar>?, _ length: Int32
    ) -> (length: Int32, failure: ICUError?) {
        var status = U_ZERO_ERROR
        let written = CICU.ucasemap_utf8ToUpper(map, destination, capacity, source, length, &status)
        return (written, status.isFailure ? ICUError(status, operation: "ucasemap_utf8ToUpper") : nil)
    }

    /// UTF-8 `source` lowercased into `destination`. The C function is `ucasemap_utf8ToLower`.
    @inline(__always)
    static func ucasemap_utf8ToLower(
        _ map: OpaquePointer, _ destination: UnsafeMutablePointer<CChar>, _ capacity: Int32, _ source: UnsafePointer<CChar>?, _ length: Int32
    ) -> (length: Int32, failure: ICUError?) {
        var status = U_ZERO_ERROR
        let written = CICU.ucasemap_utf8ToLower(map, destination, capacity, source, length, &status)
        return (written, status.isFailure ? ICUError(status, operation: "ucasemap_utf8ToLower") : nil)
    }

    /// UTF-8 `source` case-folded into `destination`. The C function is `ucasemap_utf8FoldCase`.
    @inline(__always)
    static func ucasemap_utf8FoldCase(
        _ map: OpaquePointer, _ destination: UnsafeMutablePointer<CChar>, _ capacity: Int32, _ source: UnsafePointer<CChar>?, _ length: Int32
    ) -> (length: Int32, failure: ICUError?) {
        var status = U_ZERO_ERROR
        let written = CICU.ucasemap_utf8FoldCase(map, destination, capacity, source, length, &status)
        return (written, status.isFailure ? ICUError(status, operation: "ucasemap_utf8FoldCase") : nil)
    }

    /// UTF-8 `source` titlecased into `destination` (the map keeps a break iterator: one
    /// thread at a time). The C function is `ucasemap_utf8ToTitle`.
    @inline(__always)
    static func ucasemap_utf8ToTitle(
        _ map: OpaquePointer, _ destination: UnsafeMutablePointer<CChar>, _ capacity: Int32, _ source: UnsafePointer<CChar>?, _ length: Int32
    ) -> (length: Int32, failure: ICUError?) {
        var status = U_ZERO_ERROR
        let written = CICU.ucasemap_utf8ToTitle(map, destination, capacity, source, length, &status)
        return (written, status.isFailure ? ICUError(status, operation: "ucasemap_utf8ToTitle") : nil)
    }
}
