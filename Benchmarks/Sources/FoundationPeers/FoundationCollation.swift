// Foundation's locale-aware comparison on Linux, as a peer of Collator.
internal import Foundation

/// `String.compare(_:options:range:locale:)` and `localizedStandardCompare` for one locale.
public final class FoundationCollation: @unchecked Sendable {
    private let locale: Locale

    public init(locale identifier: String) {
        locale = Locale(identifier: identifier)
    }

    /// Compares `pairs` consecutive pairs (cycling) with `compare(_:options:range:locale:)`.
    public func comparePairs(_ words: [String], pairs: Int) -> Int {
        var sum = 0
        let count = words.count
        for index in 0..<pairs {
            sum &+= words[index % count].compare(words[(index + 1) % count], options: [], range: nil, locale: locale).rawValue
        }
        return sum
    }

    /// `sorted { $0.compare($1, locale:) == .orderedAscending }`.
    public func sort(_ words: [String]) -> [String] {
        words.sorted { $0.compare($1, options: [], range: nil, locale: locale) == .orderedAscending }
    }

    /// `sorted { $0.localizedStandardCompare($1) == .orderedAscending }` (current locale).
    public static func standardSort(_ words: [String]) -> [String] {
        words.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }
}
