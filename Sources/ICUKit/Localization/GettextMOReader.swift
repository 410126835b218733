/// Reading a GNU gettext `.mo` file (as `msgfmt` writes it) into the model, in either byte
/// order: the magic number `0x950412de`, a major revision 0 or 1, then the tables of
/// original and translated strings, every offset and length checked against the file
/// (a typed error with the byte offset of the bad table field). Entries map as a `.po`
/// file's do (``GettextPOReader``); a `.mo` file holds neither comments nor fuzzy entries.
struct GettextMOReader {
    let bytes: [UInt8]
    let file: String
    let fallbackLanguage: String?

    init(_ bytes: [UInt8], file: String, fallbackLanguage: String?) {
        self.bytes = bytes
        self.file = file
        self.fallbackLanguage = fallbackLanguage
    }

    private func fail(_ message: String, at offset: Int, key: String? = nil) -> StringsError {
        StringsError(.malformed, message, file: file, byteOffset: offset, key: key)
    }

    private func word(at offset: Int, bigEndian: Bool) throws(StringsError) -> Int {
        guard offset >= 0, offset + 4 <= bytes.count else { throw fail("the file ends inside its header or a table", at: min(offset, bytes.count)) }
        let b = bytes[offset..<offset + 4].map(UInt32.init)
        return Int(bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0])
    }

    /// The string of table entry `index` (length, offset) at `table`.
    private func string(table: Int, index: Int, bigEndian: Bool) throws(StringsError) -> [UInt8] {
        let field = table + index * 8
        let length = try word(at: field, bigEndian: bigEndian)
        let start = try word(at: field + 4, bigEndian: bigEndian)
        guard start <= bytes.count, length < bytes.count - start else {
            throw fail("string \(index) (offset \(start), length \(length)) lies outside the file", at: field)
        }
        guard bytes[start + length] == 0 else { throw fail("string \(index) is not followed by a NUL byte", at: field) }
        return Array(bytes[start..<start + length])
    }

    private func text(_ raw: ArraySlice<UInt8>, at offset: Int, key: String?) throws(StringsError) -> String {
        guard let text = String(validating: raw, as: UTF8.self) else { throw fail("a string is not valid UTF-8", at: offset, key: key) }
        return text
    }

    func read() throws(StringsError) -> StringCatalog {
        guard bytes.count >= 28 else { throw fail("too short for a .mo header", at: 0) }
        let magic = bytes[0..<4]
        let bigEndian: Bool
        if magic.elementsEqual([0xDE, 0x12, 0x04, 0x95]) { bigEndian = false } else if magic.elementsEqual([0x95, 0x04, 0x12, 0xDE]) { bigEndian = true } else {
            throw fail("not a .mo file (bad magic number)", at: 0)
        }
        let revision = try word(at: 4, bigEndian: bigEndian)
        guard revision >> 16 <= 1 else { throw fail("unsupported major revision \(revision >> 16)", at: 4) }
        let count = try word(at: 8, bigEndian: bigEndian)
        let originals = try word(at: 12, bigEndian: bigEndian)
        let translations = try word(at: 16, bigEndian: bigEndian)
        guard count <= bytes.count / 8, originals <= bytes.count - count * 8, translations <= bytes.count - count * 8 else {
            throw fail("\(count) strings do not fit the file", at: 8)
        }
        var pairs: [(id: [UInt8], translation: [UInt8], offset: Int)] = []
        pairs.reserveCapacity(count)
        for index in 0..<count {
            pairs.append((try string(table: originals, index: index, bigEndian: bigEndian),
                          try string(table: translations, index: index, bigEndian: bigEndian), originals + index * 8))
        }
        // The header (msgid "") as .po text, read by the .po reader's rules.
        var header = ""
        if let entry = pairs.first(where: { $0.id.isEmpty }) { header = try text(entry.translation[...], at: entry.offset, key: "") }
        let headerPO = "msgid \"\"\nmsgstr \"\(StringCatalog.poEscaped(header))\"\n"
        var headerReader = GettextPOReader(text: headerPO, file: file, fallbackLanguage: fallbackLanguage)
        var catalog = try headerReader.read()
        let source = catalog.sourceLanguage
        let language = catalog.gettextPluralForms.keys.first { $0 != source } ?? Self.language(of: header) ?? fallbackLanguage ?? "und"
        for pair in pairs where !pair.id.isEmpty {
            let idParts = pair.id.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let key = try text(idParts[0], at: pair.offset, key: nil)
            var entry = StringCatalog.Entry(key: key)
            let id = key.split(separator: "\u{4}", maxSplits: 1).last.map(String.init) ?? key
            let forms = try pair.translation.split(separator: 0, omittingEmptySubsequences: false).map { (raw) throws(StringsError) in try text(raw, at: pair.offset + 4, key: key) }
            if idParts.count == 2 {
                entry.localizations[source] = .init(variations: .init(kind: .gettextPlural, cases: [
                    "0": .init(unit: .init(state: .translated, value: id)),
                    "1": .init(unit: .init(state: .translated, value: try text(idParts[1], at: pair.offset, key: key))),
                ]))
                var cases: [String: StringCatalog.Localization] = [:]
                for (index, form) in forms.enumerated() { cases[String(index)] = .init(unit: .init(state: .translated, value: form)) }
                entry.localizations[language] = .init(variations: .init(kind: .gettextPlural, cases: cases))
            } else {
                entry.localizations[source] = .init(unit: .init(state: .translated, value: id))
                entry.localizations[language] = .init(unit: .init(state: .translated, value: forms.joined(separator: "\0")))
            }
            if catalog[key] != nil {
                catalog.readingProblems.append(StringsProblem(file: file, key: key, language: language, severity: .error, kind: "duplicate-key",
                                                              message: "the original string appears twice; the last one is kept"))
            }
            catalog[key] = entry
        }
        return catalog
    }

    private static func language(of header: String) -> String? {
        for line in header.split(separator: "\n") where line.lowercased().hasPrefix("language:") {
            let value = line.dropFirst(9).trimmingSpaces
            return value.isEmpty ? nil : StringCatalog.gettextLanguage(value)
        }
        return nil
    }
}
