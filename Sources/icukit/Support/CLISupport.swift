#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ICUKit

/// Standard output, written in blocks of about 64 KiB: the one buffered writer of every
/// command. Text and bytes are appended as UTF-8 bytes (no `String` concatenation per
/// item); ``endRecord()`` marks the end of one result, where `--flush` (``flushesEachRecord``)
/// writes it out at once.
struct OutputBuffer {
    static let blockSize = 1 << 16
    private(set) var pending: [UInt8] = []
    /// Write after every record (`--flush`) instead of in blocks.
    var flushesEachRecord = false
    /// Never write: the bytes of one record, collected for the writer (a record's output
    /// is written only once the record has succeeded, and in input order).
    private(set) var collecting = false

    init(flushesEachRecord: Bool = false) {
        self.flushesEachRecord = flushesEachRecord
        pending.reserveCapacity(Self.blockSize + 4096)
    }

    init(collecting: Bool) {
        self.collecting = collecting
    }

    var isEmpty: Bool { pending.isEmpty }

    /// Drops what is collected (keeping the storage).
    mutating func removeAll() { pending.removeAll(keepingCapacity: true) }

    mutating func append(_ text: String) {
        // One memcpy from the string's contiguous UTF-8 (the generic path goes byte by byte).
        if text.utf8.withContiguousStorageIfAvailable({ pending.append(contentsOf: $0) }) == nil {
            pending.append(contentsOf: text.utf8)
        }
        flushIfFull()
    }

    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        pending.append(contentsOf: bytes)
        flushIfFull()
    }

    mutating func append(bytes: [UInt8]) {
        pending.append(contentsOf: bytes)
        flushIfFull()
    }

    /// Appends one byte (no flush check: call ``endRecord()`` or ``append(_:)`` after).
    mutating func append(byte: UInt8) { pending.append(byte) }

    /// Appends the decimal digits of `value` without making a `String`.
    mutating func append(decimal value: Int) {
        Self.appendDecimal(value, to: &pending)
    }

    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            if value == .min {
                bytes.append(contentsOf: String(value).utf8.dropFirst())
                return
            }
            appendDecimal(-value, to: &bytes)
            return
        }
        // Small values (levels, indices, counts) are most of them: one or two appends.
        if value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        if value < 100 {
            bytes.append(UInt8(truncatingIfNeeded: value / 10) &+ 0x30)
            bytes.append(UInt8(truncatingIfNeeded: value % 10) &+ 0x30)
            return
        }
        // Digits from the last, then reversed in place (no String, no temporary buffer).
        let start = bytes.count
        var rest = value
        repeat {
            bytes.append(UInt8(truncatingIfNeeded: rest % 10) &+ 0x30)
            rest /= 10
        } while rest > 0
        var low = start, high = bytes.count - 1
        while low < high {
            bytes.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// Appends `value` as a JSON string (quoted and escaped; see the buffer variant).
    mutating func append(jsonString value: String) {
        var value = value
        value.withUTF8 { append(jsonString: $0) }
    }

    /// Appends `values` as a JSON array of strings.
    mutating func append(jsonArray values: [String]) {
        pending.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { pending.append(UInt8(ascii: ",")) }
            append(jsonString: value)
        }
        pending.append(UInt8(ascii: "]"))
    }

    /// Appends `value` as a JSON string and a newline: one JSON Lines record.
    mutating func append(jsonLine value: String) {
        append(jsonString: value)
        pending.append(0x0A)
        flushIfFull()
    }

    /// Appends valid UTF-8 `bytes` as a JSON string: `"` and `\` escaped with a backslash,
    /// LF, CR and TAB as `\n`, `\r`, `\t`, the other bytes under 0x20 as `\u00xx`; the runs
    /// between them copied whole (found eight bytes at a time, as JSON Lines input is read).
    mutating func append(jsonString bytes: UnsafeBufferPointer<UInt8>) {
        pending.append(UInt8(ascii: "\""))
        var from = 0
        let end = bytes.count
        while from < end {
            let special = JSONLines.nextSpecial(bytes, from: from, to: end)
            if special > from { pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<special])) }
            if special == end { break }
            let byte = bytes[special]
            pending.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): pending.append(byte)
            case 0x0A: pending.append(UInt8(ascii: "n"))
            case 0x0D: pending.append(UInt8(ascii: "r"))
            case 0x09: pending.append(UInt8(ascii: "t"))
            default:
                let hex: StaticString = "0123456789abcdef"
                pending.append(UInt8(ascii: "u"))
                pending.append(UInt8(ascii: "0"))
                pending.append(UInt8(ascii: "0"))
                pending.append(hex.utf8Start[Int(byte >> 4)])
                pending.append(hex.utf8Start[Int(byte & 0x0F)])
            }
            from = special + 1
        }
        pending.append(UInt8(ascii: "\""))
    }

    /// The end of one result: written now with `--flush`, else when a block is full.
    mutating func endRecord() {
        if collecting { return }
        if flushesEachRecord || pending.count >= Self.blockSize { flush() }
    }

    /// Writes the block once it is full (never while collecting): called inside long loops
    /// of ``append(byte:)`` and ``append(decimal:)``, so one huge result (a 100 MB
    /// paragraph's levels) streams out instead of growing in memory.
    @inline(__always)
    mutating func flushIfFull() {
        if pending.count >= Self.blockSize, !collecting { flush() }
    }

    mutating func flush() {
        if pending.isEmpty || collecting { return }
        CLI.write(bytes: pending)
        pending.removeAll(keepingCapacity: true)
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

    /// Ends the process with `code` (the C library's `exit`, from Glibc or Darwin).
    static func terminate(_ code: Int32) -> Never {
        exit(code)
    }

    /// The text of an input; invalid UTF-8 fails with its byte offset unless `lossy`.
    static func text(_ bytes: [UInt8], lossy: Bool) throws(CLIFailure) -> String {
        do {
            return try UTF8Decoding.decode(bytes, lossy: lossy)
        } catch {
            throw .data("invalid UTF-8 at byte offset \(error.byteOffset) (use --lossy to replace it with U+FFFD)")
        }
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

/// JSON values as strings, for the objects the CLI builds as text (keys in a fixed order);
/// strings are escaped by `OutputBuffer.append(jsonString:)`,
/// the one JSON escaper.
enum JSON {
    static func string(_ value: String) -> String {
        // Common case: nothing to escape (scanned on the contiguous UTF-8, eight bytes at a
        // time: the generic `utf8.contains(where:)` cost ~10 instructions a byte).
        var value = value
        let plain = value.withUTF8 { JSONLines.nextSpecial($0, from: 0, to: $0.count) == $0.count }
        if plain { return "\"" + value + "\"" }
        var out = OutputBuffer(collecting: true)
        out.append(jsonString: value)
        return String(decoding: out.pending, as: UTF8.self)
    }

    static func array(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    static func array(_ values: [String]) -> String {
        "[" + values.map(string).joined(separator: ",") + "]"
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` removes: Zs and TAB), without Foundation.
    func trimmingSpaces() -> String {
        // Common case: neither end is a space, a tab or non-ASCII.
        let whole = String(self)
        if let first = whole.utf8.first, let last = whole.utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return whole }
        func isSpace(_ character: Character) -> Bool {
            character == "\t" || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
