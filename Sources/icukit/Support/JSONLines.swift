#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ICUKit

/// Reads an input line by line in blocks of 64 KiB, keeping at most one block plus the
/// current line in memory (the bounded look-ahead of the streaming JSON Lines modes).
/// Lines end at LF; a CR before it stays in the line (JSON whitespace, trimmed by
/// ``JSONLines/decodeString(_:)``).
struct LineReader {
    static let blockSize = 1 << 16
    let input: InputFile
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var atEndOfFile = false
    /// Stream offset of `buffer[0]`.
    private var bufferBase = 0
    /// The number of the last line returned (1-based).
    private(set) var lineNumber = 0

    init(_ input: InputFile) {
        self.input = input
        buffer = [UInt8](repeating: 0, count: Self.blockSize)
    }

    /// Whether the next line can be had without waiting on a pipe or terminal (used to
    /// write the results so far before the process blocks on its input).
    func hasLineReady() -> Bool {
        if atEndOfFile { return true }
        let buffered = buffer.withUnsafeBufferPointer { bytes in
            start < end && memchr(bytes.baseAddress! + start, 0x0A, end - start) != nil
        }
        if buffered { return true }
        return input.hasInputReady()
    }

    /// Calls `body` with the next line (its bytes without the LF, its 1-based number and
    /// its byte offset in the stream); false at end of input.
    mutating func nextLine(_ body: (UnsafeBufferPointer<UInt8>, _ number: Int, _ offset: Int) throws(CLIFailure) -> Void) throws(CLIFailure) -> Bool {
        var searchFrom = start
        while true {
            let newline: Int? = buffer.withUnsafeBufferPointer { bytes in
                guard searchFrom < end else { return nil }
                guard let found = memchr(bytes.baseAddress! + searchFrom, 0x0A, end - searchFrom) else { return nil }
                return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
            }
            if let newline {
                return try emit(upTo: newline, next: newline + 1, body)
            }
            if atEndOfFile {
                if start == end { return false }
                return try emit(upTo: end, next: end, body)
            }
            let scanned = end - start  // fill() moves the unread bytes to the front
            try fill()
            searchFrom = start + scanned
        }
    }

    private mutating func emit(upTo lineEnd: Int, next: Int, _ body: (UnsafeBufferPointer<UInt8>, Int, Int) throws(CLIFailure) -> Void) throws(CLIFailure) -> Bool {
        lineNumber += 1
        let lineStart = start
        start = next
        let number = lineNumber, offset = bufferBase + lineStart
        let result: Result<Void, CLIFailure> = buffer.withUnsafeBufferPointer { bytes in
            Result { () throws(CLIFailure) in try body(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), number, offset) }
        }
        try result.get()
        return true
    }

    /// Reads more input after `end`, first moving the unread bytes to the front (and
    /// growing the buffer only for a line longer than it).
    private mutating func fill() throws(CLIFailure) {
        if start > 0 {
            let count = end - start
            buffer.withUnsafeMutableBufferPointer { bytes in
                _ = memmove(bytes.baseAddress!, bytes.baseAddress! + start, count)
            }
            bufferBase += start
            start = 0
            end = count
        }
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        let count = try input.read(into: &buffer, at: end)
        if count == 0 { atEndOfFile = true } else { end += count }
    }
}

