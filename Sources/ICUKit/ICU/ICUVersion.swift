internal import CICU

/// The versions of the ICU library that ICUKit runs on.
///
/// ```swift
/// print(ICUVersion.icu, ICUVersion.unicode)  // "72.1" "15.0"
/// ```
public enum ICUVersion {
    /// The ICU library version, such as `"72.1"`. The corresponding C function is `u_getVersion`.
    public static var icu: String { versionString(u_getVersion) }
    /// The Unicode version of ICU's data, such as `"15.0"`.
    /// The corresponding C function is `u_getUnicodeVersion`.
    public static var unicode: String { versionString(u_getUnicodeVersion) }

    private static func versionString(_ get: (UnsafeMutablePointer<UInt8>?) -> Void) -> String {
        var parts = [UInt8](repeating: 0, count: Int(U_MAX_VERSION_LENGTH))
        parts.withUnsafeMutableBufferPointer { get($0.baseAddress) }
        let used = parts[2] == 0 && parts[3] == 0 ? parts.prefix(2) : (parts[3] == 0 ? parts.prefix(3) : parts[...])
        return used.map(String.init).joined(separator: ".")
    }
}
