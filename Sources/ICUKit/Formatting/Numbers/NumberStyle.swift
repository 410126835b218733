internal import CICU

/// A number style that builds an ICU number skeleton: a base style plus precision,
/// rounding, grouping, sign and numbering-system options.
///
/// ```swift
/// let style = NumberStyle.currency("USD", display: .narrowSymbol).precision(.fractionDigits(0...0))
/// style.skeleton   // "currency/USD unit-width-narrow precision-integer"
/// try ICUNumberFormatter(style, locale: LocaleID("en-CA")).format(12.6)   // "$13"
/// ```
public struct NumberStyle: Sendable, Hashable {
    /// The skeleton this style stands for.
    public private(set) var skeleton: String

    /// A style from a raw ICU number skeleton.
    public init(skeleton: String) { self.skeleton = skeleton }

    /// Plain decimal numbers with the locale's grouping (`1,234.5`).
    public static let decimal = NumberStyle(skeleton: "")
    /// Percentages of a fraction: 0.25 → `25%` (the skeleton scales by 100).
    public static let percent = NumberStyle(skeleton: "percent scale/100")
    /// Scientific notation (`1.2345E4`).
    public static let scientific = NumberStyle(skeleton: "scientific")
    /// Engineering notation (exponents multiples of 3).
    public static let engineering = NumberStyle(skeleton: "engineering")
    /// Short compact notation (`1.2K`, `12万`).
    public static let compactShort = NumberStyle(skeleton: "compact-short")
    /// Long compact notation (`1.2 thousand`).
    public static let compactLong = NumberStyle(skeleton: "compact-long")

    /// How a currency is shown.
    public enum CurrencyDisplay: String, Sendable, Hashable, CaseIterable {
        /// The locale's symbol (`CN¥` in English, `¥` in Chinese).
        case symbol
        /// The ISO 4217 code (`CNY 3.00`).
        case isoCode
        /// The narrow symbol (`¥`).
        case narrowSymbol
        /// The full name with plural forms (`3.00 Chinese yuan`).
        case name
    }

    /// Money in the currency with ISO 4217 `code`, in the locale's conventions.
    public static func currency(_ code: String, display: CurrencyDisplay = .symbol) -> NumberStyle {
        let width = switch display {
        case .symbol: ""
        case .isoCode: " unit-width-iso-code"
        case .narrowSymbol: " unit-width-narrow"
        case .name: " unit-width-full-name"
        }
        return NumberStyle(skeleton: "currency/\(code)" + width)
    }

    /// Accounting format: negative amounts in parentheses where the locale does so.
    public static func accounting(_ code: String) -> NumberStyle {
        NumberStyle(skeleton: "currency/\(code) sign-accounting")
    }

    /// A measurement unit as ICU spells it (`meter`, `kilometer-per-hour`).
    public static func unit(_ identifier: String, width: MeasureFormatter.Width = .short) -> NumberStyle {
        NumberStyle(skeleton: "unit/\(identifier)" + width.skeletonOption)
    }

    /// Digits after rounding.
    public enum Precision: Sendable, Hashable {
        /// Round to an integer.
        case integer
        /// Between `range.lowerBound` and `range.upperBound` fraction digits.
        case fractionDigits(ClosedRange<Int>)
        /// Between `range.lowerBound` and `range.upperBound` significant digits.
        case significantDigits(ClosedRange<Int>)
        /// No rounding.
        case unlimited
        /// The currency's standard number of digits.
        case currencyStandard
        /// Cash rounding for the currency (CHF to 0.05).
        case currencyCash

        var skeleton: String {
            switch self {
            case .integer: return "precision-integer"
            case .fractionDigits(let range):
                let low = max(0, range.lowerBound), high = min(999, max(low, range.upperBound))
                if high == 0 { return "precision-integer" }
                return "." + String(repeating: "0", count: low) + String(repeating: "#", count: high - low)
            case .significantDigits(let range):
                let low = max(1, range.lowerBound), high = min(999, max(low, range.upperBound))
                return String(repeating: "@", count: low) + String(repeating: "#", count: high - low)
            case .unlimited: return "precision-unlimited"
            case .currencyStandard: return "precision-currency-standard"
            case .currencyCash: return "precision-currency-cash"
            }
        }
    }

    /// How to round when digits are dropped.
    public enum RoundingMode: String, Sendable, Hashable, CaseIterable {
        /// Toward +∞.
        case ceiling
        /// Toward −∞.
        case floor
        /// Toward zero.
        case down
        /// Away from zero.
        case up
        /// To the nearest, ties to even (ICU's default).
        case halfEven = "half-even"
        /// To the nearest, ties toward zero.
        case halfDown = "half-down"
        /// To the nearest, ties away from zero.
        case halfUp = "half-up"
    }

    /// When to show grouping separators.
    public enum Grouping: String, Sendable, Hashable, CaseIterable {
        /// The locale's grouping (Indian lakh grouping in `en_IN`).
        case automatic = "group-auto"
        /// Never group.
        case off = "group-off"
        /// Group only from 5 digits on (`1000`, `10,000`).
        case minimum2 = "group-min2"
        /// Always group, also where the locale would not.
        case onAligned = "group-on-aligned"
        /// Western thousands grouping regardless of the locale.
        case thousands = "group-thousands"
    }

    /// When to show the sign.
    public enum SignDisplay: String, Sendable, Hashable, CaseIterable {
        /// A minus sign for negative numbers only.
        case automatic = "sign-auto"
        /// A plus or minus sign always.
        case always = "sign-always"
        /// No sign.
        case never = "sign-never"
        /// A sign except for zero.
        case exceptZero = "sign-except-zero"
        /// A minus sign for negative numbers, none for negative zero.
        case negative = "sign-negative"
    }

    /// This style with a precision.
    public func precision(_ precision: Precision) -> NumberStyle { adding(precision.skeleton) }
    /// This style with a rounding mode.
    public func rounding(_ mode: RoundingMode) -> NumberStyle { adding("rounding-mode-" + mode.rawValue) }
    /// This style with a grouping strategy.
    public func grouping(_ grouping: Grouping) -> NumberStyle { adding(grouping.rawValue) }
    /// This style with a sign display.
    public func sign(_ display: SignDisplay) -> NumberStyle { adding(display.rawValue) }
    /// This style in a numbering system (`arab`, `deva`, `thai`, `latn`, `hanidec`).
    public func numberingSystem(_ system: String) -> NumberStyle { adding("numbering-system/" + system) }
    /// This style with at least `digits` integer digits (`007`).
    public func minimumIntegerDigits(_ digits: Int) -> NumberStyle {
        adding("integer-width/*" + String(repeating: "0", count: max(1, min(digits, 999))))
    }

    private func adding(_ option: String) -> NumberStyle {
        NumberStyle(skeleton: skeleton.isEmpty ? option : skeleton + " " + option)
    }
}
