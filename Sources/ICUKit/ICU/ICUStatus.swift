internal import CICU

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

/// The C edge: the one place that spells ICU's calling conventions (a trailing
/// `UErrorCode *`, "open returns a pointer or fails", "close what half-opened").
/// Capability code calls ICU through these and never declares a `UErrorCode` for a call
/// it only wants checked.
enum ICU {
    /// Calls an ICU function that takes a trailing `UErrorCode *` and throws the failure
    /// as the caller's error type (its `.icu` case).
    ///
    /// ```swift
    /// let length = try ICU.call("ucal_getLimit", as: CalendarError.self) { ucal_getLimit(calendar, field, type, &$0) }
    /// ```
    @inline(__always)
    static func call<R, E: ICUKitError>(
        _ operation: @autoclosure () -> String, as _: E.Type, _ body: (inout UErrorCode) -> R
    ) throws(E) -> R {
        var status = U_ZERO_ERROR
        let result = body(&status)
        if status.isFailure { throw E.icu(ICUError(status, operation: operation())) }
        return result
    }

    /// Opens an ICU object: returns the handle when ICU returned one and reported
    /// success, otherwise closes whatever it half-opened and throws the failure as the
    /// caller's error type. A `nil` result with a success code (which some functions
    /// report when data is missing) becomes `U_MISSING_RESOURCE_ERROR`.
    ///
    /// ```swift
    /// let iterator = try ICU.open("ubrk_open", as: SegmentationError.self, close: ubrk_close) { ubrk_open(type, locale, nil, 0, &$0) }
    /// ```
    @inline(__always)
    static func open<E: ICUKitError>(
        _ operation: @autoclosure () -> String, as _: E.Type,
        close: (OpaquePointer) -> Void, _ body: (inout UErrorCode) -> OpaquePointer?
    ) throws(E) -> OpaquePointer {
        var status = U_ZERO_ERROR
        let opened = body(&status)
        guard let opened, !status.isFailure else {
            if let opened { close(opened) }
            throw E.icu(ICUError(status.isFailure ? status : U_MISSING_RESOURCE_ERROR, operation: operation()))
        }
        return opened
    }
}

/// For ICU calls that fail only when memory runs out (given valid, in-range input):
/// stops with ICU's error name instead of continuing with garbage, as Swift itself stops
/// when an allocation fails.
@inline(__always)
func requireSuccess(_ status: UErrorCode, _ operation: StaticString) {
    if status.isFailure { stopOnICUFailure(status, operation) }
}

/// Stops the program with ICU's error name: the failure path of ``requireSuccess(_:_:)``,
/// out of line so that the success path inlined into hot loops stays a compare and a branch.
@inline(never)
func stopOnICUFailure(_ status: UErrorCode, _ operation: StaticString) -> Never {
    fatalError("\(operation) failed: \(String(cString: u_errorName(status)))")
}

extension ICUKitError {
    /// Runs `body`, reporting the ``ICUError`` it throws as this capability's `.icu` case.
    ///
    /// ```swift
    /// let text = try FormattingError.wrapping { try ICUBuffers.utf16String(operation: "…") { … } }
    /// ```
    @inline(__always)
    static func wrapping<R>(_ body: () throws(ICUError) -> R) throws(Self) -> R {
        do { return try body() } catch { throw .icu(error) }
    }
}
