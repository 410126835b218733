/// Reading a `.stringsdict` property list into the model as Xcode's catalog migration does:
/// an entry's `NSStringLocalizedFormatKey` is the unit and each `%#@name@` variable a
/// ``StringCatalog/Substitution`` (its `NSStringFormatValueTypeKey` the format specifier,
/// its plural forms the cases, `argNum` from a positional `%2$#@name@`);
/// `NSStringDeviceSpecificRuleType` and `NSStringVariableWidthRuleType` become device and
/// width variations. Keys other than the known ones are kept as cases, for a check to report.
struct StringsDictReader {
    let text: String
    let file: String
    let language: String
    var problems: [StringsProblem] = []

    private var bytes: [UInt8] { Array(text.utf8) }

    private func fail(_ message: String, at offset: Int, key: String?) -> StringsError {
        StringsError(.malformed, message, file: file, line: CatalogJSONParser.line(of: offset, in: bytes), byteOffset: offset, key: key)
    }

    /// The members of a `<dict>`, the last of each key kept (at its first position).
    private mutating func members(_ value: PropertyListValue, at offset: Int, key: String?, what: String) throws(StringsError) -> [PropertyListMember] {
        guard case .members(let list) = value else { throw fail("\(what) is not a <dict>", at: offset, key: key) }
        var position: [String: Int] = [:]
        var result: [PropertyListMember] = []
        for member in list {
            if let at = position[member.key] {
                problems.append(StringsProblem(file: file, key: key ?? member.key, language: language, severity: .warning, kind: "duplicate-key",
                                               message: "\"\(member.key)\" appears again in \(what) at line \(CatalogJSONParser.line(of: member.offset, in: bytes)); the last value is kept"))
                result[at] = member
            } else {
                position[member.key] = result.count
                result.append(member)
            }
        }
        return result
    }

    mutating func read() throws(StringsError) -> StringCatalog {
        var parser = PropertyListParser(text)
        let root: PropertyListValue
        do { root = try parser.parseDocument() } catch { throw fail(error.reason, at: error.byteOffset, key: nil) }
        var catalog = StringCatalog(sourceLanguage: language, origin: .strings)
        for member in try members(root, at: 0, key: nil, what: "the root") {
            var entry = StringCatalog.Entry(key: member.key)
            entry.localizations[language] = try localization(member, key: member.key)
            catalog[member.key] = entry
        }
        catalog.readingProblems = problems
        return catalog
    }

    private func string(_ member: PropertyListMember, key: String) throws(StringsError) -> String {
        guard case .string(let text) = member.value else { throw fail("<\(member.key)> is not a <string>", at: member.offset, key: key) }
        return text
    }

    /// An entry's dictionary (or a device/width case that is a dictionary itself).
    private mutating func localization(_ item: PropertyListMember, key: String) throws(StringsError) -> StringCatalog.Localization {
        if case .string(let text) = item.value { return .init(unit: .init(state: .translated, value: text)) }
        let list = try members(item.value, at: item.offset, key: key, what: "entry \"\(item.key)\"")
        var result = StringCatalog.Localization()
        var variables: [PropertyListMember] = []
        for member in list {
            switch member.key {
            case "NSStringLocalizedFormatKey":
                result.unit = .init(state: .translated, value: try string(member, key: key))
            case "NSStringDeviceSpecificRuleType", "NSStringVariableWidthRuleType":
                let kind: StringCatalog.Variations.Kind = member.key == "NSStringVariableWidthRuleType" ? .width : .device
                var cases: [String: StringCatalog.Localization] = [:]
                for option in try members(member.value, at: member.offset, key: key, what: member.key) {
                    cases[option.key] = try localization(option, key: key)
                }
                result.variations = .init(kind: kind, cases: cases)
            default:
                variables.append(member)
            }
        }
        let format = result.unit?.value ?? ""
        // A format that is one variable alone ("%#@value@") is a plural of the whole text.
        if variables.count == 1, result.variations == nil, format == "%#@\(variables[0].key)@" || format == "%1$#@\(variables[0].key)@" {
            result.variations = try substitution(variables[0], key: key, argNum: nil, asArg: false).variations
            result.unit = nil
            return result
        }
        for variable in variables {
            guard case .members = variable.value else {
                problems.append(StringsProblem(file: file, key: key, language: language, severity: .warning, kind: "unknown-member",
                                               message: "<\(variable.key)> is not a variable <dict> and is ignored"))
                continue
            }
            result.substitutions[variable.key] = try substitution(variable, key: key, argNum: Self.position(of: variable.key, in: format), asArg: true)
        }
        guard result.unit != nil || result.variations != nil else {
            throw fail("entry has no NSStringLocalizedFormatKey", at: item.offset, key: key)
        }
        return result
    }

    /// A variable; with `asArg`, the conversion of its own argument in each case text
    /// (`%lld`, or `%2$lld` at its position) becomes `%arg`, as in a catalog.
    private mutating func substitution(_ item: PropertyListMember, key: String, argNum: Int?, asArg: Bool) throws(StringsError) -> StringCatalog.Substitution {
        var result = StringCatalog.Substitution(argNum: argNum, formatSpecifier: "")
        var cases: [String: StringCatalog.Localization] = [:]
        var ruleType: String?
        for member in try members(item.value, at: item.offset, key: key, what: "variable \"\(item.key)\"") {
            switch member.key {
            case "NSStringFormatSpecTypeKey": ruleType = try string(member, key: key)
            case "NSStringFormatValueTypeKey": result.formatSpecifier = try string(member, key: key)
            default: cases[member.key] = .init(unit: .init(state: .translated, value: try string(member, key: key)))
            }
        }
        guard ruleType == "NSStringPluralRuleType" else {
            throw fail("variable \"\(item.key)\" has NSStringFormatSpecTypeKey \(ruleType.map { "\"\($0)\"" } ?? "missing"), not NSStringPluralRuleType", at: item.offset, key: key)
        }
        if asArg, !result.formatSpecifier.isEmpty {
            let positional = argNum.map { "%\($0)$" + result.formatSpecifier }
            let plain = "%" + result.formatSpecifier
            for (name, text) in cases {
                guard var value = text.unit?.value,
                      let range = positional.flatMap({ value.firstRange(of: $0) }) ?? value.firstRange(of: plain) else { continue }
                value.replaceSubrange(range, with: "%arg")
                cases[name]?.unit?.value = value
            }
        }
        result.variations = .init(kind: .plural, cases: cases)
        return result
    }

    /// The position `N` of a `%N$#@name@` reference in a format, if it is positional.
    static func position(of name: String, in format: String) -> Int? {
        let marker = Array("$#@\(name)@".utf8)
        let bytes = Array(format.utf8)
        guard marker.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - marker.count) where bytes[start..<start + marker.count].elementsEqual(marker) {
            var digitsStart = start
            while digitsStart > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digitsStart - 1]) { digitsStart -= 1 }
            guard digitsStart < start, digitsStart > 0, bytes[digitsStart - 1] == UInt8(ascii: "%") else { continue }
            return Int(String(decoding: bytes[digitsStart..<start], as: UTF8.self))
        }
        return nil
    }
}
