internal import CICU

/// The work behind ``Normalizer``: one per form, created once per process.
///
/// Text is split into chunks at code points with a normalization boundary before them
/// (`unorm2_hasBoundaryBefore`); a chunk whose code points are all quick-check "yes" with
/// canonical combining classes in order is already normalized (UAX #15's quick check) and
/// is never copied or converted. Only the other chunks (merged with their neighbours when
/// close together) go to ICU's `unorm2_normalize` over UTF-16.
///
/// `Sendable` notes: ICU's `UNormalizer2` instances are immutable process-wide singletons,
/// documented as safe to use from several threads; the lookup table is written only in `init`.
final class NormalizationEngine: @unchecked Sendable {
    let instance: OpaquePointer
    /// `true` for NFKC_Casefold, where ASCII A–Z is not inert.
    let folds: Bool
    /// Per code point: the canonical combining class in the low byte, `notYes` when the
    /// code point's own quick check is not "yes", `boundary` when the text may be cut
    /// before it. Two stages of 128-code-point blocks.
    private let stage1: UnsafeMutableBufferPointer<UInt16>
    private let stage2: UnsafeMutableBufferPointer<UInt16>

    static let notYes: UInt16 = 0x100
    static let boundary: UInt16 = 0x200
    /// Regions that need ICU are merged when at most this many bytes apart, and sent to ICU
    /// in pieces of at most `regionLimit` bytes: the UTF-16 and UTF-8 buffers then stay
    /// below malloc's mmap threshold and are reused from the heap (1 MiB pieces made every
    /// call fault in ~10 MB of fresh pages: 10x slower than raw ICU on NFD→NFC).
    static let mergeGap = 256
    static let regionLimit = 16 << 10

    init(form: Normalizer.Form) throws(ICUError) {
        var status = U_ZERO_ERROR
        let opened: OpaquePointer? = switch form {
        case .nfc: unorm2_getNFCInstance(&status)
        case .nfd: unorm2_getNFDInstance(&status)
        case .nfkc: unorm2_getNFKCInstance(&status)
        case .nfkd: unorm2_getNFKDInstance(&status)
        case .nfkcCasefold: unorm2_getNFKCCasefoldInstance(&status)
        }
        try status.check("unorm2_get\(form)Instance")
        guard let opened else { throw ICUError(U_MISSING_RESOURCE_ERROR, operation: "unorm2_get\(form)Instance") }
        instance = opened
        folds = form == .nfkcCasefold

        // Every code point outside `suspects` (quick check not "yes", or combining) is
        // "yes" with class 0 and a boundary before it (verified by `mismatches()` in the
        // tests); only the suspects, a few thousand, are asked of ICU one by one.
        var flat = [UInt16](repeating: Self.boundary, count: 0x110000)
        let pattern: String = switch form {
        case .nfc: "[[:^NFC_QC=Yes:][:^ccc=0:]]"
        case .nfd: "[[:^NFD_QC=Yes:][:^ccc=0:]]"
        case .nfkc: "[[:^NFKC_QC=Yes:][:^ccc=0:]]"
        case .nfkd: "[[:^NFKD_QC=Yes:][:^ccc=0:]]"
        case .nfkcCasefold: "[[:^NFKC_QC=Yes:][:^ccc=0:][:Changes_When_NFKC_Casefolded:]]"
        }
        for range in try Self.ranges(pattern) {
            for c in range { flat[Int(c)] = Self.compute(opened, c) }
        }
        // Two stages; identical blocks (most of the code space) are stored once.
        var blocks: [ArraySlice<UInt16>: UInt16] = [:]
        var table: [UInt16] = []
        var index = [UInt16](repeating: 0, count: 0x110000 >> 7)
        var inertBlock: UInt16? = nil
        for blockNumber in 0..<(0x110000 >> 7) {
            let block = flat[(blockNumber << 7)..<((blockNumber + 1) << 7)]
            // Most blocks are all "boundary" (block 0 is not: it holds ASCII A-Z for NFKC_CF,
            // so the shared inert block is made on first sight); skip hashing those.
            if block.allSatisfy({ $0 == Self.boundary }), let inert = inertBlock { index[blockNumber] = inert; continue }
            if let existing = blocks[block] { index[blockNumber] = existing; continue }
            let number = UInt16(table.count >> 7)
            blocks[block] = number
            table.append(contentsOf: block)
            index[blockNumber] = number
            if inertBlock == nil, block.allSatisfy({ $0 == Self.boundary }) { inertBlock = number }
        }
        stage1 = .allocate(capacity: index.count)
        _ = stage1.initialize(from: index)
        stage2 = .allocate(capacity: table.count)
        _ = stage2.initialize(from: table)
    }

