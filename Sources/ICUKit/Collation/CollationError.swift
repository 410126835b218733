/// The collation and search capability's error.
///
/// ```swift
/// var options = Collator.Options()
/// options.reorder = ["Zzzz"]
/// do { _ = try Collator(locale: "en", options: options) }
/// catch .unknownScript(let code) { print("no such script:", code) }
/// ```
public enum CollationError: ICUKitError, ReportsUnknownLocale {
    /// A reorder entry that is neither an ISO 15924 script code ICU knows nor a group name.
    case unknownScript(String)
    /// A locale ICU does not know, in strict mode (ICU itself would use root rules).
    case unknownLocale(String)
    /// ICU could not open the collator or searcher.
    case icu(ICUError)

    /// A one-line English message, such as `"unknown script or group \"Zzzz\" in the
    /// reorder list"`; the `.icu` case gives the ``ICUError``'s description.
    public var description: String {
        switch self {
        case .unknownScript(let name): "unknown script or group \"\(name)\" in the reorder list"
        case .unknownLocale(let id): "unknown locale \"\(id)\" (ICU would fall back to root)"
        case .icu(let error): error.description
        }
    }
}
