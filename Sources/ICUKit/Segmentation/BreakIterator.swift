internal import CICU

/// One `UBreakIterator` clone in use, with the `UText` it reads and a UTF-16 buffer,
/// both reused across calls; closed when dropped.
///
/// `Sendable` notes: used by one thread at a time (checked out of an ``ICUPool``).
final class BreakIterator: @unchecked Sendable {
    let iterator: OpaquePointer
    /// An unfiltered twin of a sentence iterator with `@ss=` suppressions, which ICU
    /// builds as a filter that reports no rule status: the twin, kept in step, does.
    let statusIterator: OpaquePointer?
    var utext: OpaquePointer?
    /// A UTF-16 buffer reused across calls (kept up to `retainedUTF16` units).
    private var utf16Buffer: UnsafeMutableBufferPointer<UInt16>?

    static let retainedUTF16 = 1 << 21

    init(iterator: OpaquePointer, statusIterator: OpaquePointer?) {
        self.iterator = iterator
        self.statusIterator = statusIterator
    }

    deinit {
        ubrk_close(iterator)
        if let statusIterator { ubrk_close(statusIterator) }
        if let utext { utext_close(utext) }
        utf16Buffer?.deallocate()
    }

    /// `bytes` (valid UTF-8, at most `Int32.max` bytes) converted to UTF-16 in this
    /// iterator's buffer; valid until the next call or `releaseUTF16()`.
    func utf16(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt16> {
        let buffer = buffer(for: bytes)
        guard let length = UTF8Transcoding.utf16(validUTF8: bytes, into: buffer.baseAddress!) else {
            fatalError("UTF-8 to UTF-16: the caller's bytes are not valid UTF-8")
        }
        return UnsafeBufferPointer(rebasing: buffer[..<length])
    }

    /// ``utf16(_:)`` for bytes not yet validated: `nil` when they are not valid UTF-8
    /// (``UTF8Transcoding`` checks every sequence as it converts, so valid text is not read
    /// twice).
    func utf16IfValid(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt16>? {
        let buffer = buffer(for: bytes)
        guard let length = UTF8Transcoding.utf16(bytes, into: buffer.baseAddress!) else { return nil }
        return UnsafeBufferPointer(rebasing: buffer[..<length])
    }

    /// The reused buffer, grown to hold `bytes` in UTF-16.
    private func buffer(for bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutableBufferPointer<UInt16> {
        let needed = max(bytes.count, 1)
        if let buffer = utf16Buffer, buffer.count < needed {
            buffer.deallocate()
            utf16Buffer = nil
        }
        let buffer = utf16Buffer ?? .allocate(capacity: needed)
        utf16Buffer = buffer
        return buffer
    }

    /// Frees the UTF-16 buffer when it grew past what a pooled iterator keeps.
    func releaseUTF16() {
        if let buffer = utf16Buffer, buffer.count > Self.retainedUTF16 {
            buffer.deallocate()
            utf16Buffer = nil
        }
    }
}

/// The opened `UBreakIterator` templates of one segmenter configuration and the pool of
/// their clones.
///
/// `Sendable` notes: the templates are never used for iteration, only cloned
/// (`ubrk_clone` reads them); each clone is used by one thread at a time (``ICUPool``).
final class BreakIteratorEngine: @unchecked Sendable {
    private let template: ICUHandle
    private let statusTemplate: ICUHandle?
    private let pool: ICUPool<BreakIterator>

    /// The locale whose rules ICU actually loaded (`ULOC_ACTUAL_LOCALE`).
    let actualLocale: String
    /// The most specific locale ICU had any data for (`ULOC_VALID_LOCALE`).
    let validLocale: String

    init(type: Int32, locale: String, statusLocale: String? = nil) throws(ICUError) {
        let template = try Self.open(type, locale)
        let statusTemplate = try statusLocale.map { locale throws(ICUError) in try Self.open(type, locale) }
        self.template = template
        self.statusTemplate = statusTemplate
        pool = try ICUPool { () throws(ICUError) in
            // Cloning only reads the templates, which are never iterated.
            BreakIterator(iterator: try Self.clone(template), statusIterator: try statusTemplate.map { (template) throws(ICUError) in try Self.clone(template) })
        }
        actualLocale = (try? ICU.ubrk_getLocaleByType(template.pointer, ULOC_ACTUAL_LOCALE)) ?? ""
        validLocale = (try? ICU.ubrk_getLocaleByType(template.pointer, ULOC_VALID_LOCALE)) ?? ""
    }

    private static func open(_ type: Int32, _ locale: String) throws(ICUError) -> ICUHandle {
        ICUHandle(try ICU.ubrk_open(type, locale), close: { ubrk_close($0) })
    }

    private static func clone(_ template: ICUHandle) throws(ICUError) -> OpaquePointer {
        try ICU.ubrk_clone(template.pointer)
    }

    /// Runs `body` with an iterator that no other thread uses meanwhile.
    @inline(__always)
    func withIterator<R>(_ body: (BreakIterator) throws -> R) rethrows -> R {
        try pool.withObject { iterator in try body(iterator) }
    }
}
