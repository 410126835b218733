internal import CICU
import Synchronization

/// A `UCalendar*` (ICU's `UCalendar` is `void *`).
typealias UCalendarHandle = UnsafeMutablePointer<UnsafeMutableRawPointer?>

extension UnsafeMutablePointer where Pointee == UnsafeMutableRawPointer? {
    /// The same handle as ICU's `const UCalendar *`.
    @inline(__always) var readOnly: UnsafeMutablePointer<UnsafeRawPointer?> {
        UnsafeMutablePointer<UnsafeRawPointer?>(OpaquePointer(self))
    }
}

/// Owns one opened `UCalendar` template for a calendar configuration and a small pool
/// of its clones.
///
/// `Sendable` notes: the template is never mutated after `init`; it is only read
/// (`ucal_clone`, `ucal_getAttribute` are `const` in ICU). A clone is taken out of the
/// pool (an atomic exchange on the one-clone slot, or under the lock) for one operation,
/// used by one thread, and put back, so no `UCalendar` is ever used by two threads at once.
final class CalendarEngine: @unchecked Sendable {
    struct Key: Hashable {
        let identifier: String
        let timeZone: String
        let firstWeekday: Int32
        let minimalDays: Int32
    }

    /// A pooled clone; moved between threads only through the pool's lock.
    private struct Pooled: @unchecked Sendable { let handle: UCalendarHandle }

    private let template: UCalendarHandle
    private let free = Mutex<[Pooled]>([])
    /// A `UCalendarHandle` bit pattern, or 0.
    private let fastSlot = Atomic<UInt>(0)
    private let capacity = 16
    /// The calendar type ICU reports (`ucal_getType`); `gregorian` for `iso8601` and
    /// `islamic` for `islamic-rgsa` in ICU 72.
    let icuType: String

    private static let cache = ConfigurationCache<Key, CalendarEngine>(limit: 256)

    /// The shared engine for a configuration (opened once per process).
    static func shared(_ key: Key) throws(CalendarError) -> CalendarEngine {
        return try cache.value(for: key) { () throws(CalendarError) in try CalendarEngine(key) }
    }

    private init(_ key: Key) throws(CalendarError) {
        var status = U_ZERO_ERROR
        let zone = Array(key.timeZone.utf16)
        let opened = zone.withUnsafeBufferPointer {
            ucal_open($0.baseAddress, Int32($0.count), "@calendar=" + key.identifier, UCAL_DEFAULT, &status)
        }
        guard let opened, !status.isFailure else {
            if let opened { ucal_close(opened) }
            throw .icu(ICUError(status.isFailure ? status : U_INTERNAL_PROGRAM_ERROR, operation: "ucal_open"))
        }
        ucal_setAttribute(opened, UCAL_FIRST_DAY_OF_WEEK, key.firstWeekday)
        ucal_setAttribute(opened, UCAL_MINIMAL_DAYS_IN_FIRST_WEEK, key.minimalDays)
        ucal_setAttribute(opened, UCAL_LENIENT, 1)
        template = opened
        icuType = ucal_getType(opened.readOnly, &status).map { String(cString: $0) } ?? ""
        monthLimit = Int(ucal_getLimit(opened.readOnly, UCAL_MONTH, UCAL_MAXIMUM, &status)) + 1
        dayLimit = Int(ucal_getLimit(opened.readOnly, UCAL_DATE, UCAL_MAXIMUM, &status))
        eraRange = Int(ucal_getLimit(opened.readOnly, UCAL_ERA, UCAL_MINIMUM, &status))...Int(ucal_getLimit(opened.readOnly, UCAL_ERA, UCAL_MAXIMUM, &status))
    }

    /// The largest 1-based month number the calendar uses (13 in Hebrew, Coptic, Ethiopic).
    let monthLimit: Int
    /// The largest day of a month in the calendar.
    let dayLimit: Int
    /// ICU's era numbers.
    let eraRange: ClosedRange<Int>

    deinit {
        ucal_close(template)
        for pooled in free.withLock({ $0 }) { ucal_close(pooled.handle) }
        if let slot = UCalendarHandle(bitPattern: fastSlot.load(ordering: .acquiring)) { ucal_close(slot) }
    }

    /// Runs `body` with a calendar used by no other thread meanwhile. Its state
    /// (time, fields, leniency) is whatever the previous user left: set what you read.
    @inline(__always)
    func withCalendar<R, E: Error>(_ body: (UCalendarHandle) throws(E) -> R) throws(E) -> R {
        // One clone sits in a lock-free slot (the common, uncontended case: two atomic
        // exchanges instead of two lock round trips); the others in the locked pool.
        let slot = fastSlot.exchange(0, ordering: .acquiring)
        let handle = slot != 0 ? UCalendarHandle(bitPattern: slot)! : (free.withLock { $0.popLast()?.handle } ?? cloneTemplate())
        defer {
            let (stored, _) = fastSlot.compareExchange(expected: 0, desired: UInt(bitPattern: handle), ordering: .releasing)
            if !stored { giveBack(handle) }
        }
        return try body(handle)
    }


    /// Returns a clone to the locked pool (closing it when the pool is full).
    private func giveBack(_ handle: UCalendarHandle) {
        let pooled = Pooled(handle: handle)
        let kept = free.withLock { pool -> Bool in
            guard pool.count < capacity else { return false }
            pool.append(pooled)
            return true
        }
        if !kept { ucal_close(handle) }
    }

    private func cloneTemplate() -> UCalendarHandle {
        var status = U_ZERO_ERROR
        // ucal_clone of a valid calendar fails only when memory runs out.
        guard let clone = ucal_clone(template.readOnly, &status), !status.isFailure else {
            fatalError("ucal_clone failed: \(String(cString: u_errorName(status)))")
        }
        return clone
    }

    /// Reads an attribute of the template (immutable after init).
    func templateAttribute(_ attribute: Int32) -> Int32 {
        ucal_getAttribute(template.readOnly, attribute)
    }
}
