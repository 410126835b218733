internal import CICU

/// A value for a MessageFormat argument.
///
/// ```swift
/// let arguments: [String: MessageArgument] = ["count": 3, "name": "Ana", "gender": "female"]
/// ```
public enum MessageArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// A number (for `plural`, `selectordinal`, `number`, `spellout`, … arguments; a plain
    /// `{n}` argument shows it with the locale's number format).
    case number(Double)
    /// Text (for `select` and plain `{name}` arguments; a numeric argument parses it).
    case string(String)
    /// An instant, in seconds since 1970-01-01T00:00:00Z (for `date` and `time` arguments).
    case date(Double)

    /// A text argument from a literal: `"Ana"`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number argument from a literal: `3`.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A number argument from a literal: `2.5`.
    public init(floatLiteral value: Double) { self = .number(value) }
}
