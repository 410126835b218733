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

    /// The arguments of a MessageFormat pattern as ICU's parser reads it: each distinct name
    /// (the same UTF-16 units) once, in order of first appearance; the first use of a name
    /// with another kind than its first use, if any (the argument's index and the UTF-16
    /// offset of that use); and the
    /// deepest sub-message's nesting level (0 when there is none). ICU's parser recurses once
    /// per nesting level, so the caller bounds the nesting first. The C++ shim is
    /// `icukit_message_arguments` (CICUTranslit).
    static func icukit_message_arguments(
        _ pattern: UnsafeBufferPointer<UInt16>
    ) throws(ICUError) -> (arguments: [icukit_message_argument], conflict: (index: Int, offset: Int)?, depth: Int) {
        // Most messages have a few arguments: a second parse sizes the rare larger list.
        var capacity = 16
        while true {
            var conflict: Int32 = -1
            var conflictAt: Int32 = -1
            var depth: Int32 = 0
            var status = U_ZERO_ERROR
            var listed = [icukit_message_argument](repeating: icukit_message_argument(), count: capacity)
            let count = Int(CICUTranslit.icukit_message_arguments(
                pattern.baseAddress, Int32(pattern.count), &listed, Int32(capacity), &conflict, &conflictAt, &depth, &status))
            if status == U_BUFFER_OVERFLOW_ERROR, count > capacity {
                capacity = count
                continue
            }
            try status.check("MessagePattern")
            // Exactly `count` entries: the cached formatter keeps this array.
            let arguments = count == capacity ? listed : [icukit_message_argument](listed[..<count])
            return (arguments, conflict >= 0 ? (Int(conflict), Int(conflictAt)) : nil, Int(depth))
        }
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
    static func ulistfmt_openForType(
        _ locale: String, _ type: Int32, _ width: Int32, operation: @autoclosure () -> String
    ) throws(ICUError) -> OpaquePointer {
        try open(operation(), as: ICUError.self, close: ulistfmt_close) {
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
