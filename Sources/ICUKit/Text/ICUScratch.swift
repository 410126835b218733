internal import CICU

/// UTF-16 buffers reused across the ICU calls of one operation.
struct ICUScratch {
    var source: [UInt16] = []
    var result: [UInt16] = []
    var utf8: [CChar] = []

    /// Fills `source` with the UTF-16 form of valid UTF-8 `bytes` (`u_strFromUTF8`).
    mutating func load(_ bytes: UnsafeBufferPointer<UInt8>) throws(TextTransformError) -> Int32 {
        guard bytes.count < Int(Int32.max) / 2 else {
            throw .inputTooLong(InputTooLongError(length: bytes.count, limit: Int(Int32.max) / 2, unit: "UTF-8 bytes"))
        }
        if source.count < bytes.count + 1 { source = [UInt16](repeating: 0, count: bytes.count + 1) }
        var length: Int32 = 0
        var status = U_ZERO_ERROR
        source.withUnsafeMutableBufferPointer { units in
            bytes.withMemoryRebound(to: CChar.self) { utf8 in
                _ = u_strFromUTF8(units.baseAddress, Int32(units.count), &length, utf8.baseAddress, Int32(utf8.count), &status)
            }
        }
        if status.isFailure { throw .icu(ICUError(status, operation: "u_strFromUTF8")) }
        return length
    }

    mutating func normalize(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer, appendingTo out: inout [UInt8]) throws(TextTransformError) {
        try normalizeLoaded(try load(bytes), with: instance, appendingTo: &out)
    }

    /// `unorm2_isNormalized` of the `length` units `load` put in `source`.
    mutating func isLoadedNormalized(_ length: Int32, with instance: OpaquePointer) throws(TextTransformError) -> Bool {
        var status = U_ZERO_ERROR
        let yes = source.withUnsafeBufferPointer { unorm2_isNormalized(instance, $0.baseAddress, length, &status) }
        if status.isFailure { throw .icu(ICUError(status, operation: "unorm2_isNormalized")) }
        return yes != 0
    }

