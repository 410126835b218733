internal import CICU

/// How ICU reads the text: through a UTF-8 `UText` over the string's own bytes, or from
/// one UTF-16 copy whose offsets are mapped back to UTF-8 by one forward walk.
/// (SPI for the benchmarks and tests that compare the two.)
@_spi(Internals) public enum TextPath: Sendable {
    case utf8
    case utf16
}

extension Segmenter {
    /// ICU offsets are `Int32`: texts longer than this are segmented in windows.
    static let maximumWindow = Int(Int32.max) - 1

    /// The faster path per unit, measured by `Benchmarks/` (see BENCHMARKS.md): ICU's rules
    /// run faster on UTF-16, and the copy costs less than the `UText` indirection, except
    /// for graphemes, where the ASCII fast path needs no copy at all.
    @_spi(Internals) public static func preferredPath(for unit: Unit) -> TextPath {
        switch unit {
        case .grapheme: .utf8
        case .word, .sentence, .line: .utf16
        }
    }

    /// Calls `body(end, kind)` for every segment of `bytes` (valid UTF-8), in order; `end`
    /// is a UTF-8 offset from the start of `bytes`, and the last one is `bytes.count`.
    ///
    /// Inputs longer than `window` bytes are segmented window by window: each window but
    /// the last stops at its last boundary that lies at least `window / 4` (at most 64 KiB)
    /// before its end, and the next window starts there, so ICU sees the same context as
    /// in one pass unless a single segment, or a run of a dictionary script (Thai, CJK…,
    /// which ICU segments a whole run at a time), is longer than that margin.
    func enumerate(
        _ bytes: UnsafeBufferPointer<UInt8>, path: TextPath? = nil, window: Int = Segmenter.maximumWindow,
        _ body: (Int, Segment.Kind) -> Void
    ) {
        let explicitPath = path != nil
        let path = path ?? Self.preferredPath(for: unit)
        let count = bytes.count
        if count == 0 { return }
        if count <= window {
            run(bytes, base: 0, path: path, adaptive: !explicitPath, body)
            return
        }
        var start = 0
        while start < count {
            var end = min(start + window, count)
            while end < count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if end == count {
                run(slice, base: start, path: path, adaptive: !explicitPath, body)
                return
            }
            let cutoff = end - min(window / 4, 1 << 16)
            var lastSafe = start
            var firstLate: (Int, Segment.Kind)?
            var endKind = Segment.Kind.from(ruleStatus: 0, unit: unit)
            run(slice, base: start, path: path, adaptive: !explicitPath) { offset, kind in
                if offset <= cutoff {
                    body(offset, kind)
                    lastSafe = offset
                } else if offset < end {
                    if firstLate == nil { firstLate = (offset, kind) }
                } else {
                    endKind = kind
                }
            }
            if lastSafe > start {
                start = lastSafe
            } else if let (offset, kind) = firstLate {
                body(offset, kind)
                start = offset
            } else {
                // One segment fills the whole window: cut it at the window's end.
                body(end, endKind)
                start = end
            }
        }
    }

    /// ``enumerate(_:path:window:_:)`` on bytes not yet known to be valid UTF-8, checked as
    /// they are converted (on the UTF-16 path `UTF8Transcoding` validates while it copies, so
    /// valid text is read once, not validated first and converted after). Returns the offset
    /// of the first invalid byte, or `nil`; when it is not `nil`, `body` was called for no
    /// boundary (inputs past `Int32.max` bytes are validated whole first).
    @_spi(Internals) public func forEachBoundary(
        inUnvalidatedUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (_ utf8Offset: Int, _ kind: Segment.Kind) -> Void
    ) -> Int? {
        if bytes.count > Self.maximumWindow {
            if let offset = UTF8Decoding.firstInvalidOffset(in: bytes) { return offset }
            enumerate(bytes, body)
            return nil
        }
        if bytes.isEmpty { return nil }
        var valid = true
        run(bytes, base: 0, path: Self.preferredPath(for: unit), adaptive: true, validating: true, body) { valid = false }
        return valid ? nil : UTF8Decoding.firstInvalidOffset(in: bytes) ?? 0
    }

