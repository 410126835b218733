internal import CICU
internal import CICUUTF8Norm

// The ICU functions behind normalization (Text/Normalizer and its engines).

extension ICUError {
    /// ICU reported that the output needs more room than the buffer it was given
    /// (`U_BUFFER_OVERFLOW_ERROR`); the call's result is then the length it needs.
    var isBufferOverflow: Bool { code == U_BUFFER_OVERFLOW_ERROR }

    /// A table ICUKit builds from ICU's answers contradicts an assumption it relies on
    /// (`U_INTERNAL_PROGRAM_ERROR`); the table is then not used.
    static func internalInconsistency(_ operation: String) -> ICUError {
        ICUError(U_INTERNAL_PROGRAM_ERROR, operation: operation)
    }
}

extension ICU {
    /// ICU's process-wide normalizer of `form`. The C functions are `unorm2_getNFCInstance`,
    /// `unorm2_getNFDInstance`, `unorm2_getNFKCInstance`, `unorm2_getNFKDInstance` and
    /// `unorm2_getNFKCCasefoldInstance`.
    static func unorm2_getInstance(_ form: Normalizer.Form) throws(ICUError) -> OpaquePointer {
        var status = U_ZERO_ERROR
        let opened: OpaquePointer? = switch form {
        case .nfc: CICU.unorm2_getNFCInstance(&status)
        case .nfd: CICU.unorm2_getNFDInstance(&status)
        case .nfkc: CICU.unorm2_getNFKCInstance(&status)
        case .nfkd: CICU.unorm2_getNFKDInstance(&status)
        case .nfkcCasefold: CICU.unorm2_getNFKCCasefoldInstance(&status)
        }
        try status.check("unorm2_get\(form)Instance")
        guard let opened else { throw ICUError(U_MISSING_RESOURCE_ERROR, operation: "unorm2_get\(form)Instance") }
        return opened
    }

    /// The raw (one-level) decomposition of `c` in `buffer`: its length in UTF-16 code
    /// units (0: none), or `nil` when ICU fails. The C function is `unorm2_getRawDecomposition`.
    @inline(__always)
    static func unorm2_getRawDecomposition(_ normalizer: OpaquePointer, _ c: Int32, _ buffer: UnsafeMutablePointer<UInt16>, _ capacity: Int32) -> Int32? {
        var status = U_ZERO_ERROR
        let length = CICU.unorm2_getRawDecomposition(normalizer, c, buffer, capacity, &status)
        return status.isFailure ? nil : length
    }

    /// Normalizes UTF-16 `source` into `destination`: the length written (or, with a
    /// failure that ``ICUError/isBufferOverflow``, needed), and the failure if any.
    /// The C function is `unorm2_normalize`.
    @inline(__always)
    static func unorm2_normalize(
        _ normalizer: OpaquePointer, _ source: UnsafePointer<UInt16>?, _ length: Int32,
        _ destination: UnsafeMutablePointer<UInt16>?, _ capacity: Int32
    ) -> (length: Int32, failure: ICUError?) {
        var status = U_ZERO_ERROR
        let written = CICU.unorm2_normalize(normalizer, source, length, destination, capacity, &status)
        return (written, status.isFailure ? ICUError(status, operation: "unorm2_normalize") : nil)
    }

    /// ICU's quick check of UTF-16 `source`: `UNORM_YES`, `UNORM_NO` or `UNORM_MAYBE`.
    /// The C function is `unorm2_quickCheck`.
    @inline(__always)
    static func unorm2_quickCheck(_ normalizer: OpaquePointer, _ source: UnsafePointer<UInt16>?, _ length: Int32) throws(ICUError) -> Int32 {
        try call("unorm2_quickCheck", as: ICUError.self) { CICU.unorm2_quickCheck(normalizer, source, length, &$0) }
    }

    /// Whether UTF-16 `source` is normalized. The C function is `unorm2_isNormalized`.
    @inline(__always)
    static func unorm2_isNormalized(_ normalizer: OpaquePointer, _ source: UnsafePointer<UInt16>?, _ length: Int32) throws(ICUError) -> Bool {
        try call("unorm2_isNormalized", as: ICUError.self) { CICU.unorm2_isNormalized(normalizer, source, length, &$0) } != 0
    }

    /// Normalizes valid UTF-8 `source` into `destination` without UTF-16: the length
    /// written (or, with a failure that ``ICUError/isBufferOverflow``, needed), and the
    /// failure if any. The C function is `icukit_normalizeUTF8` (`Normalizer2::normalizeUTF8`).
    @inline(__always)
    static func icukit_normalizeUTF8(
        _ normalizer: OpaquePointer, _ source: UnsafePointer<CChar>, _ length: Int32,
        _ destination: UnsafeMutablePointer<CChar>, _ capacity: Int32
    ) -> (length: Int32, failure: ICUError?) {
        var status = U_ZERO_ERROR
        let written = CICUUTF8Norm.icukit_normalizeUTF8(UnsafeRawPointer(normalizer), source, length, destination, capacity, &status)
        return (written, status.isFailure ? ICUError(status, operation: "Normalizer2::normalizeUTF8") : nil)
    }

    /// Whether valid UTF-8 `source` is normalized. The C function is `icukit_isNormalizedUTF8`
    /// (`Normalizer2::isNormalizedUTF8`).
    @inline(__always)
    static func icukit_isNormalizedUTF8(_ normalizer: OpaquePointer, _ source: UnsafePointer<CChar>, _ length: Int32) throws(ICUError) -> Bool {
        try call("Normalizer2::isNormalizedUTF8", as: ICUError.self) {
            CICUUTF8Norm.icukit_isNormalizedUTF8(UnsafeRawPointer(normalizer), source, length, &$0)
        } != 0
    }

    /// Converts UTF-8 `source` to UTF-16 in `destination`: the length written.
    /// The C function is `u_strFromUTF8`.
    @inline(__always)
    static func u_strFromUTF8(
        _ destination: UnsafeMutablePointer<UInt16>?, _ capacity: Int32, _ source: UnsafePointer<CChar>?, _ length: Int32
    ) throws(ICUError) -> Int32 {
        var written: Int32 = 0
        try call("u_strFromUTF8", as: ICUError.self) { _ = CICU.u_strFromUTF8(destination, capacity, &written, source, length, &$0) }
        return written
    }

    /// Converts UTF-16 `source` to UTF-8 in `destination`: the length written.
    /// The C function is `u_strToUTF8`.
    @inline(__always)
    static func u_strToUTF8(
        _ destination: UnsafeMutablePointer<CChar>?, _ capacity: Int32, _ source: UnsafePointer<UInt16>?, _ length: Int32
    ) throws(ICUError) -> Int32 {
        var written: Int32 = 0
        try call("u_strToUTF8", as: ICUError.self) { _ = CICU.u_strToUTF8(destination, capacity, &written, source, length, &$0) }
        return written
    }
}
