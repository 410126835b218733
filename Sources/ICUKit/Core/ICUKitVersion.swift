/// The version of ICUKit itself (the ICU it runs on is ``ICUVersion``).
///
/// ```swift
/// print("ICUKit \(ICUKitVersion.string) on ICU \(ICUVersion.icu)")  // "ICUKit 0.9.0 on ICU 72.1"
/// ```
public enum ICUKitVersion {
    /// ICUKit's semantic version, such as `"0.9.0"`.
    public static let string = "0.9.0"
}