    /// The table value of one code point, asked of ICU.
    static func compute(_ instance: OpaquePointer, _ c: Int32) -> UInt16 {
        if c >= 0xD800 && c <= 0xDFFF { return boundary }
        var value = UInt16(unorm2_getCombiningClass(instance, c))
        if unorm2_hasBoundaryBefore(instance, c) != 0 { value |= boundary }
        var units: (UInt16, UInt16) = (0, 0)
        var status = U_ZERO_ERROR
        let result: Int32 = withUnsafeMutableBytes(of: &units) { raw in
            let u = raw.bindMemory(to: UInt16.self)
            let length: Int32
            if c < 0x10000 { u[0] = UInt16(c); length = 1 } else {
                u[0] = UInt16(0xD7C0 + (c >> 10)); u[1] = UInt16(0xDC00 | (c & 0x3FF)); length = 2
            }
            return unorm2_quickCheck(instance, u.baseAddress, length, &status)
        }
        if result != UNORM_YES || status.isFailure { value |= notYes }
        return value
    }

    /// The code point ranges of a UnicodeSet pattern.
    static func ranges(_ pattern: String) throws(ICUError) -> [ClosedRange<Int32>] {
        let units = Array(pattern.utf16)
        var status = U_ZERO_ERROR
        guard let set = units.withUnsafeBufferPointer({ uset_openPattern($0.baseAddress, Int32($0.count), &status) }),
              !status.isFailure else { throw ICUError(status, operation: "uset_openPattern(\(pattern))") }
        defer { uset_close(set) }
        var ranges: [ClosedRange<Int32>] = []
        for item in 0..<uset_getItemCount(set) {
            var start: Int32 = 0, end: Int32 = 0
            let length = uset_getItem(set, item, &start, &end, nil, 0, &status)
            if length == 0 && !status.isFailure { ranges.append(start...end) }
        }
        return ranges
    }

    /// The number of code points whose table value differs from ICU's own answer (a test
    /// of the assumption behind the table; walks the whole code space).
    func mismatches() -> Int {
        var count = 0
        for c in Int32(0)...0x10FFFF where properties(UInt32(c)) != Self.compute(instance, c) { count += 1 }
        return count
    }

    deinit {
        stage1.deallocate()
        stage2.deallocate()
    }

    @inline(__always) func properties(_ c: UInt32) -> UInt16 {
        stage2[Int(stage1[Int(c >> 7)]) << 7 | Int(c & 0x7F)]
    }

    /// An ASCII byte that is normalized, and a boundary, in this form.
    @inline(__always) func inert(_ byte: UInt8) -> Bool {
        byte < 0x80 && (!folds || byte &- 0x41 >= 26)
    }

    // MARK: Scanning

