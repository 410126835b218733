internal import CICU

/// Formats measurements in any ICU unit, optionally converted to the unit the locale
/// prefers for a usage (as Apple's Length/Energy/Mass formatters do): a person's height
/// in feet and inches in the US, centimetres in Germany (metres and centimetres in
/// `fr_FR`, by ICU 72's data), food energy in Calories.
///
/// ```swift
/// let height = try MeasureFormatter(unit: "centimeter", usage: "person-height", locale: LocaleID("en-US"))
/// try height.format(180)   // "5 ft, 11 in"
/// let food = try MeasureFormatter(unit: "kilocalorie", usage: "food", locale: LocaleID("en-US"))
/// try food.format(500)     // "500 Cal"
/// ```
public struct MeasureFormatter: Sendable, Hashable {
    /// How long the unit names are.
    public enum Width: String, Sendable, Hashable, CaseIterable {
        /// Abbreviations: "5 ft, 11 in", "180 cm".
        case short
        /// The shortest form: "5′11″", "180cm".
        case narrow
        /// Full names: "5 feet, 11 inches".
        case long

        var skeletonOption: String {
            switch self {
            case .short: ""
            case .narrow: " unit-width-narrow"
            case .long: " unit-width-full-name"
            }
        }
    }

    /// The unit of the values passed in, as ICU spells it (`meter`, `foot-and-inch`).
    public let unit: String
    /// The usage (`person-height`, `road`, `food`, `person`, `default`), or `nil` to keep `unit`.
    public let usage: String?
    /// The unit-name width.
    public let width: Width
    /// The underlying number formatter.
    public let numberFormatter: ICUNumberFormatter

    /// Creates a measure formatter.
    ///
    /// ```swift
    /// let weight = try MeasureFormatter(unit: "kilogram", usage: "person", locale: LocaleID("en-GB"))
    /// try weight.format(70)   // "11 st, 0.32 lb"
    /// ```
    /// - Parameters:
    ///   - unit: An ICU unit identifier: a simple unit (`kilogram`), a compound one
    ///     (`kilometer-per-hour`) or a mixed one (`foot-and-inch`, input in its first unit).
    ///   - usage: A CLDR unit-preference usage; the value is converted to the locale's
    ///     preferred unit(s) for it (`default` uses the locale's general preference).
    ///   - width: Unit-name width.
    ///   - precision: Optional rounding (by default ICU's choice for the usage).
    ///   - locale: The locale; its region decides the preferred units (`en-US`, `en-GB`);
    ///     a `-u-mu-` keyword (`en-US-u-mu-metric`) overrides the measurement system.
    ///   - strict: Throw for a locale ICU does not know.
    /// - Throws: ``FormattingError/unknownUnit(_:)`` for a unit ICU does not know or a
    ///   usage that does not fit the unit, ``FormattingError/unknownLocale(_:)`` in strict mode.
    ///
    /// The corresponding C function is `unumf_openForSkeletonAndLocaleWithError`
    /// (skeleton `unit/UNIT usage/USAGE`).
    public init(
        unit: String, usage: String? = nil, width: Width = .short,
        precision: NumberStyle.Precision? = nil, locale: LocaleID = .root, strict: Bool = false
    ) throws(FormattingError) {
        guard Self.isUnitIdentifier(unit) else { throw FormattingError.unknownUnit(unit) }
        if let usage, !Self.isUnitIdentifier(usage) { throw FormattingError.invalidSkeleton("usage/" + usage, offset: nil) }
        var skeleton = "unit/" + unit + width.skeletonOption
        if let usage { skeleton += " usage/" + usage }
        if let precision { skeleton += " " + precision.skeleton }
        do {
            numberFormatter = try ICUNumberFormatter(skeleton: skeleton, locale: locale, strict: strict)
        } catch {
            if case .invalidSkeleton = error { throw .unknownUnit(usage.map { "\(unit) (usage \($0))" } ?? unit) }
            throw error
        }
        self.unit = unit
        self.usage = usage
        self.width = width
    }

    /// Formats a value given in ``unit``.
    ///
    /// ```swift
    /// try MeasureFormatter(unit: "meter", width: .long, locale: LocaleID("fr")).format(3)   // "3 mètres"
    /// ```
    /// - Throws: ``FormattingError/icu(_:)`` if ICU fails.
    ///
    /// The corresponding C function is `unumf_formatDouble`.
    public func format(_ value: Double) throws(FormattingError) -> String {
        try numberFormatter.format(value)
    }

    /// ICU unit identifiers are lowercase ASCII letters, digits and hyphens.
    static func isUnitIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 200 && text.utf8.allSatisfy {
            (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-")
        }
    }
}
