internal import CICU

/// The locale-identifier (`uloc_*`) and time-zone-identifier calls of `LocaleID` and
/// `TimeZoneIDs`.
extension ICU {
    /// The ICU identifier for BCP 47 `tag`, and how many bytes of the tag ICU parsed.
    /// The C function is `uloc_forLanguageTag`.
    @inline(__always)
    static func uloc_forLanguageTag(_ tag: String) throws(ICUError) -> (identifier: String, parsedLength: Int) {
        var parsed: Int32 = 0
        let identifier = try ICUBuffers.string(operation: "uloc_forLanguageTag", capacity: Int(ULOC_FULLNAME_CAPACITY)) {
            CICU.uloc_forLanguageTag(tag, $0, $1, &parsed, &$2)
        }
        return (identifier, Int(parsed))
    }

    /// The BCP 47 tag of `identifier` (lenient conversion). The C function is `uloc_toLanguageTag`.
    @inline(__always)
    static func uloc_toLanguageTag(_ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_toLanguageTag", capacity: Int(ULOC_FULLNAME_CAPACITY)) {
            CICU.uloc_toLanguageTag(identifier, $0, $1, 0, &$2)
        }
    }

    /// ICU's canonical form of `identifier`. The C function is `uloc_canonicalize`.
    @inline(__always)
    static func uloc_canonicalize(_ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_canonicalize", capacity: Int(ULOC_FULLNAME_CAPACITY)) {
            CICU.uloc_canonicalize(identifier, $0, $1, &$2)
        }
    }

    /// The value of `keyword` in `identifier` (empty when it has none).
    /// The C function is `uloc_getKeywordValue`.
    @inline(__always)
    static func uloc_getKeywordValue(_ identifier: String, _ keyword: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_getKeywordValue") { CICU.uloc_getKeywordValue(identifier, keyword, $0, $1, &$2) }
    }

    /// The language subtag of `identifier`. The C function is `uloc_getLanguage`.
    @inline(__always)
    static func uloc_getLanguage(_ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_getLanguage", capacity: 157) { CICU.uloc_getLanguage(identifier, $0, $1, &$2) }
    }

    /// The script subtag of `identifier`. The C function is `uloc_getScript`.
    @inline(__always)
    static func uloc_getScript(_ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_getScript", capacity: 157) { CICU.uloc_getScript(identifier, $0, $1, &$2) }
    }

    /// The region subtag of `identifier`. The C function is `uloc_getCountry`.
    @inline(__always)
    static func uloc_getCountry(_ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_getCountry", capacity: 157) { CICU.uloc_getCountry(identifier, $0, $1, &$2) }
    }

    /// The variant of `identifier`. The C function is `uloc_getVariant`.
    @inline(__always)
    static func uloc_getVariant(_ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_getVariant", capacity: 157) { CICU.uloc_getVariant(identifier, $0, $1, &$2) }
    }

    /// `identifier` without its keywords. The C function is `uloc_getBaseName`.
    @inline(__always)
    static func uloc_getBaseName(_ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_getBaseName", capacity: 157) { CICU.uloc_getBaseName(identifier, $0, $1, &$2) }
    }

    /// ICU's canonical identifier of time zone `identifier` (`"Etc/Unknown"` for one it does
    /// not know). The C function is `ucal_getCanonicalTimeZoneID`.
    @inline(__always)
    static func ucal_getCanonicalTimeZoneID(_ identifier: String) throws(ICUError) -> String {
        let units = Array(identifier.utf16)
        var isSystem: Int8 = 0
        return try ICUBuffers.utf16String(operation: "ucal_getCanonicalTimeZoneID", capacity: 128) { buffer, capacity, status in
            CICU.ucal_getCanonicalTimeZoneID(units, Int32(units.count), buffer, capacity, &isSystem, &status)
        }
    }

    /// ICU's default time zone (from `TZ` or the system). The C function is `ucal_getDefaultTimeZone`.
    @inline(__always)
    static func ucal_getDefaultTimeZone() throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "ucal_getDefaultTimeZone", capacity: 128) { CICU.ucal_getDefaultTimeZone($0, $1, &$2) }
    }
}
