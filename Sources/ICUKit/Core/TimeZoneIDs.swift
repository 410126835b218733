internal import CICU

/// Time zone identifiers as ICU knows them.
enum TimeZoneIDs {
    /// The canonical system identifier for `identifier` (`"US/Pacific"` →
    /// `"America/Los_Angeles"`), or `nil` when ICU does not know it. ICU itself would
    /// silently format in GMT (`"Etc/Unknown"`) instead.
    static func canonical(_ identifier: String) -> String? {
        guard !identifier.isEmpty, identifier.utf16.count < 128, !identifier.utf8.contains(0) else { return nil }
        let canonical = try? ICU.ucal_getCanonicalTimeZoneID(identifier)
        guard let canonical, !canonical.isEmpty, canonical != "Etc/Unknown" else { return nil }
        // Custom "GMT+05:30" zones are not system zones but are valid; keep them.
        return canonical
    }

    /// ICU's default time zone (from `TZ` or the system), canonicalized.
    static var defaultZone: String {
        (try? ICU.ucal_getDefaultTimeZone())
            .flatMap { canonical($0) } ?? "Etc/UTC"
    }
}
