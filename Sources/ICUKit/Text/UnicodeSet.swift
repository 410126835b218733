internal import CICU

/// A set of code points (and strings) from an ICU `UnicodeSet` pattern, for filters
/// and validation: `[[:Latin:]&[:Lu:]]`, `[\p{Greek}\u0300-\u036F]`, `[^[:L:][:N:]]`.
///
/// ```swift
/// let greek = try UnicodeSet(pattern: "[\\p{Greek}\\u0300-\\u036F]")
/// greek.contains("α")                    // true
/// greek.containsAll(of: "αβγ")           // true
/// let latin = try UnicodeSet(pattern: "[:Latin:]")
/// let prefix = latin.span(in: "abcДеф")  // the index after "abc"
/// ```
///
/// The corresponding C functions are `uset_applyPattern`, `uset_contains` and `uset_spanUTF8`.
public struct UnicodeSet: Sendable, Hashable {
    /// The pattern the set was made from.
    public let pattern: String
    private let storage: Storage

    /// The frozen `USet`, for ICU functions that take a `const USet *` (read-only, so
    /// safe from any thread); valid while this value is alive.
    var frozenHandle: OpaquePointer { storage.set }

    /// The frozen `USet`.
    ///
    /// `Sendable` notes: the set is frozen (`uset_freeze`) before anyone sees it; ICU
    /// documents frozen sets as immutable and safe for concurrent reading.
    private final class Storage: @unchecked Sendable {
        let set: OpaquePointer
        init(_ set: OpaquePointer) { self.set = set }
        deinit { uset_close(set) }
    }

    /// The set a pattern describes.
    ///
    /// ```swift
    /// let upperLatin = try UnicodeSet(pattern: "[[:Latin:]&[:Lu:]]")
    /// ```
    /// - Throws: ``TextTransformError/invalidSetPattern(_:offset:)`` when ICU refuses the
    ///   pattern or it has text after the set (`offset`: the UTF-16 offset where the set ended).
    public init(pattern: String) throws(TextTransformError) {
        self.pattern = pattern
        let units = Array(pattern.utf16)
        guard !units.isEmpty, units.count < 1 << 20 else { throw .invalidSetPattern(pattern, offset: nil) }
        let set: OpaquePointer
        do { set = try ICU.uset_openEmpty() } catch { throw .icu(error) }
        guard let end = units.withUnsafeBufferPointer({ ICU.uset_applyPattern(set, $0, options: UInt32(USET_IGNORE_SPACE)) }) else {
            uset_close(set)
            throw .invalidSetPattern(pattern, offset: nil)
        }
        // uset_applyPattern stops after the set; anything but white space after it is an error.
        if Int(end) < units.count, units[Int(end)...].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            uset_close(set)
            throw .invalidSetPattern(pattern, offset: Int(end))
        }
        uset_freeze(set)
        storage = Storage(set)
    }

    /// Whether the set contains `scalar`.
    ///
    /// ```swift
    /// try UnicodeSet(pattern: "[:Lu:]").contains("A")  // true
    /// ```
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        uset_contains(storage.set, Int32(bitPattern: scalar.value)) != 0
    }

    /// Whether the set contains `string` as one element (a single code point, or a string
    /// element such as `{ch}` in `[a-z{ch}]`).
    ///
    /// ```swift
    /// try UnicodeSet(pattern: "[a-z{ch}]").contains(element: "ch")  // true
    /// ```
    public func contains(element string: String) -> Bool {
        let units = Array(string.utf16)
        guard units.count < Int(Int32.max) else { return false }
        return units.withUnsafeBufferPointer { uset_containsString(storage.set, $0.baseAddress, Int32($0.count)) != 0 }
    }

    /// The end of the longest prefix of `text` made of characters in the set (or, with
    /// `containing: false`, not in it).
    ///
    /// ```swift
    /// let digits = try UnicodeSet(pattern: "[:Nd:]")
    /// let text = "2026年"
    /// text[..<digits.span(in: text)]  // "2026"
    /// ```
    public func span(in text: String, containing: Bool = true) -> String.Index {
        let utf8 = text.utf8
        return utf8.index(utf8.startIndex, offsetBy: spanLength(text, containing: containing))
    }

    /// Whether every character of `text` is in the set.
    ///
    /// ```swift
    /// try UnicodeSet(pattern: "[[:Latin:][:Common:]]").containsAll(of: "Hello, world")  // true
    /// ```
    public func containsAll(of text: String) -> Bool {
        spanLength(text, containing: true) == text.utf8.count
    }

    /// The number of code points and strings in the set.
    ///
    /// ```swift
    /// try UnicodeSet(pattern: "[a-z]").count  // 26
    /// ```
    public var count: Int { Int(uset_size(storage.set)) }

    /// Equal when made from the same pattern text (different patterns for the same set are unequal).
    public static func == (a: UnicodeSet, b: UnicodeSet) -> Bool { a.pattern == b.pattern }
    /// Hashes the pattern text, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// The UTF-8 length of the span, in pieces of at most `Int32.max` bytes.
    private func spanLength(_ text: String, containing: Bool) -> Int {
        let condition = containing ? USET_SPAN_CONTAINED : USET_SPAN_NOT_CONTAINED
        var copy = text
        return copy.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                var total = 0
                while total < chars.count {
                    // Pieces end at a scalar boundary.
                    var end = min(chars.count, total + Int(Int32.max) - 4)
                    while end < chars.count && UInt8(bitPattern: chars[end]) & 0xC0 == 0x80 { end -= 1 }
                    let piece = UnsafeBufferPointer(rebasing: chars[total..<end])
                    let length = Int(uset_spanUTF8(storage.set, piece.baseAddress, Int32(piece.count), condition))
                    total += length
                    if length < piece.count { break }
                }
                return total
            }
        }
    }
}
