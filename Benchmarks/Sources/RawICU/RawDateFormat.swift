// Raw ICU date formatting: the floor for DateTimeFormatter.
internal import RawCICU

/// One `UDateFormat` opened once (date and time styles, a locale, a time zone), used by
/// one thread. `format` is `udat_format` into a stack buffer plus the `String` made from
/// it (ICUKit returns a `String`, so the raw loop makes one too); `parse` is the UTF-16
/// copy of the text plus `udat_parse`.
public final class RawDateFormat: @unchecked Sendable {
    private let format: OpaquePointer

    /// Styles as ICU numbers them: 0 full, 1 long, 2 medium, 3 short, -1 none.
    public init(dateStyle: Int32, timeStyle: Int32, locale: String, timeZone: String) {
        let zone = Array(timeZone.utf16)
        var status = U_ZERO_ERROR
        guard let opened = udat_open(timeStyle, dateStyle, locale, zone, Int32(zone.count), nil, 0, &status), status <= U_ZERO_ERROR else {
            fatalError("udat_open failed: \(status)")
        }
        format = opened
    }

    deinit { udat_close(format) }

    /// Formats `millis` (ICU's `UDate`).
    @inline(never)
    public func string(millis: Double) -> String {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 256) { buffer in
            var status = U_ZERO_ERROR
            let length = udat_format(format, millis, buffer.baseAddress, 256, nil, &status)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: Int(length)), as: UTF16.self)
        }
    }

    /// Parses `text`; `nil` when it does not parse.
    @inline(never)
    public func parse(_ text: String) -> Double? {
        let units = Array(text.utf16)
        var status = U_ZERO_ERROR
        var position: Int32 = 0
        let result = udat_parse(format, units, Int32(units.count), &position, &status)
        return status > U_ZERO_ERROR ? nil : result
    }
}
