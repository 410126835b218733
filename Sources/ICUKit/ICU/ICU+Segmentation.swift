internal import CICU

/// The break-iterator and `UText` calls of the segmentation capability.
extension ICU {
    /// Opens a break iterator of `type` for `locale`. The C function is `ubrk_open`.
    @inline(__always)
    static func ubrk_open(_ type: Int32, _ locale: String) throws(ICUError) -> OpaquePointer {
        try open("ubrk_open(\(locale))", as: ICUError.self, close: CICU.ubrk_close) { CICU.ubrk_open(type, locale, nil, 0, &$0) }
    }

    /// A new iterator with the rules (not the text) of `iterator`. The C function is `ubrk_clone`.
    @inline(__always)
    static func ubrk_clone(_ iterator: OpaquePointer) throws(ICUError) -> OpaquePointer {
        try open("ubrk_clone", as: ICUError.self, close: CICU.ubrk_close) { CICU.ubrk_clone(iterator, &$0) }
    }

    /// The locale of `type` (`ULOC_ACTUAL_LOCALE`, `ULOC_VALID_LOCALE`) whose rules the
    /// iterator uses, or `nil` when ICU names none. The C function is `ubrk_getLocaleByType`.
    @inline(__always)
    static func ubrk_getLocaleByType(_ iterator: OpaquePointer, _ type: Int32) throws(ICUError) -> String? {
        try call("ubrk_getLocaleByType", as: ICUError.self) { CICU.ubrk_getLocaleByType(iterator, type, &$0) }
            .map { String(cString: $0) }
    }

    /// Points the iterator, and its rule-status `twin` when it has one, at UTF-16 `text`
    /// (which must outlive their use); fails only when memory runs out (one check for both,
    /// so the segmentation walk that inlines this stays small). The C function is `ubrk_setText`.
    @inline(__always)
    static func ubrk_setText(_ iterator: OpaquePointer, twin: OpaquePointer?, _ text: UnsafeBufferPointer<UInt16>) {
        var status = U_ZERO_ERROR
        CICU.ubrk_setText(iterator, text.baseAddress, Int32(text.count), &status)
        if let twin { CICU.ubrk_setText(twin, text.baseAddress, Int32(text.count), &status) }
        requireSuccess(status, "ubrk_setText")
    }

    /// Points the iterator, and its rule-status `twin` when it has one, at `text`; fails
    /// only when memory runs out. The C function is `ubrk_setUText`.
    @inline(__always)
    static func ubrk_setUText(_ iterator: OpaquePointer, twin: OpaquePointer?, _ text: OpaquePointer?) {
        var status = U_ZERO_ERROR
        CICU.ubrk_setUText(iterator, text, &status)
        if let twin { CICU.ubrk_setUText(twin, text, &status) }
        requireSuccess(status, "ubrk_setUText")
    }

    /// Opens (or, given `reusing`, re-points) a `UText` over valid UTF-8 `bytes` without
    /// copying them; fails only when memory runs out. The C function is `utext_openUTF8`.
    @inline(__always)
    static func utext_openUTF8(reusing text: OpaquePointer?, _ bytes: UnsafeBufferPointer<UInt8>) -> OpaquePointer? {
        var status = U_ZERO_ERROR
        let opened = bytes.withMemoryRebound(to: CChar.self) {
            CICU.utext_openUTF8(text, $0.baseAddress, Int64($0.count), &status)
        }
        requireSuccess(status, "utext_openUTF8")
        return opened
    }

    /// Stops the program because ICU broke the iterator's contract (`operation` returned a
    /// boundary that does not advance), as ``requireSuccess(_:_:)`` stops on a failure.
    static func iteratorStalled(_ operation: StaticString) -> Never {
        stopOnICUFailure(U_INTERNAL_PROGRAM_ERROR, operation)
    }
}