    /// Segments one window (at most `Int32.max` bytes); offsets reported are `base + local`.
    /// With `validating`, bytes that are not valid UTF-8 call `invalid` instead of `body`.
    private func run(
        _ bytes: UnsafeBufferPointer<UInt8>, base: Int, path: TextPath, adaptive: Bool, validating: Bool = false,
        _ body: (Int, Segment.Kind) -> Void, invalid: () -> Void = {}
    ) {
        let unit = self.unit
        // Graphemes: the ASCII fast path (UTF-8, no copy) pays on mostly-ASCII text; other
        // text runs faster through ICU on UTF-16 (measured: BENCHMARKS.md).
        let path = unit == .grapheme && path == .utf8 && adaptive && !Self.isMostlyASCII(bytes) ? .utf16 : path
        if validating && path == .utf8 && UTF8Decoding.firstInvalidOffset(in: bytes) != nil {
            invalid()
            return
        }
        pool.withIterator { entry in
            switch path {
            case .utf8:
                entry.utext = Self.openUTF8(entry, bytes)
                if unit == .grapheme {
                    Self.graphemesWithASCIIFastPath(entry.iterator, bytes, base: base, body)
                } else {
                    var status = RuleStatus(entry)
                    var boundary = ubrk_next(entry.iterator)
                    while boundary >= 0 {
                        body(base + Int(boundary), Segment.Kind.from(ruleStatus: status.at(boundary), unit: unit))
                        boundary = ubrk_next(entry.iterator)
                    }
                }
            case .utf16:
                guard let utf16 = validating ? entry.utf16IfValid(bytes) : entry.utf16(bytes) else {
                    invalid()
                    return
                }
                ICU.ubrk_setText(entry.iterator, twin: entry.statusIterator, utf16)
                // All-ASCII text needs no walk: its UTF-16 offsets are its UTF-8 offsets, and
                // the loops are specialized for each case (no per-boundary test).
                if utf16.count == bytes.count {
                    Self.utf16Boundaries(entry, unit: unit, base: base, walk: ASCIIOffsets(), longWalk: ASCIIOffsets(), body)
                } else {
                    Self.utf16Boundaries(entry, unit: unit, base: base, walk: UTF8Walk(bytes, allASCII: false),
                                         longWalk: UTF8BlockWalk(bytes, utf16: utf16), body)
                }
                entry.releaseUTF16()
            }
        }
    }

    /// The boundaries of the iterator's UTF-16 text, UTF-8 offsets by `walk` (`longWalk`
    /// for sentences, whose steps are long). One loop per unit, so that none decides the
    /// unit or looks for a status twin (sentences only) per boundary.
    @inline(__always)
    private static func utf16Boundaries<Walk: UTF16ToUTF8Offsets, LongWalk: UTF16ToUTF8Offsets>(
        _ entry: BreakIterator, unit: Unit, base: Int, walk: Walk, longWalk: LongWalk, _ body: (Int, Segment.Kind) -> Void
    ) {
        let iterator = entry.iterator
        var walk = walk
        var boundary = ubrk_next(iterator)
        switch unit {
        case .grapheme:
            while boundary >= 0 {
                body(base &+ walk.utf8Offset(ofUTF16: Int(boundary)), .cluster)
                boundary = ubrk_next(iterator)
            }
        case .word:
            while boundary >= 0 {
                let kind = Segment.Kind.from(ruleStatus: ubrk_getRuleStatus(iterator), unit: .word)
                body(base &+ walk.utf8Offset(ofUTF16: Int(boundary)), kind)
                boundary = ubrk_next(iterator)
            }
        case .line:
            while boundary >= 0 {
                let kind: Segment.Kind = ubrk_getRuleStatus(iterator) < 100 ? .soft : .hard
                body(base &+ walk.utf8Offset(ofUTF16: Int(boundary)), kind)
                boundary = ubrk_next(iterator)
            }
        case .sentence:
            var ruleStatus = RuleStatus(entry)
            var walk = longWalk
            while boundary >= 0 {
                let kind: Segment.Kind = ruleStatus.at(boundary) < 100 ? .terminator : .separator
                body(base &+ walk.utf8Offset(ofUTF16: Int(boundary)), kind)
                boundary = ubrk_next(iterator)
            }
        }
    }