    /// Calls `visit` for every chunk of valid UTF-8 `text` that is not already normalized
    /// by the quick check, as a byte range; stops when `visit` returns `false`.
    @inline(__always)
    func forEachSuspectChunk(_ text: UnsafeBufferPointer<UInt8>, _ visit: (Int, Int) throws(TextTransformError) -> Bool) throws(TextTransformError) {
        let n = text.count
        var i = 0
        var chunkStart = 0
        var chunkOK = true
        var lastCCC: UInt16 = 0
        while i < n {
            let byte = text[i]
            if inert(byte) {
                if !chunkOK, try !visit(chunkStart, i) { return }
                i += 1
                while i < n && inert(text[i]) { i += 1 }
                chunkStart = i - 1
                chunkOK = true
                lastCCC = 0
                continue
            }
            let (c, length) = Self.decode(text, at: i, lead: byte)
            let value = properties(c)
            if value & Self.boundary != 0 {
                if !chunkOK, try !visit(chunkStart, i) { return }
                chunkStart = i
                chunkOK = value & Self.notYes == 0
                lastCCC = value & 0xFF
            } else if value & Self.notYes != 0 {
                chunkOK = false
            } else {
                let ccc = value & 0xFF
                if ccc != 0 && ccc < lastCCC { chunkOK = false }
                lastCCC = ccc
            }
            i += length
        }
        if !chunkOK { _ = try visit(chunkStart, n) }
    }

    /// The scalar at `i` of valid UTF-8 whose first byte `lead` is not ASCII, and its length.
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at i: Int, lead: UInt8) -> (UInt32, Int) {
        if lead < 0x80 { return (UInt32(lead), 1) }
        if lead < 0xE0 { return (UInt32(lead & 0x1F) << 6 | UInt32(text[i + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return (UInt32(lead & 0x0F) << 12 | UInt32(text[i + 1] & 0x3F) << 6 | UInt32(text[i + 2] & 0x3F), 3)
        }
        return (UInt32(lead & 0x07) << 18 | UInt32(text[i + 1] & 0x3F) << 12
            | UInt32(text[i + 2] & 0x3F) << 6 | UInt32(text[i + 3] & 0x3F), 4)
    }

    // MARK: Operations on valid UTF-8

    /// The normalized form of valid UTF-8 `text`, or `nil` when it is already normalized.
    func normalize(_ text: UnsafeBufferPointer<UInt8>) throws(TextTransformError) -> [UInt8]? {
        var out: [UInt8] = []
        var copied = 0
        var region: (start: Int, end: Int)? = nil
        var scratch = ICUScratch()
        var replaced = false
        func flush(_ r: (start: Int, end: Int)) throws(TextTransformError) {
            // A "maybe" region that ICU finds normalized stays where it is (no copy at all
            // if every region is like that, as with the nuktas of Hindi text in NFC).
            let length = try scratch.load(UnsafeBufferPointer(rebasing: text[r.start..<r.end]))
            if try scratch.isLoadedNormalized(length, with: instance) { return }
            if !replaced { out.reserveCapacity(text.count + text.count / 2 + 16); replaced = true }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<r.start]))
            try scratch.normalizeLoaded(length, with: instance, appendingTo: &out)
            copied = r.end
        }
        try forEachSuspectChunk(text) { (start, end) throws(TextTransformError) in
            if let r = region, start - r.end <= Self.mergeGap, end - r.start <= Self.regionLimit {
                region = (r.start, end)
            } else {
                if let r = region { try flush(r) }
                region = (start, end)
            }
            return true
        }
        guard let r = region else { return nil }
        try flush(r)
        guard replaced else { return nil }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
        return out
    }

    /// Whether valid UTF-8 `text` is normalized (ICU decides the chunks the quick check cannot).
    func isNormalized(_ text: UnsafeBufferPointer<UInt8>) throws(TextTransformError) -> Bool {
        var result = true
        var scratch = ICUScratch()
        try forEachSuspectChunk(text) { (start, end) throws(TextTransformError) in
            result = try scratch.isNormalized(UnsafeBufferPointer(rebasing: text[start..<end]), with: instance)
            return result
        }
        return result
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
            let (c, _) = Self.decode(text, at: i, lead: byte)
            if c <= 0x10FFFF && properties(c) & Self.boundary != 0 { return i }
        }
        return 0
    }
}

/// UTF-16 buffers reused across the ICU calls of one operation.
struct ICUScratch {
    var source: [UInt16] = []
    var result: [UInt16] = []
    var utf8: [CChar] = []

