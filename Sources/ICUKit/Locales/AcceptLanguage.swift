/// An HTTP `Accept-Language` header parsed the way ICU's `LocalePriorityList` parses it:
/// comma-separated language ranges, each with an optional `;q=` weight between 0 and 1
/// (at most three decimals count, the fourth rounds). The ranges are sorted by descending
/// weight (stable), `q=0` removes a range, and a repeated locale moves to its last position.
///
/// ```swift
/// let header = try AcceptLanguage("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")
/// header.ranges.map(\.tag)   // ["fr-CH", "fr", "en", "de", "*"]
/// try AcceptLanguage("en;q=2")   // throws LocaleError.invalidAcceptLanguage("en;q=2", byteOffset: 5)
/// ```
/// Unlike ICU, which reports only that an argument is illegal, an invalid header throws
/// ``LocaleError/invalidAcceptLanguage(_:byteOffset:)`` with the UTF-8 offset of the
/// first byte that does not fit (an empty range, a bad or out-of-range weight, junk after
/// a range, a tag ICU cannot hold as a locale).
public struct AcceptLanguage: Sendable, Hashable {
    /// One language range and its weight.
    ///
    /// ```swift
    /// try AcceptLanguage("de;q=0.5").ranges[0].quality   // 500
    /// ```
    public struct Range: Sendable, Hashable {
        /// The tag as the header spells it.
        public let tag: String
        /// The weight in thousandths: 1000 for `q=1` or no weight.
        public let quality: Int
    }

    /// The ranges in order of preference (highest weight first).
    public let ranges: [Range]
    /// The locale of each range, parallel to ``ranges``.
    let locales: [ICULocaleName]

    /// Parses `header`.
    ///
    /// ```swift
    /// try AcceptLanguage("da, en-GB;q=0.8, en;q=0.7").ranges.count   // 3
    /// ```
    /// - Throws: ``LocaleError/invalidAcceptLanguage(_:byteOffset:)``.
    public init(_ header: String) throws(LocaleError) {
        let bytes = Array(header.utf8)
        let limit = bytes.count
        func skipSpaces(_ start: Int) -> Int {
            var p = start
            while p < limit, bytes[p] == 0x20 { p += 1 }
            return p
        }
        func fail(_ offset: Int) -> LocaleError { .invalidAcceptLanguage(header, byteOffset: offset) }
        var items: [(tag: String, locale: ICULocaleName, weight: Int)?] = []
        var position: [String: Int] = [:]  // locale name → index in items
        var anyWeights = false
        var p = 0
        while true {
            p = skipSpaces(p)
            if p == limit { break }
            if bytes[p] == UInt8(ascii: ",") { p += 1; continue }  // empty range field
            var q = p
            while q < limit, bytes[q] != 0x20, bytes[q] != UInt8(ascii: ","), bytes[q] != UInt8(ascii: ";") { q += 1 }
            guard q > p else { throw fail(p) }
            let tag = String(decoding: bytes[p..<q], as: UTF8.self)
            guard let locale = ICULocaleName(tag) else { throw fail(p) }
            var weight = 1000
            p = skipSpaces(q)
            if p != limit, bytes[p] == UInt8(ascii: ";") {
                p = skipSpaces(p + 1)
                guard p != limit, bytes[p] == UInt8(ascii: "q") else { throw fail(p) }
                p = skipSpaces(p + 1)
                guard p != limit, bytes[p] == UInt8(ascii: "=") else { throw fail(p) }
                p = skipSpaces(p + 1)
                guard let parsed = Self.weight(bytes, &p) else { throw fail(p) }
                weight = parsed
                p = skipSpaces(p)
            }
            if p != limit, bytes[p] != UInt8(ascii: ",") { throw fail(p) }  // trailing junk
            // A repeated locale is removed and appended anew; q=0 only removes.
            if let old = position.removeValue(forKey: locale.name) { items[old] = nil }
            if weight > 0 {
                position[locale.name] = items.count
                items.append((tag, locale, weight))
                if weight < 1000 { anyWeights = true }
            }
            if p == limit { break }
            p += 1
        }
        var kept = items.compactMap { $0 }
        if anyWeights, kept.count > 1 {
            // Stable: equal weights keep their order.
            kept = kept.enumerated().sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }.map(\.element)
        }
        ranges = kept.map { Range(tag: $0.tag, quality: $0.weight) }
        locales = kept.map(\.locale)
    }

    /// ICU's `parseWeight`: `0` or `1`, then optionally `.` and digits; the fourth decimal
    /// rounds, later ones are ignored. `nil` if malformed or above 1 (`p` at the failure).
    private static func weight(_ bytes: [UInt8], _ p: inout Int) -> Int? {
        guard p < bytes.count, bytes[p] == UInt8(ascii: "0") || bytes[p] == UInt8(ascii: "1") else { return nil }
        let start = p
        var weight = Int(bytes[p] - 0x30) * 1000
        p += 1
        guard p < bytes.count, bytes[p] == UInt8(ascii: ".") else { return weight }
        var multiplier = 100
        p += 1
        while p < bytes.count, (0x30...0x39).contains(bytes[p]) {
            let digit = Int(bytes[p] - 0x30)
            if multiplier > 0 {
                weight += digit * multiplier
                multiplier /= 10
            } else if multiplier == 0 {
                if digit >= 5 { weight += 1 }
                multiplier = -1
            }
            p += 1
        }
        if weight > 1000 {
            p = start
            return nil
        }
        return weight
    }
}
