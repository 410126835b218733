internal import CICU

/// The converter (`ucnv_*`) calls of the encoding capability.
extension ICU {
    /// Where one conversion call stopped.
    enum ConversionStop {
        /// The input is consumed (and flushed, when asked).
        case finished
        /// The output buffer is full; call again with the input where it stopped.
        case targetFull
        /// The converter stopped on an invalid, unmappable or (`truncated`) incomplete
        /// sequence; ``ucnv_getInvalidChars(_:into:capacity:)`` tells which.
        case invalidInput(truncated: Bool)
        /// Any other failure.
        case failure(ConversionFailure)

        @inline(__always)
        var isFinished: Bool { if case .finished = self { true } else { false } }

        /// `status` in this shape; `escapes` counts ISO-2022's bad escape sequences as
        /// invalid input (decoding), not as a failure.
        @inline(__always)
        init(_ status: UErrorCode, escapes: Bool, operation: StaticString) {
            switch status {
            case ...U_ZERO_ERROR: self = .finished
            case U_BUFFER_OVERFLOW_ERROR: self = .targetFull
            case U_INVALID_CHAR_FOUND, U_ILLEGAL_CHAR_FOUND: self = .invalidInput(truncated: false)
            case U_TRUNCATED_CHAR_FOUND: self = .invalidInput(truncated: true)
            case U_ILLEGAL_ESCAPE_SEQUENCE where escapes, U_UNSUPPORTED_ESCAPE_SEQUENCE where escapes: self = .invalidInput(truncated: false)
            default: self = .failure(ConversionFailure(status: status, operation: operation))
            }
        }
    }

    /// A conversion call's failure, kept as its code (a trivial value, so that returning a
    /// ``ConversionStop`` per call costs no reference counting) until the caller throws it.
    struct ConversionFailure {
        fileprivate let status: UErrorCode
        fileprivate let operation: StaticString

        /// The failure as an ``ICUError`` naming the ICU function.
        var error: ICUError { ICUError(status, operation: "\(operation)") }
    }

    /// Opens the converter named `name` (any alias ICU knows). The C function is `ucnv_open`.
    @inline(__always)
    static func ucnv_open(_ name: String) throws(ICUError) -> OpaquePointer {
        try open("ucnv_open", as: ICUError.self, close: CICU.ucnv_close) { CICU.ucnv_open(name, &$0) }
    }

    /// A new converter with the settings (not the state) of `converter`. The C function is `ucnv_clone`.
    @inline(__always)
    static func ucnv_clone(_ converter: OpaquePointer) throws(ICUError) -> OpaquePointer {
        try open("ucnv_clone", as: ICUError.self, close: CICU.ucnv_close) { CICU.ucnv_clone(converter, &$0) }
    }

    /// ICU's canonical name of the converter, or `nil` when ICU gives none. The C function is `ucnv_getName`.
    @inline(__always)
    static func ucnv_getName(_ converter: OpaquePointer) throws(ICUError) -> String? {
        try call("ucnv_getName", as: ICUError.self) { CICU.ucnv_getName(converter, &$0) }.map { String(cString: $0) }
    }

    /// The name `standard` (`"MIME"`, `"IANA"`, …) gives the converter named `name`, or `nil`
    /// when it gives none. The C function is `ucnv_getStandardName`.
    @inline(__always)
    static func ucnv_getStandardName(_ name: String, _ standard: String) throws(ICUError) -> String? {
        try call("ucnv_getStandardName", as: ICUError.self) { CICU.ucnv_getStandardName(name, standard, &$0) }
            .map { String(cString: $0) }
    }

    /// Sets the callback that decides what decoding does on a bad sequence (no context);
    /// fails only for an invalid converter. The C function is `ucnv_setToUCallBack`.
    @inline(__always)
    static func ucnv_setToUCallBack(_ converter: OpaquePointer, _ action: UnsafeMutableRawPointer) {
        var status = U_ZERO_ERROR
        CICU.ucnv_setToUCallBack(converter, action, nil, nil, nil, &status)
        requireSuccess(status, "ucnv_setToUCallBack")
    }

    /// Sets the callback that decides what encoding does on an unencodable character (no
    /// context); fails only for an invalid converter. The C function is `ucnv_setFromUCallBack`.
    @inline(__always)
    static func ucnv_setFromUCallBack(_ converter: OpaquePointer, _ action: UnsafeMutableRawPointer) {
        var status = U_ZERO_ERROR
        CICU.ucnv_setFromUCallBack(converter, action, nil, nil, nil, &status)
        requireSuccess(status, "ucnv_setFromUCallBack")
    }

