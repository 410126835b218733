import FoundationEssentials

extension StringCatalog {
    /// One language as a GNU gettext `.po` file: a header (`Language`, UTF-8,
    /// `Plural-Forms`, `X-Source-Language` when the source is not English), then each key
    /// as `msgid` (a key with U+0004 as `msgctxt` and `msgid`), its comment as `#.` lines, a
    /// plural as `msgid_plural` (the source language's last form) and `msgstr[i]`; a
    /// translation whose state is not `translated` is marked `#, fuzzy`, followed by the
    /// entry's ``Entry/gettextFlags`` (`#, fuzzy, c-format`); a key without a
    /// translation gets an empty `msgstr`. Substitutions have no gettext form: their unit is
    /// written as is; device and width variations give their `other` case.
    ///
    /// ```swift
    /// let po = try catalog.poFile(language: "ru")
    /// ```
    /// - Throws: ``StringsError`` (`.unknownLanguage`) when the language has no `Plural-Forms`.
    public func poFile(language: String) throws(StringsError) -> [UInt8] {
        let catalog = try converted(to: .gettext)
        let source = catalog.sourceLanguage
        var out = "msgid \"\"\nmsgstr \"\"\n"
        var header = "Language: \(language.replacing("-", with: "_"))\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n"
        if let forms = catalog.gettextPluralForms[language] { header += "Plural-Forms: \(forms)\n" }
        if source != "en" { header += "X-Source-Language: \(source)\n" }
        for line in header.split(separator: "\n") { out += "\"\(Self.poEscaped(String(line)))\\n\"\n" }
        for entry in catalog.entries {
            out += "\n"
            if let comment = entry.comment {
                for line in comment.split(separator: "\n", omittingEmptySubsequences: false) { out += "#. \(line)\n" }
            }
            let translation = entry.shouldTranslate ? entry.localizations[language].map(Self.plain) : nil
            let sourceText = entry.localizations[source].map(Self.plain)
            let plural = translation?.variations ?? sourceText?.variations
            var flags = entry.gettextFlags
            if let translation, Self.states(of: translation).contains(where: { $0 != .translated }) { flags.insert("fuzzy", at: 0) }
            if !flags.isEmpty { out += "#, " + flags.joined(separator: ", ") + "\n" }
            var id = entry.key
            if let separator = entry.key.firstIndex(of: "\u{4}") {
                out += Self.poString("msgctxt", String(entry.key[..<separator]))
                id = String(entry.key[entry.key.index(after: separator)...])
            }
            out += Self.poString("msgid", id)
            if let plural {
                let written = (translation?.variations?.cases.keys.compactMap { Int($0) }.max() ?? -1) + 1
                // The forms a translation has (as many as read); nplurals empty ones without one.
                let count = written > 0 ? written : catalog.gettextPluralForms[language].flatMap { try? GettextPluralRule($0).count } ?? plural.cases.count
                let sourceForms = sourceText?.variations?.cases
                let last = sourceForms.flatMap { cases in cases.keys.compactMap(Int.init).max().flatMap { cases[String($0)]?.unit?.value } }
                out += Self.poString("msgid_plural", last ?? id)
                for index in 0..<max(count, 1) {
                    out += Self.poString("msgstr[\(index)]", translation?.variations?.cases[String(index)]?.unit?.value ?? "")
                }
            } else {
                out += Self.poString("msgstr", translation?.unit?.value ?? "")
            }
        }
        return Array(out.utf8)
    }

