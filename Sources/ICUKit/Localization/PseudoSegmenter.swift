/// Splits a string into what pseudo-localization may change (text) and what it keeps
/// (placeholders, MessageFormat syntax, tags, entities, escapes), with each
/// MessageFormat `plural`/`select`/`selectordinal` case text as a nested message.
struct PseudoSegmenter {
    enum Piece {
        case text(String)
        case kept(String)
        case message([Piece])
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    /// Scalar offsets where a printf placeholder starts, with its length in scalars.
    private var placeholders: [Int: Int] = [:]
    /// How many MessageFormat arguments enclose the current position (at most 32 are parsed).
    private var depth = 0

    init(_ text: String, substitutionText: Bool) {
        scalars = Array(text.unicodeScalars)
        // FormatPlaceholder gives UTF-8 offsets; map them to scalar offsets.
        var scalarAt: [Int: Int] = [:]
        var utf8Offset = 0
        for (offset, scalar) in scalars.enumerated() {
            scalarAt[utf8Offset] = offset
            utf8Offset += UTF8.width(scalar)
        }
        scalarAt[utf8Offset] = scalars.count
        for placeholder in FormatPlaceholder.scan(text, substitutionText: substitutionText) {
            guard let start = scalarAt[placeholder.range.lowerBound], let end = scalarAt[placeholder.range.upperBound] else { continue }
            placeholders[start] = end - start
        }
    }

    /// The whole string as one message.
    mutating func message() -> [Piece] { parse(inPlural: false, nested: false) }

    private mutating func parse(inPlural: Bool, nested: Bool) -> [Piece] {
        var pieces: [Piece] = []
        var text = String.UnicodeScalarView()
        func flush() {
            if !text.isEmpty { pieces.append(.text(String(text))) }
            text = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if nested && scalar == "}" { break }
            if let length = placeholders[index] {
                flush()
                pieces.append(.kept(string(index, index + length)))
                index += length
            } else if inPlural && scalar == "#" {
                flush()
                pieces.append(.kept("#"))
                index += 1
            } else if scalar == "{", let argument = messageArgument() {
                flush()
                pieces.append(contentsOf: argument)
            } else if let end = keptEnd(at: index) {
                flush()
                pieces.append(.kept(string(index, end)))
                index = end
            } else {
                text.append(scalar)
                index += 1
            }
        }
        flush()
        return pieces
    }

    private func string(_ start: Int, _ end: Int) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    private func isHex(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "0" && scalar <= "9") || (scalar >= "a" && scalar <= "f") || (scalar >= "A" && scalar <= "F")
    }

    /// The end of a tag, entity or escape starting at `start`, if one does.
    private func keptEnd(at start: Int) -> Int? {
        let scalar = scalars[start]
        let next = start + 1 < scalars.count ? scalars[start + 1] : nil
        switch scalar {
        case "<":
            guard let next, isLetter(next) || next == "/" || next == "!" || next == "?" else { return nil }
            if next == "!", start + 3 < scalars.count, scalars[start + 2] == "-", scalars[start + 3] == "-" {
                var i = start + 4
                while i + 2 < scalars.count {
                    if scalars[i] == "-" && scalars[i + 1] == "-" && scalars[i + 2] == ">" { return i + 3 }
                    i += 1
                }
                return nil
            }
            var i = start + 1
            var quote: Unicode.Scalar?
            while i < scalars.count {
                let c = scalars[i]
                if let open = quote {
                    if c == open { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == ">" {
                    return i + 1
                } else if c == "<" {
                    return nil
                }
                i += 1
            }
            return nil
        case "&":
            var i = start + 1
            if i < scalars.count, scalars[i] == "#" {
                i += 1
                let hex = i < scalars.count && (scalars[i] == "x" || scalars[i] == "X")
                if hex { i += 1 }
                let digitsStart = i
                while i < scalars.count, hex ? isHex(scalars[i]) : (scalars[i] >= "0" && scalars[i] <= "9") { i += 1 }
                guard i > digitsStart, i < scalars.count, scalars[i] == ";" else { return nil }
                return i + 1
            }
            let nameStart = i
            while i < scalars.count, isLetter(scalars[i]) || (scalars[i] >= "0" && scalars[i] <= "9") { i += 1 }
            guard i > nameStart, i < scalars.count, scalars[i] == ";" else { return nil }
            return i + 1
        case "\\":
            guard let next else { return start + 1 }
            if next == "u" || next == "U" {
                var i = start + 2
                while i < scalars.count, i < start + 6 + (next == "U" ? 4 : 0), isHex(scalars[i]) { i += 1 }
                return i
            }
            return start + 2
        default:
            return nil
        }
    }

    /// A MessageFormat argument at `index` (`{name}`, `{n, number, ::percent}`,
    /// `{n, plural, offset:1 one {…} other {…}}`): its syntax kept and, for a choice
    /// type, each case text as a nested message; `nil` (and `index` unmoved) if the
    /// braces hold no argument.
    private mutating func messageArgument() -> [Piece]? {
        guard depth < 32 else { return nil }
        let start = index
        var i = index + 1
        func skipSpace() { while i < scalars.count, scalars[i].properties.isPatternWhitespace { i += 1 } }
        skipSpace()
        let nameStart = i
        while i < scalars.count, scalars[i].properties.isXIDContinue || scalars[i] == "-" { i += 1 }
        guard i > nameStart else { return nil }
        skipSpace()
        guard i < scalars.count else { return nil }
        if scalars[i] == "}" {
            index = i + 1
            return [.kept(string(start, i + 1))]
        }
        guard scalars[i] == "," else { return nil }
        i += 1
        skipSpace()
        let typeStart = i
        while i < scalars.count, isLetter(scalars[i]) { i += 1 }
        let type = string(typeStart, i)
        skipSpace()
        guard i < scalars.count else { return nil }
        guard ["plural", "select", "selectordinal"].contains(type) else {
            // A simple argument: keep it up to its balanced closing brace.
            var depth = 0
            var j = start
            while j < scalars.count {
                if scalars[j] == "{" { depth += 1 } else if scalars[j] == "}" {
                    depth -= 1
                    if depth == 0 {
                        index = j + 1
                        return [.kept(string(start, j + 1))]
                    }
                }
                j += 1
            }
            return nil
        }
        guard scalars[i] == "," else { return nil }
        i += 1
        var pieces: [Piece] = []
        var keptStart = start
        while true {
            skipSpace()
            guard i < scalars.count else { return nil }
            if scalars[i] == "}" {
                pieces.append(.kept(string(keptStart, i + 1)))
                index = i + 1
                return pieces
            }
            // A selector (`one`, `=0`, `offset:1`, `male`) then, except after offset, `{message}`.
            let selectorStart = i
            while i < scalars.count, !scalars[i].properties.isPatternWhitespace, scalars[i] != "{", scalars[i] != "}" { i += 1 }
            guard i > selectorStart else { return nil }
            if string(selectorStart, i).hasPrefix("offset:") { continue }
            skipSpace()
            guard i < scalars.count, scalars[i] == "{" else { return nil }
            pieces.append(.kept(string(keptStart, i + 1)))
            index = i + 1
            depth += 1
            let inner = parse(inPlural: type != "select", nested: true)
            depth -= 1
            guard index < scalars.count, scalars[index] == "}" else {
                index = start
                return nil
            }
            pieces.append(.message(inner))
            keptStart = index
            i = index + 1
        }
    }
}
