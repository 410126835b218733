internal import CICU

/// The ICU calls of the language capability that report a `UErrorCode`.
extension ICU {
    /// Lower-cases the UTF-16 `source` (root locale rules) into `destination` and returns the
    /// length of the result, or `nil` when ICU fails (a result longer than `capacity`).
    /// The C function is `u_strToLower`.
    @inline(__always)
    static func u_strToLower(
        _ destination: UnsafeMutablePointer<UInt16>, capacity: Int32, _ source: UnsafePointer<UInt16>, count: Int32
    ) -> Int32? {
        var status = U_ZERO_ERROR
        let length = CICU.u_strToLower(destination, capacity, source, count, "", &status)
        return status.isFailure ? nil : length
    }
}
