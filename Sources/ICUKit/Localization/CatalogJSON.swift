/// A JSON value as a String Catalog holds it: objects keep their members in file order,
/// duplicates included, with the byte offset of each member's key, so a reader can report
/// duplicate keys and point at the place of a bad value.
enum CatalogJSON: Sendable {
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    case array([CatalogJSON])
    case object([Member])

    /// One member of an object.
    struct Member: Sendable {
        var key: String
        var value: CatalogJSON
        /// The byte offset of the member's key in the file.
        var offset: Int
    }

    /// The JSON type name, for messages.
    var typeName: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A strict JSON reader (RFC 8259) over UTF-8 bytes, with a nesting limit; errors carry the
/// byte offset of the problem.
struct CatalogJSONParser {
    private let bytes: [UInt8]
    /// The byte offset of the next character to read.
    var index = 0
    private var depth = 0
    let file: String

    init(_ bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The 1-based line of a byte offset.
    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        for byte in bytes[..<min(offset, bytes.count)] where byte == 0x0A { line += 1 }
        return line
    }

    private func fail(_ message: String, at offset: Int? = nil) -> StringsError {
        let place = offset ?? index
        return StringsError(.malformed, message, file: file, line: Self.line(of: place, in: bytes), byteOffset: place)
    }

    /// Reads the whole document: one value, white space around it, a UTF-8 BOM allowed.
    mutating func parseDocument() throws(StringsError) -> CatalogJSON {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        let value = try parseValue()
        skipSpace()
        guard index == bytes.count else { throw fail("text after the JSON value") }
        return value
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
    }

    private mutating func parseValue() throws(StringsError) -> CatalogJSON {
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: String) throws(StringsError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected) else { throw fail("unexpected character") }
        index += expected.count
    }

    private mutating func enter() throws(StringsError) {
        depth += 1
        guard depth <= 100 else { throw fail("nesting deeper than 100 levels") }
    }

    private mutating func parseObject() throws(StringsError) -> CatalogJSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [CatalogJSON.Member] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a quoted member name") }
            let offset = index
            let key = try parseString()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name") }
            index += 1
            members.append(.init(key: key, value: try parseValue(), offset: offset))
            skipSpace()
            guard index < bytes.count else { throw fail("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw fail("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray() throws(StringsError) -> CatalogJSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var values: [CatalogJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
        while true {
            values.append(try parseValue())
            skipSpace()
            guard index < bytes.count else { throw fail("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
            throw fail("expected ',' or ']' in an array")
        }
    }

    private mutating func parseNumber() throws(StringsError) -> String {
        let start = index
        func digits(_ parser: inout CatalogJSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) { parser.index += 1 }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leading = index
        guard digits(&self) > 0 else { throw fail("bad number", at: start) }
        if bytes[leading] == UInt8(ascii: "0"), index - leading > 1 { throw fail("bad number: leading zero", at: start) }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw fail("bad number", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw fail("bad number", at: start) }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func hex4() throws(StringsError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("bad \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// The string starting at the quote at ``index``.
    mutating func parseString() throws(StringsError) -> String {
        let start = index
        index += 1
        // The common case, a string without escapes: validated straight from the file's bytes.
        // ASCII text needs no validation.
        var end = index
        var union: UInt8 = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            union |= bytes[end]
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let from = index
            let text = bytes.withUnsafeBufferPointer { buffer in
                let slice = UnsafeBufferPointer(rebasing: buffer[from..<end])
                return union < 0x80 ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
            }
            guard let text else { throw fail("invalid UTF-8 in a string", at: start) }
            index = end + 1
            return text
        }
        var output: [UInt8] = Array(bytes[index..<end])
        index = end
        while true {
            guard index < bytes.count else { throw fail("unterminated string", at: start) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; break }
            if byte < 0x20 { throw fail("control character in a string") }
            if byte != UInt8(ascii: "\\") { output.append(byte); index += 1; continue }
            index += 1
            guard index < bytes.count else { throw fail("unterminated string", at: start) }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escape)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate in a \\u escape")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in a \\u escape") }
                    code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("unpaired surrogate in a \\u escape") }
                output.append(contentsOf: String(scalar).utf8)
            default: throw fail("bad escape in a string")
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else { throw fail("invalid UTF-8 in a string", at: start) }
        return text
    }
}
