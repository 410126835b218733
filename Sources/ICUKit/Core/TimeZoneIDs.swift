internal import CICU

/// Time zone identifiers as ICU knows them.
enum TimeZoneIDs {
    /// The canonical system identifier for `identifier` (`"US/Pacific"` →
    /// `"America/Los_Angeles"`), or `nil` when ICU does not know it. ICU itself would
    /// silently format in GMT (`"Etc/Unknown"`) instead.
    static func canonical(_ identifier: String) -> String? {
        guard !identifier.isEmpty, identifier.utf16.count < 128, !identifier.utf8.contains(0) else { return nil }
        let units = Array(identifier.utf16)
        var isSystem: Int8 = 0
        let canonical = try? ICUBuffers.utf16String(operation: "ucal_getCanonicalTimeZoneID", capacity: 128) { buffer, capacity, status in
            ucal_getCanonicalTimeZoneID(units, Int32(units.count), buffer, capacity, &isSystem, &status)
        }
        guard let canonical, !canonical.isEmpty, canonical != "Etc/Unknown" else { return nil }
        // Custom "GMT+05:30" zones are not system zones but are valid; keep them.
        return canonical
    }

    /// ICU's default time zone (from `TZ` or the system), canonicalized.
    static var defaultZone: String {
        (try? ICUBuffers.utf16String(operation: "ucal_getDefaultTimeZone", capacity: 128) { ucal_getDefaultTimeZone($0, $1, &$2) })
            .flatMap { canonical($0) } ?? "Etc/UTC"
    }
}
