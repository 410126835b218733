/// The text of a string file: UTF-8 (a BOM allowed) or UTF-16 with a BOM (either byte
/// order), as Apple's tools accept `.strings` files; anything else is a typed error at the
/// first bad byte.
enum LocalizedText {
    static func decode(_ bytes: [UInt8], file: String) throws(StringsError) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else { throw StringsError(.malformed, "UTF-16 text with an odd number of bytes", file: file, byteOffset: bytes.count - 1) }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            var index = 2
            while index < bytes.count {
                let pair = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                units.append(little ? pair.0 | pair.1 << 8 : pair.0 << 8 | pair.1)
                index += 2
            }
            var scalars = String.UnicodeScalarView()
            var iterator = units.makeIterator()
            var decoder = UTF16()
            var unitsRead = 0
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): scalars.append(scalar); unitsRead += scalar.value > 0xFFFF ? 2 : 1
                case .emptyInput: break loop
                case .error:
                    throw StringsError(.malformed, "unpaired UTF-16 surrogate", file: file, byteOffset: 2 + unitsRead * 2)
                }
            }
            return String(scalars)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        if let text = String(validating: body, as: UTF8.self) { return text }
        var offset = body.startIndex
        var valid = body.startIndex
        var iterator = body.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar); valid = offset
            case .emptyInput: break loop
            case .error: break loop
            }
        }
        throw StringsError(.malformed, "invalid UTF-8 (and no UTF-16 byte order mark)", file: file,
                           line: CatalogJSONParser.line(of: valid, in: bytes), byteOffset: valid)
    }
}

/// A reader of `.strings` files, the old-style property-list text Apple's tools write:
/// `"key" = "value";` pairs (keys and values quoted or bare words, `"key";` alone meaning the
/// value is the key), `/* … */` and `//` comments (the last comment before an entry is its
/// comment), escapes `\n \t \r \" \\ \a \b \f \v`, `\U`/`\u` with four hex digits (a
/// surrogate pair joins), octal `\101`; optionally the whole inside `{ … }`.
struct StringsFileParser {
    struct Item {
        var key: String
        var value: String
        var comment: String?
        var line: Int
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private let file: String

    init(_ text: String, file: String) {
        scalars = Array(text.unicodeScalars)
        self.file = file
    }

    private func fail(_ message: String, key: String? = nil) -> StringsError {
        StringsError(.malformed, message, file: file, line: line, key: key)
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    /// A comment's text without the white space around it, trimmed scalar by scalar: the
    /// space a writer puts after `/*` goes even when a combining mark follows it (as one
    /// `Character`, the two are not white space), so a comment reads back as written.
    private static func trimmed(_ text: String.UnicodeScalarView) -> String {
        guard let first = text.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = text.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(text[first...last]))
    }

    /// Skips white space and comments; returns the text of the last comment skipped.
    private mutating func skipSpaceAndComments() throws(StringsError) -> String? {
        var comment: String?
        while let scalar = current {
            if scalar.properties.isWhitespace { advance(); continue }
            guard scalar == "/", index + 1 < scalars.count else { break }
            if scalars[index + 1] == "*" {
                let startLine = line
                advance(); advance()
                var text = String.UnicodeScalarView()
                while true {
                    guard let inner = current else { line = startLine; throw fail("unterminated /* comment") }
                    if inner == "*", index + 1 < scalars.count, scalars[index + 1] == "/" { advance(); advance(); break }
                    text.append(inner)
                    advance()
                }
                comment = Self.trimmed(text)
            } else if scalars[index + 1] == "/" {
                advance(); advance()
                var text = String.UnicodeScalarView()
                while let inner = current, inner != "\n" { text.append(inner); advance() }
                comment = Self.trimmed(text)
            } else {
                break
            }
        }
        return comment
    }

    private static func isBareWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "+", "/", ":", ".", "-": true
        default: false
        }
    }

    private mutating func word(_ what: String, key: String?) throws(StringsError) -> String {
        guard let first = current else { throw fail("expected \(what), found the end of the file", key: key) }
        if first == "\"" { return try quoted(key: key) }
        guard Self.isBareWordScalar(first) else { throw fail("expected \(what), found '\(first.escaped(asASCII: true))'", key: key) }
        var text = String.UnicodeScalarView()
        while let scalar = current, Self.isBareWordScalar(scalar) { text.append(scalar); advance() }
        return String(text)
    }

    private mutating func hexDigits(_ count: Int, key: String?) -> UInt32? {
        var value: UInt32 = 0
        var read = 0
        while read < count, let scalar = current, scalar.isASCII, let number = UInt32(String(scalar), radix: 16) {
            value = value << 4 | number
            advance()
            read += 1
        }
        return read == 0 ? nil : value
    }

    private mutating func quoted(key: String?) throws(StringsError) -> String {
        let startLine = line
        advance()
        var text = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        while true {
            guard let scalar = current else { line = startLine; throw fail("unterminated quoted string", key: key) }
            advance()
            if scalar == "\"" { break }
            guard scalar == "\\" else {
                if pendingHigh != nil { throw fail("unpaired surrogate escape", key: key) }
                text.append(scalar)
                continue
            }
            guard let escape = current else { continue }
            advance()
            var code: UInt32
            switch escape {
            case "n": code = 0x0A
            case "t": code = 0x09
            case "r": code = 0x0D
            case "a": code = 0x07
            case "b": code = 0x08
            case "f": code = 0x0C
            case "v": code = 0x0B
            case "U", "u":
                guard let value = hexDigits(4, key: key) else { throw fail("\\\(escape) without hex digits", key: key) }
                code = value
            case "0"..."7":
                code = escape.value - 0x30
                var digits = 1
                while digits < 3, let next = current, ("0"..."7").contains(next) { code = code * 8 + next.value - 0x30; advance(); digits += 1 }
            default: code = escape.value
            }
            if let high = pendingHigh {
                guard (0xDC00...0xDFFF).contains(code) else { throw fail("unpaired surrogate escape", key: key) }
                code = 0x10000 + (high - 0xD800) << 10 + (code - 0xDC00)
                pendingHigh = nil
            } else if (0xD800...0xDBFF).contains(code) {
                pendingHigh = code
                continue
            }
            guard let decoded = Unicode.Scalar(code) else { throw fail("unpaired surrogate escape", key: key) }
            text.append(decoded)
        }
        if pendingHigh != nil { throw fail("unpaired surrogate escape", key: key) }
        return String(text)
    }

    /// Every entry in file order, duplicates included.
    mutating func parse() throws(StringsError) -> [Item] {
        var items: [Item] = []
        var leading = try skipSpaceAndComments()
        let braced = current == "{"
        if braced { advance(); leading = nil }
        while true {
            let comment = try skipSpaceAndComments() ?? leading
            leading = nil
            guard let scalar = current else {
                if braced { throw fail("missing '}' at the end of the file") }
                return items
            }
            if braced, scalar == "}" {
                advance()
                _ = try skipSpaceAndComments()
                guard current == nil else { throw fail("text after '}'") }
                return items
            }
            let entryLine = line
            let key = try word("a key", key: nil)
            _ = try skipSpaceAndComments()
            var value = key
            if current == "=" {
                advance()
                _ = try skipSpaceAndComments()
                value = try word("a value", key: key)
                _ = try skipSpaceAndComments()
            }
            guard current == ";" else { throw fail("expected ';' after the value", key: key) }
            advance()
            items.append(Item(key: key, value: value, comment: comment, line: entryLine))
        }
    }
}
