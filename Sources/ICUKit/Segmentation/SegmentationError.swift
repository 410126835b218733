/// The segmentation capability's error.
///
/// ```swift
/// do { _ = try Segmenter(.word, locale: "xx", strict: true) }
/// catch .unknownLocale(let id) { print("ICU has no data for", id) }
/// ```
public enum SegmentationError: ICUKitError, ReportsUnknownLocale {
    /// A locale ICU does not know, in strict mode (ICU itself would use root rules).
    case unknownLocale(String)
    /// ICU could not open the break iterator.
    case icu(ICUError)

    /// A one-line English message, such as `"unknown locale \"xx\" (ICU would fall back
    /// to root)"`; the `.icu` case gives the ``ICUError``'s description.
    public var description: String {
        switch self {
        case .unknownLocale(let id): "unknown locale \"\(id)\" (ICU would fall back to root)"
        case .icu(let error): error.description
        }
    }
}
