/// Reading a GNU gettext `.po` file into the model. `msgid`/`msgid_plural` become the
/// source-language localization (a plural as ``StringCatalog/Variations/Kind/gettextPlural``
/// cases `"0"`, `"1"` under the rule `n != 1`, as gettext falls back to the msgids), `msgstr`
/// or `msgstr[i]` the file's language (cases `"i"`); an entry with a `msgctxt` is keyed
/// context + U+0004 + msgid; `#,` `fuzzy` gives the state `needs_review`; `#.` lines are the
/// comment. An empty `msgstr` (untranslated) adds no localization; obsolete `#~` entries
/// are not messages. The header gives `Language`, `Plural-Forms` and, when present,
/// `X-Source-Language`. Lines end in LF or CRLF, as `msgfmt` reads them.
struct GettextPOReader {
    /// The file's UTF-8 text, without a byte order mark.
    let bytes: [UInt8]
    let file: String
    let fallbackLanguage: String?
    /// The header's charset when the file was read from it into UTF-8 (`nil`: UTF-8 as is).
    var transcodedFrom: String?

    /// The English rule gettext applies to msgid/msgid_plural.
    static let sourcePluralForms = "nplurals=2; plural=(n != 1);"

    init(text: String, file: String, fallbackLanguage: String?) {
        self.init(utf8: Array(text.utf8), file: file, fallbackLanguage: fallbackLanguage)
    }

    private init(utf8: [UInt8], file: String, fallbackLanguage: String?) {
        bytes = utf8
        self.file = file
        self.fallbackLanguage = fallbackLanguage
    }

