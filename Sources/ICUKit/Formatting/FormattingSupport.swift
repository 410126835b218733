internal import CICU
import Synchronization
import FoundationEssentials

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

/// Owns one ICU handle and closes it when the last reference goes.
///
/// `Sendable` notes: the handle is only used by one thread at a time: either it is the
/// never-modified template of a ``HandlePool`` (read-only cloning), or it is checked out
/// of the pool by one caller.
final class OwnedHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    private let close: @Sendable (OpaquePointer) -> Void
    /// A setting last applied to the handle (such as leniency), so that it is not set
    /// again on every call; touched only by the thread that has the handle checked out.
    var setting: Int32 = -1

    init(_ pointer: OpaquePointer, close: @escaping @Sendable (OpaquePointer) -> Void) {
        self.pointer = pointer
        self.close = close
    }

    deinit { close(pointer) }
}

/// A small pool of ICU handles for objects ICU does not allow two threads to use at once
/// (date formats, interval formats, relative-time formats, list formats with their
/// break iterators): each operation checks a handle out, uses it alone, and returns it.
/// New handles come from `make` (a clone of a template, or a fresh open), so the
/// expensive open happens once per configuration, not per call.
final class HandlePool: Sendable {
    private let make: @Sendable () throws(ICUError) -> OwnedHandle
    private let free = Mutex<[OwnedHandle]>([])
    private let capacity: Int

    init(capacity: Int = 8, first: OwnedHandle? = nil, make: @escaping @Sendable () throws(ICUError) -> OwnedHandle) {
        self.make = make
        self.capacity = capacity
        if let first { free.withLock { $0.append(first) } }
    }

    /// Runs `body` with a handle that no other thread uses meanwhile.
    @inline(__always)
    func withHandle<R, E: Error>(_ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        try withOwnedHandle { (handle) throws(E) in try body(handle.pointer) }
    }

    /// ``withHandle(_:)`` with the owner, for callers that track per-handle settings.
    @inline(__always)
    func withOwnedHandle<R, E: Error>(_ body: (OwnedHandle) throws(E) -> R) throws(E) -> R {
        let handle: OwnedHandle
        if let pooled = free.withLock({ $0.popLast() }) {
            handle = pooled
        } else {
            // Out of handles (first use, or every handle busy on other threads).
            do { handle = try make() } catch { fatalError("cannot create an ICU handle: \(error)") }
        }
        defer {
            free.withLock { if $0.count < capacity { $0.append(handle) } }
        }
        return try body(handle)
    }
}

/// What every date formatter resolves first: the locale with the calendar keyword set
/// (and checked), and the canonical time zone.
struct DateSetting {
    let locale: LocaleID
    let zone: String
    /// The calendar asked for (option or `@calendar=` keyword), canonical, if any.
    let calendar: String?

    init(locale: LocaleID, calendar: CalendarSystem?, timeZone: String?, strict: Bool) throws {
        if strict { try locale.requireKnown() }
        var effective = locale
        if let calendar { effective = effective.setting("calendar", to: calendar.identifier) }
        if let requested = effective.keywordValue("calendar") {
            // ICU would silently use Gregorian for an unknown calendar.
            guard let canonical = CalendarSystem.canonicalIdentifier(requested) else { throw DateFormatError.unknownCalendar(requested) }
            self.calendar = canonical
        } else {
            self.calendar = nil
        }
        if let timeZone {
            guard let canonical = TimeZoneIDs.canonical(timeZone) else { throw DateFormatError.unknownTimeZone(timeZone) }
            zone = canonical
        } else {
            zone = TimeZoneIDs.defaultZone
        }
        self.locale = effective
    }

    /// Throws when the calendar ICU opened (`opened`) is not the one asked for.
    func check(opened: String) throws(DateFormatError) {
        if let calendar, calendar != opened { throw .unknownCalendar(calendar) }
    }
}

/// Refuses an empty skeleton or one with anything but ASCII letters.
func validateSkeleton(_ template: String) throws(DateFormatError) {
    guard !template.isEmpty, template.utf8.count <= 256,
          template.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
    else { throw .invalidSkeleton(template) }
}

extension LocaleID {
    /// This locale with the ICU keyword `keyword` set to `value` (or removed for `nil`).
    func setting(_ keyword: String, to value: String?) -> LocaleID {
        var base = withoutKeyword(keyword)
        if let value {
            base += base.contains("@") ? ";\(keyword)=\(value)" : "@\(keyword)=\(value)"
        }
        return (try? LocaleID(base)) ?? self
    }
}

/// `Date` ↔ ICU's `UDate` (milliseconds since 1970, as a `Double`).
extension Date {
    @inline(__always) var udate: Double { timeIntervalSince1970 * 1000 }
    @inline(__always) init(udate: Double) { self.init(timeIntervalSince1970: udate / 1000) }
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
