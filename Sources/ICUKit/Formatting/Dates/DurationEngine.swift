internal import CICU

/// The ICU side of a ``DurationFormatter`` for one locale and units style.
final class DurationEngine: Sendable {
    struct Key: Hashable, Sendable {
        var locale: LocaleID
        var style: DurationFormatter.UnitsStyle
    }
    static let cache = ConfigurationCache<Key, DurationEngine>()

    private let unitFormatters: [DurationFormatter.Unit: ICUNumberFormatter]
    private let plain: ICUNumberFormatter
    private let padded: ICUNumberFormatter
    private let list: ICUListFormatter
    private let spellOut: ICUPool<ICUHandle>?
    private let caseMap: ICUPool<ICUHandle>
    let separators: (hour: String, minute: String)
    /// CLDR's approximately pattern of the locale (`miscPatterns/approximately`, "~{0}" in
    /// English, "≈{0}" in German) as the text before and after the value.
    let approximately: (prefix: String, suffix: String)
    let minusSign: String
    /// Spell-out rule sets that agree with each unit's grammatical gender ("une heure").
    private let spellOutRules: [DurationFormatter.Unit: [UInt16]]

    init(_ key: Key) throws(FormattingError) {
        let locale = key.locale.identifier
        let width = switch key.style {
        case .abbreviated: "unit-width-narrow"
        case .brief, .short: "unit-width-short"
        case .full, .spellOut, .positional: "unit-width-full-name"
        }
        var formatters: [DurationFormatter.Unit: ICUNumberFormatter] = [:]
        if key.style != .positional {
            for unit in DurationFormatter.Unit.allCases {
                formatters[unit] = try ICUNumberFormatter(skeleton: "measure-unit/duration-\(unit.rawValue) \(width) group-auto", locale: key.locale)
            }
        }
        unitFormatters = formatters
        plain = try ICUNumberFormatter(skeleton: "group-auto", locale: key.locale)
        padded = try ICUNumberFormatter(skeleton: "integer-width/*00 group-off", locale: key.locale)
        let listWidth: ListStyle.Width = switch key.style {
        case .abbreviated, .brief: .narrow
        case .short: .short
        case .full, .spellOut, .positional: .wide
        }
        list = try ICUListFormatter(ListStyle(type: .units, width: listWidth), locale: key.locale)
        if key.style == .spellOut {
            let openRules: @Sendable () throws(ICUError) -> ICUHandle = { () throws(ICUError) in
                ICUHandle(try ICU.unum_open(UNUM_SPELLOUT, locale, operation: "unum_open(spellout)")) { unum_close($0) }
            }
            spellOut = try FormattingError.wrapping { () throws(ICUError) in try ICUPool(capacity: 8, make: openRules) }
        } else {
            spellOut = nil
        }
        let openCaseMap: @Sendable () throws(ICUError) -> ICUHandle = { () throws(ICUError) in
            ICUHandle(try ICU.ucasemap_open(locale: locale, options: UInt32(U_TITLECASE_NO_LOWERCASE | U_TITLECASE_SENTENCES))) { ucasemap_close($0) }
        }
        caseMap = try FormattingError.wrapping { () throws(ICUError) in try ICUPool(capacity: 8, make: openCaseMap) }
        separators = Self.positionalSeparators(locale: locale)
        approximately = Self.approximatelyAffixes(key.locale)
        minusSign = Self.symbol(UNUM_MINUS_SIGN_SYMBOL, locale: locale) ?? "-"
        var rules: [DurationFormatter.Unit: [UInt16]] = [:]
        if let spellOut {
            let fallback = spellOut.withHandle { rules in try? ICU.unum_getTextAttribute(rules, UNUM_DEFAULT_RULESET) } ?? ""
            for unit in DurationFormatter.Unit.allCases {
                let gender = Self.unitResource(["units", "duration", unit.rawValue, "gender"], locale: locale)
                let candidates = (gender.map { ["%spellout-cardinal-\($0)"] } ?? []) + ["%spellout-cardinal", fallback]
                rules[unit] = spellOut.withHandle { handle in
                    candidates.lazy.map { Array($0.utf16) }.first { name in
                        (try? ICU.unum_setTextAttribute(handle, UNUM_DEFAULT_RULESET, name)) != nil && !name.isEmpty
                    }
                }
            }
        }
        spellOutRules = rules
    }

    /// The separators of CLDR's positional duration pattern (`durationUnits/hms`, such as
    /// `h:mm:ss` or `h.mm.ss`), between hours and minutes and between minutes and seconds.
    static func positionalSeparators(locale: String) -> (hour: String, minute: String) {
        guard let text = unitResource(["durationUnits", "hms"], locale: locale) else { return (":", ":") }
        // "h:mm:ss" → literals between the h, m and s runs (quotes removed).
        var literals: [String] = [], current = "", inField = false
        for c in text {
            if "hms".contains(c) {
                if !inField && !current.isEmpty { literals.append(current.replacingQuotes()); current = "" }
                inField = true
            } else {
                inField = false
                current.append(c)
            }
        }
        guard literals.count >= 2 else { return (":", ":") }
        return (literals[0], literals[1])
    }

