internal import CICU

// The ICU functions behind spoof checking, IDNA and StringPrep (Identifiers/).

extension ICU {
    /// Opens a spoof checker with ICU's default configuration. The C function is `uspoof_open`.
    @inline(__always)
    static func uspoof_open() throws(ICUError) -> OpaquePointer {
        try open("uspoof_open", as: ICUError.self, close: CICU.uspoof_close) { CICU.uspoof_open(&$0) }
    }

    /// Opens an empty check result. The C function is `uspoof_openCheckResult`.
    @inline(__always)
    static func uspoof_openCheckResult() throws(ICUError) -> OpaquePointer {
        try open("uspoof_openCheckResult", as: ICUError.self, close: CICU.uspoof_closeCheckResult) { CICU.uspoof_openCheckResult(&$0) }
    }

    /// Configures a new spoof checker: its checks, restriction level, allowed locales (a
    /// comma-separated list, or `nil`) and allowed characters (or `nil`), in that order.
    /// The C functions are `uspoof_setChecks`, `uspoof_setRestrictionLevel`,
    /// `uspoof_setAllowedLocales` and `uspoof_setAllowedChars`.
    static func uspoof_configure(
        _ checker: OpaquePointer, checks: Int32, restrictionLevel: Int32, allowedLocales: String?, allowedChars: OpaquePointer?
    ) throws(ICUError) {
        var status = U_ZERO_ERROR
        CICU.uspoof_setChecks(checker, checks, &status)
        CICU.uspoof_setRestrictionLevel(checker, restrictionLevel)
        if let allowedLocales, !status.isFailure {
            allowedLocales.withCString { CICU.uspoof_setAllowedLocales(checker, $0, &status) }
        }
        if let allowedChars, !status.isFailure {
            CICU.uspoof_setAllowedChars(checker, allowedChars, &status)
        }
        try status.check("uspoof configuration")
    }

    /// The UTS #39 skeleton of UTF-8 `bytes` (`length` of them). The C function is `uspoof_getSkeletonUTF8`.
    @inline(__always)
    static func uspoof_getSkeletonUTF8(
        _ checker: OpaquePointer, _ bytes: UnsafeBufferPointer<UInt8>, length: Int32, capacity: Int
    ) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uspoof_getSkeletonUTF8", capacity: capacity) { buffer, size, status in
            bytes.withMemoryRebound(to: CChar.self) { CICU.uspoof_getSkeletonUTF8(checker, 0, $0.baseAddress, length, buffer, size, &status) }
        }
    }

    /// The confusable kinds (`USPOOF_*_SCRIPT_CONFUSABLE` bits) of two UTF-8 strings.
    /// The C function is `uspoof_areConfusableUTF8`.
    @inline(__always)
    static func uspoof_areConfusableUTF8(
        _ checker: OpaquePointer, _ first: UnsafeBufferPointer<UInt8>, _ firstLength: Int32,
        _ second: UnsafeBufferPointer<UInt8>, _ secondLength: Int32
    ) throws(ICUError) -> Int32 {
        try call("uspoof_areConfusableUTF8", as: ICUError.self) { status in
            first.withMemoryRebound(to: CChar.self) { a in
                second.withMemoryRebound(to: CChar.self) { b in
                    CICU.uspoof_areConfusableUTF8(checker, a.baseAddress, firstLength, b.baseAddress, secondLength, &status)
                }
            }
        }
    }

    /// Checks UTF-8 `bytes` into `result` and reads it: the failed checks, the restriction
    /// level and the numerics set (`nil` when ICU gives none; valid while `result` is).
    /// The C functions are `uspoof_check2UTF8`, `uspoof_getCheckResultChecks`,
    /// `uspoof_getCheckResultRestrictionLevel` and `uspoof_getCheckResultNumerics`.
    @inline(__always)
    static func uspoof_check2UTF8(
        _ checker: OpaquePointer, _ bytes: UnsafeBufferPointer<UInt8>, length: Int32, result: OpaquePointer
    ) throws(ICUError) -> (checks: Int32, restrictionLevel: Int32, numerics: OpaquePointer?) {
        var status = U_ZERO_ERROR
        _ = bytes.withMemoryRebound(to: CChar.self) { CICU.uspoof_check2UTF8(checker, $0.baseAddress, length, result, &status) }
        let checks = CICU.uspoof_getCheckResultChecks(result, &status)
        let level = CICU.uspoof_getCheckResultRestrictionLevel(result, &status)
        let numerics = CICU.uspoof_getCheckResultNumerics(result, &status)
        try status.check("uspoof_check2UTF8")
        return (checks, level, numerics)
    }
}

extension ICU {
    /// Opens a UTS #46 processor with `options` (`UIDNA_*` bits). The C function is `uidna_openUTS46`.
    @inline(__always)
    static func uidna_openUTS46(_ options: UInt32) throws(ICUError) -> OpaquePointer {
        try open("uidna_openUTS46", as: ICUError.self, close: CICU.uidna_close) { CICU.uidna_openUTS46(options, &$0) }
    }

