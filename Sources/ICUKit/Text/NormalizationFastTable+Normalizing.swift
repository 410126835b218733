internal import CICU

/// The normalizing loops: decomposition (NFD) and composition (NFC) of a region, with
/// the segments the table does not handle given to ICU.
extension NormalizationFastTable {
    /// Appends the normalization of valid UTF-8 `region` (starting at a boundary of the
    /// form, or at the start of the text) to `out`; returns the number of segments given to
    /// ICU (`instance`, the form's own).
    @discardableResult
    func append(_ region: UnsafeBufferPointer<UInt8>, _ direction: Direction, to out: inout NormalizedOutput, instance: OpaquePointer) throws(TextTransformError) -> Int {
        guard let p = region.baseAddress, !region.isEmpty else { return 0 }
        return switch direction {
        case .decompose: try decompose(p, region.count, to: &out, instance: instance)
        case .compose: try compose(p, region.count, to: &out, instance: instance)
        }
    }

    /// ICU's normalization of `p[segIn..<next]` at `segOut`, where `next` is the next
    /// boundary after `i`; returns `next`.
    private func fallback(_ p: UnsafePointer<UInt8>, segIn: Int, segOut: Int, after i: Int, end: Int, flag: UInt32,
                          out: inout NormalizedOutput, instance: OpaquePointer) throws(TextTransformError) -> Int {
        let next = nextBoundary(p, after: i, end: end, flag: flag)
        out.count = segOut
        try out.append(normalizing: UnsafeBufferPointer(start: p + segIn, count: next - segIn), with: instance)
        return next
    }

    private func decompose(_ p: UnsafePointer<UInt8>, _ n: Int, to out: inout NormalizedOutput, instance: OpaquePointer) throws(TextTransformError) -> Int {
        var fallbacks = 0
        var dst = out.ensure(extra: 3 * n + 16)
        var o = out.count
        let skip = decomposeSkip.baseAddress!
        // `run`: start of the bytes still to copy unchanged. `last`: the last code point
        // passed over as a class-0 boundary that does not decompose (-1: none since
        // `markEnd`, the end of the last code point looked at closely). The segment state
        // (`segIn`, its output offset `segOut`, the class of the last output code point) is
        // brought up to date only when a code point needs a closer look.
        var i = 0, run = 0, last = -1, markEnd = 0
        var segIn = 0, segOut = o
        var lastCCC: UInt32 = 0
        while i < n {
            let byte = p[i]
            if byte < 0x80 { last = i; i += 1; continue }
            let (value, codeLength) = lookup(p, i, byte, skip)
            if codeLength < 0 { last = i; i -= codeLength; continue }
            if value & (Self.decomposes | Self.cccMask) == 0 && value & Self.nfdBoundary != 0 { last = i; i += codeLength; continue }
            if markEnd != i && last >= 0 { segIn = last; lastCCC = 0 }
            markEnd = i + codeLength
            if value & Self.nfdBoundary != 0 { segIn = i }
            var lead: UInt32 = 0, d = decompositions.baseAddress!
            if value & Self.decomposes == 0 {
                lead = value & Self.cccMask
            } else if value & Self.hangul == 0 {
                d += Int(value >> Self.offsetShift)
                lead = UInt32(d[1])
            }
            if lead != 0 && lead < lastCCC {
                // Canonical reordering: ICU does this segment.
                if segIn >= run { Self.copy(dst + o, p + run, segIn - run); segOut = o + (segIn - run) }
                let next = try fallback(p, segIn: segIn, segOut: segOut, after: i, end: n, flag: Self.nfdBoundary, out: &out, instance: instance)
                fallbacks += 1
                dst = out.ensure(extra: 3 * (n - next) + 16)
                o = out.count
                i = next; run = next; segIn = next; segOut = o; lastCCC = 0; last = -1; markEnd = next
                continue
            }
            if value & Self.decomposes == 0 {
                lastCCC = lead
                i += codeLength
                continue
            }
            if segIn >= run { segOut = o + (segIn - run) }
            Self.copy(dst + o, p + run, i - run)
            o += i - run
            if value & Self.hangul != 0 {
                let s = ValidUTF8.decode(p, at: i).value - 0xAC00
                o += Self.encode(0x1100 + s / 588, dst + o)
                o += Self.encode(0x1161 + (s % 588) / 28, dst + o)
                if s % 28 != 0 { o += Self.encode(0x11A7 + s % 28, dst + o) }
                lastCCC = 0
            } else {
                let count = Int(d[0])
                Self.copy(dst + o, d + 3, count)
                o += count
                lastCCC = UInt32(d[2])
            }
            i += codeLength
            run = i
        }
        Self.copy(dst + o, p + run, n - run)
        out.count = o + (n - run)
        return fallbacks
    }

