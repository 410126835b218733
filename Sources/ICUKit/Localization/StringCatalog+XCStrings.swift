/// Reading a String Catalog (`.xcstrings`): the JSON Xcode writes, mapped member by member
/// onto the model. A member of the wrong type is an error naming the file, line and key;
/// a duplicate member keeps its last value and is reported in `readingProblems`.
struct XCStringsReader {
    let bytes: [UInt8]
    let file: String
    var problems: [StringsProblem] = []

    init(_ bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private func fail(_ message: String, at offset: Int, key: String?) -> StringsError {
        StringsError(.malformed, message, file: file, line: CatalogJSONParser.line(of: offset, in: bytes), byteOffset: offset, key: key)
    }

    /// The members of an object, the last of each name kept (at its first position), each
    /// duplicate reported.
    private mutating func members(_ value: CatalogJSON, at offset: Int, key: String?, language: String = "", what: String) throws(StringsError) -> [CatalogJSON.Member] {
        guard case .object(let list) = value else { throw fail("\(what) is \(value.typeName), not an object", at: offset, key: key) }
        // Objects of a few members (nearly all of them) are searched in place: no table to build,
        // and without a duplicate no copy either.
        let small = list.count <= 16
        if small, !list.indices.contains(where: { at in list[..<at].contains { $0.key == list[at].key } }) { return list }
        var position: [String: Int] = [:]
        var result: [CatalogJSON.Member] = []
        result.reserveCapacity(list.count)
        for member in list {
            if let at = small ? result.firstIndex(where: { $0.key == member.key }) : position[member.key] {
                problems.append(StringsProblem(file: file, key: key ?? member.key, language: language, severity: .warning, kind: "duplicate-key",
                                               message: "\"\(member.key)\" appears again in \(what) at line \(CatalogJSONParser.line(of: member.offset, in: bytes)); the last value is kept"))
                result[at] = member
            } else {
                if !small { position[member.key] = result.count }
                result.append(member)
            }
        }
        return result
    }

    /// A member Xcode does not write: ignored, and reported so that nothing is dropped unseen.
    private mutating func unknown(_ member: CatalogJSON.Member, in place: String, key: String?) {
        problems.append(StringsProblem(file: file, key: key ?? "", language: "", severity: .warning, kind: "unknown-member",
                                       message: "unknown member \"\(member.key)\" in \(place) at line \(CatalogJSONParser.line(of: member.offset, in: bytes)) is ignored"))
    }

    private func string(_ member: CatalogJSON.Member, key: String?) throws(StringsError) -> String {
        guard case .string(let text) = member.value else { throw fail("\"\(member.key)\" is \(member.value.typeName), not a string", at: member.offset, key: key) }
        return text
    }

    /// The catalog: read straight from the bytes in the common case, member by member
    /// when that reader gives up (findings to report, an error to place).
    mutating func read() throws(StringsError) -> StringCatalog {
        if let catalog = XCStringsDirectReader.read(bytes, file: file) { return catalog }
        return try readMembers()
    }

    /// The catalog read through the JSON tree, member by member.
    mutating func readMembers() throws(StringsError) -> StringCatalog {
        var parser = CatalogJSONParser(bytes, file: file)
        let root = try parser.parseDocument()
        var catalog = StringCatalog(sourceLanguage: "", origin: .xcstrings)
        var strings: CatalogJSON.Member?
        for member in try members(root, at: 0, key: nil, what: "the catalog") {
            switch member.key {
            case "sourceLanguage": catalog.sourceLanguage = try string(member, key: nil)
            case "version": catalog.version = try string(member, key: nil)
            case "strings": strings = member
            default: unknown(member, in: "the catalog", key: nil)
            }
        }
        guard !catalog.sourceLanguage.isEmpty else { throw fail("no sourceLanguage", at: 0, key: nil) }
        if let strings {
            for member in try members(strings.value, at: strings.offset, key: nil, what: "\"strings\"") {
                catalog[member.key] = try entry(member)
            }
        }
        catalog.readingProblems = problems
        return catalog
    }

    private mutating func entry(_ item: CatalogJSON.Member) throws(StringsError) -> StringCatalog.Entry {
        let key = item.key
        var entry = StringCatalog.Entry(key: key)
        for member in try members(item.value, at: item.offset, key: key, what: "the entry") {
            switch member.key {
            case "comment": entry.comment = try string(member, key: key)
            case "extractionState": entry.extractionState = try string(member, key: key)
            case "shouldTranslate":
                guard case .bool(let flag) = member.value else { throw fail("\"shouldTranslate\" is \(member.value.typeName), not a boolean", at: member.offset, key: key) }
                entry.shouldTranslate = flag
            case "localizations":
                for language in try members(member.value, at: member.offset, key: key, what: "\"localizations\"") {
                    entry.localizations[language.key] = try localization(language, key: key, language: language.key)
                }
            default: unknown(member, in: "an entry", key: key)
            }
        }
        return entry
    }

    private mutating func localization(_ item: CatalogJSON.Member, key: String, language: String) throws(StringsError) -> StringCatalog.Localization {
        var result = StringCatalog.Localization()
        for member in try members(item.value, at: item.offset, key: key, language: language, what: "a localization") {
            switch member.key {
            case "stringUnit": result.unit = try unit(member, key: key, language: language)
            case "variations": result.variations = try variations(member, key: key, language: language)
            case "substitutions":
                for name in try members(member.value, at: member.offset, key: key, language: language, what: "\"substitutions\"") {
                    result.substitutions[name.key] = try substitution(name, key: key, language: language)
                }
            default: unknown(member, in: "a localization", key: key)
            }
        }
        return result
    }

    private mutating func unit(_ item: CatalogJSON.Member, key: String, language: String) throws(StringsError) -> StringCatalog.StringUnit {
        var state: String?
        var value: String?
        for member in try members(item.value, at: item.offset, key: key, language: language, what: "\"stringUnit\"") {
            switch member.key {
            case "state": state = try string(member, key: key)
            case "value": value = try string(member, key: key)
            default: unknown(member, in: "a stringUnit", key: key)
            }
        }
        guard let value else { throw fail("a stringUnit without \"value\"", at: item.offset, key: key) }
        return StringCatalog.StringUnit(state: StringCatalog.TranslationState(rawValue: state ?? "translated"), value: value)
    }

    private mutating func variations(_ item: CatalogJSON.Member, key: String, language: String) throws(StringsError) -> StringCatalog.Variations {
        let kinds = try members(item.value, at: item.offset, key: key, language: language, what: "\"variations\"")
        guard kinds.count == 1, let only = kinds.first else {
            throw fail("\"variations\" must hold exactly one of plural, device, width", at: item.offset, key: key)
        }
        let kind: StringCatalog.Variations.Kind
        switch only.key {
        case "plural": kind = .plural
        case "device": kind = .device
        case "width": kind = .width
        default: throw fail("unknown variation \"\(only.key)\"", at: only.offset, key: key)
        }
        var cases: [String: StringCatalog.Localization] = [:]
        for member in try members(only.value, at: only.offset, key: key, language: language, what: "\"\(only.key)\"") {
            cases[member.key] = try localization(member, key: key, language: language)
        }
        return StringCatalog.Variations(kind: kind, cases: cases)
    }

    private mutating func substitution(_ item: CatalogJSON.Member, key: String, language: String) throws(StringsError) -> StringCatalog.Substitution {
        var result = StringCatalog.Substitution(formatSpecifier: "")
        var hasSpecifier = false
        for member in try members(item.value, at: item.offset, key: key, language: language, what: "a substitution") {
            switch member.key {
            case "argNum":
                guard case .number(let text) = member.value, let number = Int(text) else {
                    throw fail("\"argNum\" is not an integer", at: member.offset, key: key)
                }
                result.argNum = number
            case "formatSpecifier": result.formatSpecifier = try string(member, key: key); hasSpecifier = true
            case "variations": result.variations = try variations(member, key: key, language: language)
            case "stringUnit": result.unit = try unit(member, key: key, language: language)
            default: unknown(member, in: "a substitution", key: key)
            }
        }
        guard hasSpecifier else { throw fail("substitution \"\(item.key)\" has no formatSpecifier", at: item.offset, key: key) }
        return result
    }
}
