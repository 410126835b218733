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

    /// A key from bytes a collator made before (such as keys stored in a database
    /// index); they compare only with keys of an identically configured collator.
    ///
    /// ```swift
    /// let restored = SortKey(bytes: stored)
    /// ```
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Whether `lhs`'s string sorts before `rhs`'s: the bytes compared as unsigned
    /// values, then the shorter first.
    ///
    /// ```swift
    /// keys.sort()   // the strings' collation order
    /// ```
    public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        lhs.bytes.withUnsafeBufferPointer { a in rhs.bytes.withUnsafeBufferPointer { b in compare(a, b) < 0 } }
    }

    /// Byte-wise comparison (`memcmp`, then length): negative, zero or positive.
    @usableFromInline
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let result = Platform.memcmp(x, y, common)
            if result != 0 { return Int(result) }
        }
        return a.count - b.count
    }
}
