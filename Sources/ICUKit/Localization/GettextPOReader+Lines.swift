/// The lines of a `.po` file, read from its UTF-8 bytes: each line is classified once
/// (blank, a comment, a continuation string, a keyword with its string) and a quoted
/// string becomes a `String` once, after its escapes are resolved.
///
/// The reading is that of `Character`s (a whitespace or structural character followed by a
/// combining mark is one `Character`, neither a space nor a `"`): wherever a non-ASCII byte
/// is next to the parts that decide a line's shape, that line is classified by its
/// `Character`s; every other line, by its bytes alone, which give the same result.
extension GettextPOReader {
    /// A line's bytes: a range of the file's, or a copy a `Character`-level reading made.
    enum Piece {
        case span(Range<Int>)
        case owned([UInt8])
    }

    /// What a line's keyword names.
    enum Keyword: Equatable {
        case context, id, idPlural, string, form(Int)
        case unknown(String)
    }

    /// A line after trimming its whitespace.
    enum Line {
        case blank
        /// `#~`: an obsolete entry's line.
        case obsolete
        /// `#.`: an extracted comment, trimmed.
        case extracted(String)
        /// `#,`: the flags, trimmed, without empty ones.
        case flags([String])
        /// Any other comment (`#`, `#:`, `#|`).
        case comment
        /// A quoted string alone: it continues the field before it.
        case string(Piece)
        /// A keyword, and the quoted string after it.
        case keyword(Keyword, Piece)
        /// Neither a comment, a string nor a keyword followed by a space.
        case noKeyword

        var isObsolete: Bool { if case .obsolete = self { true } else { false } }
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// The line of the bytes `start..<end` (no line feed among them).
    func classify(_ start: Int, _ end: Int) -> Line {
        var a = start
        while a < end, Self.isSpace(bytes[a]) { a += 1 }
        if a == end { return .blank }
        var z = end
        while Self.isSpace(bytes[z - 1]) { z -= 1 }
        guard bytes[a] < 0x80, bytes[z - 1] < 0x80 else { return classifyByCharacters(start, end) }
        switch bytes[a] {
        case UInt8(ascii: "#"):
            guard a + 1 < z else { return .comment }
            let second = bytes[a + 1]
            guard second < 0x80 else { return classifyByCharacters(start, end) }
            guard second == UInt8(ascii: "~") || second == UInt8(ascii: ".") || second == UInt8(ascii: ",") else { return .comment }
            guard a + 2 == z || bytes[a + 2] < 0x80 else { return classifyByCharacters(start, end) }
            if second == UInt8(ascii: "~") { return .obsolete }
            if second == UInt8(ascii: ".") {
                var body = a + 2
                while body < z, Self.isSpace(bytes[body]) { body += 1 }
                guard body == z || bytes[body] < 0x80 else { return classifyByCharacters(start, end) }
                return .extracted(String(decoding: bytes[body..<z], as: UTF8.self))
            }
            var flags: [String] = []
            var from = a + 2
            for index in from...z where index == z || bytes[index] == UInt8(ascii: ",") {
                if bytes[from..<index].contains(where: { $0 >= 0x80 }) { return classifyByCharacters(start, end) }
                var lower = from, upper = index
                while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
                while lower < upper, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
                if lower < upper { flags.append(String(decoding: bytes[lower..<upper], as: UTF8.self)) }
                from = index + 1
            }
            return .flags(flags)
        case UInt8(ascii: "\""):
            guard breaksAfter(a, before: z) else { return classifyByCharacters(start, end) }
            return .string(.span(a..<z))
        default:
            var space = a
            while space < z, bytes[space] != 0x20, bytes[space] != 0x09 {
                guard bytes[space] < 0x80 else { return classifyByCharacters(start, end) }
                space += 1
            }
            if space == z { return .noKeyword }
            var value = space + 1
            while Self.isSpace(bytes[value]) { value += 1 }
            guard bytes[space + 1] < 0x80, bytes[value] < 0x80 else { return classifyByCharacters(start, end) }
            return .keyword(keyword(bytes[a..<space]), .span(value..<z))
        }
    }

    /// Whether the ASCII character at `index` is a `Character` of its own: the next byte is
    /// ASCII, or the next scalar begins a new `Character`.
    private func breaksAfter(_ index: Int, before end: Int) -> Bool {
        let next = index + 1
        guard next < end, bytes[next] >= 0x80 else { return true }
        let lead = bytes[next]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        return String(decoding: bytes[index..<min(next + length, end)], as: UTF8.self).count == 2
    }

