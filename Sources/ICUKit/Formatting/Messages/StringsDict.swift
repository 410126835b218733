/// Apple `.stringsdict` plural entries, read from their XML property list and resolved
/// with ICU's plural rules, so existing localizations work on Linux (where Foundation
/// crashes on them).
///
/// ```swift
/// let dict = try StringsDict(xml: xmlText)
/// try dict.format("files", locale: LocaleID("ru"), 3)   // "3 файла"
/// ```
///
/// Supported: `NSStringLocalizedFormatKey` with `%#@variable@` references (also
/// positional `%1$#@variable@`), `NSStringPluralRuleType` variables with the categories
/// zero/one/two/few/many/other (`zero` used for 0 when present, as Apple does), and the
/// printf conversions `%d %i %u %ld %lld %lu %f %g %@ %%` with positions (`%2$@`).
public struct StringsDict: Sendable {
    /// One plural variable of an entry.
    public struct Variable: Sendable, Hashable {
        /// The printf conversion of the value (`d`, `ld`, `f`, …).
        public let valueType: String
        /// The text per category.
        public let forms: [PluralCategory: String]
    }

    /// One localized entry: the format with `%#@variable@` references and its variables.
    public struct Entry: Sendable, Hashable {
        /// The `NSStringLocalizedFormatKey` format.
        public let format: String
        /// The variables by name.
        public let variables: [String: Variable]
    }

    /// The entries by key.
    public let entries: [String: Entry]

    /// Reads the XML property list of a `.stringsdict` file.
    ///
    /// ```swift
    /// let dict = try StringsDict(xml: String(decoding: bytes, as: UTF8.self))
    /// dict.entries.keys   // ["files", …]
    /// ```
    /// - Throws: ``FormattingError/malformedPropertyList(_:byteOffset:)``, ``FormattingError/invalidEntry(_:)``.
    public init(xml: String) throws(FormattingError) {
        var parser = PropertyListParser(xml)
        let root = try parser.parseDocument()
        guard case .dictionary(let top) = root else { throw .malformedPropertyList("root is not a dict", byteOffset: 0) }
        var entries: [String: Entry] = [:]
        for (key, value) in top {
            guard case .dictionary(let entry) = value else { continue }
            guard case .string(let format)? = entry["NSStringLocalizedFormatKey"] else {
                throw .invalidEntry("\(key): no NSStringLocalizedFormatKey")
            }
            var variables: [String: Variable] = [:]
            for (name, spec) in entry where name != "NSStringLocalizedFormatKey" {
                guard case .dictionary(let spec) = spec else { continue }
                guard case .string("NSStringPluralRuleType")? = spec["NSStringFormatSpecTypeKey"] else { continue }
                var forms: [PluralCategory: String] = [:]
                for category in PluralCategory.allCases {
                    if case .string(let text)? = spec[category.rawValue] { forms[category] = text }
                }
                guard forms[.other] != nil else { throw .invalidEntry("\(key).\(name): no \"other\" form") }
                var valueType = "d"
                if case .string(let type)? = spec["NSStringFormatValueTypeKey"] { valueType = type }
                variables[name] = Variable(valueType: valueType, forms: forms)
            }
            entries[key] = Entry(format: format, variables: variables)
        }
        self.entries = entries
    }

    /// Formats the entry `key` with `arguments`, choosing each plural variable's form by
    /// the locale's plural category of its argument.
    ///
    /// ```swift
    /// try dict.format("files", locale: LocaleID("en"), 1)   // "1 file"
    /// ```
    /// - Throws: ``FormattingError/unknownKey(_:)``, ``FormattingError/invalidEntry(_:)``,
    ///   ``FormattingError/missingArgument(_:)``, and ICU failures.
    /// The corresponding C function is `uplrules_select`.
    public func format(_ key: String, locale: LocaleID, _ arguments: MessageArgument...) throws(FormattingError) -> String {
        try format(key, locale: locale, arguments: arguments)
    }

