internal import CICU

/// The C edge shared by every capability: calling ICU functions that fill a caller's buffer.
enum ICUBuffers {
    /// Calls `fill` with a byte buffer and returns the NUL-free `String` it wrote; retries
    /// once with the exact size when ICU reports `U_BUFFER_OVERFLOW_ERROR`.
    static func string(
        operation: String, capacity: Int = 128,
        _ fill: (UnsafeMutablePointer<CChar>, Int32, inout UErrorCode) -> Int32
    ) throws(ICUError) -> String {
        func attempt(_ capacity: Int) -> (String?, Int32, UErrorCode) {
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity + 1) { buffer in
                var status = U_ZERO_ERROR
                let length = fill(buffer.baseAddress!, Int32(capacity), &status)
                guard !status.isFailure, length <= capacity else { return (nil, length, status) }
                let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress!, count: Int(length))
                return (String(decoding: bytes, as: UTF8.self), length, status)
            }
        }
        var (text, length, status) = attempt(capacity)
        if let text { return text }
        if status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING || length > capacity {
            (text, length, status) = attempt(Int(length))
            if let text { return text }
        }
        try status.check(operation)
        throw ICUError(U_INTERNAL_PROGRAM_ERROR, operation: operation)
    }
}

extension ICUBuffers {
    /// Calls `fill` with a UTF-16 buffer and returns the `String` it wrote; retries once
    /// with the exact size when ICU reports `U_BUFFER_OVERFLOW_ERROR`. The first attempt
    /// uses a stack buffer, so short results allocate nothing but the `String`.
    @inline(__always)
    static func utf16String(
        operation: @autoclosure () -> String, capacity: Int = 256,
        _ fill: (UnsafeMutablePointer<UInt16>, Int32, inout UErrorCode) -> Int32
    ) throws(ICUError) -> String {
        var needed: Int32 = 0
        var failure = U_ZERO_ERROR
        let first: String? = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) { buffer in
            var status = U_ZERO_ERROR
            let length = fill(buffer.baseAddress!, Int32(capacity), &status)
            needed = length
            if status.isFailure || Int(length) > capacity || status == U_STRING_NOT_TERMINATED_WARNING && Int(length) > capacity {
                failure = status
                return nil
            }
            return UTF16Transcoding.string(UnsafeBufferPointer(start: buffer.baseAddress!, count: Int(length)))
        }
        if let first { return first }
        guard failure == U_BUFFER_OVERFLOW_ERROR || (!failure.isFailure && Int(needed) > capacity), needed > 0 else {
            try failure.check(operation())
            throw ICUError(U_INTERNAL_PROGRAM_ERROR, operation: operation())
        }
        var buffer = [UInt16](repeating: 0, count: Int(needed) + 1)
        var status = U_ZERO_ERROR
        let length = buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32($0.count), &status) }
        try status.check(operation())
        return buffer.withUnsafeBufferPointer { UTF16Transcoding.string(UnsafeBufferPointer(rebasing: $0[..<min(Int(length), $0.count)])) }
    }
}
