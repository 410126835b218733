internal import CICU

/// The `ucal_` calls that take a `UErrorCode *`, and the date format that names
/// calendar fields.
extension ICU {
    /// Opens a calendar of `type` for `locale` in the zone `zone` (UTF-16; `nil` for the
    /// default zone). The C function is `ucal_open`.
    @inline(__always)
    static func ucal_open(
        _ zone: UnsafeBufferPointer<UInt16>?, _ locale: String, _ type: Int32, operation: @autoclosure () -> String = "ucal_open"
    ) throws(ICUError) -> OpaquePointer {
        try open(operation(), as: ICUError.self, close: CICU.ucal_close) {
            CICU.ucal_open(zone?.baseAddress, Int32(zone?.count ?? 0), locale, type, &$0)
        }
    }

    /// A new calendar with the state of `calendar`. The C function is `ucal_clone`.
    @inline(__always)
    static func ucal_clone(_ calendar: OpaquePointer) throws(ICUError) -> OpaquePointer {
        try open("ucal_clone", as: ICUError.self, close: CICU.ucal_close) { CICU.ucal_clone(calendar, &$0) }
    }

    /// The calendar's type, such as `"gregorian"`. The C function is `ucal_getType`.
    @inline(__always)
    static func ucal_getType(_ calendar: OpaquePointer) throws(ICUError) -> String {
        let type = try call("ucal_getType", as: ICUError.self) { CICU.ucal_getType(calendar, &$0) }
        guard let type else { throw ICUError(U_INTERNAL_PROGRAM_ERROR, operation: "ucal_getType") }
        return String(cString: type)
    }

    /// A limit of `field` (`UCAL_MINIMUM`, `UCAL_ACTUAL_MAXIMUM`, …). The C function is `ucal_getLimit`.
    @inline(__always)
    static func ucal_getLimit(_ calendar: OpaquePointer, _ field: Int32, _ type: Int32) throws(ICUError) -> Int32 {
        try call("ucal_getLimit", as: ICUError.self) { CICU.ucal_getLimit(calendar, field, type, &$0) }
    }

    /// Sets the calendar's time (milliseconds since 1970). The C function is `ucal_setMillis`.
    @inline(__always)
    static func ucal_setMillis(_ calendar: OpaquePointer, _ millis: Double) throws(ICUError) {
        try call("ucal_setMillis", as: ICUError.self) { CICU.ucal_setMillis(calendar, millis, &$0) }
    }

    /// The calendar's time (milliseconds since 1970), computed from its fields when they
    /// were set. The C function is `ucal_getMillis`.
    @inline(__always)
    static func ucal_getMillis(_ calendar: OpaquePointer) throws(ICUError) -> Double {
        try call("ucal_getMillis", as: ICUError.self) { CICU.ucal_getMillis(calendar, &$0) }
    }

    /// The value of `field` at the calendar's time. The C function is `ucal_get`.
    @inline(__always)
    static func ucal_get(_ calendar: OpaquePointer, _ field: Int32) throws(ICUError) -> Int32 {
        try call("ucal_get", as: ICUError.self) { CICU.ucal_get(calendar, field, &$0) }
    }

    /// Adds `amount` of `field`, carrying into larger fields. The C function is `ucal_add`.
    @inline(__always)
    static func ucal_add(_ calendar: OpaquePointer, _ field: Int32, _ amount: Int32) throws(ICUError) {
        try call("ucal_add", as: ICUError.self) { CICU.ucal_add(calendar, field, amount, &$0) }
    }

    /// Adds `amount` of `field` without changing larger fields. The C function is `ucal_roll`.
    @inline(__always)
    static func ucal_roll(_ calendar: OpaquePointer, _ field: Int32, _ amount: Int32) throws(ICUError) {
        try call("ucal_roll", as: ICUError.self) { CICU.ucal_roll(calendar, field, amount, &$0) }
    }

    /// The number of `field` units from the calendar's time to `target`, moving the
    /// calendar there; `failed` when ICU reports a failure (then `difference` is how far
    /// ICU got). The C function is `ucal_getFieldDifference`.
    @inline(__always)
    static func ucal_getFieldDifference(_ calendar: OpaquePointer, _ target: Double, _ field: Int32) -> (difference: Int32, failed: Bool) {
        var status = U_ZERO_ERROR
        let difference = CICU.ucal_getFieldDifference(calendar, target, field, &status)
        return (difference, status.isFailure)
    }

    /// The raw and daylight-saving offsets (milliseconds) of the zone at the calendar's
    /// time read as local wall time. The C function is `ucal_getTimeZoneOffsetFromLocal`.
    @inline(__always)
    static func ucal_getTimeZoneOffsetFromLocal(
        _ calendar: OpaquePointer, _ nonExisting: Int32, _ duplicated: Int32
    ) throws(ICUError) -> (raw: Int32, dst: Int32) {
        var raw: Int32 = 0, dst: Int32 = 0
        try call("ucal_getTimeZoneOffsetFromLocal", as: ICUError.self) {
            CICU.ucal_getTimeZoneOffsetFromLocal(calendar, nonExisting, duplicated, &raw, &dst, &$0)
        }
        return (raw, dst)
    }

    /// The fields of `calendar` (its time and zone set) written by `format`'s pattern.
    /// The C function is `udat_formatCalendarForFields`.
    @inline(__always)
    static func udat_formatCalendarForFields(_ format: OpaquePointer, _ calendar: OpaquePointer) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "udat_formatCalendarForFields", capacity: 64) { buffer, capacity, status in
            CICU.udat_formatCalendarForFields(format, calendar, buffer, capacity, nil, &status)
        }
    }

    /// A new field position iterator (closed with `ufieldpositer_close`). The C function is `ufieldpositer_open`.
    static func ufieldpositer_open() throws(ICUError) -> OpaquePointer {
        try open("ufieldpositer_open", as: ICUError.self, close: CICU.ufieldpositer_close) { CICU.ufieldpositer_open(&$0) }
    }

    /// `udate` formatted, with the UTF-16 range and `UDateFormatField` of every field written,
    /// in order. The C function is `udat_formatForFields`.
    static func udat_formatForFields(_ format: OpaquePointer, _ udate: Double) throws(ICUError) -> (text: [UInt16], fields: [(field: Int32, range: Range<Int>)]) {
        let iterator = try ufieldpositer_open()
        defer { CICU.ufieldpositer_close(iterator) }
        let text = try ICUBuffers.utf16String(operation: "udat_formatForFields") { buffer, capacity, status in
            CICU.udat_formatForFields(format, udate, buffer, capacity, iterator, &status)
        }
        var fields: [(field: Int32, range: Range<Int>)] = []
        var begin: Int32 = 0, end: Int32 = 0
        while true {
            let field = CICU.ufieldpositer_next(iterator, &begin, &end)
            if field < 0 { break }
            fields.append((field, Int(begin)..<Int(end)))
        }
        fields.sort { $0.range.lowerBound < $1.range.lowerBound }
        return (Array(text.utf16), fields)
    }
}
