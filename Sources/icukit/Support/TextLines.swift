#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Text helpers several commands share: the line splitter of every line-oriented input and
// the one-line display of a segment.

extension CLI {
    /// Bytes read at a time when input streams in chunks (`convert`, `normalize`).
    static let chunkSize = 1 << 20

    /// The lines of `text`, split at LF and CR LF on its bytes (no `Character` walk); a
    /// final line terminator ends the last line.
    static func lines(of text: String) -> [Substring] {
        var text = text
        return lines(of: &text)
    }

    /// The lines of `text` (see the `String` overload), without copying it.
    static func lines(of text: inout String) -> [Substring] {
        var ends: [(Int, Int)] = []  // (end of the line's text, start of the next line)
        let count = text.utf8.count
        text.withUTF8 { bytes in
            var start = 0
            while start < count {
                guard let found = memchr(bytes.baseAddress! + start, 0x0A, count - start) else {
                    ends.append((count, count))
                    break
                }
                let newline = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
                let end = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
                ends.append((end, newline + 1))
                start = newline + 1
            }
        }
        let utf8 = text.utf8
        var lines: [Substring] = []
        lines.reserveCapacity(ends.count)
        var start = 0
        for (end, next) in ends {
            // O(1) on a native UTF-8 string; LF is ASCII, so both ends are scalar boundaries.
            lines.append(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]))
            start = next
        }
        return lines
    }

    /// Appends the segment's bytes on one line (line terminators inside it escaped as
    /// ``visible(_:)`` does) and a newline.
    static func appendVisible(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBuffer) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            var escape: StaticString? = nil
            var length = 1
            switch byte {
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x0B: escape = "\\u{B}"
            case 0x0C: escape = "\\u{C}"
            case 0xC2 where index + 1 < count && bytes[index + 1] == 0x85:
                escape = "\\u{85}"
                length = 2
            case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                escape = bytes[index + 2] == 0xA8 ? "\\u{2028}" : "\\u{2029}"
                length = 3
            default: break
            }
            if let escape {
                if runStart < index { out.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                escape.withUTF8Buffer { out.append(bytes: $0) }
                index += length
                runStart = index
            } else {
                index += 1
            }
        }
        if runStart < count { out.append(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
        out.append(byte: 0x0A)
        out.endRecord()
    }

    /// The segment on one line: line terminators inside it are escaped.
    static func visible(_ segment: Substring) -> String {
        var out = ""
        for scalar in segment.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x0B, 0x0C, 0x85, 0x2028, 0x2029: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
