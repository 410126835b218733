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

/// ``withUTF16(_:_:)`` by ``UTF8Transcoding`` (a `String`'s bytes, known valid) instead of
/// `u_strFromUTF8`: fewer instructions per character, and no call into ICU for short text.
func withUTF16<R>(validUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt16>) -> R) -> R {
    withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(bytes.count, 1)) { buffer in
        guard let length = UTF8Transcoding.utf16(validUTF8: bytes, into: buffer.baseAddress!) else {
            fatalError("UTF-8 to UTF-16: the caller's bytes are not valid UTF-8")
        }
        return body(UnsafeBufferPointer(rebasing: buffer[..<length]))
    }
}

/// Calls `body` with the UTF-8 bytes of `text`, without copying when they are contiguous.
/// (The non-throwing form: no `Result` boxing on hot paths; inlinable so that generic
/// public wrappers specialize in the caller.)
@inlinable
func withUTF8Bytes<S: StringProtocol, R>(_ text: S, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
}

/// ``withUTF8Bytes(_:_:)`` for a body that throws a typed error.
@inline(__always)
func withUTF8Buffer<S: StringProtocol, R, E: Error>(
    _ text: S, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R
) throws(E) -> R {
    var result: Result<R, E>?
    func attempt(_ bytes: UnsafeBufferPointer<UInt8>) {
        do { result = .success(try body(bytes)) } catch { result = .failure(error) }
    }
    if text.utf8.withContiguousStorageIfAvailable(attempt) == nil {
        Array(text.utf8).withUnsafeBufferPointer(attempt)
    }
    return try result!.get()
}