    /// What ``poFile(language:)`` cannot write for `language`, one warning per key (kind
    /// `not-in-gettext`): the device and width cases other than the one written, and
    /// substitutions, whose `%#@name@` text is written as is without their plural forms.
    /// An empty list means the `.po` file holds every translation of that language.
    ///
    /// ```swift
    /// for problem in catalog.gettextLosses(language: "de") { print(problem) }
    /// // de.po:tap:de: warning: not-in-gettext: the device case "mac" ("Klicken") is left out: gettext has no device variations
    /// ```
    public func gettextLosses(language: String) -> [StringsProblem] {
        var problems: [StringsProblem] = []
        let file = language.replacing("-", with: "_") + ".po"
        for entry in entries where entry.shouldTranslate || language == sourceLanguage {
            guard let localization = entry.localizations[language] else { continue }
            var lost: [String] = []
            func visit(_ localization: Localization) {
                for name in localization.substitutions.keys.sorted() {
                    lost.append("the substitution %#@\(name)@ is written as is, without its variations: gettext has no substitutions")
                }
                guard let variations = localization.variations else { return }
                guard variations.kind == .device || variations.kind == .width else {
                    for name in variations.cases.keys.sorted() { visit(variations.cases[name]!) }
                    return
                }
                let kept = Self.keptCase(of: variations)
                let kind = variations.kind == .device ? "device" : "width"
                for name in XcodeOrder.sorted(Array(variations.cases.keys)) where name != kept {
                    let text = variations.cases[name]?.unit.map { " (\"\($0.value)\")" } ?? ""
                    lost.append("the \(kind) case \"\(name)\"\(text) is left out: gettext has no \(kind) variations")
                }
                if let chosen = variations.cases[kept] { visit(chosen) }
            }
            visit(localization)
            for message in lost {
                problems.append(StringsProblem(file: file, key: entry.key, language: language, severity: .warning, kind: "not-in-gettext", message: message))
            }
        }
        return problems
    }

    /// Device and width variations reduced to their `other` (else first) case.
    private static func plain(_ localization: Localization) -> Localization {
        guard let variations = localization.variations, variations.kind == .device || variations.kind == .width else { return localization }
        return plain(variations.cases[keptCase(of: variations)] ?? Localization(unit: localization.unit))
    }

    /// The device or width case a `.po` file keeps: `other`, else the first in Xcode's order.
    private static func keptCase(of variations: Variations) -> String {
        variations.cases["other"] != nil ? "other" : XcodeOrder.sorted(Array(variations.cases.keys)).first ?? ""
    }

    private static func states(of localization: Localization) -> [TranslationState] {
        (localization.unit.map { [$0.state] } ?? []) + (localization.variations?.cases.values.flatMap(states) ?? [])
    }

    private static func poString(_ keyword: String, _ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 1 else { return "\(keyword) \"\(poEscaped(text))\"\n" }
        var out = "\(keyword) \"\"\n"
        for (index, line) in lines.enumerated() where !(index == lines.count - 1 && line.isEmpty) {
            out += "\"\(poEscaped(String(line)))\(index < lines.count - 1 ? "\\n" : "")\"\n"
        }
        return out
    }

    /// `text` as the body of a `.po` string (also how a `.mo` header is read back as `.po`).
    static func poEscaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            case "\u{7}": output += "\\a"
            case "\u{8}": output += "\\b"
            case "\u{B}": output += "\\v"
            case "\u{C}": output += "\\f"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Writes the catalog at `path` in a format: `.xcstrings` one file; `.strings` a
    /// folder of `<lang>.lproj` with `<table>.strings` (and `<table>.stringsdict` where
    /// needed); `.gettext` a folder of `<lang>.po` files (the source language too, so that
    /// its plural forms are kept). Folders are created as needed.
    ///
    /// ```swift
    /// try catalog.write(to: "Resources", as: .strings)
    /// ```
    /// - Throws: ``StringsError`` (`.unwritable`, or a conversion failure).
    public func write(to path: String, as format: Origin, table: String = "Localizable") throws(StringsError) {
        switch format {
        case .xcstrings:
            try Self.store(try xcstrings(), at: path)
        case .strings:
            for language in languages {
                let (strings, dict) = try stringsFiles(language: language)
                let folder = "\(path)/\(language).lproj"
                try Self.store(strings, at: "\(folder)/\(table).strings")
                if let dict { try Self.store(dict, at: "\(folder)/\(table).stringsdict") }
            }
        case .gettext:
            for language in languages {
                try Self.store(try poFile(language: language), at: "\(path)/\(language.replacing("-", with: "_")).po")
            }
        }
    }

    static func store(_ bytes: [UInt8], at path: String) throws(StringsError) {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        } catch {
            throw StringsError(.unwritable, "cannot create the folder", file: folder)
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw StringsError(.unwritable, "cannot write the file", file: path)
        }
    }
}
