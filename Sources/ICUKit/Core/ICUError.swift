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
public struct ICUError: Error, Sendable, Hashable, CustomStringConvertible {
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

    public var description: String { "\(operation) failed: \(name) (\(code))" }
}

/// ICU's `UErrorCode`. CICU declares it as `int32_t` (see Scripts/gen-cicu-shims.py).
typealias UErrorCode = Int32

extension UErrorCode {
    /// `true` for failures; warnings (negative codes) and `U_ZERO_ERROR` are successes.
    @inline(__always) var isFailure: Bool { self > U_ZERO_ERROR }

    /// Throws an ``ICUError`` naming `operation` when this code is a failure.
    @inline(__always) func check(_ operation: @autoclosure () -> String) throws(ICUError) {
        if isFailure { throw ICUError(self, operation: operation()) }
    }
}

/// An input longer than ICU can address: ICU lengths and offsets are `Int32`.
///
/// ```swift
/// do { _ = try BidiParagraph(hugeText) }
/// catch let error as InputTooLongError { print(error.length, error.limit) }
/// ```
public struct InputTooLongError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The length of the input, in `unit`s.
    public let length: Int
    /// The largest length the operation accepts.
    public let limit: Int
    /// The unit of `length`, such as `"UTF-16 code units"`.
    public let unit: String

    public var description: String { "input of \(length) \(unit) exceeds ICU's limit of \(limit)" }
}
