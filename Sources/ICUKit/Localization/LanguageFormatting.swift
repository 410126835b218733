import Synchronization

/// What formatting a string in one language needs, made once per language and shared:
/// its locale, CLDR plural rules and number formatters (by ICU skeleton).
final class LanguageFormatting: Sendable {
    let language: String
    let locale: LocaleID
    let plurals: PluralRules?
    /// `%d` and friends without flags: the locale's grouping, digits and minus sign.
    let integer: ICUNumberFormatter?
    /// `%d` of 0 ..< ``smallCount`` without flags, and the plural categories of those
    /// numbers, made once: counts in UI strings are mostly small.
    let smallIntegers: [String]
    let smallCategories: [PluralCategory]
    static let smallCount = 256
    private let formatters = Mutex<[String: ICUNumberFormatter]>([:])

    private static let cache = ConfigurationCache<String, LanguageFormatting>(limit: 512)

    /// The shared formatting of `language` (root conventions for a tag ICU cannot parse;
    /// `Base` formats as root too).
    static func of(_ language: String) -> LanguageFormatting {
        cache.value(for: language) { LanguageFormatting(language) }
    }

    private init(_ language: String) {
        self.language = language
        let locale = (try? LocaleID(language == "Base" ? "" : language)) ?? .root
        self.locale = locale
        plurals = try? PluralRules(locale: locale)
        let integer = try? ICUNumberFormatter(skeleton: "", locale: locale)
        self.integer = integer
        let plurals = self.plurals
        smallIntegers = integer.map { formatter in (0..<Self.smallCount).map { (try? formatter.format($0)) ?? String($0) } } ?? []
        smallCategories = plurals.map { rules in (0..<Self.smallCount).map { (try? rules.category(for: Double($0))) ?? .other } } ?? []
    }

    /// The formatter for `skeleton` in this language.
    func formatter(_ skeleton: String) throws(StringsError) -> ICUNumberFormatter {
        if skeleton.isEmpty, let integer { return integer }
        if let hit = formatters.withLock({ $0[skeleton] }) { return hit }
        let made: ICUNumberFormatter
        do { made = try ICUNumberFormatter(skeleton: skeleton, locale: locale) } catch {
            throw StringsError(.invalidFormat, "number skeleton \(skeleton): \(error)")
        }
        formatters.withLock { $0[skeleton] = made }
        return made
    }

    /// Apple's plural rule for `.stringsdict` and catalogs: 0 with a `zero` case gives
    /// `zero`; otherwise the CLDR category of the value; a category without a case gives
    /// `other`; a variation without `other` gives its first case in CLDR order.
    func pluralCase<Value>(_ cases: [String: Value], value: Double) -> Value? {
        if value == 0, let zero = cases["zero"] { return zero }
        if value >= 0, value < Double(smallCategories.count), value.rounded(.towardZero) == value {
            if let hit = cases[smallCategories[Int(value)].rawValue] { return hit }
        } else if value.isFinite, let plurals, let category = try? plurals.category(for: value), let hit = cases[category.rawValue] {
            return hit
        }
        if let other = cases["other"] { return other }
        for category in PluralCategory.allCases { if let hit = cases[category.rawValue] { return hit } }
        return cases.min { $0.key < $1.key }?.value
    }
}

/// Formats one printf conversion as `String.localizedStringWithFormat` does with a locale
/// (CoreFoundation's localized number formatting): decimal conversions (`%d %i %u %f %e %g`)
/// through ICU's number formatter for the language, with its grouping, decimal
/// separator, digits and minus sign; `%x %X %o %c %@ %s` as C writes them.
enum PrintfConversion {
    static let fsi = "\u{2068}"
    static let pdi = "\u{2069}"

    static func format(
        _ placeholder: FormatPlaceholder, _ argument: StringArgument, width: Int?, precision: Int?,
        in formatting: LanguageFormatting, isolate: Bool
    ) throws(StringsError) -> String {
        guard let conversion = placeholder.conversion else { return placeholder.text }
        let flags = placeholder.flags
        let left = flags.contains("-")
        var text: String
        switch conversion {
        case "d", "i", "D":
            var value = try integer(argument, placeholder)
            if placeholder.length == "h" { value = Int64(Int16(truncatingIfNeeded: value)) }
            if placeholder.length == "hh" { value = Int64(Int8(truncatingIfNeeded: value)) }
            if flags.isEmpty, precision == nil, value >= 0, value < Int64(formatting.smallIntegers.count) {
                text = formatting.smallIntegers[Int(value)]
            } else {
                text = try decimal(value < 0, flags: flags, width: width, precision: precision, formatting: formatting) { f throws(FormattingError) in
                    try f.format(Int(value))
                }
            }
        case "u", "U":
            let value = unsigned(try integer(argument, placeholder), length: placeholder.length)
            text = try decimal(false, flags: flags, width: width, precision: precision, formatting: formatting) { f throws(FormattingError) in
                value <= UInt64(Int.max) ? try f.format(Int(value)) : try f.format(decimal: String(value))
            }
        case "x", "X", "o", "O", "p":
            let value = unsigned(try integer(argument, placeholder), length: conversion == "p" ? "ll" : placeholder.length)
            text = radix(value, conversion: conversion, flags: flags, width: left ? nil : width, precision: precision)
        case "f", "F", "e", "E", "g", "G", "a", "A":
            let value = try double(argument, placeholder)
            let skeleton = floatingSkeleton(value, conversion: conversion, flags: flags, precision: precision)
            text = try decimal(value.sign == .minus, flags: flags, width: width, precision: nil, skeleton: skeleton, formatting: formatting) {
                f throws(FormattingError) in try f.format(value)
            }
        case "c", "C":
            switch argument {
            case .string(let string): text = string.first.map(String.init) ?? ""
            case .integer(let value): text = Unicode.Scalar(UInt32(truncatingIfNeeded: value)).map { String(Character($0)) } ?? "\u{FFFD}"
            case .double: throw typeError(placeholder, argument)
            }
        default:  // @ s S
            switch argument {
            case .string(let string): text = string
            case .integer(let value): text = String(value)
            case .double(let value): text = String(value)
            }
            if let precision, text.count > precision { text = String(text.prefix(precision)) }
            if isolate { text = fsi + text + pdi }
        }
        if let width, width > text.count {
            let padding = String(repeating: " ", count: width - text.count)
            text = left ? text + padding : padding + text
        }
        return text
    }

