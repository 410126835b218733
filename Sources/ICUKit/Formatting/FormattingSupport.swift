internal import CICU
import Synchronization
import FoundationEssentials

extension ICUBuffers {
    /// Calls `fill` with a UTF-16 buffer and returns the `String` it wrote; retries once
    /// with the exact size when ICU reports `U_BUFFER_OVERFLOW_ERROR`. The first attempt
    /// uses a stack buffer, so short results allocate nothing but the `String`.
    @inline(__always)
    static func utf16String(
        operation: @autoclosure () -> String, capacity: Int = 256,
        _ fill: (UnsafeMutablePointer<UInt16>, Int32, inout UErrorCode) -> Int32
    ) throws(ICUError) -> String {
        var needed: Int32 = 0
        var failure = U_ZERO_ERROR
        let first: String? = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) { buffer in
            var status = U_ZERO_ERROR
            let length = fill(buffer.baseAddress!, Int32(capacity), &status)
            needed = length
            if status.isFailure || Int(length) > capacity || status == U_STRING_NOT_TERMINATED_WARNING && Int(length) > capacity {
                failure = status
                return nil
            }
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: Int(length)), as: UTF16.self)
        }
        if let first { return first }
        guard failure == U_BUFFER_OVERFLOW_ERROR || (!failure.isFailure && Int(needed) > capacity), needed > 0 else {
            try failure.check(operation())
            throw ICUError(U_INTERNAL_PROGRAM_ERROR, operation: operation())
        }
        var buffer = [UInt16](repeating: 0, count: Int(needed) + 1)
        var status = U_ZERO_ERROR
        let length = buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32($0.count), &status) }
        try status.check(operation())
        return String(decoding: buffer[..<min(Int(length), buffer.count)], as: UTF16.self)
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

/// A bounded cache of configured formatters keyed by their full configuration, so that
/// creating "the same" formatter twice costs a dictionary lookup, not an ICU open.
final class FormatterCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[Key: Value]>([:])
    private let limit: Int

    init(limit: Int = 64) { self.limit = limit }

    /// The cached value for `key`, or the one `create` makes (created outside the lock).
    func value<E: Error>(for key: Key, _ create: () throws(E) -> Value) throws(E) -> Value {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let made = try create()
        return entries.withLock { entries in
            if let raced = entries[key] { return raced }
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = made
            return made
        }
    }
}

/// Time zone identifiers as ICU knows them.
enum TimeZoneIDs {
    /// The canonical system identifier for `identifier` (`"US/Pacific"` →
    /// `"America/Los_Angeles"`), or `nil` when ICU does not know it. ICU itself would
    /// silently format in GMT (`"Etc/Unknown"`) instead.
    static func canonical(_ identifier: String) -> String? {
        guard !identifier.isEmpty, identifier.utf16.count < 128 else { return nil }
        let units = Array(identifier.utf16)
        var isSystem: Int8 = 0
        let canonical = try? ICUBuffers.utf16String(operation: "ucal_getCanonicalTimeZoneID", capacity: 128) { buffer, capacity, status in
            ucal_getCanonicalTimeZoneID(units, Int32(units.count), buffer, capacity, &isSystem, &status)
        }
        guard let canonical, !canonical.isEmpty, canonical != "Etc/Unknown" else { return nil }
        // Custom "GMT+05:30" zones are not system zones but are valid; keep them.
        return canonical
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