    /// A file's bytes: UTF-8 (a byte order mark allowed), checked once here, or UTF-16 with a
    /// byte order mark, or the charset the header's `Content-Type` names (`ISO-8859-1`,
    /// `KOI8-R`, `EUC-JP`…: any ASCII-compatible charset ICU converts, as `msgfmt` reads
    /// them); anything else is ``LocalizedText``'s typed error.
    init(bytes: [UInt8], file: String, fallbackLanguage: String?) throws(StringsError) {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let utf16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        if bom == 0, !utf16, let (charset, declared) = Self.declaredCharset(bytes), !Self.utf8Names.contains(charset) {
            let text: String
            // Lines count the same in every charset gettext allows: 0x0A is a line feed in all.
            func line(at offset: Int) -> Int { 1 + bytes[..<min(offset, bytes.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } }
            do { text = try TextConverter(encodingName: charset).decode(bytes) } catch {
                switch error {
                case .unknownEncoding:
                    throw StringsError(.unsupportedFormat, "charset \(charset) is not one ICU converts", file: file, line: line(at: declared))
                case .invalidBytes(let offset, _), .undecodable(_, let offset):
                    throw StringsError(.malformed, "bytes that are not \(charset) (as the header says)", file: file, line: line(at: offset), byteOffset: offset)
                default: throw StringsError(.malformed, "\(error) (charset \(charset))", file: file, line: line(at: declared))
                }
            }
            self.init(text: text, file: file, fallbackLanguage: fallbackLanguage)
            transcodedFrom = charset
            return
        }
        let valid = !utf16 && bytes.withUnsafeBufferPointer {
            UTF8Decoding.firstInvalidOffset(inContiguous: UnsafeBufferPointer(rebasing: $0[bom...])) == nil
        }
        guard valid else {
            self.init(text: try LocalizedText.decode(bytes, file: file), file: file, fallbackLanguage: fallbackLanguage)
            return
        }
        self.init(utf8: bom == 0 ? bytes : Array(bytes[bom...]), file: file, fallbackLanguage: fallbackLanguage)
    }

    /// Charset names read as UTF-8 as they are; `charset` is the template's placeholder
    /// (`xgettext` writes `charset=CHARSET`).
    static let utf8Names: Set<String> = ["utf-8", "utf8", "ascii", "us-ascii", "charset"]

    /// The charset the header's `Content-Type: …; charset=NAME` names, lowercased, read
    /// from the raw bytes (the header comes first; every charset gettext allows is
    /// ASCII-compatible, so its ASCII reads the same in any of them), and where it stands.
    static func declaredCharset(_ bytes: [UInt8]) -> (name: String, offset: Int)? {
        let window = bytes.prefix(1 << 16)
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        func matches(_ word: String, at index: Int) -> Bool {
            let pattern = Array(word.utf8)
            return index + pattern.count <= window.count && zip(window[index..<index + pattern.count], pattern).allSatisfy { lower($0) == $1 }
        }
        var index = 0
        while index < window.count {
            defer { index += 1 }
            guard lower(window[index]) == UInt8(ascii: "c"), matches("content-type:", at: index) else { continue }
            var cursor = index + 13
            while cursor < window.count, window[cursor] != 0x0A, window[cursor] != UInt8(ascii: "\""), window[cursor] != UInt8(ascii: "\\") {
                if matches("charset=", at: cursor) {
                    let start = cursor + 8
                    var end = start
                    while end < window.count, window[end] < 0x80, Self.charsetByte(window[end]) { end += 1 }
                    return end > start ? (String(decoding: window[start..<end].map(lower), as: UTF8.self), start) : nil
                }
                cursor += 1
            }
        }
        return nil
    }

    private static func charsetByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "+"): true
        default: false
        }
    }

    private struct Message {
        var context: String?
        var id: String?
        var idPlural: String?
        /// `msgstr`, or `msgstr[0]`, `msgstr[1]`, … in order.
        var forms: [String] = []
        var comments: [String] = []
        var fuzzy = false
        var flags: [String] = []
        var line = 0
        var obsolete = false
    }

    private enum Field { case context, id, idPlural, form(Int) }

    mutating func read() throws(StringsError) -> StringCatalog {
        var messages: [Message] = []
        var current = Message()
        var field: Field?
        var started = false
        func finish() {
            if started, current.id != nil, !current.obsolete { messages.append(current) }
            current = Message()
            field = nil
            started = false
        }
        var lineNumber = 0
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            defer { start = end + 1 }
            lineNumber += 1
            let line = classify(start, end)
            if case .blank = line { continue }
            if current.obsolete, !line.isObsolete { current = Message(); started = false; field = nil }
            switch line {
            case .blank: continue
            case .obsolete, .extracted, .flags, .comment:
                // A comment after a msgstr starts the next message.
                if case .form = field { finish() }
                switch line {
                case .obsolete: current.obsolete = true; started = true
                case .extracted(let comment): current.comments.append(comment)
                case .flags(let flags):
                    for flag in flags {
                        if flag == "fuzzy" { current.fuzzy = true } else if !current.flags.contains(flag) { current.flags.append(flag) }
                    }
                default: break
                }
            case .string(let piece):
                guard let open = field else { throw fail("a string outside a message", line: lineNumber) }
                let more = try unquote(piece, line: lineNumber)
                switch open {
                case .context: current.context! += more
                case .id: current.id! += more
                case .idPlural: current.idPlural! += more
                case .form(let index): current.forms[index] += more
                }
            case .noKeyword:
                throw fail("expected a keyword and a quoted string", line: lineNumber, key: current.id)
            case .keyword(let keyword, let piece):
                let value = try unquote(piece, line: lineNumber)
                switch keyword {
                case .context:
                    if started, current.id != nil || current.context != nil { finish() }
                    current.context = value; field = .context; started = true; current.line = lineNumber
                case .id:
                    if current.id != nil { finish() }
                    if !started { current.line = lineNumber }
                    current.id = value; field = .id; started = true
                case .idPlural:
                    guard current.id != nil, current.forms.isEmpty else { throw fail("msgid_plural without a msgid before it", line: lineNumber) }
                    current.idPlural = value; field = .idPlural
                case .string:
                    guard current.id != nil else { throw fail("msgstr without a msgid", line: lineNumber) }
                    guard current.idPlural == nil else { throw fail("a plural message needs msgstr[0], msgstr[1], …", line: lineNumber, key: current.id) }
                    guard current.forms.isEmpty else { throw fail("a second msgstr", line: lineNumber, key: current.id) }
                    current.forms = [value]; field = .form(0)
                case .form(let index):
                    guard current.id != nil else { throw fail("msgstr without a msgid", line: lineNumber) }
                    guard current.idPlural != nil else { throw fail("msgstr[\(index)] in a message without msgid_plural", line: lineNumber, key: current.id) }
                    guard index == current.forms.count else { throw fail("msgstr[\(index)] out of order", line: lineNumber, key: current.id) }
                    current.forms.append(value); field = .form(index)
                case .unknown(let name):
                    throw fail("unknown keyword \(name)", line: lineNumber, key: current.id)
                }
            }
        }
        if started, current.id != nil, current.forms.isEmpty, !current.obsolete {
            throw fail("a message without msgstr at the end of the file", line: current.line, key: current.id)
        }
        finish()
        return try catalog(of: messages)
    }

    private func catalog(of messages: [Message]) throws(StringsError) -> StringCatalog {
        var headers: [String: (String, Int)] = [:]
        if let header = messages.first(where: { $0.id == "" && $0.context == nil }) {
            for line in (header.forms.first ?? "").split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[String(line[..<colon]).trimmingSpaces.lowercased()] = (String(line[line.index(after: colon)...]).trimmingSpaces, header.line)
            }
        }
        if let (contentType, line) = headers["content-type"], let parts = Optional(contentType.lowercased().split(separator: "charset=", maxSplits: 1)), parts.count == 2 {
            let charset = parts[1].trimmingSpaces
            guard Self.utf8Names.contains(charset) || charset == transcodedFrom else {
                throw StringsError(.unsupportedFormat, "charset \(charset) in a file read as UTF-8 (a byte order mark or UTF-16)", file: file, line: line)
            }
        }
        let headerLanguage = headers["language"].map { StringCatalog.gettextLanguage($0.0) }.flatMap { $0.isEmpty ? nil : $0 }
        let language = headerLanguage ?? fallbackLanguage ?? "und"
        let source = headers["x-source-language"].map { StringCatalog.gettextLanguage($0.0) } ?? "en"
        var catalog = StringCatalog(sourceLanguage: source, origin: .gettext)
        catalog.gettextPluralForms[source] = Self.sourcePluralForms
        if let (forms, line) = headers["plural-forms"] {
            do { _ = try GettextPluralRule(forms) } catch {
                throw StringsError(.malformed, error.message, file: file, line: line)
            }
            catalog.gettextPluralForms[language] = forms
        }
        var lines: [String: Int] = [:]
        lines.reserveCapacity(messages.count)
        for message in messages where !(message.id == "" && message.context == nil) {
            let id = message.id ?? ""
            let key = message.context.map { $0 + "\u{4}" + id } ?? id
            if let first = lines.updateValue(message.line, forKey: key) {
                catalog.readingProblems.append(StringsProblem(file: file, key: key, language: language, severity: .error, kind: "duplicate-key",
                                                              message: "message defined on line \(first) and again on line \(message.line); the last one is kept"))
                lines[key] = first
            }
            let state: StringCatalog.TranslationState = message.fuzzy ? .needsReview : .translated
            let original: StringCatalog.Localization
            var translation: StringCatalog.Localization?
            if let plural = message.idPlural {
                original = .init(variations: .init(kind: .gettextPlural, cases: [
                    "0": .init(unit: .init(state: .translated, value: id)), "1": .init(unit: .init(state: .translated, value: plural)),
                ]))
                if message.forms.contains(where: { !$0.isEmpty }) {
                    var cases = [String: StringCatalog.Localization](minimumCapacity: message.forms.count)
                    for (index, text) in message.forms.enumerated() { cases[String(index)] = .init(unit: .init(state: state, value: text)) }
                    translation = .init(variations: .init(kind: .gettextPlural, cases: cases))
                }
            } else {
                original = .init(unit: .init(state: .translated, value: id))
                if let text = message.forms.first, !text.isEmpty { translation = .init(unit: .init(state: state, value: text)) }
            }
            // The file's own translation wins when its language is the source language.
            let localizations = if let translation { language == source ? [source: translation] : [source: original, language: translation] } else { [source: original] }
            var entry = StringCatalog.Entry(key: key, comment: message.comments.isEmpty ? nil : message.comments.joined(separator: "\n"), localizations: localizations)
            entry.gettextFlags = message.flags
            catalog[key] = entry
        }
        return catalog
    }
}