    /// Whether at least three quarters of the first 4 KiB are ASCII bytes.
    static func isMostlyASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let sample = bytes.prefix(4096)
        var ascii = 0
        for byte in sample where byte < 0x80 { ascii &+= 1 }
        return ascii * 4 >= sample.count * 3
    }

    /// Grapheme boundaries: between two ASCII bytes there is always a boundary except
    /// inside CR LF (UAX #29 GB3–GB5; every rule that joins characters involves a
    /// non-ASCII character), so ASCII runs need no ICU call. ICU decides every boundary
    /// next to a non-ASCII byte, resuming with `ubrk_following` after a fast run.
    private static func graphemesWithASCIIFastPath(
        _ iterator: OpaquePointer, _ bytes: UnsafeBufferPointer<UInt8>, base: Int,
        _ body: (Int, Segment.Kind) -> Void
    ) {
        let count = bytes.count
        let p = bytes.baseAddress!
        var position = 0
        var icuPosition = 0
        while position < count {
            let lead = p[position]
            if lead < 0x80 {
                if position + 1 == count {
                    body(base + count, .cluster)
                    return
                }
                let next = p[position + 1]
                if next < 0x80 {
                    position += (lead == 0x0D && next == 0x0A) ? 2 : 1
                    body(base + position, .cluster)
                    continue
                }
            }
            let boundary = icuPosition == position ? ubrk_next(iterator) : ubrk_following(iterator, Int32(position))
            guard boundary > position else { ICU.iteratorStalled("ubrk_following") }
            position = Int(boundary)
            icuPosition = position
            body(base + position, .cluster)
        }
    }

    /// ``forEachBoundary(in:_:)`` with the text path and the window size chosen by the
    /// caller, for benchmarks and for tests of windowed segmentation on small inputs.
    @_spi(Internals) public func forEachBoundary<S: StringProtocol>(
        in text: S, path: TextPath?, window: Int, _ body: (Int, Segment.Kind) -> Void
    ) {
        precondition(window >= 16 && window <= Self.maximumWindow, "window out of range")
        withUTF8Bytes(text) { enumerate($0, path: path, window: window, body) }
    }

    enum Query { case isBoundary, following, preceding }

    /// Answers one boundary query at `offset` in `bytes` through a UTF-8 `UText` (no copy).
    /// For `.isBoundary` the result is `offset` when it is a boundary, else `nil`.
    func query(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ query: Query) -> Int? {
        let count = bytes.count
        switch query {
        case .isBoundary:
            if offset == 0 || offset == count { return offset }
            if bytes[offset] & 0xC0 == 0x80 { return nil }
        case .following:
            if offset >= count { return nil }
        case .preceding:
            if offset <= 0 { return nil }
        }
        // Past ICU's Int32 limit, ask within a window around the offset (context farther
        // than the window cannot be seen; no segment rule looks that far in practice).
        var start = 0
        var end = count
        if count > Self.maximumWindow {
            let reach = 1 << 20
            start = max(0, offset - reach)
            end = min(count, offset + reach)
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            while end < count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let local = Int32(offset - start)
        return pool.withIterator { entry -> Int? in
            entry.utext = Self.openUTF8(entry, slice)
            switch query {
            case .isBoundary:
                return ubrk_isBoundary(entry.iterator, local) != 0 ? offset : nil
            case .following:
                let found = ubrk_following(entry.iterator, local)
                return found >= 0 ? start + Int(found) : nil
            case .preceding:
                let found = ubrk_preceding(entry.iterator, local)
                return found >= 0 ? start + Int(found) : nil
            }
        }
    }

    /// Points the entry's iterator at `bytes` through its (reused) UTF-8 `UText`.
    private static func openUTF8(_ entry: BreakIterator, _ bytes: UnsafeBufferPointer<UInt8>) -> OpaquePointer? {
        let utext = ICU.utext_openUTF8(reusing: entry.utext, bytes)
        ICU.ubrk_setUText(entry.iterator, twin: entry.statusIterator, utext)
        return utext
    }

    /// The rule status of each boundary, read from the iterator itself or, for a filtered
    /// sentence iterator, from its unfiltered twin advanced to the same boundary (every
    /// filtered boundary is an unfiltered one).
    struct RuleStatus {
        let iterator: OpaquePointer
        let twin: OpaquePointer?
        var twinPosition: Int32 = 0

        init(_ entry: BreakIterator) {
            iterator = entry.iterator
            twin = entry.statusIterator
        }

        @inline(__always)
        mutating func at(_ boundary: Int32) -> Int32 {
            guard let twin else { return ubrk_getRuleStatus(iterator) }
            while twinPosition >= 0 && twinPosition < boundary { twinPosition = ubrk_next(twin) }
            return ubrk_getRuleStatus(twin)
        }
    }
}
