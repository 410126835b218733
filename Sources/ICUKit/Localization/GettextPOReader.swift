/// Reading a GNU gettext `.po` file into the model. `msgid`/`msgid_plural` become the
/// source-language localization (a plural as ``StringCatalog/Variations/Kind/gettextPlural``
/// cases `"0"`, `"1"` under the rule `n != 1`, as gettext falls back to the msgids), `msgstr`
/// or `msgstr[i]` the file's language (cases `"i"`); an entry with a `msgctxt` is keyed
/// context + U+0004 + msgid; `#,` `fuzzy` gives the state `needs_review`; `#.` lines are the
/// comment. An empty `msgstr` (untranslated) adds no localization; obsolete `#~` entries
/// are not messages. The header gives `Language`, `Plural-Forms` and, when present,
/// `X-Source-Language`.
struct GettextPOReader {
    let text: String
    let file: String
    let fallbackLanguage: String?

    /// The English rule gettext applies to msgid/msgid_plural.
    static let sourcePluralForms = "nplurals=2; plural=(n != 1);"

    private struct Message {
        var context: String?
        var id: String?
        var idPlural: String?
        var forms: [Int: String] = [:]
        var comments: [String] = []
        var fuzzy = false
        var flags: [String] = []
        var line = 0
        var obsolete = false
    }

    private enum Field { case context, id, idPlural, form(Int) }

    private func fail(_ message: String, line: Int, key: String? = nil) -> StringsError {
        StringsError(.malformed, message, file: file, line: line, key: key)
    }

