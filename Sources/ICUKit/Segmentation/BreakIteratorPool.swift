internal import CICU
import Synchronization

/// Owns one opened `UBreakIterator` template and a small pool of its clones.
///
/// `Sendable` notes: the template is only ever cloned, under the lock; each clone is
/// used by one thread at a time (taken out of the pool for the duration of one call)
/// and returned afterwards, so no ICU iterator is shared between threads.
final class BreakIteratorPool: @unchecked Sendable {
    /// A clone in use: the iterator and the `UText` it reads (reused across calls).
    struct Entry: @unchecked Sendable {  // moved between threads only through the pool's lock
        let iterator: OpaquePointer
        /// An unfiltered twin of a sentence iterator with `@ss=` suppressions, which ICU
        /// builds as a filter that reports no rule status: the twin, kept in step, does.
        let statusIterator: OpaquePointer?
        var utext: OpaquePointer?
        /// A UTF-16 buffer reused across calls (kept up to `retainedUTF16` units).
        var utf16Buffer: UnsafeMutableBufferPointer<UInt16>?

        static let retainedUTF16 = 1 << 21

        /// `bytes` (valid UTF-8, at most `Int32.max` bytes) converted to UTF-16 in this
        /// entry's buffer; valid until the next call or `releaseUTF16()`.
        mutating func utf16(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt16> {
            let needed = max(bytes.count, 1)
            if let buffer = utf16Buffer, buffer.count < needed {
                buffer.deallocate()
                utf16Buffer = nil
            }
            let buffer = utf16Buffer ?? .allocate(capacity: needed)
            utf16Buffer = buffer
            var length: Int32 = 0
            var status = U_ZERO_ERROR
            bytes.withMemoryRebound(to: CChar.self) { source in
                _ = u_strFromUTF8(buffer.baseAddress, Int32(buffer.count), &length, source.baseAddress, Int32(source.count), &status)
            }
            requireSuccess(status, "u_strFromUTF8")
            return UnsafeBufferPointer(rebasing: buffer[..<Int(length)])
        }

        /// Frees the UTF-16 buffer when it grew past what a pooled entry keeps.
        mutating func releaseUTF16() {
            if let buffer = utf16Buffer, buffer.count > Self.retainedUTF16 {
                buffer.deallocate()
                utf16Buffer = nil
            }
        }
    }

    private let template: OpaquePointer
    private let statusTemplate: OpaquePointer?
    private let free = Mutex<[Entry]>([])
    private let capacity: Int

    /// The locale whose rules ICU actually loaded (`ULOC_ACTUAL_LOCALE`).
    let actualLocale: String
    /// The most specific locale ICU had any data for (`ULOC_VALID_LOCALE`).
    let validLocale: String

    init(type: Int32, locale: String, statusLocale: String? = nil, capacity: Int = 16) throws(ICUError) {
        let opened = try Self.open(type, locale)
        template = opened
        do {
            statusTemplate = try statusLocale.map { locale throws(ICUError) in try Self.open(type, locale) }
        } catch {
            ubrk_close(opened)
            throw error
        }
        self.capacity = capacity
        var localeStatus = U_ZERO_ERROR
        actualLocale = ubrk_getLocaleByType(opened, ULOC_ACTUAL_LOCALE, &localeStatus).map { String(cString: $0) } ?? ""
        validLocale = ubrk_getLocaleByType(opened, ULOC_VALID_LOCALE, &localeStatus).map { String(cString: $0) } ?? ""
    }

    private static func open(_ type: Int32, _ locale: String) throws(ICUError) -> OpaquePointer {
        var status = U_ZERO_ERROR
        let opened = ubrk_open(type, locale, nil, 0, &status)
        guard let opened, !status.isFailure else {
            if let opened { ubrk_close(opened) }
            throw ICUError(status.isFailure ? status : U_MISSING_RESOURCE_ERROR, operation: "ubrk_open(\(locale))")
        }
        return opened
    }

    deinit {
        free.withLock { entries in
            for entry in entries { Self.close(entry) }
            entries.removeAll()
        }
        ubrk_close(template)
        if let statusTemplate { ubrk_close(statusTemplate) }
    }

    /// Runs `body` with an iterator that no other thread uses meanwhile.
    @inline(__always)
    func withIterator<R>(_ body: (inout Entry) throws -> R) rethrows -> R {
        var entry = free.withLock { $0.popLast() } ?? makeEntry()
        defer { release(entry) }
        return try body(&entry)
    }

    private func makeEntry() -> Entry {
        // Cloning reads the template only; the lock keeps it to one thread at a time anyway.
        free.withLock { _ in
            Entry(iterator: Self.clone(template), statusIterator: statusTemplate.map(Self.clone), utext: nil, utf16Buffer: nil)
        }
    }

    private static func clone(_ template: OpaquePointer) -> OpaquePointer {
        var status = U_ZERO_ERROR
        guard let clone = ubrk_clone(template, &status), !status.isFailure else {
            // Cloning an opened iterator fails only when memory runs out.
            fatalError("ubrk_clone failed: \(String(cString: u_errorName(status)))")
        }
        return clone
    }

    private func release(_ entry: Entry) {
        let kept = free.withLock { entries -> Bool in
            guard entries.count < capacity else { return false }
            entries.append(entry)
            return true
        }
        if !kept { Self.close(entry) }
    }

    private static func close(_ entry: Entry) {
        ubrk_close(entry.iterator)
        if let statusIterator = entry.statusIterator { ubrk_close(statusIterator) }
        if let utext = entry.utext { utext_close(utext) }
        entry.utf16Buffer?.deallocate()
    }
}