    /// A localized decimal number: the skeleton from the flags (`+`, `0`, precision as
    /// minimum digits), then `body` with the language's formatter; `' '` puts a space
    /// before a non-negative number.
    private static func decimal(
        _ negative: Bool, flags: String, width: Int?, precision: Int?, skeleton base: String = "",
        formatting: LanguageFormatting, _ body: (ICUNumberFormatter) throws(FormattingError) -> String
    ) throws(StringsError) -> String {
        var parts: [String] = base.isEmpty ? [] : [base]
        if flags.contains("+") { parts.append("sign-always") }
        var minimumDigits = precision ?? 0
        if flags.contains("0"), !flags.contains("-"), let width, base.isEmpty { minimumDigits = max(minimumDigits, width - (negative ? 1 : 0)) }
        if minimumDigits > 1 { parts.append("integer-width/+" + String(repeating: "0", count: min(minimumDigits, 99))) }
        let formatter = try formatting.formatter(parts.joined(separator: " "))
        var text: String
        do { text = try body(formatter) } catch { throw StringsError(.invalidFormat, "\(error)") }
        if flags.contains(" "), !flags.contains("+"), !negative { text = " " + text }
        return text
    }

    /// ICU's skeleton for `%f %e %g` with `precision` (6 by default); `%g` uses
    /// significant digits and scientific notation when C's `%g` does.
    static func floatingSkeleton(_ value: Double, conversion: Character, flags: String, precision: Int?) -> String {
        let alternate = flags.contains("#")
        func fraction(_ digits: Int) -> String {
            digits == 0 ? (alternate ? "precision-integer decimal-always" : "precision-integer") : "." + String(repeating: "0", count: min(digits, 99))
        }
        switch conversion {
        case "f", "F": return fraction(precision ?? 6)
        case "e", "E", "a", "A": return "scientific/+ee/sign-always " + fraction(precision ?? 6)
        default:
            let significant = max(1, min(precision ?? 6, 99))
            let digits = "@" + String(repeating: alternate ? "@" : "#", count: significant - 1)
            var exponent = 0
            if value != 0, value.isFinite {
                exponent = Int((abs(value)).log10Floor)
                let scale = (abs(value) / pow10(exponent) * pow10(significant - 1)).rounded() / pow10(significant - 1)
                if scale >= 10 { exponent += 1 }
            }
            return exponent < -4 || exponent >= significant ? "scientific/+ee/sign-always " + digits : digits
        }
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    private static func radix(_ value: UInt64, conversion: Character, flags: String, width: Int?, precision: Int?) -> String {
        let base = conversion == "o" || conversion == "O" ? 8 : 16
        var digits = String(value, radix: base, uppercase: conversion == "X")
        if let precision, digits.count < precision { digits = String(repeating: "0", count: precision - digits.count) + digits }
        var prefix = ""
        if conversion == "p" {
            prefix = "0x"
        } else if flags.contains("#") {
            if base == 16, value != 0 { prefix = conversion == "X" ? "0X" : "0x" }
            if base == 8, !digits.hasPrefix("0") { digits = "0" + digits }
        }
        if flags.contains("0"), precision == nil, let width, width > prefix.count + digits.count {
            digits = String(repeating: "0", count: width - prefix.count - digits.count) + digits
        }
        return prefix + digits
    }

    private static func unsigned(_ value: Int64, length: String) -> UInt64 {
        switch length {
        case "hh": return UInt64(UInt8(truncatingIfNeeded: value))
        case "h": return UInt64(UInt16(truncatingIfNeeded: value))
        case "": return UInt64(UInt32(truncatingIfNeeded: value))
        default: return UInt64(bitPattern: value)
        }
    }

    static func integer(_ argument: StringArgument, _ placeholder: FormatPlaceholder) throws(StringsError) -> Int64 {
        switch argument {
        case .integer(let value): return value
        case .double(let value):
            guard value.rounded(.towardZero) == value, let exact = Int64(exactly: value) else { throw typeError(placeholder, argument) }
            return exact
        case .string: throw typeError(placeholder, argument)
        }
    }

    static func double(_ argument: StringArgument, _ placeholder: FormatPlaceholder) throws(StringsError) -> Double {
        switch argument {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        case .string: throw typeError(placeholder, argument)
        }
    }

    static func typeError(_ placeholder: FormatPlaceholder, _ argument: StringArgument) -> StringsError {
        let given: String
        switch argument {
        case .integer(let value): given = "the integer \(value)"
        case .double(let value): given = "the number \(value)"
        case .string(let value): given = "the string \"\(value)\""
        }
        return StringsError(.argumentType, "\(placeholder.text) cannot format \(given)")
    }
}

extension Double {
    /// ⌊log₁₀ self⌋ for a positive finite value, exact at powers of ten.
    fileprivate var log10Floor: Double {
        var exponent = 0.0
        var value = self
        while value >= 10 { value /= 10; exponent += 1 }
        while value < 1 { value *= 10; exponent -= 1 }
        return exponent
    }
}
