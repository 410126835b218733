// Raw ICU calendars: the floor for CalendarSystem's conversions and arithmetic.
internal import RawCICU

/// One opened `UCalendar` (UTC), reused for every call (never opened per call).
/// Not thread-safe: one instance per thread.
public final class RawCalendar: @unchecked Sendable {
    private let calendar: OpaquePointer

    public init(_ identifier: String) {
        var status = U_ZERO_ERROR
        let zone: [UInt16] = Array("UTC".utf16)
        guard let opened = ucal_open(zone, Int32(zone.count), "@calendar=" + identifier, UCAL_DEFAULT, &status), status <= 0 else {
            fatalError("ucal_open failed")
        }
        calendar = opened
    }

    deinit { ucal_close(calendar) }

    private var readOnly: OpaquePointer { calendar }

    /// `ucal_setMillis` + `ucal_get` of era, year, month, leap flag, day (summed).
    public func fields(_ millis: Double) -> Int {
        var status = U_ZERO_ERROR
        ucal_setMillis(calendar, millis, &status)
        var sum = Int(ucal_get(readOnly, UCAL_ERA, &status))
        sum &+= Int(ucal_get(readOnly, UCAL_YEAR, &status))
        sum &+= Int(ucal_get(readOnly, UCAL_MONTH, &status))
        sum &+= Int(ucal_get(readOnly, UCAL_IS_LEAP_MONTH, &status))
        sum &+= Int(ucal_get(readOnly, UCAL_DATE, &status))
        return sum
    }

    /// `ucal_setMillis` + `ucal_get` of era, year, extended year, month, leap flag and day
    /// (summed): what a conversion to a calendar date reads.
    public func conversionFields(_ millis: Double) -> Int {
        var status = U_ZERO_ERROR
        ucal_setMillis(calendar, millis, &status)
        var sum = Int(ucal_get(readOnly, UCAL_ERA, &status))
        sum &+= Int(ucal_get(readOnly, UCAL_YEAR, &status))
        sum &+= Int(ucal_get(readOnly, UCAL_EXTENDED_YEAR, &status))
        sum &+= Int(ucal_get(readOnly, UCAL_MONTH, &status))
        sum &+= Int(ucal_get(readOnly, UCAL_IS_LEAP_MONTH, &status))
        sum &+= Int(ucal_get(readOnly, UCAL_DATE, &status))
        return sum
    }

    /// `ucal_setMillis` + `ucal_get` of the 15 fields a `CalendarDate` carries (summed).
    public func allFields(_ millis: Double) -> Int {
        var status = U_ZERO_ERROR
        ucal_setMillis(calendar, millis, &status)
        var sum = 0
        for field in [UCAL_ERA, UCAL_YEAR, UCAL_EXTENDED_YEAR, UCAL_MONTH, UCAL_IS_LEAP_MONTH, UCAL_DATE, UCAL_DAY_OF_WEEK,
                      UCAL_DAY_OF_YEAR, UCAL_WEEK_OF_YEAR, UCAL_YEAR_WOY, UCAL_HOUR_OF_DAY, UCAL_MINUTE, UCAL_SECOND,
                      UCAL_MILLISECOND, UCAL_ZONE_OFFSET, UCAL_DST_OFFSET] {
            sum &+= Int(ucal_get(readOnly, field, &status))
        }
        return sum
    }

    /// (year, 0-based month, leap, day) at `millis`, for checking.
    public func ymd(_ millis: Double) -> (Int, Int, Bool, Int) {
        var status = U_ZERO_ERROR
        ucal_setMillis(calendar, millis, &status)
        return (Int(ucal_get(readOnly, UCAL_EXTENDED_YEAR, &status)), Int(ucal_get(readOnly, UCAL_MONTH, &status)),
                ucal_get(readOnly, UCAL_IS_LEAP_MONTH, &status) != 0, Int(ucal_get(readOnly, UCAL_DATE, &status)))
    }

    /// `ucal_setMillis` + `ucal_add(UCAL_MONTH, amount)` + `ucal_getMillis`.
    public func addMonths(_ amount: Int32, to millis: Double) -> Double {
        var status = U_ZERO_ERROR
        ucal_setMillis(calendar, millis, &status)
        ucal_add(calendar, UCAL_MONTH, amount, &status)
        return ucal_getMillis(readOnly, &status)
    }
}
