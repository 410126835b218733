internal import CICU
internal import CICUTranslit

/// A pattern ICU's MessageFormat rejects: the failure and the UTF-16 offset ICU points at.
struct MessagePatternFailure: Error {
    let error: ICUError
    /// The offset in UTF-16 units, `nil` when ICU names none.
    let offset: Int?
}

extension ICU {
    /// Opens a MessageFormat for `pattern` in `locale`. The C function is `umsg_open`.
    @inline(__always)
    static func umsg_open(_ pattern: UnsafeBufferPointer<UInt16>, locale: String) throws(MessagePatternFailure) -> OpaquePointer {
        var status = U_ZERO_ERROR
        var parseError = CICU_UParseError()
        parseError.offset = -1
        let opened = CICU.umsg_open(pattern.baseAddress, Int32(pattern.count), locale, &parseError, &status)
        guard let opened, !status.isFailure else {
            if let opened { umsg_close(opened) }
            throw MessagePatternFailure(
                error: ICUError(status.isFailure ? status : U_MISSING_RESOURCE_ERROR, operation: "umsg_open"),
                offset: parseError.offset >= 0 ? Int(parseError.offset) : nil)
        }
        return opened
    }

    /// The distinct arguments of a MessageFormat pattern as ICU's parser reads it, and the
    /// index of the first one the pattern uses with two kinds, if any. The C++ shim is
    /// `icukit_message_arguments` (CICUTranslit).
    static func icukit_message_arguments(
        _ pattern: UnsafeBufferPointer<UInt16>
    ) throws(ICUError) -> (arguments: [icukit_message_argument], conflict: Int?) {
        // Each argument takes at least three units (`{a}`).
        let capacity = pattern.count / 2 + 1
        var conflict: Int32 = -1
        var status = U_ZERO_ERROR
        var arguments = [icukit_message_argument](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let count = CICUTranslit.icukit_message_arguments(
                pattern.baseAddress, Int32(pattern.count), buffer.baseAddress, Int32(capacity), &conflict, &status)
            initialized = status.isFailure ? 0 : Int(count)
        }
        try status.check("MessagePattern")
        arguments.reserveCapacity(0)
        return (arguments, conflict >= 0 ? Int(conflict) : nil)
    }

    /// Formats an open MessageFormat (opened from `pattern`) with named, typed arguments
    /// whose string values are ranges of `texts`. The C++ shim is `icukit_message_format`
    /// (CICUTranslit: ICU's `MessageFormat::format` with argument names).
    @inline(__always)
    static func icukit_message_format(
        _ format: OpaquePointer, pattern: UnsafePointer<UInt16>?, texts: UnsafePointer<UInt16>?,
        arguments: UnsafeBufferPointer<icukit_message_argument>, capacity: Int
    ) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "MessageFormat::format", capacity: capacity) { buffer, capacity, status in
            CICUTranslit.icukit_message_format(
                UnsafeRawPointer(format), pattern, texts, arguments.baseAddress, Int32(arguments.count), buffer, capacity, &status)
        }
    }

    /// Opens a list formatter. The C function is `ulistfmt_openForType`.
    @inline(__always)
    static func ulistfmt_openForType(_ locale: String, _ type: Int32, _ width: Int32) throws(ICUError) -> OpaquePointer {
        try open("ulistfmt_openForType(\(locale))", as: ICUError.self, close: ulistfmt_close) {
            CICU.ulistfmt_openForType(locale, type, width, &$0)
        }
    }

    /// Joins `count` strings (`strings[i]`, `lengths[i]` units). The C function is `ulistfmt_format`.
    @inline(__always)
    static func ulistfmt_format(
        _ formatter: OpaquePointer, _ strings: UnsafeMutablePointer<UnsafePointer<UInt16>?>?, _ lengths: UnsafePointer<Int32>?,
        _ count: Int32, capacity: Int
    ) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "ulistfmt_format", capacity: capacity) {
            CICU.ulistfmt_format(formatter, strings, lengths, count, $0, $1, &$2)
        }
    }
}
