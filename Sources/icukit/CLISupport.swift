import ArgumentParser
import Foundation
import ICUKit

/// Standard output, written in blocks of about 64 KiB.
struct OutputBuffer {
    private var pending = ""

    mutating func append(_ text: String) {
        pending += text
        if pending.utf8.count > 1 << 16 { flush() }
    }

    mutating func flush() {
        CLI.write(pending)
        pending = ""
    }
}

/// A failure with its sysexits code, reported as `icukit: error: message`.
struct CLIFailure: Error {
    let message: String
    let code: Int32

    static func usage(_ message: String) -> CLIFailure { CLIFailure(message: message, code: CLI.usage) }
    static func data(_ message: String) -> CLIFailure { CLIFailure(message: message, code: CLI.dataError) }
    static func noInput(_ message: String) -> CLIFailure { CLIFailure(message: message, code: CLI.noInput) }
}

/// Shared plumbing of the subcommands: input, output, JSON, exit codes (reading and
/// writing: StandardStreams.swift).
enum CLI {
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    static let software: Int32 = 70
    static let ioError: Int32 = 74

    static func fail(_ message: String, code: Int32) -> Never {
        standardError("icukit: error: \(message)\n")
        terminate(code)
    }

    /// Ends the process with `code` (the C library's `exit`, from Foundation on every
    /// platform; inside a `ParsableCommand` the name `exit` means ArgumentParser's).
    static func terminate(_ code: Int32) -> Never {
        exit(code)
    }

    /// The documents of an input: the whole input as one, or (with `jsonl`) one JSON
    /// string per non-empty line. Invalid UTF-8 fails with its byte offset unless `lossy`.
    static func documents(_ bytes: [UInt8], jsonl: Bool, lossy: Bool) throws(CLIFailure) -> [String] {
        var text: String
        do {
            text = try UTF8Decoding.decode(bytes, lossy: lossy)
        } catch {
            throw .data("invalid UTF-8 at byte offset \(error.byteOffset) (use --lossy to replace it with U+FFFD)")
        }
        guard jsonl else { return [text] }
        return try text.withUTF8 { bytes in Result { () throws(CLIFailure) in try jsonLines(bytes) } }.get()
    }

    /// The documents of `--jsonl` input (valid UTF-8): one JSON string per non-blank line.
    static func jsonLines(_ bytes: UnsafeBufferPointer<UInt8>) throws(CLIFailure) -> [String] {
        var documents: [String] = []
        var scratch: [UInt8] = []
        var number = 0, start = 0
        // Lines end at LF (a CR before it belongs to the terminator, as "\r\n" is one
        // Character); a final terminator ends the last line.
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            let next = end + 1
            if end < bytes.count && end > start && bytes[end - 1] == 0x0D { end -= 1 }
            number += 1
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            start = next
            if let string = jsonString(line, scratch: &scratch) {
                documents.append(string)
                continue
            }
            // Anything the fast path does not take goes through Foundation, as before.
            let slow = String(decoding: line, as: UTF8.self)
            if slow.allSatisfy(\.isWhitespace) { continue }
            guard let value = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed]),
                  let string = value as? String
            else {
                throw .data("line \(number): expected one JSON string per line (--jsonl)")
            }
            documents.append(string)
        }
        return documents
    }

    /// The value of a line that is exactly one JSON string (a quote first and last, no raw
    /// control characters, no surrogate or NUL escapes), or `nil` for the general parser.
    /// The line is valid UTF-8, so the unescaped bytes are too.
    static func jsonString(_ line: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> String? {
        let count = line.count
        guard count >= 2, line[0] == 0x22, line[count - 1] == 0x22 else { return nil }
        // The common case: no escapes at all.
        var index = 1
        while index < count - 1 {
            let byte = line[index]
            if byte == 0x5C || byte == 0x22 || byte < 0x20 { break }
            index += 1
        }
        if index == count - 1 { return String(decoding: UnsafeBufferPointer(rebasing: line[1..<(count - 1)]), as: UTF8.self) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: line[1..<index])
        while index < count - 1 {
            let byte = line[index]
            if byte == 0x22 || byte < 0x20 { return nil }
            guard byte == 0x5C else {
                scratch.append(byte)
                index += 1
                continue
            }
            guard index + 1 < count - 1 else { return nil }
            switch line[index + 1] {
            case 0x22, 0x5C, 0x2F: scratch.append(line[index + 1])
            case 0x62: scratch.append(0x08)
            case 0x66: scratch.append(0x0C)
            case 0x6E: scratch.append(0x0A)
            case 0x72: scratch.append(0x0D)
            case 0x74: scratch.append(0x09)
            case 0x75:
                guard index + 5 < count - 1 else { return nil }
                var value: UInt32 = 0
                for offset in 2...5 {
                    let digit = line[index + offset]
                    switch digit {
                    case 0x30...0x39: value = value << 4 | UInt32(digit - 0x30)
                    case 0x41...0x46: value = value << 4 | UInt32(digit - 0x37)
                    case 0x61...0x66: value = value << 4 | UInt32(digit - 0x57)
                    default: return nil
                    }
                }
                guard value != 0, let scalar = Unicode.Scalar(value) else { return nil }  // NUL, surrogates
                scratch.append(contentsOf: UTF8.encode(scalar)!)
                index += 6
                continue
            default: return nil
            }
            index += 2
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The lines of `text`, split at LF and CR LF ("\r\n" is one `Character`, so splitting
    /// at "\n" alone would not split there); a final line terminator ends the last line.
    static func lines(of text: String) -> [Substring] {
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines
    }

    /// Parses a locale option; `strict` refuses identifiers ICU does not know.
    static func locale(_ identifier: String?, strict: Bool) throws(CLIFailure) -> LocaleID {
        guard let identifier else { return .root }
        let id: LocaleID
        do { id = try LocaleID(identifier) } catch { throw .usage(error.description) }
        if strict && !id.isKnown { throw .usage(LocaleError.unknownLocale(identifier).description) }
        return id
    }

}

/// Minimal JSON writing for the CLI's JSON Lines (keys in a fixed order).
enum JSON {
    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func array(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    static func array(_ values: [String]) -> String {
        "[" + values.map(string).joined(separator: ",") + "]"
    }
}
