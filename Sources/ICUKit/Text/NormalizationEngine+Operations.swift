internal import CICU

/// Normalizing, checking and quick-checking valid UTF-8, over the chunks the scan finds.
extension NormalizationEngine {
    /// The normalized form of valid UTF-8 `text`, or `nil` when it is already normalized.
    ///
    /// The text goes in pieces of at most `regionLimit` bytes cut at boundaries. A piece is
    /// quick-checked; a suspect chunk of NFC or NFD is judged from the tables (`verdict`: a
    /// nukta in Hindi NFC is "maybe" but normalized: no region, no copy, no ICU call), one
    /// they leave open and is short is asked of ICU on its own, the others are merged into
    /// regions that are normalized. Once half of a piece needed ICU, the next `densePieces`
    /// pieces go to ICU whole, without the scan (NFD→NFC of Japanese or Arabic: every word
    /// changes, and the scan would only add to ICU's own work).
    func normalize(_ text: UnsafeBufferPointer<UInt8>) throws(TextTransformError) -> String? {
        var out = NormalizedOutput()
        defer { out.deallocate() }
        try normalize(text, into: &out)
        return out.isAllocated ? out.string() : nil
    }

    /// Writes the normalized form of valid UTF-8 `text` to `out` (empty), or leaves `out`
    /// unallocated when the text is already normalized (``normalize(_:)``'s work).
    func normalize(_ text: UnsafeBufferPointer<UInt8>, into out: inout NormalizedOutput) throws(TextTransformError) {
        let n = text.count
        var known = KnownChunks()
        defer { known.deallocate() }
        var copied = 0
        var position = 0
        var wholePieces = 0
        let table = verdictTable
        while position < n {
            var end = n
            if n - position > Self.regionLimit {
                let window = UnsafeBufferPointer(rebasing: text[position..<(position + Self.regionLimit)])
                let cut = lastBoundary(in: window)
                if cut > 0 { end = position + cut }
            }
            if wholePieces > 0 {
                wholePieces -= 1
                out.reserve(text: n)
                out.append(UnsafeBufferPointer(rebasing: text[copied..<position]))
                try appendNormalized(UnsafeBufferPointer(rebasing: text[position..<end]), to: &out)
                copied = end
                position = end
                continue
            }
            let piece = UnsafeBufferPointer(rebasing: text[position..<end])
            let base = position
            var changed = 0
            var region: (start: Int, end: Int, checked: Bool)? = nil
            func flush(_ r: (start: Int, end: Int, checked: Bool)) throws(TextTransformError) {
                let region = UnsafeBufferPointer(rebasing: text[(base + r.start)..<(base + r.end)])
                // A region of chunks ICU already found unnormalized needs no second look.
                if !r.checked, try UTF8Normalization.isNormalized(region, with: instance) { return }
                changed += r.end - r.start
                out.reserve(text: n)
                out.append(UnsafeBufferPointer(rebasing: text[copied..<(base + r.start)]))
                try appendNormalized(region, to: &out)
                copied = base + r.end
            }
            try forEachSuspectChunk(piece) { (start, end) throws(TextTransformError) in
                var checked = false
                if let table, let normalized = verdict(UnsafeBufferPointer(rebasing: piece[start..<end]), table) {
                    if normalized { return true }
                    checked = true
                } else if end - start <= Self.smallChunk {
                    let chunk = UnsafeBufferPointer(rebasing: piece[start..<end])
                    if known.contains(chunk) { return true }
                    if try UTF8Normalization.isNormalized(chunk, with: instance) { known.insert(chunk); return true }
                    checked = true
                }
                if let r = region, start - r.end <= Self.mergeGap {
                    region = (r.start, end, r.checked && checked)
                } else {
                    if let r = region { try flush(r) }
                    region = (start, end, checked)
                }
                return true
            }
            if let r = region { try flush(r) }
            if changed * 2 >= piece.count { wholePieces = Self.densePieces }
            position = end
        }
        guard out.isAllocated else { return }
        out.append(UnsafeBufferPointer(rebasing: text[copied...]))
    }

    /// Appends the normalization of a region of valid UTF-8 that starts at a boundary (or
    /// the text's start) and ends at one (or the text's end): NFC and NFD through the Swift
    /// fast path (which gives ICU what it does not handle), the other forms through ICU.
    @inline(__always)
    func appendNormalized(_ region: UnsafeBufferPointer<UInt8>, to out: inout NormalizedOutput) throws(TextTransformError) {
        if let fastDirection, let table = NormalizationFastTables.table {
            // The same limit as ICU's path (a region is longer than a 16 KiB piece only
            // when it has no boundary to cut at), so the same inputs throw.
            try UTF8Normalization.checkLength(region.count)
            try table.append(region, fastDirection, to: &out, instance: instance)
        } else {
            try out.append(normalizing: region, with: instance)
        }
    }

    /// Whether valid UTF-8 `text` is normalized (the tables, else ICU, decide the chunks the
    /// quick check cannot).
    func isNormalized(_ text: UnsafeBufferPointer<UInt8>) throws(TextTransformError) -> Bool {
        var result = true
        let table = verdictTable
        try forEachSuspectChunk(text) { (start, end) throws(TextTransformError) in
            let chunk = UnsafeBufferPointer(rebasing: text[start..<end])
            if let table, let normalized = verdict(chunk, table) {
                result = normalized
            } else {
                result = try UTF8Normalization.isNormalized(chunk, with: instance)
            }
            return result
        }
        return result
    }

