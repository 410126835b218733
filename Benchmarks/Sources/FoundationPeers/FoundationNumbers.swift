// Foundation's NumberFormatter on Linux (swift-corelibs-foundation, its own ICU copy), as a peer.
internal import Foundation

/// A configured `NumberFormatter` (decimal, or currency with an ISO code).
public final class FoundationNumberFormatter: @unchecked Sendable {
    private let formatter = NumberFormatter()

    public init(locale: String, currencyCode: String? = nil) {
        formatter.locale = Locale(identifier: locale)
        if let currencyCode {
            formatter.numberStyle = .currency
            formatter.currencyCode = currencyCode
        } else {
            formatter.numberStyle = .decimal
            formatter.maximumFractionDigits = 3
        }
    }

    /// `string(from: NSNumber)`.
    public func format(_ value: Double) -> String {
        formatter.string(from: NSNumber(value: value)) ?? ""
    }
}