    /// Decodes bytes from `source` up to `sourceLimit` into UTF-16 at `target` up to
    /// `targetLimit`, advancing both; `offsets` (optional) receives the source offset of each
    /// unit. The C function is `ucnv_toUnicode`.
    @inline(__always)
    static func ucnv_toUnicode(
        _ converter: OpaquePointer, _ target: inout UnsafeMutablePointer<UInt16>?, _ targetLimit: UnsafePointer<UInt16>,
        _ source: inout UnsafePointer<CChar>?, _ sourceLimit: UnsafePointer<CChar>?, offsets: UnsafeMutablePointer<Int32>? = nil,
        flush: Bool
    ) -> ConversionStop {
        var status = U_ZERO_ERROR
        CICU.ucnv_toUnicode(converter, &target, targetLimit, &source, sourceLimit, offsets, flush ? 1 : 0, &status)
        return ConversionStop(status, escapes: true, operation: "ucnv_toUnicode")
    }

    /// Encodes UTF-16 from `source` up to `sourceLimit` into bytes at `target` up to
    /// `targetLimit`, advancing both. The C function is `ucnv_fromUnicode`.
    @inline(__always)
    static func ucnv_fromUnicode(
        _ converter: OpaquePointer, _ target: inout UnsafeMutablePointer<CChar>?, _ targetLimit: UnsafePointer<CChar>,
        _ source: inout UnsafePointer<UInt16>?, _ sourceLimit: UnsafePointer<UInt16>?, flush: Bool
    ) -> ConversionStop {
        var status = U_ZERO_ERROR
        CICU.ucnv_fromUnicode(converter, &target, targetLimit, &source, sourceLimit, nil, flush ? 1 : 0, &status)
        return ConversionStop(status, escapes: false, operation: "ucnv_fromUnicode")
    }

    /// Converts bytes from `sourceConverter`'s encoding to `targetConverter`'s through the
    /// caller's UTF-16 pivot buffer, advancing `target`, `source` and the pivot pointers.
    /// The C function is `ucnv_convertEx`.
    @inline(__always)
    static func ucnv_convertEx(
        _ targetConverter: OpaquePointer, _ sourceConverter: OpaquePointer,
        _ target: inout UnsafeMutablePointer<CChar>?, _ targetLimit: UnsafePointer<CChar>,
        _ source: inout UnsafePointer<CChar>?, _ sourceLimit: UnsafePointer<CChar>,
        pivot: UnsafeMutablePointer<UInt16>, _ pivotSource: inout UnsafeMutablePointer<UInt16>?,
        _ pivotTarget: inout UnsafeMutablePointer<UInt16>?, _ pivotLimit: UnsafePointer<UInt16>,
        reset: Bool, flush: Bool
    ) -> ConversionStop {
        var status = U_ZERO_ERROR
        CICU.ucnv_convertEx(targetConverter, sourceConverter, &target, targetLimit, &source, sourceLimit,
                            pivot, &pivotSource, &pivotTarget, pivotLimit, reset ? 1 : 0, flush ? 1 : 0, &status)
        return ConversionStop(status, escapes: true, operation: "ucnv_convertEx")
    }

    /// Copies the bytes of the sequence decoding last stopped on into `buffer` and returns
    /// their count; `capacity` of 32 (`UCNV_ERROR_BUFFER_LENGTH`) holds any, so ICU cannot
    /// fail. The C function is `ucnv_getInvalidChars`.
    @inline(__always)
    static func ucnv_getInvalidChars(_ converter: OpaquePointer, into buffer: UnsafeMutablePointer<CChar>, capacity: Int8) -> Int8 {
        var length = capacity
        var status = U_ZERO_ERROR
        CICU.ucnv_getInvalidChars(converter, buffer, &length, &status)
        requireSuccess(status, "ucnv_getInvalidChars")
        return length
    }

    /// Copies the UTF-16 units encoding last stopped on into `buffer` and returns their
    /// count; `capacity` of 2 or more holds any, so ICU cannot fail.
    /// The C function is `ucnv_getInvalidUChars`.
    @inline(__always)
    static func ucnv_getInvalidUChars(_ converter: OpaquePointer, into buffer: UnsafeMutablePointer<UInt16>, capacity: Int8) -> Int8 {
        var length = capacity
        var status = U_ZERO_ERROR
        CICU.ucnv_getInvalidUChars(converter, buffer, &length, &status)
        requireSuccess(status, "ucnv_getInvalidUChars")
        return length
    }

    /// The number of input bytes the decoder holds back (an incomplete sequence at the end
    /// of the last call). The C function is `ucnv_toUCountPending`.
    @inline(__always)
    static func ucnv_toUCountPending(_ converter: OpaquePointer) throws(ICUError) -> Int32 {
        try call("ucnv_toUCountPending", as: ICUError.self) { CICU.ucnv_toUCountPending(converter, &$0) }
    }
}
