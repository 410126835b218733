import FoundationEssentials

extension StringCatalog {
    /// A file format ICUKit reads and writes.
    public enum FileFormat: String, Sendable, Hashable, CaseIterable {
        /// A String Catalog (JSON).
        case xcstrings
        /// An old-style property-list text of `"key" = "value";` pairs.
        case strings
        /// An XML property list of plural, device and width variations.
        case stringsdict
        /// A GNU gettext portable object (text).
        case po
        /// A GNU gettext machine object (binary, as `msgfmt` writes it).
        case mo

        /// The format of a file by its extension, `nil` for another one.
        ///
        /// ```swift
        /// StringCatalog.FileFormat(fileName: "fr.lproj/Localizable.strings")   // .strings
        /// ```
        public init?(fileName: String) {
            guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
            self.init(rawValue: String(fileName[fileName.index(after: dot)...]).lowercased())
        }
    }

    /// Reads a catalog from a file or folder: an `.xcstrings`, `.strings`, `.stringsdict`,
    /// `.po` or `.mo` file; a folder of `<lang>.lproj` folders holding `<table>.strings`
    /// and `<table>.stringsdict` (`Base.lproj` fills in the development language, `en`
    /// when an `en.lproj` exists); or a folder of `.po`/`.mo` files, one per language.
    ///
    /// A file whose name has none of these extensions (a pipe, `/dev/stdin`) is read once
    /// and its format told from its first bytes (``FileFormat/init(sniffing:)``).
    ///
    /// A lone `.strings` or `.stringsdict` file takes the language of its `.lproj` folder
    /// (`en` outside one); a gettext file the language of its `Language` header, else its
    /// file name. Non-fatal findings (duplicate keys) go to ``readingProblems``.
    ///
    /// ```swift
    /// let catalog = try StringCatalog(contentsOf: "Resources/Localizable.xcstrings")
    /// let bundle = try StringCatalog(contentsOf: "Resources", table: "Localizable")
    /// ```
    /// - Throws: ``StringsError`` naming the file and line (or byte offset) and key:
    ///   `.unreadable`, `.malformed`, `.unsupportedFormat`.
    public init(contentsOf path: String, table: String = "Localizable") throws(StringsError) {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: path) {
            self = try Self.readFolder(path, names: names.sorted(), table: table)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else { throw StringsError(.unreadable, "no such file or folder", file: path) }
        let bytes = try Self.contents(of: path)
        guard let format = FileFormat(fileName: path) ?? FileFormat(sniffing: bytes) else {
            // A pipe or FIFO with nothing in it has no name to go by and no content to tell from.
            if bytes.isEmpty { throw StringsError(.malformed, "empty input: no file format to tell from it", file: path) }
            throw StringsError(.unsupportedFormat, "not an .xcstrings, .strings, .stringsdict, .po or .mo file (by name or content)", file: path)
        }
        self = try StringCatalog(bytes: bytes, format: format, language: Self.language(ofFileAt: path, format: format), file: path)
    }

    /// Reads a catalog from the bytes of one file.
    ///
    /// `language` is the language of a `.strings` or `.stringsdict` file (default `en`)
    /// and the fallback language of a gettext file without a `Language` header; `file`
    /// names the file in errors.
    ///
    /// ```swift
    /// let catalog = try StringCatalog(bytes: Array("\"ok\" = \"OK\";".utf8), format: .strings, language: "en")
    /// catalog["ok"]?.localizations["en"]?.unit?.value   // "OK"
    /// ```
    /// - Throws: ``StringsError`` (`.malformed`) naming the file, line or byte offset, and key.
    public init(bytes: [UInt8], format: FileFormat, language: String? = nil, file: String = "") throws(StringsError) {
        switch format {
        case .xcstrings:
            var reader = XCStringsReader(bytes, file: file)
            self = try reader.read()
        case .strings:
            let text = try LocalizedText.decode(bytes, file: file)
            var parser = StringsFileParser(text, file: file)
            self = Self.catalog(of: try parser.parse(), language: language ?? "en", file: file)
        case .stringsdict:
            var reader = StringsDictReader(text: try LocalizedText.decode(bytes, file: file), file: file, language: language ?? "en")
            self = try reader.read()
        case .po:
            var reader = try GettextPOReader(bytes: bytes, file: file, fallbackLanguage: language)
            self = try reader.read()
        case .mo:
            self = try GettextMOReader(bytes, file: file, fallbackLanguage: language).read()
        }
    }

