internal import CICU

/// The calls of `Locales/` that take a `UErrorCode *`: locale names and likely subtags,
/// display names, locale data, currencies, and the resource bundles locale matching reads.
extension ICU {
    /// `identifier` in ICU's canonical form. The C function is `uloc_getName`.
    @inline(__always)
    static func uloc_getName(_ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_getName", capacity: 157) { CICU.uloc_getName(identifier, $0, $1, &$2) }
    }

    /// `identifier` with likely subtags added. The C function is `uloc_addLikelySubtags`.
    @inline(__always)
    static func uloc_addLikelySubtags(_ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_addLikelySubtags", capacity: 157) { CICU.uloc_addLikelySubtags(identifier, $0, $1, &$2) }
    }

    /// `identifier` with likely subtags removed. The C function is `uloc_minimizeSubtags`.
    @inline(__always)
    static func uloc_minimizeSubtags(_ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.string(operation: "uloc_minimizeSubtags", capacity: 157) { CICU.uloc_minimizeSubtags(identifier, $0, $1, &$2) }
    }

    /// The name of `identifier` in `displayLocale`. The C function is `uloc_getDisplayName`.
    @inline(__always)
    static func uloc_getDisplayName(_ identifier: String, _ displayLocale: String) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "uloc_getDisplayName") { CICU.uloc_getDisplayName(identifier, displayLocale, $0, $1, &$2) }
    }

    /// The name of the language of `identifier` in `displayLocale`. The C function is `uloc_getDisplayLanguage`.
    @inline(__always)
    static func uloc_getDisplayLanguage(_ identifier: String, _ displayLocale: String) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "uloc_getDisplayLanguage") { CICU.uloc_getDisplayLanguage(identifier, displayLocale, $0, $1, &$2) }
    }

    /// The name of the script of `identifier` in `displayLocale`. The C function is `uloc_getDisplayScript`.
    @inline(__always)
    static func uloc_getDisplayScript(_ identifier: String, _ displayLocale: String) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "uloc_getDisplayScript") { CICU.uloc_getDisplayScript(identifier, displayLocale, $0, $1, &$2) }
    }

    /// The name of the region of `identifier` in `displayLocale`. The C function is `uloc_getDisplayCountry`.
    @inline(__always)
    static func uloc_getDisplayCountry(_ identifier: String, _ displayLocale: String) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "uloc_getDisplayCountry") { CICU.uloc_getDisplayCountry(identifier, displayLocale, $0, $1, &$2) }
    }

    /// The display name of the value of `keyword` in `identifier`. The C function is `uloc_getDisplayKeywordValue`.
    @inline(__always)
    static func uloc_getDisplayKeywordValue(_ identifier: String, _ keyword: String, _ displayLocale: String) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "uloc_getDisplayKeywordValue") {
            CICU.uloc_getDisplayKeywordValue(identifier, keyword, displayLocale, $0, $1, &$2)
        }
    }

    /// The `ULayoutType` of the characters of `identifier`. The C function is `uloc_getCharacterOrientation`.
    @inline(__always)
    static func uloc_getCharacterOrientation(_ identifier: String) throws(ICUError) -> Int32 {
        try call("uloc_getCharacterOrientation", as: ICUError.self) { CICU.uloc_getCharacterOrientation(identifier, &$0) }
    }

    /// The `ULayoutType` of the lines of `identifier`. The C function is `uloc_getLineOrientation`.
    @inline(__always)
    static func uloc_getLineOrientation(_ identifier: String) throws(ICUError) -> Int32 {
        try call("uloc_getLineOrientation", as: ICUError.self) { CICU.uloc_getLineOrientation(identifier, &$0) }
    }

    /// Opens locale display names for `locale` and `contexts`. The C function is `uldn_openForContext`.
    @inline(__always)
    static func uldn_openForContext(_ locale: String, _ contexts: [Int32]) throws(ICUError) -> OpaquePointer {
        var contexts = contexts
        return try open("uldn_openForContext(\(locale))", as: ICUError.self, close: uldn_close) {
            CICU.uldn_openForContext(locale, &contexts, Int32(contexts.count), &$0)
        }
    }

    /// The display name of `identifier`. The C function is `uldn_localeDisplayName`.
    @inline(__always)
    static func uldn_localeDisplayName(_ names: OpaquePointer, _ identifier: String) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "uldn_localeDisplayName") { CICU.uldn_localeDisplayName(names, identifier, $0, $1, &$2) }
    }

    /// Opens the locale data of `locale`. The C function is `ulocdata_open`.
    @inline(__always)
    static func ulocdata_open(_ locale: String) throws(ICUError) -> OpaquePointer {
        try open("ulocdata_open(\(locale))", as: ICUError.self, close: ulocdata_close) { CICU.ulocdata_open(locale, &$0) }
    }

    /// One delimiter (a `ULocaleDataDelimiterType`). The C function is `ulocdata_getDelimiter`.
    @inline(__always)
    static func ulocdata_getDelimiter(_ data: OpaquePointer, _ type: Int32) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "ulocdata_getDelimiter", capacity: 8) { CICU.ulocdata_getDelimiter(data, type, $0, $1, &$2) }
    }

    /// The `UMeasurementSystem` of `locale`. The C function is `ulocdata_getMeasurementSystem`.
    @inline(__always)
    static func ulocdata_getMeasurementSystem(_ locale: String) throws(ICUError) -> Int32 {
        try call("ulocdata_getMeasurementSystem", as: ICUError.self) { CICU.ulocdata_getMeasurementSystem(locale, &$0) }
    }

    /// The paper size of `locale` in millimetres. The C function is `ulocdata_getPaperSize`.
    @inline(__always)
    static func ulocdata_getPaperSize(_ locale: String) throws(ICUError) -> (height: Int32, width: Int32) {
        var height: Int32 = 0, width: Int32 = 0
        try call("ulocdata_getPaperSize", as: ICUError.self) { CICU.ulocdata_getPaperSize(locale, &height, &width, &$0) }
        return (height, width)
    }

    /// The ISO 4217 code of the currency of `locale`. The C function is `ucurr_forLocale`.
    @inline(__always)
    static func ucurr_forLocale(_ locale: String) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "ucurr_forLocale", capacity: 4) { CICU.ucurr_forLocale(locale, $0, $1, &$2) }
    }

    /// Whether the NUL-terminated ISO code `code` names a currency in use at some time in
    /// `from...to` (UDates). The C function is `ucurr_isAvailable`.
    @inline(__always)
    static func ucurr_isAvailable(_ code: UnsafePointer<UInt16>, from: Double, to: Double) throws(ICUError) -> Bool {
        try call("ucurr_isAvailable", as: ICUError.self) { CICU.ucurr_isAvailable(code, from, to, &$0) } != 0
    }

    /// The name of the currency `code` (NUL-terminated) in `locale` in a `UCurrNameStyle`,
    /// or `nil` where ICU has none. The C function is `ucurr_getName`.
    @inline(__always)
    static func ucurr_getName(_ code: UnsafePointer<UInt16>, _ locale: String, _ style: Int32) throws(ICUError) -> String? {
        var length: Int32 = 0
        var isChoice: Int8 = 0
        // Where it has no name, ICU returns the pointer it was given: read it in scope.
        let name = try call("ucurr_getName", as: ICUError.self) { CICU.ucurr_getName(code, locale, style, &isChoice, &length, &$0) }
        return name.map { UTF16Transcoding.string(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }

    /// Opens the resource bundle `name` of ICU's data without fallback. The C function is `ures_openDirect`.
    @inline(__always)
    static func ures_openDirect(_ name: String) throws(ICUError) -> OpaquePointer {
        try open("ures_openDirect(\(name))", as: ICUError.self, close: ures_close) { CICU.ures_openDirect(nil, name, &$0) }
    }

    /// The child `key` of `bundle`, or `nil` where there is none. The C function is `ures_getByKey`.
    @inline(__always)
    static func ures_getByKey(_ bundle: OpaquePointer, _ key: String, operation: @autoclosure () -> String) throws(ICUError) -> OpaquePointer? {
        var status = U_ZERO_ERROR
        let child = CICU.ures_getByKey(bundle, key, nil, &status)
        guard let child, !status.isFailure else {
            if let child { ures_close(child) }
            if status == U_MISSING_RESOURCE_ERROR || !status.isFailure { return nil }
            throw ICUError(status, operation: operation())
        }
        return child
    }

    /// The string at `index` of an array bundle. The C function is `ures_getStringByIndex`.
    @inline(__always)
    static func ures_getStringByIndex(_ bundle: OpaquePointer, _ index: Int32, operation: @autoclosure () -> String) throws(ICUError) -> String {
        var length: Int32 = 0
        let chars = try call(operation(), as: ICUError.self) { CICU.ures_getStringByIndex(bundle, index, &length, &$0) }
        guard let chars else { throw ICUError(U_MISSING_RESOURCE_ERROR, operation: operation()) }
        return UTF16Transcoding.string(UnsafeBufferPointer(start: chars, count: Int(length)))
    }

    /// The bytes of a binary bundle (never empty). The C function is `ures_getBinary`.
    @inline(__always)
    static func ures_getBinary(_ bundle: OpaquePointer, operation: @autoclosure () -> String) throws(ICUError) -> [UInt8] {
        var length: Int32 = 0
        let bytes = try call(operation(), as: ICUError.self) { CICU.ures_getBinary(bundle, &length, &$0) }
        guard let bytes, length > 0 else { throw ICUError(U_MISSING_RESOURCE_ERROR, operation: operation()) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(length)))
    }

    /// The integers of an int-vector bundle. The C function is `ures_getIntVector`.
    @inline(__always)
    static func ures_getIntVector(_ bundle: OpaquePointer, operation: @autoclosure () -> String) throws(ICUError) -> [Int32] {
        var length: Int32 = 0
        let values = try call(operation(), as: ICUError.self) { CICU.ures_getIntVector(bundle, &length, &$0) }
        guard let values else { throw ICUError(U_MISSING_RESOURCE_ERROR, operation: operation()) }
        return Array(UnsafeBufferPointer(start: values, count: Int(length)))
    }
}

extension ICUError {
    /// ICU's data is missing a resource at `operation` (`U_MISSING_RESOURCE_ERROR`).
    static func missingResource(_ operation: String) -> ICUError { ICUError(U_MISSING_RESOURCE_ERROR, operation: operation) }

    /// ICU's data at `operation` does not have the shape ICUKit reads (`U_INVALID_FORMAT_ERROR`).
    static func invalidFormat(_ operation: String) -> ICUError { ICUError(U_INVALID_FORMAT_ERROR, operation: operation) }
}