    /// Fills `source` with the UTF-16 form of valid UTF-8 `bytes` (`u_strFromUTF8`).
    mutating func load(_ bytes: UnsafeBufferPointer<UInt8>) throws(TextTransformError) -> Int32 {
        guard bytes.count < Int(Int32.max) / 2 else {
            throw .inputTooLong(InputTooLongError(length: bytes.count, limit: Int(Int32.max) / 2, unit: "UTF-8 bytes"))
        }
        if source.count < bytes.count + 1 { source = [UInt16](repeating: 0, count: bytes.count + 1) }
        var length: Int32 = 0
        var status = U_ZERO_ERROR
        source.withUnsafeMutableBufferPointer { units in
            bytes.withMemoryRebound(to: CChar.self) { utf8 in
                _ = u_strFromUTF8(units.baseAddress, Int32(units.count), &length, utf8.baseAddress, Int32(utf8.count), &status)
            }
        }
        if status.isFailure { throw .icu(ICUError(status, operation: "u_strFromUTF8")) }
        return length
    }

    mutating func normalize(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer, appendingTo out: inout [UInt8]) throws(TextTransformError) {
        try normalizeLoaded(try load(bytes), with: instance, appendingTo: &out)
    }

    /// `unorm2_isNormalized` of the `length` units `load` put in `source`.
    mutating func isLoadedNormalized(_ length: Int32, with instance: OpaquePointer) throws(TextTransformError) -> Bool {
        var status = U_ZERO_ERROR
        let yes = source.withUnsafeBufferPointer { unorm2_isNormalized(instance, $0.baseAddress, length, &status) }
        if status.isFailure { throw .icu(ICUError(status, operation: "unorm2_isNormalized")) }
        return yes != 0
    }

    /// Normalizes the `length` units `load` put in `source`, appending UTF-8 to `out`.
    mutating func normalizeLoaded(_ length: Int32, with instance: OpaquePointer, appendingTo out: inout [UInt8]) throws(TextTransformError) {
        var capacity = Int(length) * 2 + 16
        while true {
            if result.count < capacity { result = [UInt16](repeating: 0, count: capacity) }
            var status = U_ZERO_ERROR
            let written = source.withUnsafeBufferPointer { src in
                result.withUnsafeMutableBufferPointer { dst in
                    unorm2_normalize(instance, src.baseAddress, length, dst.baseAddress, Int32(dst.count), &status)
                }
            }
            if status == U_BUFFER_OVERFLOW_ERROR { capacity = Int(written) + 16; continue }
            if status.isFailure { throw .icu(ICUError(status, operation: "unorm2_normalize")) }
            // UTF-16 back to UTF-8 (`u_strToUTF8`), appended to `out`.
            let needed = Int(written) * 3
            if utf8.count < needed + 1 { utf8 = [CChar](repeating: 0, count: needed + 1) }
            var length: Int32 = 0
            utf8.withUnsafeMutableBufferPointer { buffer in
                _ = u_strToUTF8(buffer.baseAddress, Int32(buffer.count), &length, result, written, &status)
            }
            if status.isFailure { throw .icu(ICUError(status, operation: "u_strToUTF8")) }
            utf8.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: UInt8.self) { out.append(contentsOf: $0[..<Int(length)]) }
            }
            return
        }
    }

    mutating func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer) throws(TextTransformError) -> Bool {
        let length = try load(bytes)
        var status = U_ZERO_ERROR
        let yes = source.withUnsafeBufferPointer { unorm2_isNormalized(instance, $0.baseAddress, length, &status) }
        if status.isFailure { throw .icu(ICUError(status, operation: "unorm2_isNormalized")) }
        return yes != 0
    }

    mutating func quickCheck(_ bytes: UnsafeBufferPointer<UInt8>, with instance: OpaquePointer) throws(TextTransformError) -> Int32 {
        let length = try load(bytes)
        var status = U_ZERO_ERROR
        let result = source.withUnsafeBufferPointer { unorm2_quickCheck(instance, $0.baseAddress, length, &status) }
        if status.isFailure { throw .icu(ICUError(status, operation: "unorm2_quickCheck")) }
        return result
    }
}
