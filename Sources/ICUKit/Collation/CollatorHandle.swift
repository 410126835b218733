internal import CICU

/// Owns one configured `UCollator`.
///
/// `Sendable` notes: after configuration the collator is never modified, and ICU
/// documents `ucol_strcoll*` and `ucol_getSortKey` on an unmodified collator as safe to
/// call from several threads at once.
final class CollatorHandle: @unchecked Sendable {
    let collator: OpaquePointer
    let actualLocale: String
    let validLocale: String

    init(locale: String, attributes: [(Int32, Int32)], reorderCodes: [Int32]?) throws(CollationError) {
        collator = try CollationError.wrapping { () throws(ICUError) in try ICU.ucol_open(locale, attributes: attributes, reorderCodes: reorderCodes) }
        actualLocale = ICU.ucol_getLocaleByType(collator, ULOC_ACTUAL_LOCALE)
        validLocale = ICU.ucol_getLocaleByType(collator, ULOC_VALID_LOCALE)
    }

    deinit { ucol_close(collator) }

    /// ICU's comparison of two UTF-8 strings: -1, 0 or 1. Strings longer than ICU's
    /// `Int32` limit compare on their first `Int32.max` bytes (cut at a scalar
    /// boundary), then by the rest in code point order.
    @inline(__always)
    func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        let limit = Int(Int32.max)
        if a.count <= limit && b.count <= limit { return strcoll(a, b) }
        let (headA, tailA) = Self.split(a, at: limit)
        let (headB, tailB) = Self.split(b, at: limit)
        let head = strcoll(headA, headB)
        if head != 0 { return head }
        return tailA.lexicographicallyPrecedes(tailB) ? -1 : (tailB.lexicographicallyPrecedes(tailA) ? 1 : 0)
    }

    @inline(__always)
    private func strcoll(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        ICU.ucol_strcollUTF8(collator, a, b)
    }

    /// ICU's sort key of valid UTF-8 (converted to UTF-16 once), its 0 terminator kept
    /// so that keys of different lengths compare as ICU's keys do. Past the `Int32`
    /// limit: the key of the first part, then the rest's bytes (matching ``compare``).
    func sortKey(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let limit = Int(Int32.max) / 2
        if bytes.count > limit {
            let (head, tail) = Self.split(bytes, at: limit)
            return sortKey(head) + Array(tail)
        }
        return withUTF16(bytes) { utf16 in
            var key = [UInt8](repeating: 0, count: max(64, utf16.count * 4 + 16))
            var length = key.withUnsafeMutableBufferPointer {
                ucol_getSortKey(collator, utf16.baseAddress, Int32(utf16.count), $0.baseAddress, Int32($0.count))
            }
            if Int(length) > key.count {
                key = [UInt8](repeating: 0, count: Int(length))
                length = key.withUnsafeMutableBufferPointer {
                    ucol_getSortKey(collator, utf16.baseAddress, Int32(utf16.count), $0.baseAddress, Int32($0.count))
                }
            }
            key.removeSubrange(Int(length)...)
            return key
        }
    }

    /// Appends the sort key of `bytes` (valid UTF-8 within ICU's limit) to `keys`, using
    /// `scratch` as the reusable output buffer: no allocation per key once warm.
    func appendSortKey(_ bytes: UnsafeBufferPointer<UInt8>, to keys: inout [UInt8], scratch: inout [UInt8]) {
        guard bytes.count <= Int(Int32.max) / 2 else {
            keys += sortKey(bytes)
            return
        }
        withUTF16(bytes) { utf16 in
            var length = scratch.withUnsafeMutableBufferPointer {
                ucol_getSortKey(collator, utf16.baseAddress, Int32(utf16.count), $0.baseAddress, Int32($0.count))
            }
            if Int(length) > scratch.count {
                scratch = [UInt8](repeating: 0, count: Int(length) * 2)
                length = scratch.withUnsafeMutableBufferPointer {
                    ucol_getSortKey(collator, utf16.baseAddress, Int32(utf16.count), $0.baseAddress, Int32($0.count))
                }
            }
            keys.append(contentsOf: scratch[..<Int(length)])
        }
    }

    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, at limit: Int) -> (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) {
        guard bytes.count > limit else { return (bytes, UnsafeBufferPointer(rebasing: bytes[bytes.count...])) }
        var cut = limit
        while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        return (UnsafeBufferPointer(rebasing: bytes[..<cut]), UnsafeBufferPointer(rebasing: bytes[cut...]))
    }
}
