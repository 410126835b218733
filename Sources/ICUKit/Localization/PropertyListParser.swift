/// The values of an XML property list, as far as `.stringsdict` files use them.
enum PropertyListValue: Sendable, Hashable {
    case string(String)
    case array([PropertyListValue])
    case other(String)
    /// A `<dict>`: its keys in file order, duplicates included.
    case members([PropertyListMember])
}

/// One key of a `<dict>` in file order, with the byte offset of its `<key>` element.
struct PropertyListMember: Sendable, Hashable {
    var key: String
    var value: PropertyListValue
    var offset: Int
}

/// Why a property list does not parse: the reason and the byte offset where.
struct PropertyListError: Error {
    var reason: String
    var byteOffset: Int
}

/// A small XML property-list reader (no DTD processing, no external entities).
struct PropertyListParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    private func fail(_ reason: String) -> PropertyListError { PropertyListError(reason: reason, byteOffset: index) }

    mutating func parseDocument() throws(PropertyListError) -> PropertyListValue {
        // Skip the prolog: <?xml …?>, <!DOCTYPE …>, comments, up to <plist …>.
        while true {
            skipSpace()
            guard index < bytes.count else { throw fail("no <plist> element") }
            if starts("<?") { try skip(past: "?>") } else if starts("<!--") { try skip(past: "-->") } else if starts("<!") { try skip(past: ">") } else { break }
        }
        let (name, selfClosing) = try openTag()
        guard name == "plist" else { throw fail("expected <plist>, found <\(name)>") }
        guard !selfClosing else { throw fail("empty <plist/>") }
        let value = try parseValue()
        skipMisc()
        try closeTag("plist")
        return value
    }

    private func starts(_ text: String) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
    }

    private mutating func skip(past text: String) throws(PropertyListError) {
        let pattern = Array(text.utf8)
        while index + pattern.count <= bytes.count {
            if Array(bytes[index..<index + pattern.count]) == pattern { index += pattern.count; return }
            index += 1
        }
        throw fail("unterminated markup, expected \(text)")
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func skipMisc() {
        while true {
            skipSpace()
            if starts("<!--") { if (try? skip(past: "-->")) == nil { return } } else { return }
        }
    }

    /// `<name attr…>` or `<name/>`.
    private mutating func openTag() throws(PropertyListError) -> (String, Bool) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { throw fail("expected an element") }
        index += 1
        let start = index
        while index < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index]) { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !name.isEmpty else { throw fail("empty element name") }
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        guard index < bytes.count else { throw fail("unterminated <\(name)>") }
        let selfClosing = bytes[index - 1] == UInt8(ascii: "/")
        index += 1
        return (name, selfClosing)
    }

    private mutating func closeTag(_ name: String) throws(PropertyListError) {
        guard starts("</" + name) else { throw fail("expected </\(name)>") }
        index += 2 + name.utf8.count
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw fail("expected > after </\(name)") }
        index += 1
    }

    private mutating func text(until name: String) throws(PropertyListError) -> String {
        var output = [UInt8]()
        while true {
            guard index < bytes.count else { throw fail("unterminated <\(name)>") }
            if starts("</") { break }
            if starts("<![CDATA[") {
                index += 9
                let start = index
                try skip(past: "]]>")
                output += bytes[start..<index - 3]
                continue
            }
            if bytes[index] == UInt8(ascii: "<") { throw fail("unexpected element inside <\(name)>") }
            if bytes[index] == UInt8(ascii: "&") {
                guard let semicolon = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else { throw fail("bad entity") }
                let entity = String(decoding: bytes[index + 1..<semicolon], as: UTF8.self)
                switch entity {
                case "lt": output.append(UInt8(ascii: "<"))
                case "gt": output.append(UInt8(ascii: ">"))
                case "amp": output.append(UInt8(ascii: "&"))
                case "quot": output.append(UInt8(ascii: "\""))
                case "apos": output.append(UInt8(ascii: "'"))
                default:
                    let code: UInt32?
                    if entity.hasPrefix("#x") { code = UInt32(entity.dropFirst(2), radix: 16) } else if entity.hasPrefix("#") { code = UInt32(entity.dropFirst(), radix: 10) } else { code = nil }
                    guard let code, let scalar = Unicode.Scalar(code) else { throw fail("unknown entity &\(entity);") }
                    output += Array(String(Character(scalar)).utf8)
                }
                index = semicolon + 1
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        try closeTag(name)
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func parseValue() throws(PropertyListError) -> PropertyListValue {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { throw fail("nesting too deep") }
        skipMisc()
        let (name, selfClosing) = try openTag()
        switch name {
        case "dict":
            var members: [PropertyListMember] = []
            if selfClosing { return .members(members) }
            while true {
                skipMisc()
                if starts("</") { try closeTag("dict"); return .members(members) }
                let offset = index
                let (keyTag, keyClosed) = try openTag()
                guard keyTag == "key" else { throw fail("expected <key> in <dict>, found <\(keyTag)>") }
                let key = keyClosed ? "" : try text(until: "key")
                let value = try parseValue()
                members.append(PropertyListMember(key: key, value: value, offset: offset))
            }
        case "array":
            var array: [PropertyListValue] = []
            if selfClosing { return .array(array) }
            while true {
                skipMisc()
                if starts("</") { try closeTag("array"); return .array(array) }
                array.append(try parseValue())
            }
        case "string":
            return .string(selfClosing ? "" : try text(until: "string"))
        case "true", "false":
            if !selfClosing { _ = try text(until: name) }
            return .other(name)
        case "integer", "real", "date", "data":
            return .other(selfClosing ? "" : try text(until: name))
        default:
            throw fail("unsupported element <\(name)>")
        }
    }
}
