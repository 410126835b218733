internal import CICU

/// A `UCalendar *`.
typealias UCalendarHandle = OpaquePointer

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

    private let template: ICUHandle
    private let pool: ICUPool<ICUHandle>
    /// The calendar type ICU reports (`ucal_getType`); `gregorian` for `iso8601` and
    /// `islamic` for `islamic-rgsa` in ICU 72.
    let icuType: String

    private static let cache = ConfigurationCache<Key, CalendarEngine>(limit: 256)

    /// The shared engine for a configuration (opened once per process).
    static func shared(_ key: Key) throws(CalendarError) -> CalendarEngine {
        return try cache.value(for: key) { () throws(CalendarError) in try CalendarEngine(key) }
    }

    private init(_ key: Key) throws(CalendarError) {
        let zone = Array(key.timeZone.utf16)
        let opened = try CalendarError.wrapping { () throws(ICUError) in
            try zone.withUnsafeBufferPointer { zone throws(ICUError) in try ICU.ucal_open(zone, "@calendar=" + key.identifier, UCAL_DEFAULT) }
        }
        ucal_setAttribute(opened, UCAL_FIRST_DAY_OF_WEEK, key.firstWeekday)
        ucal_setAttribute(opened, UCAL_MINIMAL_DAYS_IN_FIRST_WEEK, key.minimalDays)
        ucal_setAttribute(opened, UCAL_LENIENT, 1)
        let template = ICUHandle(opened) { ucal_close($0) }
        self.template = template
        // Clones only read the template (`ucal_clone` takes it `const`), which is never used otherwise.
        pool = try CalendarError.wrapping { () throws(ICUError) in
            try ICUPool { () throws(ICUError) in ICUHandle(try ICU.ucal_clone(template.pointer)) { ucal_close($0) } }
        }
        // These reads cannot fail for an opened calendar; ICU's -1 stands in if one did.
        func limit(_ field: Int32, _ type: Int32) -> Int { Int((try? ICU.ucal_getLimit(opened, field, type)) ?? -1) }
        icuType = (try? ICU.ucal_getType(opened)) ?? ""
        monthLimit = limit(UCAL_MONTH, UCAL_MAXIMUM) + 1
        dayLimit = limit(UCAL_DATE, UCAL_MAXIMUM)
        eraRange = limit(UCAL_ERA, UCAL_MINIMUM)...limit(UCAL_ERA, UCAL_MAXIMUM)
    }

    /// The largest 1-based month number the calendar uses (13 in Hebrew, Coptic, Ethiopic).
    let monthLimit: Int
    /// The largest day of a month in the calendar.
    let dayLimit: Int
    /// ICU's era numbers.
    let eraRange: ClosedRange<Int>

    /// Runs `body` with a calendar used by no other thread meanwhile. Its state
    /// (time, fields, leniency) is whatever the previous user left: set what you read.
    @inline(__always)
    func withCalendar<R, E: Error>(_ body: (UCalendarHandle) throws(E) -> R) throws(E) -> R {
        try pool.withHandle(body)
    }

    /// Reads an attribute of the template (immutable after init).
    func templateAttribute(_ attribute: Int32) -> Int32 {
        ucal_getAttribute(template.pointer, attribute)
    }
}
