internal import CICU

/// The calls of the date and number formatters that take a `UErrorCode *`: date
/// formats, interval and relative formats, number formatters (skeleton and `unum_`),
/// plural rules, and the CLDR unit data and case maps the duration formatter reads.
extension ICU {
    // MARK: Date formats

    /// Opens a date format for `locale` in the zone `zone` (UTF-16): with an explicit
    /// `pattern` (UTF-16), or else with the styles. The C function is `udat_open`.
    static func udat_open(
        timeStyle: Int32 = UDAT_PATTERN, dateStyle: Int32 = UDAT_PATTERN, _ locale: String, zone: [UInt16], pattern: [UInt16]?,
        operation: @autoclosure () -> String = "udat_open"
    ) throws(ICUError) -> OpaquePointer {
        try open(operation(), as: ICUError.self, close: CICU.udat_close) { status in
            zone.withUnsafeBufferPointer { zone in
                guard let pattern else {
                    return CICU.udat_open(timeStyle, dateStyle, locale, zone.baseAddress, Int32(zone.count), nil, 0, &status)
                }
                return pattern.withUnsafeBufferPointer {
                    CICU.udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zone.baseAddress, Int32(zone.count), $0.baseAddress, Int32($0.count), &status)
                }
            }
        }
    }

    /// A new date format with the settings of `format`. The C function is `udat_clone`.
    @inline(__always)
    static func udat_clone(_ format: OpaquePointer) throws(ICUError) -> OpaquePointer {
        try open("udat_clone", as: ICUError.self, close: CICU.udat_close) { CICU.udat_clone(format, &$0) }
    }

    /// Sets a display context (capitalization) of the format. The C function is `udat_setContext`.
    @inline(__always)
    static func udat_setContext(_ format: OpaquePointer, _ value: Int32) throws(ICUError) {
        try call("udat_setContext", as: ICUError.self) { CICU.udat_setContext(format, value, &$0) }
    }

    /// The actual or valid locale of the format's data; `""` when ICU reports none. The
    /// C function is `udat_getLocaleByType`.
    static func udat_getLocaleByType(_ format: OpaquePointer, _ type: Int32) -> String {
        var status = U_ZERO_ERROR
        return CICU.udat_getLocaleByType(format, type, &status).map { String(cString: $0) } ?? ""
    }

    /// The format's pattern. The C function is `udat_toPattern`.
    static func udat_toPattern(_ format: OpaquePointer) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "udat_toPattern") { CICU.udat_toPattern(format, 0, $0, $1, &$2) }
    }

    /// `udate` (milliseconds since 1970) formatted. The C function is `udat_format`.
    @inline(__always)
    static func udat_format(_ format: OpaquePointer, _ udate: Double) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "udat_format") { buffer, capacity, status in
            CICU.udat_format(format, udate, buffer, capacity, nil, &status)
        }
    }

    /// Parses `text` from its start: the date (milliseconds since 1970), the UTF-16
    /// offset where parsing stopped (or failed), and whether ICU reported a failure. The
    /// C function is `udat_parse`.
    @inline(__always)
    static func udat_parse(_ format: OpaquePointer, _ text: UnsafeBufferPointer<UInt16>) -> (udate: Double, position: Int32, failed: Bool) {
        var status = U_ZERO_ERROR
        var position: Int32 = 0
        let udate = CICU.udat_parse(format, text.baseAddress, Int32(text.count), &position, &status)
        return (udate, position, status.isFailure)
    }

    /// Opens the date-time pattern generator of `locale`. The C function is `udatpg_open`.
    static func udatpg_open(_ locale: String) throws(ICUError) -> OpaquePointer {
        try open("udatpg_open(\(locale))", as: ICUError.self, close: CICU.udatpg_close) { CICU.udatpg_open(locale, &$0) }
    }

    /// The generator's best pattern for `skeleton` (UTF-16). The C function is
    /// `udatpg_getBestPatternWithOptions`.
    static func udatpg_getBestPatternWithOptions(
        _ generator: OpaquePointer, _ skeleton: [UInt16], _ options: Int32, operation: @autoclosure () -> String
    ) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: operation()) {
            CICU.udatpg_getBestPatternWithOptions(generator, skeleton, Int32(skeleton.count), options, $0, $1, &$2)
        }
    }

    /// Opens a date interval format for `skeleton` (UTF-16) in `locale` and the zone
    /// `zone` (UTF-16), with the display context `context` when given; closes it when a
    /// step fails. The C functions are `udtitvfmt_open` and `udtitvfmt_setContext`.
    static func udtitvfmt_open(_ locale: String, skeleton: [UInt16], zone: [UInt16], context: Int32?) throws(ICUError) -> OpaquePointer {
        var step = "udtitvfmt_open"
        return try open(step, as: ICUError.self, close: CICU.udtitvfmt_close) { status in
            let opened = CICU.udtitvfmt_open(locale, skeleton, Int32(skeleton.count), zone, Int32(zone.count), &status)
            guard let formatter = opened, !status.isFailure, let context else { return opened }
            CICU.udtitvfmt_setContext(formatter, context, &status)
            if status.isFailure { step = "udtitvfmt_setContext" }
            return formatter
        }
    }

    /// The interval from `start` to `end` (milliseconds since 1970) formatted. The C
    /// function is `udtitvfmt_format`.
    @inline(__always)
    static func udtitvfmt_format(_ formatter: OpaquePointer, _ start: Double, _ end: Double) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "udtitvfmt_format") { buffer, capacity, status in
            CICU.udtitvfmt_format(formatter, start, end, buffer, capacity, nil, &status)
        }
    }

    /// Opens a relative date-time formatter. The C function is `ureldatefmt_open`.
    static func ureldatefmt_open(_ locale: String, width: Int32, context: Int32) throws(ICUError) -> OpaquePointer {
        try open("ureldatefmt_open", as: ICUError.self, close: CICU.ureldatefmt_close) {
            CICU.ureldatefmt_open(locale, nil, width, context, &$0)
        }
    }

    /// `value` of `unit` relative to now, in words where the locale has them ("tomorrow")
    /// unless `numeric`. The C functions are `ureldatefmt_format` and `ureldatefmt_formatNumeric`.
    @inline(__always)
    static func ureldatefmt_format(_ formatter: OpaquePointer, _ value: Double, _ unit: Int32, numeric: Bool) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "ureldatefmt_format") { buffer, capacity, status in
            numeric
                ? CICU.ureldatefmt_formatNumeric(formatter, value, unit, buffer, capacity, &status)
                : CICU.ureldatefmt_format(formatter, value, unit, buffer, capacity, &status)
        }
    }

    // MARK: Formatted values

    /// The text of a `UFormattedValue` (valid while its owner lives). The C function is
    /// `ufmtval_getString`.
    @inline(__always)
    static func ufmtval_getString(_ value: OpaquePointer?) throws(ICUError) -> String {
        var length: Int32 = 0
        let chars = try call("ufmtval_getString", as: ICUError.self) { CICU.ufmtval_getString(value, &length, &$0) }
        guard let chars else { return "" }
        return UTF16Transcoding.string(UnsafeBufferPointer(start: chars, count: Int(length)))
    }

    // MARK: Number formatters (skeletons)

    /// Opens a number formatter for a skeleton (UTF-16) in `locale`; `parseError` tells
    /// where ICU found a syntax error. The C function is `unumf_openForSkeletonAndLocaleWithError`.
    static func unumf_openForSkeletonAndLocaleWithError(
        _ skeleton: [UInt16], _ locale: String, _ parseError: inout CICU_UParseError
    ) throws(ICUError) -> OpaquePointer {
        try open("unumf_openForSkeletonAndLocaleWithError", as: ICUError.self, close: CICU.unumf_close) { status in
            skeleton.withUnsafeBufferPointer {
                CICU.unumf_openForSkeletonAndLocaleWithError($0.baseAddress, Int32($0.count), locale, &parseError, &status)
            }
        }
    }

    /// Opens a result object for number formatters. The C function is `unumf_openResult`.
    @inline(__always)
    static func unumf_openResult() throws(ICUError) -> OpaquePointer {
        try open("unumf_openResult", as: ICUError.self, close: CICU.unumf_closeResult) { CICU.unumf_openResult(&$0) }
    }

    /// Formats `value` into `result`. The C function is `unumf_formatDouble`.
    @inline(__always)
    static func unumf_formatDouble(_ formatter: OpaquePointer, _ value: Double, _ result: OpaquePointer) throws(ICUError) {
        try call("unumf_formatDouble", as: ICUError.self) { CICU.unumf_formatDouble(formatter, value, result, &$0) }
    }

    /// Formats `value` into `result`. The C function is `unumf_formatInt`.
    @inline(__always)
    static func unumf_formatInt(_ formatter: OpaquePointer, _ value: Int64, _ result: OpaquePointer) throws(ICUError) {
        try call("unumf_formatInt", as: ICUError.self) { CICU.unumf_formatInt(formatter, value, result, &$0) }
    }

    /// Formats a decimal number string into `result`. The C function is `unumf_formatDecimal`.
    @inline(__always)
    static func unumf_formatDecimal(_ formatter: OpaquePointer, _ decimal: String, _ result: OpaquePointer) throws(ICUError) {
        try call("unumf_formatDecimal", as: ICUError.self) {
            CICU.unumf_formatDecimal(formatter, decimal, Int32(decimal.utf8.count), result, &$0)
        }
    }

    /// The formatted text of `result`. The C functions are `unumf_resultAsValue` and
    /// `ufmtval_getString`.
    @inline(__always)
    static func unumf_resultAsValue(_ result: OpaquePointer) throws(ICUError) -> String {
        let value = try call("unumf_resultAsValue", as: ICUError.self) { CICU.unumf_resultAsValue(result, &$0) }
        return try ufmtval_getString(value)
    }

    /// Opens a number range formatter for a skeleton (UTF-16) in `locale`; `parseError`
    /// tells where ICU found a syntax error. The C function is
    /// `unumrf_openForSkeletonWithCollapseAndIdentityFallback`.
    static func unumrf_openForSkeletonWithCollapseAndIdentityFallback(
        _ skeleton: [UInt16], _ collapse: Int32, _ identityFallback: Int32, _ locale: String, _ parseError: inout CICU_UParseError
    ) throws(ICUError) -> OpaquePointer {
        try open("unumrf_openForSkeletonWithCollapseAndIdentityFallback", as: ICUError.self, close: CICU.unumrf_close) { status in
            skeleton.withUnsafeBufferPointer {
                CICU.unumrf_openForSkeletonWithCollapseAndIdentityFallback(
                    $0.baseAddress, Int32($0.count), collapse, identityFallback, locale, &parseError, &status)
            }
        }
    }

    /// Opens a result object for number range formatters. The C function is `unumrf_openResult`.
    @inline(__always)
    static func unumrf_openResult() throws(ICUError) -> OpaquePointer {
        try open("unumrf_openResult", as: ICUError.self, close: CICU.unumrf_closeResult) { CICU.unumrf_openResult(&$0) }
    }

    /// Formats the range from `first` to `second` into `result`. The C function is
    /// `unumrf_formatDoubleRange`.
    @inline(__always)
    static func unumrf_formatDoubleRange(_ formatter: OpaquePointer, _ first: Double, _ second: Double, _ result: OpaquePointer) throws(ICUError) {
        try call("unumrf_formatDoubleRange", as: ICUError.self) { CICU.unumrf_formatDoubleRange(formatter, first, second, result, &$0) }
    }

    /// The formatted text of a range `result`. The C functions are `unumrf_resultAsValue`
    /// and `ufmtval_getString`.
    @inline(__always)
    static func unumrf_resultAsValue(_ result: OpaquePointer) throws(ICUError) -> String {
        let value = try call("unumrf_resultAsValue", as: ICUError.self) { CICU.unumrf_resultAsValue(result, &$0) }
        return try ufmtval_getString(value)
    }

    // MARK: Number formats (`unum_`)

    /// Opens a number format of `style` (no pattern) for `locale`. The C function is `unum_open`.
    static func unum_open(_ style: Int32, _ locale: String, operation: @autoclosure () -> String) throws(ICUError) -> OpaquePointer {
        var parseError = CICU_UParseError()
        return try open(operation(), as: ICUError.self, close: CICU.unum_close) {
            CICU.unum_open(style, nil, 0, locale, &parseError, &$0)
        }
    }

    /// The actual or valid locale of the format's data; `""` when ICU reports none. The
    /// C function is `unum_getLocaleByType`.
    static func unum_getLocaleByType(_ format: OpaquePointer, _ type: Int32) -> String {
        var status = U_ZERO_ERROR
        return CICU.unum_getLocaleByType(format, type, &status).map { String(cString: $0) } ?? ""
    }

    /// `value` formatted. The C function is `unum_formatDouble`.
    @inline(__always)
    static func unum_formatDouble(_ format: OpaquePointer, _ value: Double) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "unum_formatDouble", capacity: 128) { CICU.unum_formatDouble(format, value, $0, $1, nil, &$2) }
    }

    /// `value` formatted. The C function is `unum_formatInt64`.
    @inline(__always)
    static func unum_formatInt64(_ format: OpaquePointer, _ value: Int64, capacity: Int = 256) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "unum_formatInt64", capacity: capacity) { CICU.unum_formatInt64(format, value, $0, $1, nil, &$2) }
    }

    /// Parses `text` from its start: the number, the UTF-16 offset where parsing stopped
    /// (or failed), and whether ICU reported a failure. The C function is `unum_parseDouble`.
    @inline(__always)
    static func unum_parseDouble(_ format: OpaquePointer, _ text: UnsafePointer<UInt16>, _ count: Int32) -> (value: Double, position: Int32, failed: Bool) {
        var status = U_ZERO_ERROR
        var position: Int32 = 0
        let value = CICU.unum_parseDouble(format, text, count, &position, &status)
        return (value, position, status.isFailure)
    }

    /// A text attribute of the format (such as its default rule set). The C function is
    /// `unum_getTextAttribute`.
    static func unum_getTextAttribute(_ format: OpaquePointer, _ tag: Int32) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "unum_getTextAttribute") { CICU.unum_getTextAttribute(format, tag, $0, $1, &$2) }
    }

    /// Sets a text attribute of the format (UTF-16). The C function is `unum_setTextAttribute`.
    @inline(__always)
    static func unum_setTextAttribute(_ format: OpaquePointer, _ tag: Int32, _ value: [UInt16]) throws(ICUError) {
        try call("unum_setTextAttribute", as: ICUError.self) { CICU.unum_setTextAttribute(format, tag, value, Int32(value.count), &$0) }
    }

    /// A symbol of the format (minus sign, approximately sign, …). The C function is `unum_getSymbol`.
    static func unum_getSymbol(_ format: OpaquePointer, _ symbol: Int32) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "unum_getSymbol", capacity: 16) { CICU.unum_getSymbol(format, symbol, $0, $1, &$2) }
    }

    // MARK: Plural rules

    /// Opens the plural rules of `type` for `locale`. The C function is `uplrules_openForType`.
    static func uplrules_openForType(_ locale: String, _ type: Int32, operation: @autoclosure () -> String) throws(ICUError) -> OpaquePointer {
        try open(operation(), as: ICUError.self, close: CICU.uplrules_close) { CICU.uplrules_openForType(locale, type, &$0) }
    }

    /// Writes the keyword of `number`'s category to `keyword`; its length, or `nil` when
    /// ICU fails. The C function is `uplrules_select`.
    @inline(__always)
    static func uplrules_select(_ rules: OpaquePointer, _ number: Double, _ keyword: UnsafeMutableBufferPointer<UInt16>) -> Int? {
        var status = U_ZERO_ERROR
        let length = CICU.uplrules_select(rules, number, keyword.baseAddress, Int32(keyword.count), &status)
        return status.isFailure ? nil : Int(length)
    }

    /// The keyword of the category of a formatted number. The C function is
    /// `uplrules_selectFormatted`.
    @inline(__always)
    static func uplrules_selectFormatted(_ rules: OpaquePointer, _ number: OpaquePointer) throws(ICUError) -> String {
        try ICUBuffers.utf16String(operation: "uplrules_selectFormatted", capacity: 8) {
            CICU.uplrules_selectFormatted(rules, number, $0, $1, &$2)
        }
    }

    /// The keywords of the rules' categories, in ICU's order; `nil` when ICU fails. The C
    /// functions are `uplrules_getKeywords` and `uenum_next`.
    static func uplrules_getKeywords(_ rules: OpaquePointer) -> [String]? {
        var status = U_ZERO_ERROR
        guard let keywords = CICU.uplrules_getKeywords(rules, &status), !status.isFailure else { return nil }
        defer { uenum_close(keywords) }
        var found: [String] = []
        var length: Int32 = 0
        while let next = CICU.uenum_next(keywords, &length, &status), !status.isFailure { found.append(String(cString: next)) }
        return found
    }

    // MARK: Resource bundles and case maps

    /// The string at `path` in a resource bundle of `package` for `locale`, or `nil`.
    /// The C functions are `ures_open`, `ures_getByKey` and `ures_getStringByKey`.
    static func ures_string(_ package: String, _ locale: String, path: [String]) -> String? {
        var status = U_ZERO_ERROR
        guard let root = CICU.ures_open(package, locale, &status), !status.isFailure else { return nil }
        var opened: [OpaquePointer] = [root]
        defer { opened.forEach { ures_close($0) } }
        var bundle = root
        for key in path.dropLast() {
            guard let next = (try? ures_getByKey(bundle, key, operation: "ures_getByKey")) ?? nil else { return nil }
            opened.append(next)
            bundle = next
        }
        var length: Int32 = 0
        guard let last = path.last, let chars = CICU.ures_getStringByKey(bundle, last, &length, &status), !status.isFailure else { return nil }
        return UTF16Transcoding.string(UnsafeBufferPointer(start: chars, count: Int(length)))
    }

    /// `text` (UTF-8) titlecased with the case map's options, through
    /// ``ucasemap_utf8ToTitle(_:_:_:_:_:)`` with one exact retry when the first buffer is short.
    static func titlecased(_ caseMap: OpaquePointer, _ text: [UInt8]) throws(ICUError) -> String {
        var capacity = text.count + 16
        for _ in 0..<2 {
            var bytes = [UInt8](repeating: 0, count: capacity)
            let (length, failure) = bytes.withUnsafeMutableBufferPointer { destination in
                destination.withMemoryRebound(to: CChar.self) { out in
                    text.withUnsafeBufferPointer { source in
                        source.withMemoryRebound(to: CChar.self) {
                            ucasemap_utf8ToTitle(caseMap, out.baseAddress!, Int32(out.count), $0.baseAddress, Int32($0.count))
                        }
                    }
                }
            }
            if let failure, failure.isBufferOverflow, Int(length) > capacity {
                capacity = Int(length)
                continue
            }
            if let failure { throw failure }
            return String(decoding: bytes[..<Int(length)], as: UTF8.self)
        }
        throw ICUError.internalProgramError("ucasemap_utf8ToTitle")
    }
}

/// The failures capability code asks about by name, and the ones ICUKit reports itself.
extension ICUError {
    /// Whether ICU reported `U_ILLEGAL_ARGUMENT_ERROR` (for a calendar: a time outside
    /// the range it computes).
    var isIllegalArgument: Bool { code == U_ILLEGAL_ARGUMENT_ERROR }

    /// An ICUKit consistency check that failed (`U_INTERNAL_PROGRAM_ERROR`) in `operation`.
    static func internalProgramError(_ operation: String) -> ICUError {
        ICUError(U_INTERNAL_PROGRAM_ERROR, operation: operation)
    }

    /// This failure reported as `operation`'s.
    func reported(as operation: String) -> ICUError {
        ICUError(code, operation: operation)
    }

    /// Whether ICU reported `U_NUMBER_SKELETON_SYNTAX_ERROR` (a number skeleton it cannot parse).
    var isNumberSkeletonSyntaxError: Bool { code == U_NUMBER_SKELETON_SYNTAX_ERROR }
}