    private static func catalog(of items: [StringsFileParser.Item], language: String, file: String) -> StringCatalog {
        var catalog = StringCatalog(sourceLanguage: language, origin: .strings)
        var lines: [String: Int] = [:]
        for item in items {
            if let first = lines[item.key] {
                catalog.readingProblems.append(StringsProblem(file: file, key: item.key, language: language, severity: .warning, kind: "duplicate-key",
                                                              message: "defined on line \(first) and again on line \(item.line); the last value is kept"))
            }
            lines[item.key] = lines[item.key] ?? item.line
            var entry = catalog[item.key] ?? Entry(key: item.key)
            entry.comment = item.comment ?? entry.comment
            entry.localizations[language] = Localization(unit: StringUnit(state: .translated, value: item.value))
            catalog[item.key] = entry
        }
        return catalog
    }

    /// The bytes of a file; a pipe, FIFO or `/dev/stdin` (anything but a regular file) is
    /// read once to its end.
    static func contents(of path: String) throws(StringsError) -> [UInt8] {
        if let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType, type != .typeRegular {
            guard let bytes = Platform.readAll(atPath: path) else { throw StringsError(.unreadable, "cannot read the file", file: path) }
            return bytes
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw StringsError(.unreadable, exists ? "cannot read the file" : "no such file", file: path)
        }
        return [UInt8](data)
    }

    /// The language of a `.strings`/`.stringsdict` file from its `.lproj` folder; of a
    /// gettext file from its name (`pt_BR.po` → `pt-BR`), used without a `Language` header.
    static func language(ofFileAt path: String, format: FileFormat) -> String? {
        let parts = path.split(separator: "/")
        switch format {
        case .strings, .stringsdict:
            guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
            let folder = parts[parts.count - 2].dropLast(6)
            return folder == "Base" ? nil : String(folder)
        case .po, .mo:
            guard let name = parts.last, let dot = name.lastIndex(of: ".") else { return nil }
            return gettextLanguage(String(name[..<dot]))
        case .xcstrings:
            return nil
        }
    }

