internal import CICU

// The ICU functions behind character properties, scripts and UnicodeSets (Text/, Identifiers/).

extension ICU {
    /// The script of code point `c`; `USCRIPT_INVALID_CODE` for a value that is not a
    /// code point (the only failure). The C function is `uscript_getScript`.
    @inline(__always)
    static func uscript_getScript(_ c: Int32) -> Int32 {
        var status = U_ZERO_ERROR
        return CICU.uscript_getScript(c, &status)
    }

    /// The `Script_Extensions` of `c` written to `scripts` (room for `capacity`): their
    /// number, or 0 when ICU fails. The C function is `uscript_getScriptExtensions`.
    @inline(__always)
    static func uscript_getScriptExtensions(_ c: Int32, _ scripts: UnsafeMutablePointer<Int32>?, _ capacity: Int32) -> Int32 {
        var status = U_ZERO_ERROR
        let count = CICU.uscript_getScriptExtensions(c, scripts, capacity, &status)
        return status.isFailure ? 0 : count
    }

    /// The Unicode name of `c` of `choice` (`U_UNICODE_CHAR_NAME`, …) in `buffer`: its
    /// length, or `nil` when ICU fails. The C function is `u_charName`.
    @inline(__always)
    static func u_charName(_ c: Int32, _ choice: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int32) -> Int32? {
        var status = U_ZERO_ERROR
        let length = CICU.u_charName(c, choice, buffer, capacity, &status)
        return status.isFailure ? nil : length
    }

    /// The code point named `name` (of `choice`), or `nil`. The C function is `u_charFromName`.
    @inline(__always)
    static func u_charFromName(_ choice: Int32, _ name: String) -> Int32? {
        var status = U_ZERO_ERROR
        let value = CICU.u_charFromName(choice, name, &status)
        return status.isFailure ? nil : value
    }
}

extension ICU {
    /// Opens an empty set (fails only when memory runs out). The C function is `uset_openEmpty`.
    static func uset_openEmpty() throws(ICUError) -> OpaquePointer {
        guard let set = CICU.uset_openEmpty() else { throw ICUError(U_MEMORY_ALLOCATION_ERROR, operation: "uset_openEmpty") }
        return set
    }

    /// Applies the UTF-16 `pattern` to `set`: the offset where the set's syntax ended, or
    /// `nil` when ICU refuses the pattern. The C function is `uset_applyPattern`.
    static func uset_applyPattern(_ set: OpaquePointer, _ pattern: UnsafeBufferPointer<UInt16>, options: UInt32) -> Int32? {
        var status = U_ZERO_ERROR
        let end = CICU.uset_applyPattern(set, pattern.baseAddress, Int32(pattern.count), options, &status)
        return status.isFailure ? nil : end
    }

    /// Opens the set of `pattern`; the caller closes it (`uset_close`). The C function is `uset_openPattern`.
    static func uset_openPattern(_ pattern: String) throws(ICUError) -> OpaquePointer {
        let units = Array(pattern.utf16)
        var status = U_ZERO_ERROR
        guard let set = units.withUnsafeBufferPointer({ CICU.uset_openPattern($0.baseAddress, Int32($0.count), &status) }),
              !status.isFailure else { throw ICUError(status, operation: "uset_openPattern(\(pattern))") }
        return set
    }

    /// The code point range of item `item` of `set`, or `nil` when the item is a string
    /// (strings follow the ranges) or ICU fails. The C function is `uset_getItem`.
    @inline(__always)
    static func uset_getItem(_ set: OpaquePointer, _ item: Int32) -> ClosedRange<Int32>? {
        var status = U_ZERO_ERROR
        var start: Int32 = 0, end: Int32 = 0
        let length = CICU.uset_getItem(set, item, &start, &end, nil, 0, &status)
        guard length == 0, !status.isFailure, start <= end else { return nil }
        return start...end
    }
}
