/// A collation sort key: comparing two keys orders their strings exactly as the
/// ``Collator`` that made them compares the strings (keys from different collators do
/// not compare meaningfully).
///
/// ```swift
/// let collator = try Collator(locale: "de")
/// collator.sortKey(for: "Äpfel") < collator.sortKey(for: "Birne")  // true
/// ```
public struct SortKey: Comparable, Hashable, Sendable {
    /// ICU's key bytes (with its zero terminator).
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        lhs.bytes.withUnsafeBufferPointer { a in
            rhs.bytes.withUnsafeBufferPointer { b in
                let common = min(a.count, b.count)
                if common > 0 {
                    let result = memcompare(a.baseAddress!, b.baseAddress!, common)
                    if result != 0 { return result < 0 }
                }
                return a.count < b.count
            }
        }
    }
}

/// Byte-wise comparison of two buffers (the C library's `memcmp`, without importing it
/// into the public interface).
@inline(__always)
private func memcompare(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    var index = 0
    while index < count {
        let x = a[index], y = b[index]
        if x != y { return x < y ? -1 : 1 }
        index &+= 1
    }
    return 0
}
