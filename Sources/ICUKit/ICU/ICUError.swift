internal import CICU

/// An error reported by an ICU C function.
///
/// Carries ICU's `UErrorCode` value, its name as `u_errorName` spells it, and the
/// operation that failed.
///
/// ```swift
/// do { _ = try Segmenter(.word, locale: "en") }
/// catch let error as ICUError { print(error.name, error.operation) }
/// ```
public struct ICUError: ICUKitError {
    /// The raw `UErrorCode` value (positive values are failures).
    public let code: Int32
    /// ICU's name for the code, such as `U_ILLEGAL_ARGUMENT_ERROR`.
    public let name: String
    /// The ICU function or ICUKit operation that failed.
    public let operation: String

    init(_ status: UErrorCode, operation: String) {
        self.code = status
        self.name = String(cString: u_errorName(status))
        self.operation = operation
    }

    /// The operation, ICU's name for the code and the code, such as
    /// `"ucol_open failed: U_ILLEGAL_ARGUMENT_ERROR (1)"`.
    public var description: String { "\(operation) failed: \(name) (\(code))" }

    /// The error itself: an ``ICUError`` is its own ICU failure (see ``ICUKitError``).
    public static func icu(_ error: ICUError) -> ICUError { error }
}