    /// A C string literal's body (GNU's escapes: `\n \t \r \a \b \f \v \\ \" \' \?`, octal, `\x` hex).
    private func unquote(_ raw: Substring, line: Int) throws(StringsError) -> String {
        let bytes = Array(raw.utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else {
            throw fail("expected a quoted string", line: line)
        }
        var output: [UInt8] = []
        var index = 1
        while index < bytes.count - 1 {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { throw fail("unescaped '\"' inside a string", line: line) }
            guard byte == UInt8(ascii: "\\") else { output.append(byte); continue }
            guard index < bytes.count - 1 else { throw fail("a string ends with a backslash", line: line) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "a"): output.append(0x07)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "v"): output.append(0x0B)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "?"): output.append(escape)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(escape - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, index < bytes.count - 1, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                    value = value * 8 + Int(bytes[index] - UInt8(ascii: "0")); index += 1; digits += 1
                }
                output.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x"):
                var value = 0
                var digits = 0
                while index < bytes.count - 1, let digit = Int(String(UnicodeScalar(bytes[index])), radix: 16) {
                    value = (value * 16 + digit) & 0xFF; index += 1; digits += 1
                }
                guard digits > 0 else { throw fail("\\x without hex digits", line: line) }
                output.append(UInt8(value))
            default: throw fail("invalid escape \\\(UnicodeScalar(escape))", line: line)
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else { throw fail("an escape makes invalid UTF-8", line: line) }
        return text
    }

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
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = Substring(line.trimmingSpaces)
            if trimmed.isEmpty { continue }
            if current.obsolete, !trimmed.hasPrefix("#~") { current = Message(); started = false; field = nil }
            if trimmed.hasPrefix("#") {
                // A comment after a msgstr starts the next message.
                if case .form = field { finish() }
                if trimmed.hasPrefix("#~") { current.obsolete = true; started = true; continue }
                if trimmed.hasPrefix("#.") {
                    current.comments.append(String(trimmed.dropFirst(2)).trimmingSpaces)
                } else if trimmed.hasPrefix("#,") {
                    for flag in trimmed.dropFirst(2).split(separator: ",").map({ String($0.trimmingSpaces) }) where !flag.isEmpty {
                        if flag == "fuzzy" { current.fuzzy = true } else if !current.flags.contains(flag) { current.flags.append(flag) }
                    }
                }
                continue
            }
            if trimmed.hasPrefix("\"") {
                guard let open = field else { throw fail("a string outside a message", line: lineNumber) }
                let more = try unquote(trimmed, line: lineNumber)
                switch open {
                case .context: current.context! += more
                case .id: current.id! += more
                case .idPlural: current.idPlural! += more
                case .form(let index): current.forms[index]! += more
                }
                continue
            }
            guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
                throw fail("expected a keyword and a quoted string", line: lineNumber, key: current.id)
            }
            let keyword = trimmed[..<space]
            let value = try unquote(Substring(trimmed[space...].trimmingSpaces), line: lineNumber)
            switch keyword {
            case "msgctxt":
                if started, current.id != nil || current.context != nil { finish() }
                current.context = value; field = .context; started = true; current.line = lineNumber
            case "msgid":
                if current.id != nil { finish() }
                if !started { current.line = lineNumber }
                current.id = value; field = .id; started = true
            case "msgid_plural":
                guard current.id != nil, current.forms.isEmpty else { throw fail("msgid_plural without a msgid before it", line: lineNumber) }
                current.idPlural = value; field = .idPlural
            case "msgstr":
                guard current.id != nil else { throw fail("msgstr without a msgid", line: lineNumber) }
                guard current.idPlural == nil else { throw fail("a plural message needs msgstr[0], msgstr[1], …", line: lineNumber, key: current.id) }
                guard current.forms.isEmpty else { throw fail("a second msgstr", line: lineNumber, key: current.id) }
                current.forms[0] = value; field = .form(0)
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let index = Int(keyword.dropFirst(7).dropLast()), index >= 0, index < 1000 else {
                    throw fail("unknown keyword \(keyword)", line: lineNumber, key: current.id)
                }
                guard current.id != nil else { throw fail("msgstr without a msgid", line: lineNumber) }
                guard current.idPlural != nil else { throw fail("msgstr[\(index)] in a message without msgid_plural", line: lineNumber, key: current.id) }
                guard index == current.forms.count else { throw fail("msgstr[\(index)] out of order", line: lineNumber, key: current.id) }
                current.forms[index] = value; field = .form(index)
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
            for line in (header.forms[0] ?? "").split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[String(line[..<colon]).trimmingSpaces.lowercased()] = (String(line[line.index(after: colon)...]).trimmingSpaces, header.line)
            }
        }
        if let (contentType, line) = headers["content-type"], let parts = Optional(contentType.lowercased().split(separator: "charset=", maxSplits: 1)), parts.count == 2 {
            let charset = parts[1].trimmingSpaces
            guard ["utf-8", "utf8", "ascii", "us-ascii", "charset"].contains(charset) else {
                throw StringsError(.unsupportedFormat, "charset \(charset) (only UTF-8 is read)", file: file, line: line)
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
        for message in messages where !(message.id == "" && message.context == nil) {
            let id = message.id ?? ""
            let key = message.context.map { $0 + "\u{4}" + id } ?? id
            if let first = lines[key] {
                catalog.readingProblems.append(StringsProblem(file: file, key: key, language: language, severity: .error, kind: "duplicate-key",
                                                              message: "message defined on line \(first) and again on line \(message.line); the last one is kept"))
            }
            lines[key] = lines[key] ?? message.line
            var entry = StringCatalog.Entry(key: key, comment: message.comments.isEmpty ? nil : message.comments.joined(separator: "\n"))
            entry.gettextFlags = message.flags
            let state: StringCatalog.TranslationState = message.fuzzy ? .needsReview : .translated
            if let plural = message.idPlural {
                entry.localizations[source] = .init(variations: .init(kind: .gettextPlural, cases: [
                    "0": .init(unit: .init(state: .translated, value: id)), "1": .init(unit: .init(state: .translated, value: plural)),
                ]))
                if message.forms.values.contains(where: { !$0.isEmpty }) {
                    var cases: [String: StringCatalog.Localization] = [:]
                    for (index, text) in message.forms { cases[String(index)] = .init(unit: .init(state: state, value: text)) }
                    entry.localizations[language] = .init(variations: .init(kind: .gettextPlural, cases: cases))
                }
            } else {
                entry.localizations[source] = .init(unit: .init(state: .translated, value: id))
                if let text = message.forms[0], !text.isEmpty {
                    entry.localizations[language] = .init(unit: .init(state: state, value: text))
                }
            }
            catalog[key] = entry
        }
        return catalog
    }
}
