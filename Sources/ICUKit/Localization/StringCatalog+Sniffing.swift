extension StringCatalog.FileFormat {
    /// The format of a file by its first bytes, for a file whose name says nothing (a
    /// pipe, `/dev/stdin`); `nil` when they fit none:
    ///
    /// - `.mo`: the magic number `0x950412de` in either byte order;
    /// - after a byte order mark (UTF-8, UTF-16 LE or BE) and white space: `{` a String
    ///   Catalog; `<?xml`, `<!DOCTYPE` or `<plist` a `.stringsdict`; a `#` comment line,
    ///   `msgid "` or `msgctxt "` a `.po` file; a `"`, a `/` (a comment) or an unquoted key a
    ///   `.strings` file.
    ///
    /// ```swift
    /// StringCatalog.FileFormat(sniffing: Array("msgid \"\"\nmsgstr \"\"\n".utf8))   // .po
    /// StringCatalog.FileFormat(sniffing: Array("/* Title */\n\"title\" = \"Inbox\";".utf8))   // .strings
    /// ```
    public init?(sniffing bytes: [UInt8]) {
        if bytes.count >= 4 {
            let magic = (UInt32(bytes[0]) << 24) | (UInt32(bytes[1]) << 16) | (UInt32(bytes[2]) << 8) | UInt32(bytes[3])
            if magic == 0x9504_12DE || magic == 0xDE12_0495 {
                self = .mo
                return
            }
        }
        let head = Self.asciiHead(bytes)
        guard let start = head.firstIndex(where: { !" \t\r\n".utf8.contains($0) }) else { return nil }
        let text = head[start...]
        func starts(_ prefix: String) -> Bool { text.starts(with: prefix.utf8) }
        switch text.first {
        case UInt8(ascii: "{"): self = .xcstrings
        case UInt8(ascii: "<"):
            guard starts("<?xml") || starts("<!DOCTYPE") || starts("<plist") else { return nil }
            self = .stringsdict
        case UInt8(ascii: "#"): self = .po
        case UInt8(ascii: "\""), UInt8(ascii: "/"): self = .strings
        default:
            for keyword in ["msgid", "msgctxt"] where starts(keyword) {
                let next = text.dropFirst(keyword.utf8.count).first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
                if next == UInt8(ascii: "\"") {
                    self = .po
                    return
                }
            }
            guard let first = text.first, Self.isKeyByte(first) else { return nil }
            self = .strings
        }
    }

    /// The first bytes as ASCII: a UTF-8 byte order mark dropped; UTF-16 (by its byte
    /// order mark) narrowed to one byte per unit, a non-ASCII unit becoming 0x80.
    private static func asciiHead(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let limit = min(bytes.count, 512)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return bytes[3..<max(3, limit)] }
        let little = bytes.starts(with: [0xFF, 0xFE])
        guard little || bytes.starts(with: [0xFE, 0xFF]) else { return bytes[..<limit] }
        var narrowed: [UInt8] = []
        var index = 2
        while index + 1 < limit {
            let (low, high) = little ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            narrowed.append(high == 0 && low < 0x80 ? low : 0x80)
            index += 2
        }
        return narrowed[...]
    }

    /// A byte that may start an unquoted `.strings` key (letters, digits, `_ $ + : . -`,
    /// as old-style property lists allow).
    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "_$+:.-".utf8.contains(byte)
        }
    }
}