    /// A keyword of ASCII bytes.
    private func keyword(_ name: ArraySlice<UInt8>) -> Keyword {
        let bracket = name.startIndex + 7
        switch name.count {
        case 5 where name.elementsEqual("msgid".utf8): return .id
        case 6 where name.elementsEqual("msgstr".utf8): return .string
        case 7 where name.elementsEqual("msgctxt".utf8): return .context
        case 12 where name.elementsEqual("msgid_plural".utf8): return .idPlural
        case 9...11 where name.prefix(7).elementsEqual("msgstr[".utf8) && name.last == UInt8(ascii: "]")
            && name[bracket..<name.endIndex - 1].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }):
            return .form(name[bracket..<name.endIndex - 1].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
        default:
            return Self.keyword(String(decoding: name, as: UTF8.self))
        }
    }

    /// A keyword as `Character`s compare it.
    private static func keyword(_ name: some StringProtocol) -> Keyword {
        switch name {
        case "msgctxt": return .context
        case "msgid": return .id
        case "msgid_plural": return .idPlural
        case "msgstr": return .string
        default:
            guard name.hasPrefix("msgstr["), name.hasSuffix("]"), let index = Int(name.dropFirst(7).dropLast()), index >= 0, index < 1000 else {
                return .unknown(String(name))
            }
            return .form(index)
        }
    }

    /// A line read by its `Character`s.
    private func classifyByCharacters(_ start: Int, _ end: Int) -> Line {
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        let trimmed = Substring(text.trimmingSpaces)
        if trimmed.isEmpty { return .blank }
        if trimmed.hasPrefix("#") {
            if trimmed.hasPrefix("#~") { return .obsolete }
            if trimmed.hasPrefix("#.") { return .extracted(String(trimmed.dropFirst(2)).trimmingSpaces) }
            if trimmed.hasPrefix("#,") {
                return .flags(trimmed.dropFirst(2).split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty })
            }
            return .comment
        }
        if trimmed.hasPrefix("\"") { return .string(.owned(Array(trimmed.utf8))) }
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return .noKeyword }
        return .keyword(Self.keyword(trimmed[..<space]), .owned(Array(trimmed[space...].trimmingSpaces.utf8)))
    }

    /// A C string literal's body (GNU's escapes: `\n \t \r \a \b \f \v \\ \" \' \?`, octal, `\x` hex).
    func unquote(_ piece: Piece, line: Int) throws(StringsError) -> String {
        switch piece {
        case .span(let range): return try unquote(bytes[range], line: line)
        case .owned(let owned): return try unquote(owned[...], line: line)
        }
    }

    private func unquote(_ raw: ArraySlice<UInt8>, line: Int) throws(StringsError) -> String {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard raw.count >= 2, raw.first == quote, raw.last == quote else { throw fail("expected a quoted string", line: line) }
        let end = raw.endIndex - 1
        var index = raw.startIndex + 1
        while index < end, raw[index] != quote, raw[index] != backslash { index += 1 }
        // Bytes of a valid file split at ASCII characters are valid UTF-8.
        if index == end { return String(decoding: raw[(raw.startIndex + 1)..<end], as: UTF8.self) }
        var output = Array(raw[(raw.startIndex + 1)..<index])
        output.reserveCapacity(end - raw.startIndex)
        var escapedHighByte = false
        while index < end {
            let byte = raw[index]
            index += 1
            if byte == quote { throw fail("unescaped '\"' inside a string", line: line) }
            guard byte == backslash else { output.append(byte); continue }
            guard index < end else { throw fail("a string ends with a backslash", line: line) }
            let escape = raw[index]
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
                while digits < 3, index < end, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(raw[index]) {
                    value = value * 8 + Int(raw[index] - UInt8(ascii: "0")); index += 1; digits += 1
                }
                output.append(UInt8(truncatingIfNeeded: value))
                escapedHighByte = escapedHighByte || UInt8(truncatingIfNeeded: value) >= 0x80
            case UInt8(ascii: "x"):
                var value = 0
                var digits = 0
                while index < end, let digit = Self.hexDigit(raw[index]) {
                    value = (value * 16 + digit) & 0xFF; index += 1; digits += 1
                }
                guard digits > 0 else { throw fail("\\x without hex digits", line: line) }
                output.append(UInt8(value))
                escapedHighByte = escapedHighByte || value >= 0x80
            default: throw fail("invalid escape \\\(UnicodeScalar(escape))", line: line)
            }
        }
        guard !escapedHighByte || UTF8Decoding.firstInvalidOffset(in: output) == nil else {
            throw fail("an escape makes invalid UTF-8", line: line)
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    func fail(_ message: String, line: Int, key: String? = nil) -> StringsError {
        StringsError(.malformed, message, file: file, line: line, key: key)
    }
}
