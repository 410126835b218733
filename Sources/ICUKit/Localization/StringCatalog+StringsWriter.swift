extension StringCatalog {
    /// One language as Apple's run time reads it, what `xcstringstool compile` makes of a
    /// catalog: plain translations in a `.strings` text (`/* comment */` then `"key" =
    /// "value";`), translations with plural, device or width variations or substitutions
    /// in a `.stringsdict` property list (`nil` when there is none). A top-level plural
    /// becomes the format `%#@value@` with one variable; a substitution's `%arg` becomes its
    /// conversion (`%lld`), which reading turns back into `%arg` (an `argNum` is kept only where
    /// the format refers to the variable by position, `%1$#@name@`). States
    /// are not kept (the formats have none); keys without a translation in the language are
    /// left out, as the run time falls back for them.
    ///
    /// ```swift
    /// let (strings, stringsdict) = try catalog.stringsFiles(language: "fr")
    /// ```
    /// - Throws: ``StringsError`` when a gettext catalog cannot be converted.
    public func stringsFiles(language: String) throws(StringsError) -> (strings: [UInt8], stringsdict: [UInt8]?) {
        let catalog = origin == .gettext ? try converted(to: .strings) : self
        var strings = ""
        var dict = ""
        for entry in catalog.entries {
            guard let localization = entry.localizations[language] else { continue }
            if localization.variations == nil, localization.substitutions.isEmpty, let unit = localization.unit {
                if !strings.isEmpty { strings += "\n" }
                if let comment = entry.comment { strings += "/* \(comment.replacing("*/", with: "* /")) */\n" }
                strings += "\"\(Self.stringsEscaped(entry.key))\" = \"\(Self.stringsEscaped(unit.value))\";\n"
            } else {
                dict += "\t<key>\(Self.xmlEscaped(entry.key))</key>\n" + Self.plist(localization, depth: 1)
            }
        }
        let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n"
        return (Array(strings.utf8), dict.isEmpty ? nil : Array((header + dict + "</dict>\n</plist>\n").utf8))
    }

    /// A `.strings` string body: `"` `\` and control characters escaped.
    static func stringsEscaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\U" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }

    private static func tabs(_ depth: Int) -> String { String(repeating: "\t", count: depth) }

    private static func plistString(_ text: String, depth: Int) -> String { tabs(depth) + "<string>\(xmlEscaped(text))</string>\n" }

    /// The property-list value of a localization at `depth` tabs: a `<string>` for a plain
    /// unit, else a `<dict>`.
    private static func plist(_ localization: Localization, depth: Int) -> String {
        let pad = tabs(depth)
        if let variations = localization.variations, variations.kind == .device || variations.kind == .width {
            var out = pad + "<dict>\n" + tabs(depth + 1) + "<key>\(variations.kind == .device ? "NSStringDeviceSpecificRuleType" : "NSStringVariableWidthRuleType")</key>\n"
            out += tabs(depth + 1) + "<dict>\n"
            for name in XcodeOrder.sorted(Array(variations.cases.keys)) {
                out += tabs(depth + 2) + "<key>\(xmlEscaped(name))</key>\n" + plist(variations.cases[name]!, depth: depth + 2)
            }
            return out + tabs(depth + 1) + "</dict>\n" + pad + "</dict>\n"
        }
        if let variations = localization.variations {
            let specifier = firstConversion(in: variations.cases["other"]?.unit?.value ?? variations.cases.values.first?.unit?.value ?? "") ?? "d"
            var out = pad + "<dict>\n" + tabs(depth + 1) + "<key>NSStringLocalizedFormatKey</key>\n" + plistString("%#@value@", depth: depth + 1)
            out += tabs(depth + 1) + "<key>value</key>\n" + variable(variations, specifier: specifier, depth: depth + 1)
            return out + pad + "</dict>\n"
        }
        guard !localization.substitutions.isEmpty else { return plistString(localization.unit?.value ?? "", depth: depth) }
        var out = pad + "<dict>\n" + tabs(depth + 1) + "<key>NSStringLocalizedFormatKey</key>\n" + plistString(localization.unit?.value ?? "", depth: depth + 1)
        for name in XcodeOrder.sorted(Array(localization.substitutions.keys)) {
            let substitution = localization.substitutions[name]!
            let variations = substitution.variations ?? Variations(kind: .plural, cases: ["other": Localization(unit: substitution.unit)])
            out += tabs(depth + 1) + "<key>\(xmlEscaped(name))</key>\n"
            out += variable(variations, specifier: substitution.formatSpecifier, depth: depth + 1)
        }
        return out + pad + "</dict>\n"
    }

    private static func variable(_ variations: Variations, specifier: String, depth: Int) -> String {
        var out = tabs(depth) + "<dict>\n"
        out += tabs(depth + 1) + "<key>NSStringFormatSpecTypeKey</key>\n" + plistString("NSStringPluralRuleType", depth: depth + 1)
        out += tabs(depth + 1) + "<key>NSStringFormatValueTypeKey</key>\n" + plistString(specifier, depth: depth + 1)
        let conversion = "%" + specifier
        for name in PluralCategory.allCases.map(\.rawValue) + XcodeOrder.sorted(variations.cases.keys.filter { PluralCategory(rawValue: $0) == nil }) {
            guard let text = variations.cases[name]?.unit?.value else { continue }
            out += tabs(depth + 1) + "<key>\(xmlEscaped(name))</key>\n" + plistString(text.replacing("%arg", with: conversion), depth: depth + 1)
        }
        return out + tabs(depth) + "</dict>\n"
    }

    /// The conversion of the first printf placeholder in a format (`lld` of `"%lld files"`).
    static func firstConversion(in format: String) -> String? {
        let bytes = Array(format.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else { index += 1; continue }
            var end = index + 1
            while end < bytes.count, "0123456789$-+ #.'".utf8.contains(bytes[end]) { end += 1 }
            let start = end
            while end < bytes.count, "hlqLzjt".utf8.contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return nil }
            if bytes[end] == UInt8(ascii: "%") { index = end + 1; continue }
            if "diouxXeEfgGcsSaAp@".utf8.contains(bytes[end]) { return String(decoding: bytes[start...end], as: UTF8.self) }
            index = end + 1
        }
        return nil
    }
}
