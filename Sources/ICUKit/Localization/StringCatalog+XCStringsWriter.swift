extension StringCatalog {
    /// The catalog as an `.xcstrings` file in Xcode's layout: two-space indentation,
    /// `" : "` between a name and its value, an empty object as `{` blank line `}`, every
    /// object's members sorted as Xcode sorts them (ICU's root collation with numeric
    /// ordering: `"Close split editor"` before `"Close Split Editor"`, `"file2"` before
    /// `"file10"`), only `"` `\` and control characters escaped, and a final newline.
    /// A gettext catalog is converted first (``converted(to:)``).
    ///
    /// ```swift
    /// let bytes = try catalog.xcstrings()
    /// ```
    /// - Throws: ``StringsError`` when a gettext catalog cannot be converted.
    public func xcstrings() throws(StringsError) -> [UInt8] {
        let catalog = origin == .gettext ? try converted(to: .xcstrings) : self
        var out = JSONWriter()
        out.open()
        out.member("sourceLanguage") { $0.string(catalog.sourceLanguage) }
        out.member("strings") { out in
            out.open()
            for key in XcodeOrder.sorted(catalog.keys) {
                let entry = catalog[key]!
                out.member(key) { out in
                    out.open()
                    if let comment = entry.comment { out.member("comment") { $0.string(comment) } }
                    if let state = entry.extractionState { out.member("extractionState") { $0.string(state) } }
                    if !entry.localizations.isEmpty {
                        out.member("localizations") { out in
                            out.open()
                            for language in XcodeOrder.sorted(Array(entry.localizations.keys)) {
                                out.member(language) { Self.write(entry.localizations[language]!, to: &$0) }
                            }
                            out.close()
                        }
                    }
                    if !entry.shouldTranslate { out.member("shouldTranslate") { $0.raw("false") } }
                    out.close()
                }
            }
            out.close()
        }
        out.member("version") { $0.string(catalog.version) }
        out.close()
        out.bytes.append(0x0A)
        return out.bytes
    }

    private static func write(_ localization: Localization, to out: inout JSONWriter) {
        out.open()
        if let unit = localization.unit { out.member("stringUnit") { write(unit, to: &$0) } }
        if !localization.substitutions.isEmpty {
            out.member("substitutions") { out in
                out.open()
                for name in XcodeOrder.sorted(Array(localization.substitutions.keys)) {
                    let substitution = localization.substitutions[name]!
                    out.member(name) { out in
                        out.open()
                        if let argNum = substitution.argNum { out.member("argNum") { $0.raw(String(argNum)) } }
                        out.member("formatSpecifier") { $0.string(substitution.formatSpecifier) }
                        if let unit = substitution.unit { out.member("stringUnit") { write(unit, to: &$0) } }
                        if let variations = substitution.variations { out.member("variations") { write(variations, to: &$0) } }
                        out.close()
                    }
                }
                out.close()
            }
        }
        if let variations = localization.variations { out.member("variations") { write(variations, to: &$0) } }
        out.close()
    }

    private static func write(_ unit: StringUnit, to out: inout JSONWriter) {
        out.open()
        out.member("state") { $0.string(unit.state.rawValue) }
        out.member("value") { $0.string(unit.value) }
        out.close()
    }

    private static func write(_ variations: Variations, to out: inout JSONWriter) {
        out.open()
        let kind = variations.kind == .gettextPlural ? "plural" : variations.kind.rawValue
        out.member(kind) { out in
            out.open()
            for name in XcodeOrder.sorted(Array(variations.cases.keys)) {
                out.member(name) { write(variations.cases[name]!, to: &$0) }
            }
            out.close()
        }
        out.close()
    }
}

/// The order Xcode writes an object's members in: ICU's root collation, numeric.
enum XcodeOrder {
    static let collator: Collator? = try? Collator(options: Collator.Options(numeric: true))

    static func sorted(_ names: [String]) -> [String] {
        guard let collator else { return names.sorted() }
        return names.sorted { a, b in
            switch collator.compare(a, b) {
            case .ascending: true
            case .descending: false
            case .equal: Array(a.utf8).lexicographicallyPrecedes(b.utf8)
            }
        }
    }
}

/// Writes JSON in Xcode's pretty layout.
struct JSONWriter {
    var bytes: [UInt8] = []
    private var depth = 0
    private var counts: [Int] = []

    mutating func open() {
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        counts.append(0)
    }

    mutating func close() {
        depth -= 1
        let count = counts.removeLast()
        bytes.append(0x0A)
        if count == 0 { bytes.append(0x0A) }
        bytes += Array(repeating: 0x20, count: depth * 2)
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func member(_ name: String, _ value: (inout JSONWriter) -> Void) {
        if counts[counts.count - 1] > 0 { bytes.append(UInt8(ascii: ",")) }
        counts[counts.count - 1] += 1
        bytes.append(0x0A)
        bytes += Array(repeating: 0x20, count: depth * 2)
        string(name)
        bytes += Array(" : ".utf8)
        value(&self)
    }

    mutating func raw(_ text: String) { bytes += Array(text.utf8) }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [0x5C, 0x22]
            case UInt8(ascii: "\\"): bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
            case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