    /// Normalizes the `length` units `load` put in `source`, appending UTF-8 to `out`.
    mutating func normalizeLoaded(_ length: Int32, with instance: OpaquePointer, appendingTo out: inout [UInt8]) throws(TextTransformError) {
        var capacity = Int(length) * 2 + 16
        while true {
            if result.count < capacity { result = [UInt16](repeating: 0, count: capacity) }
            var status = U_ZERO_ERROR
            let written = source.withUnsafeBufferPointer { src in
                result.withUnsafeMutableBufferPointer { dst in
                    unorm2_normalize(instance, src.baseAddress, length, dst.baseAddress, Int32(dst.count), &status)
                }
            }
            if status == U_BUFFER_OVERFLOW_ERROR { capacity = Int(written) + 16; continue }
            if status.isFailure { throw .icu(ICUError(status, operation: "unorm2_normalize")) }
            // UTF-16 back to UTF-8 (`u_strToUTF8`), appended to `out`.
            let needed = Int(written) * 3
            if utf8.count < needed + 1 { utf8 = [CChar](repeating: 0, count: needed + 1) }
            var length: Int32 = 0
            utf8.withUnsafeMutableBufferPointer { buffer in
                _ = u_strToUTF8(buffer.baseAddress, Int32(buffer.count), &length, result, written, &status)
            }
            if status.isFailure { throw .icu(ICUError(status, operation: "u_strToUTF8")) }
            utf8.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: UInt8.self) { out.append(contentsOf: $0[..<Int(length)]) }
            }
            return
        }
    }

    /// Normalizes the `length` units `load` put in `source`, appending UTF-8 to `out`
    /// (converted straight into `out`'s storage).
    mutating func normalizeLoaded(_ length: Int32, with instance: OpaquePointer, into out: inout NormalizedOutput) throws(TextTransformError) {
        var capacity = Int(length) * 2 + 16
        while true {
            if result.count < capacity { result = [UInt16](repeating: 0, count: capacity) }
            var status = U_ZERO_ERROR
            let written = source.withUnsafeBufferPointer { src in
                result.withUnsafeMutableBufferPointer { dst in
                    unorm2_normalize(instance, src.baseAddress, length, dst.baseAddress, Int32(dst.count), &status)
                }
            }
            if status == U_BUFFER_OVERFLOW_ERROR { capacity = Int(written) + 16; continue }
            if status.isFailure { throw .icu(ICUError(status, operation: "unorm2_normalize")) }
            try result.withUnsafeBufferPointer { (units) throws(TextTransformError) in try out.append(utf16: UnsafeBufferPointer(rebasing: units[..<Int(written)])) }
            return
        }
    }

    /// `unorm2_isNormalized` of a short piece of valid UTF-8 (at most
    /// `NormalizationEngine.smallChunk` bytes), converted on the stack.
    func isNormalized(small bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer) throws(TextTransformError) -> Bool {
        var status = U_ZERO_ERROR
        let yes = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: NormalizationEngine.smallChunk) { units in
            var i = 0
            var u = 0
            while i < bytes.count {
                let (c, length) = NormalizationEngine.decode(bytes, at: i, lead: bytes[i])
                if c < 0x10000 {
                    units[u] = UInt16(c); u += 1
                } else {
                    units[u] = UInt16(0xD7C0 + (c >> 10)); units[u + 1] = UInt16(0xDC00 | (c & 0x3FF)); u += 2
                }
                i += length
            }
            return unorm2_isNormalized(instance, units.baseAddress, Int32(u), &status)
        }
        if status.isFailure { throw .icu(ICUError(status, operation: "unorm2_isNormalized")) }
        return yes != 0
    }

    mutating func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer) throws(TextTransformError) -> Bool {
        let length = try load(bytes)
        var status = U_ZERO_ERROR
        let yes = source.withUnsafeBufferPointer { unorm2_isNormalized(instance, $0.baseAddress, length, &status) }
        if status.isFailure { throw .icu(ICUError(status, operation: "unorm2_isNormalized")) }
        return yes != 0
    }

    mutating func quickCheck(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer) throws(TextTransformError) -> Int32 {
        let length = try load(bytes)
        var status = U_ZERO_ERROR
        let result = source.withUnsafeBufferPointer { unorm2_quickCheck(instance, $0.baseAddress, length, &status) }
        if status.isFailure { throw .icu(ICUError(status, operation: "unorm2_quickCheck")) }
        return result
    }
}

/// The UTF-8 result of a normalization, built in one growing buffer and turned into a
/// `String` once (the only copy, with the standard library's validation).
struct NormalizedOutput {
    private var base: UnsafeMutablePointer<UInt8>? = nil
    private var capacity = 0
    private var count = 0

    var isAllocated: Bool { base != nil }

    /// Allocates room for a result about the size of a `textCount`-byte input, once.
    mutating func reserve(text textCount: Int) {
        if base == nil { grow(to: textCount + textCount / 2 + 64) }
    }

    private mutating func grow(to needed: Int) {
        guard needed > capacity else { return }
        let newCapacity = max(needed, capacity * 2)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if let base {
            new.update(from: base, count: count)
            base.deallocate()
        }
        base = new
        capacity = newCapacity
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        grow(to: count + bytes.count)
        (base! + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Appends the UTF-8 of ICU's UTF-16 output (`u_strToUTF8` straight into this buffer:
    /// 9.8 M instructions per MiB of Japanese against 11.9 M for `UTF16Transcoding`).
    mutating func append(utf16 units: UnsafeBufferPointer<UInt16>) throws(TextTransformError) {
        grow(to: count + units.count * 3)
        var status = U_ZERO_ERROR
        var written: Int32 = 0
        (base! + count).withMemoryRebound(to: CChar.self, capacity: capacity - count) { out in
            _ = u_strToUTF8(out, Int32(capacity - count), &written, units.baseAddress, Int32(units.count), &status)
        }
        if status.isFailure { throw .icu(ICUError(status, operation: "u_strToUTF8")) }
        count += Int(written)
    }

    func string() -> String {
        guard let base else { return "" }
        return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    mutating func deallocate() {
        base?.deallocate()
        base = nil
    }
}
