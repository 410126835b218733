internal import CICU

/// Converts valid UTF-8 to UTF-16 in a temporary buffer (on the stack when small) for the
/// ICU functions that read UTF-16 only. The buffer lives for the call of `body`.
func withUTF16<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt16>) -> R) -> R {
    withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(bytes.count, 1)) { buffer in
        var length: Int32 = 0
        var status = U_ZERO_ERROR
        bytes.withMemoryRebound(to: CChar.self) { source in
            _ = u_strFromUTF8(buffer.baseAddress, Int32(buffer.count), &length, source.baseAddress, Int32(source.count), &status)
        }
        requireSuccess(status, "u_strFromUTF8")
        return body(UnsafeBufferPointer(rebasing: buffer[..<Int(length)]))
    }
}

/// For ICU calls that fail only when memory runs out (given valid, in-range input):
/// stops with ICU's error name instead of continuing with garbage.
@inline(__always)
func requireSuccess(_ status: UErrorCode, _ operation: StaticString) {
    if status.isFailure {
        fatalError("\(operation) failed: \(String(cString: u_errorName(status)))")
    }
}
