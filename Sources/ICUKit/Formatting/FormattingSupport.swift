internal import CICU
import Synchronization

/// Why a formatter could not be created or a value could not be formatted or parsed.
///
/// ```swift
/// do { _ = try ICUNumberFormatter(skeleton: "percent/x", locale: "en") }
/// catch FormattingError.invalidSkeleton(let skeleton, let offset) { print(skeleton, offset) }
/// ```
public enum FormattingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ICU rejected a number skeleton; `offset` is the UTF-16 offset ICU reported, when it did.
    case invalidSkeleton(String, offset: Int?)
    /// A unit identifier ICU does not know, such as `"furlongs"`.
    case unknownUnit(String)
    /// A currency code that is not a well-formed ISO 4217 code (three ASCII letters),
    /// or that ICU does not know.
    case unknownCurrency(String)
    /// ICU rejected a MessageFormat pattern; `offset` is the UTF-16 offset when known.
    case invalidPattern(String, offset: Int?, reason: String)
    /// A message argument is missing or has the wrong type for the pattern.
    case invalidArgument(String)
    /// A decimal number string such as `"1e3x"` that is not a number.
    case invalidNumber(String)
    /// Text that does not parse as a number; `byteOffset` is the UTF-8 offset where parsing stopped.
    case unparseable(String, byteOffset: Int)
    /// A value outside what the operation accepts (NaN for a plural category, …).
    case outOfRange(String)

    public var description: String {
        switch self {
        case .invalidSkeleton(let skeleton, let offset):
            "invalid number skeleton \"\(skeleton)\"" + (offset.map { " at offset \($0)" } ?? "")
        case .unknownUnit(let unit): "unknown unit \"\(unit)\""
        case .unknownCurrency(let code): "unknown currency code \"\(code)\""
        case .invalidPattern(let pattern, let offset, let reason):
            "invalid message pattern \"\(pattern)\"" + (offset.map { " at offset \($0)" } ?? "") + ": \(reason)"
        case .invalidArgument(let message): "invalid message argument: \(message)"
        case .invalidNumber(let text): "not a decimal number: \"\(text)\""
        case .unparseable(let text, let offset): "cannot parse \"\(text)\" as a number (stopped at byte \(offset))"
        case .outOfRange(let message): "value out of range: \(message)"
        }
    }
}

extension ICUBuffers {
    /// Calls `fill` with a UTF-16 buffer and returns the `String` it wrote; retries once
    /// with the exact size when ICU reports `U_BUFFER_OVERFLOW_ERROR`.
    static func utf16String(
        operation: String, capacity: Int = 64,
        _ fill: (UnsafeMutablePointer<UInt16>, Int32, inout UErrorCode) -> Int32
    ) throws(ICUError) -> String {
        func attempt(_ capacity: Int) -> (String?, Int32, UErrorCode) {
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity + 1) { buffer in
                var status = U_ZERO_ERROR
                let length = fill(buffer.baseAddress!, Int32(capacity), &status)
                guard !status.isFailure, length <= capacity, length >= 0 else { return (nil, length, status) }
                return (String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: Int(length)), as: UTF16.self), length, status)
            }
        }
        var (text, length, status) = attempt(capacity)
        if let text { return text }
        if status == U_BUFFER_OVERFLOW_ERROR || length > capacity {
            (text, length, status) = attempt(Int(length))
            if let text { return text }
        }
        try status.check(operation)
        throw ICUError(U_INTERNAL_PROGRAM_ERROR, operation: operation)
    }
}

/// The text of a `UFormattedValue` (valid while its owner lives).
func formattedValueString(_ value: OpaquePointer?, operation: StaticString) throws(ICUError) -> String {
    var status = U_ZERO_ERROR
    var length: Int32 = 0
    let chars = ufmtval_getString(value, &length, &status)
    try status.check("\(operation)")
    guard let chars else { return "" }
    return String(decoding: UnsafeBufferPointer(start: chars, count: Int(length)), as: UTF16.self)
}

/// Runs `body` with `text` as UTF-16 (not NUL-terminated); throws for texts past `Int32`.
func withUTF16Text<R>(_ text: String, _ body: (UnsafePointer<UInt16>, Int32) throws -> R) throws -> R {
    let units = Array(text.utf16)
    guard units.count < Int(Int32.max) else {
        throw InputTooLongError(length: units.count, limit: Int(Int32.max) - 1, unit: "UTF-16 code units")
    }
    return try units.withUnsafeBufferPointer { buffer in
        try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 1) { empty in
            try body(buffer.baseAddress ?? UnsafePointer(empty.baseAddress!), Int32(buffer.count))
        }
    }
}

/// A process-wide, size-bounded cache of shared formatter handles keyed by their
/// creation signature (locale and options). Creation runs outside the lock; a full
/// cache is emptied before inserting (the handles stay alive while formatters use them).
///
/// `Sendable` notes: the dictionary is only touched under the mutex; cached values are
/// themselves `Sendable`.
final class FormatterCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[Key: Value]>([:])
    private let limit: Int

    init(limit: Int = 64) { self.limit = limit }

    func value<E: Error>(for key: Key, create: () throws(E) -> Value) throws(E) -> Value {
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let created = try create()
        return entries.withLock { entries in
            if let raced = entries[key] { return raced }
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = created
            return created
        }
    }
}

/// Owns one ICU handle that is not documented as safe for concurrent use, and
/// serializes every use of it.
///
/// `Sendable` notes: the handle is reached only inside `withHandle`, under the mutex.
final class LockedHandle: @unchecked Sendable {
    private let handle: OpaquePointer
    private let close: @Sendable (OpaquePointer) -> Void
    private let lock = Mutex<Void>(())

    init(_ handle: OpaquePointer, close: @escaping @Sendable (OpaquePointer) -> Void) {
        self.handle = handle
        self.close = close
    }

    deinit { close(handle) }

    func withHandle<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        try lock.withLock { _ throws(E) -> R in try body(handle) }
    }
}

/// Checks a decimal number string (`-12.50`, `1e-3`, `12345678901234567890.5`) before it
/// reaches ICU, which rejects malformed ones with `U_DECIMAL_NUMBER_SYNTAX_ERROR`.
func isDecimalNumberString(_ text: String) -> Bool {
    var bytes = Array(text.utf8)[...]
    if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    var digits = 0, seenDot = false
    while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
        if byte == UInt8(ascii: ".") {
            if seenDot { return false }
            seenDot = true
        } else if (0x30...0x39).contains(byte) {
            digits += 1
        } else {
            return false
        }
        bytes = bytes.dropFirst()
    }
    guard digits > 0, digits <= 1000 else { return false }
    if bytes.isEmpty { return true }
    bytes = bytes.dropFirst()
    if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    return !bytes.isEmpty && bytes.count <= 6 && bytes.allSatisfy { (0x30...0x39).contains($0) }
}