    /// ICU's package name of CLDR unit data, such as `icudt72l-unit`.
    static let unitTree = "icudt\(ICUVersion.icu.prefix { $0 != "." })\(UInt16(1).littleEndian == 1 ? "l" : "b")-unit"

    /// CLDR unit data (`icudt72l-unit`): the string at `path`, or `nil`.
    static func unitResource(_ path: [String], locale: String) -> String? {
        ICU.ures_string(unitTree, locale, path: path)
    }

    /// The locale's approximately pattern, as ICU applies it: its number range formatter
    /// writes a range with equal ends through CLDR's `approximately` pattern (in the
    /// locale's numbering system, with locale inheritance), so the text around the plain
    /// number is the pattern's prefix and suffix. Falls back to the approximately sign.
    static func approximatelyAffixes(_ locale: LocaleID) -> (prefix: String, suffix: String) {
        if let plain = try? ICUNumberFormatter(skeleton: "", locale: locale).format(5),
           let marked = try? NumberRangeFormatter(skeleton: "", locale: locale).format(5, 5),
           marked != plain, let found = marked.firstRange(of: plain) {
            return (String(marked[..<found.lowerBound]), String(marked[found.upperBound...]))
        }
        return (symbol(UNUM_APPROXIMATELY_SIGN_SYMBOL, locale: locale.identifier) ?? "~", "")
    }

    static func symbol(_ symbol: Int32, locale: String) -> String? {
        guard let format = try? ICU.unum_open(UNUM_DECIMAL, locale, operation: "unum_open") else { return nil }
        defer { unum_close(format) }
        let text = try? ICU.unum_getSymbol(format, symbol)
        return text.flatMap { $0.isEmpty ? nil : $0 }
    }

    private func number(_ formatter: ICUNumberFormatter, _ value: Int64) throws(FormattingError) -> String {
        try formatter.format(Int(value))
    }

    private func spelledOut(_ value: Int64, unit: DurationFormatter.Unit) throws(FormattingError) -> String {
        guard let spellOut else { return String(value) }
        let ruleSet = spellOutRules[unit] ?? []
        return try FormattingError.wrapping { () throws(ICUError) in
            try spellOut.withHandle { (rules) throws(ICUError) -> String in
                // A rule set that ICU refuses leaves the previous one (the default) in place.
                if !ruleSet.isEmpty { try? ICU.unum_setTextAttribute(rules, UNUM_DEFAULT_RULESET, ruleSet) }
                return try ICU.unum_formatInt64(rules, value)
            }
        }
    }

    func render(_ values: [(DurationFormatter.Unit, UInt64)], negative: Bool, positional: Bool, padded pad: Bool) throws(FormattingError) -> String {
        if positional {
            var text = ""
            for (index, (unit, value)) in values.enumerated() {
                let signed = index == 0 && negative ? -Int64(value) : Int64(value)
                if index > 0 { text += unit == .second ? separators.minute : separators.hour }
                // -5 s is "-0:05": a leading zero field carries no sign of its own.
                if index == 0 && negative && value == 0 { text += minusSign }
                text += try number(index == 0 && !pad ? plain : padded, signed)
            }
            return text
        }
        var items: [String] = []
        for (unit, value) in values {
            var item = try number(unitFormatters[unit]!, Int64(value))
            if spellOut != nil {
                let digits = try number(plain, Int64(value))
                if let range = item.firstRange(of: digits) {
                    item.replaceSubrange(range, with: try spelledOut(Int64(value), unit: unit))
                }
            }
            items.append(item)
        }
        // The sign goes before the whole list: some plural forms have no number to carry
        // it (Arabic "ساعة" is "1 hour").
        if negative { return minusSign + (try list(items)) }
        return try list(items)
    }

    private func list(_ items: [String]) throws(FormattingError) -> String {
        if items.count == 1 { return items[0] }
        return try list.format(items)
    }

    /// Titlecases the first letter of `text`, locale-aware, leaving the rest as it is.
    func capitalizeFirst(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return (try? caseMap.withHandle { (map) throws(ICUError) -> String in try ICU.titlecased(map, bytes) }) ?? text
    }
}

private extension String {
    /// A CLDR pattern literal without its quotes (`'h'` → `h`, `''` → `'`).
    func replacingQuotes() -> String {
        var out = "", previousQuote = false
        for c in self {
            if c == "'" {
                if previousQuote { out.append("'"); previousQuote = false } else { previousQuote = true }
            } else {
                previousQuote = false
                out.append(c)
            }
        }
        return out
    }
}
