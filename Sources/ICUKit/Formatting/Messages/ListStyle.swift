internal import CICU

/// The kind and width of a list: "a, b, and c", "a, b, or c", "3 ft, 7 in".
///
/// ```swift
/// let style = ListStyle(type: .or, width: .wide)
/// try ICUListFormatter(style, locale: LocaleID("ja")).format(["a", "b", "c"])   // "a、b、またはc"
/// ```
public struct ListStyle: Sendable, Hashable {
    /// The conjunction.
    public enum ListType: String, Sendable, Hashable, CaseIterable {
        /// "a, b, and c".
        case and
        /// "a, b, or c".
        case or
        /// A list of measurements: "3 feet, 7 inches".
        case units

        var icu: Int32 {
            switch self {
            case .and: ULISTFMT_TYPE_AND
            case .or: ULISTFMT_TYPE_OR
            case .units: ULISTFMT_TYPE_UNITS
            }
        }
    }

    /// How compact the separators are.
    public enum Width: String, Sendable, Hashable, CaseIterable {
        /// "a, b, and c".
        case wide
        /// "a, b, & c".
        case short
        /// "a, b, c".
        case narrow

        var icu: Int32 {
            switch self {
            case .wide: ULISTFMT_WIDTH_WIDE
            case .short: ULISTFMT_WIDTH_SHORT
            case .narrow: ULISTFMT_WIDTH_NARROW
            }
        }
    }

    /// The conjunction.
    public var type: ListType
    /// The width.
    public var width: Width

    /// A list style; by default "and", wide.
    public init(type: ListType = .and, width: Width = .wide) {
        self.type = type
        self.width = width
    }
}
