internal import CICU

/// UTF-16 buffers reused across the ICU calls of one operation (the UTF-16 path, kept as
/// the tests' oracle: `Normalizer.normalizeThroughICU`, and for `quickCheck`).
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
        let converted: Result<Int32, ICUError> = source.withUnsafeMutableBufferPointer { units in
            bytes.withMemoryRebound(to: CChar.self) { utf8 in
                do throws(ICUError) {
                    return .success(try ICU.u_strFromUTF8(units.baseAddress, Int32(units.count), utf8.baseAddress, Int32(utf8.count)))
                } catch { return .failure(error) }
            }
        }
        do { return try converted.get() } catch { throw .icu(error) }
    }

    mutating func normalize(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer, appendingTo out: inout [UInt8]) throws(TextTransformError) {
        try normalizeLoaded(try load(bytes), with: instance, appendingTo: &out)
    }

    /// Normalizes the `length` units `load` put in `source`, appending UTF-8 to `out`.
    mutating func normalizeLoaded(_ length: Int32, with instance: OpaquePointer, appendingTo out: inout [UInt8]) throws(TextTransformError) {
        var capacity = Int(length) * 2 + 16
        while true {
            if result.count < capacity { result = [UInt16](repeating: 0, count: capacity) }
            let (written, failure) = source.withUnsafeBufferPointer { src in
                result.withUnsafeMutableBufferPointer { dst in
                    ICU.unorm2_normalize(instance, src.baseAddress, length, dst.baseAddress, Int32(dst.count))
                }
            }
            if let failure {
                if failure.isBufferOverflow { capacity = Int(written) + 16; continue }
                throw .icu(failure)
            }
            // UTF-16 back to UTF-8 (`u_strToUTF8`), appended to `out`.
            let needed = Int(written) * 3
            if utf8.count < needed + 1 { utf8 = [CChar](repeating: 0, count: needed + 1) }
            let converted: Result<Int32, ICUError> = utf8.withUnsafeMutableBufferPointer { buffer in
                do throws(ICUError) {
                    return .success(try ICU.u_strToUTF8(buffer.baseAddress, Int32(buffer.count), result, written))
                } catch { return .failure(error) }
            }
            let length: Int32
            do { length = try converted.get() } catch { throw .icu(error) }
            utf8.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: UInt8.self) { out.append(contentsOf: $0[..<Int(length)]) }
            }
            return
        }
    }

    mutating func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer) throws(TextTransformError) -> Bool {
        let length = try load(bytes)
        let yes = source.withUnsafeBufferPointer { units in Result { () throws(ICUError) in try ICU.unorm2_isNormalized(instance, units.baseAddress, length) } }
        do { return try yes.get() } catch { throw .icu(error) }
    }

    mutating func quickCheck(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer) throws(TextTransformError) -> Int32 {
        let length = try load(bytes)
        let result = source.withUnsafeBufferPointer { units in Result { () throws(ICUError) in try ICU.unorm2_quickCheck(instance, units.baseAddress, length) } }
        do { return try result.get() } catch { throw .icu(error) }
    }
}

/// The UTF-8 result of a normalization, built in one growing buffer and turned into a
/// `String` once (the only copy, with the standard library's validation).
struct NormalizedOutput {
    private(set) var base: UnsafeMutablePointer<UInt8>? = nil
    private var capacity = 0
    /// The bytes written so far (the Swift fast path writes through `base` and sets it).
    var count = 0

    var isAllocated: Bool { base != nil }

    /// Allocates room for a result about the size of a `textCount`-byte input, once.
    mutating func reserve(text textCount: Int) {
        if base == nil { grow(to: textCount + textCount / 2 + 64) }
    }

    /// Room for `extra` more bytes after `count`; returns `base` (which may have moved).
    mutating func ensure(extra: Int) -> UnsafeMutablePointer<UInt8> {
        grow(to: count + extra)
        return base!
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

    /// Appends ICU's normalization of valid UTF-8 `bytes`, written by ICU's UTF-8
    /// normalizer (`Normalizer2::normalizeUTF8`) straight into this buffer: no UTF-16.
    mutating func append(normalizing bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer) throws(TextTransformError) {
        try UTF8Normalization.checkLength(bytes.count)
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        // Room for the usual result; a longer one (NFKD of U+FDFA: 3 bytes to 33) is
        // measured by the first call and written by a second one.
        grow(to: count + bytes.count + bytes.count / 2 + 16)
        while true {
            let room = capacity - count
            let (length, failure) = source.withMemoryRebound(to: CChar.self, capacity: bytes.count) { src in
                (base! + count).withMemoryRebound(to: CChar.self, capacity: room) { dst in
                    ICU.icukit_normalizeUTF8(instance, src, Int32(bytes.count), dst, Int32(room))
                }
            }
            if let failure {
                if failure.isBufferOverflow { grow(to: count + Int(length)); continue }
                throw .icu(failure)
            }
            count += Int(length)
            return
        }
    }

    func string() -> String {
        guard let base else { return "" }
        return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    mutating func deallocate() {
        base?.deallocate()
        base = nil
    }
}

/// ICU's normalization of UTF-8 without UTF-16 (`icu::Normalizer2::normalizeUTF8` and
/// `isNormalizedUTF8`, reached through the C++ target CICUUTF8Norm: ICU's C API normalizes
/// UTF-16 only). The input must be valid UTF-8: ICU would replace ill-formed sequences
/// with U+FFFD, while ICUKit reports them (callers validate first; a `String` is valid).
enum UTF8Normalization {
    /// The same limit as the UTF-16 path's (`ICUScratch.load`), so the same inputs throw.
    @inline(__always)
    static func checkLength(_ count: Int) throws(TextTransformError) {
        guard count < Int(Int32.max) / 2 else {
            throw .inputTooLong(InputTooLongError(length: count, limit: Int(Int32.max) / 2, unit: "UTF-8 bytes"))
        }
    }

    /// Whether valid UTF-8 `bytes` are normalized (`Normalizer2::isNormalizedUTF8`).
    static func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer) throws(TextTransformError) -> Bool {
        try checkLength(bytes.count)
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return true }
        let yes = source.withMemoryRebound(to: CChar.self, capacity: bytes.count) { utf8 in
            Result { () throws(ICUError) in try ICU.icukit_isNormalizedUTF8(instance, utf8, Int32(bytes.count)) }
        }
        do { return try yes.get() } catch { throw .icu(error) }
    }

    /// ICU's normalization of all of valid UTF-8 `bytes`, appended to `out`.
    static func normalize(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer, appendingTo out: inout [UInt8]) throws(TextTransformError) {
        var output = NormalizedOutput()
        defer { output.deallocate() }
        try output.append(normalizing: bytes, with: instance)
        output.withBytes { out.append(contentsOf: $0) }
    }
}