    /// A gettext language name (`pt_BR`, `sr@latin`) as a BCP 47 tag (`pt-BR`, `sr-Latn`).
    static func gettextLanguage(_ name: String) -> String {
        var base = name
        var script: String?
        if let at = base.firstIndex(of: "@") {
            let modifier = base[base.index(after: at)...]
            if modifier == "latin" { script = "Latn" } else if modifier == "cyrillic" { script = "Cyrl" }
            base = String(base[..<at])
        }
        if let dot = base.firstIndex(of: ".") { base = String(base[..<dot]) }
        // Parts are runs of ASCII letters and digits: `_`, `-` and anything a malformed header
        // holds separate them and empty parts are dropped, so a name read, written (with `_`)
        // and read again is the same name.
        var parts = base.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }).map(String.init)
        if let script, !parts.isEmpty { parts.insert(script, at: 1) }
        return parts.joined(separator: "-")
    }

    private static func readFolder(_ path: String, names: [String], table: String) throws(StringsError) -> StringCatalog {
        let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        let lprojs = names.filter { $0.hasSuffix(".lproj") }
        if !lprojs.isEmpty {
            let languages = lprojs.map { String($0.dropLast(6)) }
            let source = languages.contains("en") || !languages.contains(where: { $0 != "Base" }) ? "en" : languages.first { $0 != "Base" }!
            var catalog = StringCatalog(sourceLanguage: source, origin: .strings)
            // The development language first, Base after it (filling in), then the others.
            let order = languages.sorted { rank($0, source) < rank($1, source) }
            for language in order {
                for format in [FileFormat.strings, .stringsdict] {
                    let file = "\(folder)/\(language).lproj/\(table).\(format.rawValue)"
                    guard FileManager.default.fileExists(atPath: file) else { continue }
                    let part = try StringCatalog(bytes: contents(of: file), format: format, language: language == "Base" ? source : language, file: file)
                    catalog.absorb(part, replacing: language != "Base")
                }
            }
            return catalog
        }
        let gettext = names.filter { FileFormat(fileName: $0) == .po || FileFormat(fileName: $0) == .mo }
        guard !gettext.isEmpty else {
            throw StringsError(.unsupportedFormat, "the folder holds no .lproj folders and no .po or .mo files", file: path)
        }
        var parts: [StringCatalog] = []
        var seen = Set<String>()
        // A .po file wins over the .mo file of the same name.
        for name in gettext.sorted(by: { ($0.hasSuffix(".mo") ? 1 : 0, $0) < ($1.hasSuffix(".mo") ? 1 : 0, $1) }) {
            let stem = String(name[..<name.lastIndex(of: ".")!])
            guard seen.insert(stem).inserted else { continue }
            let file = "\(folder)/\(name)"
            let format = FileFormat(fileName: name)!
            parts.append(try StringCatalog(bytes: contents(of: file), format: format, language: language(ofFileAt: file, format: format), file: file))
        }
        var catalog = StringCatalog(sourceLanguage: parts[0].sourceLanguage, origin: .gettext)
        // The source language's own file last: its msgstr forms win over the msgids.
        let sourceOnly = parts.map { part in part.keys.allSatisfy { part[$0]!.localizations.keys.allSatisfy { $0 == part.sourceLanguage } } }
        catalog.absorb(parts.indices.filter { !sourceOnly[$0] }.map { parts[$0] } + parts.indices.filter { sourceOnly[$0] }.map { parts[$0] }, replacing: true)
        return catalog
    }

    private static func rank(_ language: String, _ source: String) -> (Int, String) {
        (language == source ? 0 : language == "Base" ? 1 : 2, language)
    }

    /// Adds another catalog's entries: new keys at the end, new languages to existing keys
    /// (an existing translation is replaced only when `replacing`), its plural forms and
    /// reading problems.
    mutating func absorb(_ other: StringCatalog, replacing: Bool) {
        for entry in other.entries {
            guard var existing = self[entry.key] else { self[entry.key] = entry; continue }
            existing.absorb(entry, replacing: replacing)
            self[entry.key] = existing
        }
        gettextPluralForms.merge(other.gettextPluralForms) { mine, theirs in replacing ? theirs : mine }
        readingProblems += other.readingProblems
    }

    /// ``absorb(_:replacing:)`` of each part in turn, the entries merged in one table where
    /// each changes in place (absorbing part by part copies an entry's translations each time).
    mutating func absorb(_ parts: [StringCatalog], replacing: Bool) {
        var order = keys
        var table = [String: Entry](minimumCapacity: parts.map(\.keys.count).max() ?? 0)
        for key in keys { table[key] = self[key] }
        for other in parts {
            for key in other.keys {
                guard let index = table.index(forKey: key) else { table[key] = other[key]; order.append(key); continue }
                table.values[index].absorb(other[key]!, replacing: replacing)
            }
            gettextPluralForms.merge(other.gettextPluralForms) { mine, theirs in replacing ? theirs : mine }
            readingProblems += other.readingProblems
        }
        for key in order { self[key] = table[key] }
    }
}

extension StringCatalog.Entry {
    /// Merges another entry of the same key: the first comment, extraction state and flags
    /// stay; new languages are added, existing ones replaced only when `replacing`.
    fileprivate mutating func absorb(_ entry: StringCatalog.Entry, replacing: Bool) {
        comment = comment ?? entry.comment
        extractionState = extractionState ?? entry.extractionState
        if gettextFlags.isEmpty { gettextFlags = entry.gettextFlags }
        for (language, localization) in entry.localizations where replacing || localizations[language] == nil {
            localizations[language] = localization
        }
    }
}