    private func compose(_ p: UnsafePointer<UInt8>, _ n: Int, to out: inout NormalizedOutput, instance: OpaquePointer) throws(TextTransformError) -> Int {
        var fallbacks = 0
        var dst = out.ensure(extra: 2 * n + 16)
        var o = out.count
        let skip = composeSkip.baseAddress!
        // `run`: start of the bytes still to copy unchanged. `last`: the last boundary code
        // point passed over (-1: none since the last fallback); `markEnd`: the end of the
        // last code point looked at closely. When a code point that may combine backward
        // follows boundaries (`markEnd != i`), the last of them is the starter and starts
        // the segment; only then is the segment state brought up to date.
        var i = 0, run = 0, last = -1, markEnd = 0
        var segIn = 0, segOut = o
        // The starter (`starterIn` its input offset while it is still in the pending copy,
        // else -1 and `starterOut` its output offset), `tainted` when it decomposes (a mark
        // after it needs ICU); the class of the last uncomposed mark after it (0: nothing
        // between) and of the previous code point.
        var starter: UInt32 = 0, starterIn = -1, starterOut = 0
        var hasStarter = false, tainted = false
        var lastCCC: UInt32 = 0, previousCCC: UInt32 = 0
        while i < n {
            // (Lead bytes first here: Cyrillic and Latin leads pass whole, 20.0 M
            // instructions per MiB of Russian against 39.0 M through `lookup`.)
            let length = Int(skip[Int(p[i])])
            if length != 0 { last = i; i += length; continue }
            let (value, c, codeLength) = entry(p, i)
            if value & (Self.nfcBoundary | Self.composeComplex) == Self.nfcBoundary { last = i; i += codeLength; continue }
            if markEnd != i && last >= 0 {
                let (starterValue, starterCode, _) = entry(p, last)
                segIn = last
                starter = starterCode; starterIn = last
                hasStarter = true; tainted = starterValue & (Self.decomposes | Self.hangul) == Self.decomposes
                lastCCC = 0; previousCCC = 0
            }
            markEnd = i + codeLength
            let ccc = value & Self.cccMask
            var simple = value & (Self.composeComplex | Self.decomposes) == 0 && !tainted && (ccc == 0 || ccc >= previousCCC)
            var composite: UInt32 = 0
            if simple && hasStarter && (lastCCC == 0 || (ccc != 0 && lastCCC < ccc)) {
                composite = compose(starter, c)
                // Composing past an uncomposed mark would move it: ICU does that.
                if composite != 0 && lastCCC != 0 { simple = false }
            }
            if !simple {
                if value & Self.nfcBoundary != 0 { segIn = i }
                if segIn >= run { Self.copy(dst + o, p + run, segIn - run); segOut = o + (segIn - run) }
                let next = try fallback(p, segIn: segIn, segOut: segOut, after: i, end: n, flag: Self.nfcBoundary, out: &out, instance: instance)
                fallbacks += 1
                dst = out.ensure(extra: 2 * (n - next) + 16)
                o = out.count
                i = next; run = next; segIn = next; segOut = o; last = -1; markEnd = next
                hasStarter = false; tainted = false; lastCCC = 0; previousCCC = 0
                continue
            }
            previousCCC = ccc
            if composite != 0 {
                if segIn >= run { segOut = o + (segIn - run) }
                if starterIn >= run {
                    Self.copy(dst + o, p + run, starterIn - run)
                    o += starterIn - run
                    starterOut = o
                } else {
                    o = starterOut
                }
                o += Self.encode(composite, dst + o)
                starter = composite
                starterIn = -1
                i += codeLength
                run = i
                continue
            }
            if ccc == 0 {
                starter = c; starterIn = i; hasStarter = true; tainted = false; lastCCC = 0
            } else {
                lastCCC = ccc
            }
            i += codeLength
        }
        Self.copy(dst + o, p + run, n - run)
        out.count = o + (n - run)
        return fallbacks
    }
}