    /// How one of the UTS #46 functions ended.
    enum IDNAStatus: Equatable {
        case success
        /// The output needs more room than given (`U_BUFFER_OVERFLOW_ERROR`).
        case bufferOverflow
        /// A label is past ICU's Punycode limit (`U_INPUT_TOO_LONG_ERROR`).
        case inputTooLong
        case failure(ICUError)

        /// The error of a short buffer that the retry with the exact size still met.
        static func bufferOverflowError(_ operation: IDNA.Operation) -> ICUError {
            ICUError(U_BUFFER_OVERFLOW_ERROR, operation: "\(operation)")
        }
    }

    /// Runs one of the UTS #46 UTF-8 functions of `operation` into `destination`: the length
    /// written (or needed), and how it ended. The C functions are `uidna_nameToASCII_UTF8`,
    /// `uidna_nameToUnicodeUTF8`, `uidna_labelToASCII_UTF8` and `uidna_labelToUnicodeUTF8`.
    @inline(__always)
    static func uidna_UTF8(
        _ operation: IDNA.Operation, _ idna: OpaquePointer, _ source: UnsafePointer<CChar>?, _ length: Int32,
        _ destination: UnsafeMutablePointer<CChar>, _ capacity: Int32, _ info: inout CICU_UIDNAInfo
    ) -> (length: Int32, status: IDNAStatus) {
        var status = U_ZERO_ERROR
        let written = switch operation {
        case .nameToASCII: CICU.uidna_nameToASCII_UTF8(idna, source, length, destination, capacity, &info, &status)
        case .nameToUnicode: CICU.uidna_nameToUnicodeUTF8(idna, source, length, destination, capacity, &info, &status)
        case .labelToASCII: CICU.uidna_labelToASCII_UTF8(idna, source, length, destination, capacity, &info, &status)
        case .labelToUnicode: CICU.uidna_labelToUnicodeUTF8(idna, source, length, destination, capacity, &info, &status)
        }
        if !status.isFailure { return (written, .success) }
        if status == U_BUFFER_OVERFLOW_ERROR { return (written, .bufferOverflow) }
        if status == U_INPUT_TOO_LONG_ERROR { return (written, .inputTooLong) }
        return (written, .failure(ICUError(status, operation: "\(operation)")))
    }
}

extension ICU {
    /// Opens the StringPrep profile of `type`. The C function is `usprep_openByType`.
    @inline(__always)
    static func usprep_openByType(_ type: Int32, operation: @autoclosure () -> String) throws(ICUError) -> OpaquePointer {
        try open(operation(), as: ICUError.self, close: CICU.usprep_close) { CICU.usprep_openByType(type, &$0) }
    }

    /// Why `usprep_prepare` refused a text, and where (ICU's `UParseError` offset).
    struct StringPrepFailure: Error {
        enum Kind: Equatable { case prohibited, unassigned, bidi }
        /// The StringPrep rule the text broke, or `nil` for any other failure.
        let kind: Kind?
        let error: ICUError
        let offset: Int32
    }

    /// `units` prepared by `profile` (retried once with the exact size when the first
    /// buffer is short). The C function is `usprep_prepare`.
    static func usprep_prepare(_ profile: OpaquePointer, _ units: UnsafeBufferPointer<UInt16>, _ flags: Int32) -> Result<String, StringPrepFailure> {
        var parseError = CICU_UParseError()
        var status = U_ZERO_ERROR
        let capacity = units.count * 2 + 16
        var needed: Int32 = 0
        let first: String? = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) { buffer in
            needed = CICU.usprep_prepare(profile, units.baseAddress, Int32(units.count), buffer.baseAddress, Int32(capacity), flags, &parseError, &status)
            if status.isFailure || Int(needed) > capacity { return nil }
            return UTF16Transcoding.string(UnsafeBufferPointer(start: buffer.baseAddress, count: Int(needed)))
        }
        if let first { return .success(first) }
        if status == U_BUFFER_OVERFLOW_ERROR {
            var buffer = [UInt16](repeating: 0, count: Int(needed) + 1)
            status = U_ZERO_ERROR
            needed = buffer.withUnsafeMutableBufferPointer {
                CICU.usprep_prepare(profile, units.baseAddress, Int32(units.count), $0.baseAddress, Int32($0.count), flags, &parseError, &status)
            }
            if !status.isFailure {
                return .success(buffer.withUnsafeBufferPointer { UTF16Transcoding.string(UnsafeBufferPointer(rebasing: $0[..<Int(needed)])) })
            }
        }
        let kind: StringPrepFailure.Kind? = switch status {
        case U_STRINGPREP_PROHIBITED_ERROR: .prohibited
        case U_STRINGPREP_UNASSIGNED_ERROR: .unassigned
        case U_STRINGPREP_CHECK_BIDI_ERROR: .bidi
        default: nil
        }
        return .failure(StringPrepFailure(kind: kind, error: ICUError(status, operation: "usprep_prepare"), offset: parseError.offset))
    }
}
