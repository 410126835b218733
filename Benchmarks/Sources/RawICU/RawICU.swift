// Raw ICU break iteration: the floor for ICUKit's overhead.
//
// This module must never import Foundation (Foundation carries its own ICU headers, which
// clash with an ICU C module). Its public API uses plain Swift types only, so that the
// benchmark executable can import it next to modules that do import Foundation.
internal import RawCICU

/// ICU's break iterator types (`UBRK_CHARACTER`, `UBRK_WORD`, `UBRK_LINE`, `UBRK_SENTENCE`).
public enum RawBreakUnit: Sendable, CaseIterable {
    case character, word, sentence, line

    var icuType: Int32 {
        switch self {
        case .character: UBRK_CHARACTER
        case .word: UBRK_WORD
        case .sentence: UBRK_SENTENCE
        case .line: UBRK_LINE
        }
    }
}

/// The result of one walk: the number of boundaries after the start (= segments) and the
/// sum of the rule statuses (for word, sentence and line, as ICUKit reads them).
public struct RawBreakResult: Sendable, Equatable {
    public var boundaries: Int
    public var statusSum: Int
}

/// One opened `UBreakIterator`, reused for every text (open once, never per call), with a
/// reused UTF-8 `UText` and a reused UTF-16 buffer.
///
/// Not thread-safe: use one instance per thread (the benchmarks are single-threaded).
public final class RawBreakIterator: @unchecked Sendable {
    public let unit: RawBreakUnit
    private let iterator: OpaquePointer
    private var utext: OpaquePointer?
    private var utf16: UnsafeMutablePointer<UInt16>
    private var utf16Capacity: Int

    /// Opens ICU's iterator for `unit` in `locale` (root by default).
    public init(_ unit: RawBreakUnit, locale: String = "") {
        self.unit = unit
        var status = U_ZERO_ERROR
        guard let opened = ubrk_open(unit.icuType, locale, nil, 0, &status), status <= U_ZERO_ERROR else {
            fatalError("ubrk_open failed: \(String(cString: u_errorName(status)))")
        }
        iterator = opened
        utf16Capacity = 1024
        utf16 = .allocate(capacity: utf16Capacity)
    }

    deinit {
        ubrk_close(iterator)
        if let utext { utext_close(utext) }
        utf16.deallocate()
    }

    /// UTF-8 path: `utext_openUTF8` over the string's own bytes (reusing one `UText`),
    /// `ubrk_setUText`, then `ubrk_next` (+ `ubrk_getRuleStatus`) to the end.
    public func walkUTF8(_ text: String) -> RawBreakResult {
        if let result = text.utf8.withContiguousStorageIfAvailable({ walkUTF8(bytes: $0) }) { return result }
        return Array(text.utf8).withUnsafeBufferPointer { walkUTF8(bytes: $0) }
    }

    /// UTF-16 path: `u_strFromUTF8` into a reused buffer (the conversion is part of the
    /// cost), `ubrk_setText`, then the same loop.
    public func walkUTF16(_ text: String) -> RawBreakResult {
        if let result = text.utf8.withContiguousStorageIfAvailable({ walkUTF16(bytes: $0) }) { return result }
        return Array(text.utf8).withUnsafeBufferPointer { walkUTF16(bytes: $0) }
    }

    public func walkUTF8(bytes: UnsafeBufferPointer<UInt8>) -> RawBreakResult {
        var status = U_ZERO_ERROR
        utext = bytes.withMemoryRebound(to: CChar.self) {
            utext_openUTF8(utext, $0.baseAddress, Int64($0.count), &status)
        }
        ubrk_setUText(iterator, utext, &status)
        precondition(status <= U_ZERO_ERROR, "utext_openUTF8/ubrk_setUText failed")
        return loop()
    }

    public func walkUTF16(bytes: UnsafeBufferPointer<UInt8>) -> RawBreakResult {
        if bytes.count > utf16Capacity {
            utf16.deallocate()
            utf16Capacity = bytes.count
            utf16 = .allocate(capacity: utf16Capacity)
        }
        var length: Int32 = 0
        var status = U_ZERO_ERROR
        bytes.withMemoryRebound(to: CChar.self) {
            _ = u_strFromUTF8(utf16, Int32(utf16Capacity), &length, $0.baseAddress, Int32($0.count), &status)
        }
        ubrk_setText(iterator, utf16, length, &status)
        precondition(status <= U_ZERO_ERROR, "u_strFromUTF8/ubrk_setText failed")
        return loop()
    }

    @inline(__always)
    private func loop() -> RawBreakResult {
        let iterator = self.iterator
        var count = 0
        var statusSum = 0
        if unit == .character {
            while ubrk_next(iterator) >= 0 { count &+= 1 }
        } else {
            while ubrk_next(iterator) >= 0 {
                count &+= 1
                statusSum &+= Int(ubrk_getRuleStatus(iterator))
            }
        }
        return RawBreakResult(boundaries: count, statusSum: statusSum)
    }
}
