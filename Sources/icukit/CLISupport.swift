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
        let text: String
        do {
            text = try UTF8Decoding.decode(bytes, lossy: lossy)
        } catch {
            throw .data("invalid UTF-8 at byte offset \(error.byteOffset) (use --lossy to replace it with U+FFFD)")
        }
        guard jsonl else { return [text] }
        var documents: [String] = []
        for (number, line) in lines(of: text).enumerated() {
            if line.allSatisfy(\.isWhitespace) { continue }
            guard let data = line.data(using: .utf8),
                  let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
                  let string = value as? String
            else {
                throw .data("line \(number + 1): expected one JSON string per line (--jsonl)")
            }
            documents.append(string)
        }
        return documents
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
