// Foundation's DateFormatter on Linux, as a peer of DateTimeFormatter.
internal import Foundation

/// One reused `DateFormatter` with date and time styles.
public final class FoundationDateFormat: @unchecked Sendable {
    private let formatter = DateFormatter()

    /// Styles as ICU numbers them: 0 full, 1 long, 2 medium, 3 short, -1 none.
    public init(dateStyle: Int, timeStyle: Int, locale: String, timeZone: String) {
        func style(_ value: Int) -> DateFormatter.Style {
            switch value { case 0: .full; case 1: .long; case 2: .medium; case 3: .short; default: .none }
        }
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = TimeZone(identifier: timeZone)
        formatter.dateStyle = style(dateStyle)
        formatter.timeStyle = style(timeStyle)
    }

    @inline(never)
    public func string(seconds: Double) -> String { formatter.string(from: Date(timeIntervalSince1970: seconds)) }

    @inline(never)
    public func parse(_ text: String) -> Double? { formatter.date(from: text)?.timeIntervalSince1970 }
}
