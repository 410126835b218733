/// One argument of a localized format string: an integer (`%d`, `%lld`, `%u`, `%x`,
/// plurals), a floating-point number (`%f`, `%g`, `%e`) or a string (`%@`, `%s`).
///
/// ```swift
/// let arguments: [StringArgument] = [3, "Anna", 2.5]
/// arguments[0]   // .integer(3)
/// arguments[1]   // .string("Anna")
/// ```
public enum StringArgument: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    /// A signed 64-bit integer.
    case integer(Int64)
    /// A floating-point number.
    case double(Double)
    /// A string (an object for `%@`).
    case string(String)

    /// An integer literal.
    ///
    /// ```swift
    /// let count: StringArgument = 3   // .integer(3)
    /// ```
    public init(integerLiteral value: Int64) { self = .integer(value) }

    /// A floating-point literal.
    ///
    /// ```swift
    /// let size: StringArgument = 2.5   // .double(2.5)
    /// ```
    public init(floatLiteral value: Double) { self = .double(value) }

    /// A string literal.
    ///
    /// ```swift
    /// let name: StringArgument = "Anna"   // .string("Anna")
    /// ```
    public init(stringLiteral value: String) { self = .string(value) }

    /// The number the argument holds, for plural selection (`nil` for a string that is
    /// no number).
    var numericValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        case .string(let text): return Double(text)
        }
    }
}

extension AcceptLanguage {
    /// The language ranges of an HTTP `Accept-Language` header, most preferred first, for
    /// ``StringCatalog/preferredLanguage(for:)``: sorted by weight (`q`), `q=0` ranges
    /// and the wildcard `*` left out (a catalog falls back to its source language anyway).
    /// A header that does not parse as ICU parses it is read leniently: each
    /// comma-separated range before its `;`, in the order written.
    ///
    /// ```swift
    /// AcceptLanguage.parse("fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5")   // ["fr-CH", "fr", "en"]
    /// ```
    public static func parse(_ header: String) -> [String] {
        if let parsed = try? AcceptLanguage(header) {
            return parsed.ranges.map(\.tag).filter { $0 != "*" }
        }
        var tags: [String] = []
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";", maxSplits: 1)
            guard let first = parts.first else { continue }
            let tag = first.filter { !$0.isWhitespace }
            if tag.isEmpty || tag == "*" { continue }
            if parts.count == 2, parts[1].filter({ !$0.isWhitespace }).hasPrefix("q=0"),
                Double(parts[1].filter { !$0.isWhitespace }.dropFirst(2)) == 0
            {
                continue
            }
            tags.append(tag)
        }
        return tags
    }
}