/// Decoding the JSON Lines input format: one JSON string per line.
enum JSONLines {
    /// Whether the line holds only JSON whitespace (skipped, as blank lines are).
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
    }

    /// The string a line holds, or nil when the line is not exactly one JSON string
    /// (surrounded by optional whitespace). The line must be valid UTF-8.
    static func decodeString(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        decodeString(line, validating: false)
    }

    /// ``decodeString(_:)`` that also returns `nil` when the bytes are not valid UTF-8 (the
    /// string is made by `String(validating:)`, so a valid line is validated once, not
    /// checked first and validated again as the string is made; which of the two a `nil`
    /// means is for the caller to find out on that rare path).
    static func decodeValidString(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        decodeString(line, validating: true)
    }

    @inline(__always)
    private static func decodeString(_ line: UnsafeBufferPointer<UInt8>, validating: Bool) -> String? {
        @inline(__always) func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
            validating ? validString(bytes) : String(decoding: bytes, as: UTF8.self)
        }
        var first = 0, last = line.count
        while first < last, isWhitespace(line[first]) { first += 1 }
        while last > first, isWhitespace(line[last - 1]) { last -= 1 }
        guard last - first >= 2, line[first] == UInt8(ascii: "\""), line[last - 1] == UInt8(ascii: "\"") else { return nil }
        // The common case: no escapes, no control characters.
        var index = nextSpecial(line, from: first + 1, to: last - 1)
        if index == last - 1 { return string(UnsafeBufferPointer(rebasing: line[(first + 1)..<index])) }
        var out: [UInt8] = []
        out.reserveCapacity(last - first)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: line[(first + 1)..<index]))
        while index < last {
            let byte = line[index]
            if byte == UInt8(ascii: "\"") {
                // The closing quote must be the line's last non-blank byte.
                return index == last - 1 ? out.withUnsafeBufferPointer { string($0) } : nil
            }
            if byte < 0x20 { return nil }
            if byte != UInt8(ascii: "\\") {
                out.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < last else { return nil }
            switch line[index] {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard let unit = hex4(line, at: index + 1, end: last) else { return nil }
                index += 4
                var scalar = UInt32(unit)
                if unit >= 0xD800 && unit < 0xDC00 {
                    // A high surrogate must be followed by an escaped low one.
                    guard index + 6 < last, line[index + 1] == UInt8(ascii: "\\"), line[index + 2] == UInt8(ascii: "u"),
                          let low = hex4(line, at: index + 3, end: last), low >= 0xDC00 && low < 0xE000
                    else { return nil }
                    index += 6
                    scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                } else if unit >= 0xDC00 && unit < 0xE000 {
                    return nil
                }
                guard let value = Unicode.Scalar(scalar) else { return nil }
                out.append(contentsOf: UTF8.encode(value)!)
            default: return nil
            }
            index += 1
            let run = nextSpecial(line, from: index, to: last)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[index..<run]))
            index = run
        }
        return nil
    }

    /// `bytes` as a `String` if they are valid UTF-8. Through `String(validatingCString:)`
    /// on a NUL-terminated copy: unlike `String(validating:as:)`, which is generic and not
    /// specialized across modules (~650 instructions of metadata work per call, more than
    /// validating a one-line record), it goes straight to the standard library's validator.
    /// A decoded `\u0000` (a NUL inside) takes the generic initializer.
    private static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 1) { copy -> String? in
            guard let base = copy.baseAddress else { return nil }
            if let source = bytes.baseAddress, !bytes.isEmpty {
                if memchr(source, 0, bytes.count) != nil { return String(validating: bytes, as: UTF8.self) }
                base.initialize(from: source, count: bytes.count)
            }
            base[bytes.count] = 0
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count + 1) { String(validatingCString: $0) }
        }
    }

    /// The index of the first quote, backslash or control byte in `line[from..<to]`, or `to`: eight
    /// bytes at a time (a byte equal to c makes `x ^ c·0x0101…` have a zero byte; a zero
    /// byte or one under 0x20 sets its high bit in `(x - 0x2020…) & ~x`).
    @inline(__always)
    static func nextSpecial(_ line: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var index = from
        if let base = line.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= to {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
                let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
                if special & highs != 0 { break }
                index += 8
            }
        }
        while index < to {
            let byte = line[index]
            if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") || byte < 0x20 { return index }
            index += 1
        }
        return to
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    private static func hex4(_ line: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> UInt16? {
        guard index + 4 <= end else { return nil }
        var value: UInt16 = 0
        for byte in line[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