    /// ``format(_:locale:_:)`` with an array of arguments.
    ///
    /// ```swift
    /// try dict.format("files", locale: LocaleID("en"), arguments: [2])   // "2 files"
    /// ```
    /// The corresponding C function is `uplrules_select`.
    public func format(_ key: String, locale: LocaleID, arguments: [MessageArgument]) throws(FormattingError) -> String {
        guard let entry = entries[key] else { throw FormattingError.unknownKey(key) }
        let rules = try PluralRules(locale: locale)
        // Expand %#@variable@ references: each takes the next (or the numbered) argument.
        var output = ""
        var next = 0
        var rest = Substring(entry.format)
        while let percent = rest.firstIndex(of: "%") {
            output += rest[..<percent]
            let spec = Self.specifier(rest[percent...])
            if let name = spec.variable {
                let position = spec.position ?? next
                next = position + 1
                guard let variable = entry.variables[name] else { throw FormattingError.invalidEntry("\(key): no variable \(name)") }
                guard position < arguments.count else { throw FormattingError.missingArgument(position + 1) }
                let value = Self.number(arguments[position])
                var category = try rules.category(for: value)
                if value == 0, variable.forms[.zero] != nil { category = .zero }
                let form = variable.forms[category] ?? variable.forms[.other]!
                output += try Self.substitute(form, [arguments[position]], consumeFrom: 0)
            } else {
                // Plain conversions of the outer format keep their text for the next pass.
                if spec.conversion != nil, spec.position == nil { next += 1 }
                output += rest[percent..<spec.end]
            }
            rest = rest[spec.end...]
        }
        output += rest
        return try Self.substitute(output, arguments, consumeFrom: 0, keepUnresolved: true)
    }

    private static func number(_ argument: MessageArgument) -> Double {
        switch argument {
        case .number(let value), .date(let value): value
        case .string(let text): Double(text) ?? 0
        }
    }

    struct Specifier {
        var position: Int?
        var variable: String?
        var conversion: String?
        var precision: Int?
        var end: Substring.Index
    }

    /// Parses `%[n$][#@name@ | flags width .precision length conversion]` at the start of `text`.
    static func specifier(_ text: Substring) -> Specifier {
        var index = text.index(after: text.startIndex)
        var spec = Specifier(end: index)
        func digits() -> Int? {
            var value = 0, any = false
            while index < text.endIndex, let digit = text[index].wholeNumberValue, text[index].isASCII {
                value = min(value * 10 + digit, 1_000_000)
                any = true
                index = text.index(after: index)
            }
            return any ? value : nil
        }
        let start = index
        if let n = digits(), index < text.endIndex, text[index] == "$", n > 0 {
            spec.position = n - 1
            index = text.index(after: index)
        } else {
            index = start
        }
        if text[index...].hasPrefix("#@") {
            let nameStart = text.index(index, offsetBy: 2)
            if let close = text[nameStart...].firstIndex(of: "@") {
                spec.variable = String(text[nameStart..<close])
                spec.end = text.index(after: close)
                return spec
            }
        }
        while index < text.endIndex, "-+ 0#'".contains(text[index]) { index = text.index(after: index) }
        _ = digits()
        if index < text.endIndex, text[index] == "." {
            index = text.index(after: index)
            spec.precision = digits() ?? 0
        }
        while index < text.endIndex, "hlqLzjt".contains(text[index]) { index = text.index(after: index) }
        if index < text.endIndex, "dDiuUxXoOfFeEgGaAcCsSp@%".contains(text[index]) {
            spec.conversion = String(text[index])
            index = text.index(after: index)
        }
        spec.end = index
        return spec
    }

    /// Replaces printf conversions in `text` with `arguments` (in order, or by position).
    static func substitute(_ text: String, _ arguments: [MessageArgument], consumeFrom start: Int, keepUnresolved: Bool = false) throws(FormattingError) -> String {
        var output = ""
        var next = start
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            output += rest[..<percent]
            let spec = specifier(rest[percent...])
            defer { rest = rest[spec.end...] }
            guard let conversion = spec.conversion, spec.variable == nil else {
                output += rest[percent..<spec.end]
                continue
            }
            if conversion == "%" { output += "%"; continue }
            let position = spec.position ?? next
            next = position + 1
            guard position < arguments.count else {
                if keepUnresolved { output += rest[percent..<spec.end]; continue }
                throw FormattingError.missingArgument(position + 1)
            }
            let argument = arguments[position]
            switch conversion {
            case "@", "s", "S":
                switch argument {
                case .string(let s): output += s
                case .number(let v), .date(let v): output += v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
                }
            case "f", "F", "e", "E", "g", "G", "a", "A":
                let value = number(argument)
                let formatter = try ICUNumberFormatter(skeleton: "." + String(repeating: "0", count: min(spec.precision ?? 6, 20)) + " group-off", locale: .root)
                output += try formatter.format(value)
            default:
                let value = number(argument)
                output += value.isFinite && abs(value) < 9.2e18 ? String(Int64(value)) : String(value)
            }
        }
        output += rest
        return output
    }
}