    /// The table `verdict` reads, or `nil` when ICU decides every suspect chunk: `verdict`
    /// relies on a property of Unicode 15, that no composite's decomposition begins with a
    /// code point that composes backwards (Unicode 16 adds such: Gurung Khema, Kirat Rai,
    /// Tulu-Tigalari), so it runs only with the embedded tables, made from the ICU whose
    /// Unicode version the running one has.
    var verdictTable: NormalizationFastTable? {
        fastDirection == nil || PrebuiltTextTables.embedded == nil ? nil : NormalizationFastTables.table
    }

    /// Whether a suspect chunk of valid UTF-8 (from a boundary to the next) is normalized in
    /// NFC or NFD, decided from the tables; `nil` when they leave it to ICU.
    ///
    /// Marks out of canonical order and quick-check "no" code points make it unnormalized
    /// (NFD has no "maybe"). A "maybe" code point (a mark or vowel sign that may compose
    /// backwards: Arabic hamza and madda, Devanagari nukta, dakuten, Hangul jamo) makes it
    /// unnormalized only when it composes with the last starter and nothing between them
    /// blocks it (UAX #15's canonical composition; a mark of class 0 composes only with the
    /// code point right before it). After a starter that decomposes, ICU decides: its
    /// decomposition's marks may reorder with the one that follows.
    func verdict(_ chunk: UnsafeBufferPointer<UInt8>, _ table: NormalizationFastTable) -> Bool? {
        guard let p = chunk.baseAddress else { return true }
        let composing = fastDirection == .compose
        var i = 0
        var starter: UInt32? = nil
        var starterDecomposes = false
        var lastCCC: UInt32 = 0
        while i < chunk.count {
            let (value, c, length) = table.entry(p, i)
            let ccc = value & NormalizationFastTable.cccMask
            if ccc != 0 && ccc < lastCCC { return false }
            if properties(c) & Self.notYes != 0 {
                if !composing || value & NormalizationFastTable.composeComplex != 0 { return false }
                if let starter, ccc == 0 ? lastCCC == 0 : lastCCC < ccc {
                    if starterDecomposes { return nil }
                    if table.compose(starter, c) != 0 { return false }
                }
            }
            if ccc == 0 {
                starter = c
                starterDecomposes = value & NormalizationFastTable.decomposes != 0
            }
            lastCCC = ccc
            i += length
        }
        return true
    }

    /// ICU's quick check, chunk by chunk: `UNORM_YES`, `UNORM_NO` or `UNORM_MAYBE`.
    func quickCheck(_ text: UnsafeBufferPointer<UInt8>) throws(TextTransformError) -> Int32 {
        var result = UNORM_YES
        var scratch = ICUScratch()
        try forEachSuspectChunk(text) { (start, end) throws(TextTransformError) in
            let chunk = try scratch.quickCheck(UnsafeBufferPointer(rebasing: text[start..<end]), with: instance)
            if chunk == UNORM_NO { result = UNORM_NO; return false }
            if chunk == UNORM_MAYBE { result = UNORM_MAYBE }
            return true
        }
        return result
    }

    /// The offset of the last code point in valid-looking UTF-8 `text` before which the
    /// text may be cut (0 if none): everything before it can be normalized on its own.
    func lastBoundary(in text: UnsafeBufferPointer<UInt8>) -> Int {
        var i = text.count
        while i > 0 {
            i -= 1
            let byte = text[i]
            if byte < 0x80 {
                if inert(byte) || properties(UInt32(byte)) & Self.boundary != 0 { return i }
                continue
            }
            guard byte >= 0xC2 && byte <= 0xF4 else { continue }  // a continuation or invalid byte
            let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            guard i + length <= text.count,
                  text[(i + 1)..<(i + length)].allSatisfy({ $0 & 0xC0 == 0x80 }) else { continue }
            let (c, _) = ValidUTF8.decode(text.baseAddress!, at: i)
            if c <= 0x10FFFF && properties(c) & Self.boundary != 0 { return i }
        }
        return 0
    }
}

/// Short chunks that ICU found normalized during one `normalize` call, so that a syllable
/// that recurs (a Hindi consonant with nukta, quick check "maybe") is asked of ICU once:
/// a direct-mapped cache of 256 slots of up to `NormalizationEngine.smallChunk` bytes,
/// allocated on first use (Hindi NFC of NFC: 15,549 ICU calls at ~280 instructions each;
/// with the cache ~2,000, the rest a hash and a compare).
struct KnownChunks {
    static let slots = 256
    static let width = NormalizationEngine.smallChunk + 1  // a length byte, then the bytes
    private var storage: UnsafeMutablePointer<UInt8>? = nil

    @inline(__always) static func slot(_ chunk: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in chunk { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int((hash ^ (hash >> 15)) & UInt32(slots - 1))
    }

    func contains(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let storage, let source = chunk.baseAddress else { return false }
        let entry = storage + Self.slot(chunk) * Self.width
        return Int(entry[0]) == chunk.count && Platform.memcmp(entry + 1, source, chunk.count) == 0
    }

    mutating func insert(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard let source = chunk.baseAddress, chunk.count < Self.width else { return }
        if storage == nil {
            let new = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.slots * Self.width)
            for slot in 0..<Self.slots { (new + slot * Self.width).initialize(to: 0) }  // the length bytes
            storage = new
        }
        let entry = storage! + Self.slot(chunk) * Self.width
        entry[0] = UInt8(chunk.count)
        (entry + 1).update(from: source, count: chunk.count)
    }

    mutating func deallocate() {
        storage?.deallocate()
        storage = nil
    }
}
