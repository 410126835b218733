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
    let form: Normalizer.Form
    /// `true` for NFKC_Casefold, where ASCII A–Z is not inert.
    let folds: Bool
    /// NFC and NFD: what the Swift fast path (`NormalizationFastTable`) does with a region.
    let fastDirection: NormalizationFastTable.Direction?
    /// Per code point: the canonical combining class in the low byte, `notYes` when the
    /// code point's own quick check is not "yes", `boundary` when the text may be cut
    /// before it. Two stages of 128-code-point blocks.
    private let stage1: UnsafeMutableBufferPointer<UInt16>
    private let stage2: UnsafeMutableBufferPointer<UInt16>
    /// Per byte: the length of the sequences it starts when every code point they can be is
    /// inert (class 0, "yes", a boundary: `properties == boundary`), else 0; then, for the
    /// 3-byte sequences, one byte per 64 code points (lead & 0x0F, second byte & 0x3F): 1
    /// when all are inert; then one byte per code point below U+0800: 1 when inert. The scan
    /// passes over runs of such code points with one load each (Cyrillic, CJK by their lead
    /// byte; Arabic letters, whose blocks hold the harakat, by code point).
    private let skip: UnsafeMutableBufferPointer<UInt8>
    static let skipCount = 256 + 1024 + 0x800
    /// `false` when the stages point into the embedded tables (``PrebuiltTextTables``).
    private let owned: Bool

    static let notYes: UInt16 = 0x100
    static let boundary: UInt16 = 0x200
    /// Regions that need ICU are merged when at most this many bytes apart, and sent to ICU
    /// in pieces of at most `regionLimit` bytes: the UTF-16 and UTF-8 buffers then stay
    /// below malloc's mmap threshold and are reused from the heap (1 MiB pieces make every
    /// call fault in ~10 MB of fresh pages: 10x slower than raw ICU on NFD→NFC).
    static let mergeGap = 256
    static let regionLimit = 16 << 10
    /// Suspect chunks of at most this many bytes are checked on their own, from the stack.
    static let smallChunk = 48
    /// After a piece of text of which at least half needed ICU, the number of pieces that
    /// go to ICU without the quick-check scan (then one piece is scanned again).
    static let densePieces = 32

    /// The engine of `form` over the embedded tables, or `nil` when they hold none for it.
    init?(form: Normalizer.Form, prebuilt: PrebuiltTextTables) throws(ICUError) {
        guard let stage1 = prebuilt.section(Self.sectionName(form, "stage1"), UInt16.self, count: 0x110000 >> 7),
              let stage2 = prebuilt.section(Self.sectionName(form, "stage2"), UInt16.self),
              stage2.count % 128 == 0, stage1.allSatisfy({ Int($0) << 7 < stage2.count }),
              let skip = prebuilt.section(Self.sectionName(form, "skip"), UInt8.self, count: Self.skipCount) else { return nil }
        instance = try ICU.unorm2_getInstance(form)
        self.form = form
        folds = form == .nfkcCasefold
        fastDirection = form == .nfc ? .compose : form == .nfd ? .decompose : nil
        self.stage1 = stage1
        self.stage2 = stage2
        self.skip = skip
        owned = false
    }

    /// Adds the stages to the bytes `Scripts/build-text-tables.sh` embeds.
    func write(to writer: inout PrebuiltTextTables.Writer) {
        writer.add(Self.sectionName(form, "stage1"), stage1)
        writer.add(Self.sectionName(form, "stage2"), stage2)
        writer.add(Self.sectionName(form, "skip"), skip)
    }

    static func sectionName(_ form: Normalizer.Form, _ part: String) -> String {
        let prefix = switch form {
        case .nfc: "nfc"
        case .nfd: "nfd"
        case .nfkc: "nfkc"
        case .nfkd: "nfkd"
        case .nfkcCasefold: "nfkccf"
        }
        return prefix + "." + part
    }

    init(form: Normalizer.Form) throws(ICUError) {
        let opened = try ICU.unorm2_getInstance(form)
        instance = opened
        self.form = form
        folds = form == .nfkcCasefold
        fastDirection = form == .nfc ? .compose : form == .nfd ? .decompose : nil
        owned = true

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
        skip = .allocate(capacity: Self.skipCount)
        _ = skip.initialize(from: Self.skipTable(stage1, stage2))
    }

    /// The `skip` bytes of a table's stages.
    static func skipTable(_ stage1: UnsafeMutableBufferPointer<UInt16>, _ stage2: UnsafeMutableBufferPointer<UInt16>) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: skipCount)
        func inert(_ start: Int, _ count: Int) -> Bool {  // within one 128-code-point block
            let base = Int(stage1[start >> 7]) << 7 | (start & 0x7F)
            for k in 0..<count where stage2[base + k] != boundary { return false }
            return true
        }
        for byte in 0..<0x80 where inert(byte, 1) { table[byte] = 1 }
        for c in 0..<0x800 where inert(c, 1) { table[256 + 1024 + c] = 1 }
        for lead in 0xC2...0xDF where inert((lead & 0x1F) << 6, 64) { table[lead] = 2 }
        for lead in 0xE0...0xEF {
            var all = true
            for b1 in (lead == 0xE0 ? 0x20 : 0)..<64 {  // E0 starts at U+0800
                if inert((lead & 0x0F) << 12 | b1 << 6, 64) { table[256 + ((lead & 0x0F) << 6 | b1)] = 1 } else { all = false }
            }
            if all { table[lead] = 3 }
        }
        var inertBlocks = [Bool](repeating: false, count: stage2.count >> 7)
        for block in inertBlocks.indices { inertBlocks[block] = (0..<128).allSatisfy { stage2[block << 7 | $0] == boundary } }
        for lead in 0xF0...0xF4 {
            let first = max((lead & 0x07) << 18, 0x10000), end = min((lead & 0x07) << 18 + (1 << 18), 0x110000)
            if stride(from: first, to: end, by: 128).allSatisfy({ inertBlocks[Int(stage1[$0 >> 7])] }) { table[lead] = 4 }
        }
        return table
    }

    /// The table value of one code point, asked of ICU.
    static func compute(_ instance: OpaquePointer, _ c: Int32) -> UInt16 {
        if c >= 0xD800 && c <= 0xDFFF { return boundary }
        var value = UInt16(unorm2_getCombiningClass(instance, c))
        if unorm2_hasBoundaryBefore(instance, c) != 0 { value |= boundary }
        var units: (UInt16, UInt16) = (0, 0)
        let result: Int32? = withUnsafeMutableBytes(of: &units) { raw in
            let u = raw.bindMemory(to: UInt16.self)
            let length: Int32
            if c < 0x10000 { u[0] = UInt16(c); length = 1 } else {
                u[0] = UInt16(0xD7C0 + (c >> 10)); u[1] = UInt16(0xDC00 | (c & 0x3FF)); length = 2
            }
            return try? ICU.unorm2_quickCheck(instance, u.baseAddress, length)
        }
        if result != UNORM_YES { value |= notYes }
        return value
    }

    /// The code point ranges of a UnicodeSet pattern.
    static func ranges(_ pattern: String) throws(ICUError) -> [ClosedRange<Int32>] {
        let set = try ICU.uset_openPattern(pattern)
        defer { uset_close(set) }
        var ranges: [ClosedRange<Int32>] = []
        for item in 0..<uset_getItemCount(set) {
            if let range = ICU.uset_getItem(set, item) { ranges.append(range) }
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
        guard owned else { return }
        stage1.deallocate()
        stage2.deallocate()
        skip.deallocate()
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
        var scan = Scan()
        while let (start, end) = nextSuspectChunk(text, &scan) {
            if try !visit(start, end) { return }
        }
    }

    /// Where `nextSuspectChunk` stopped.
    struct Scan {
        var i = 0
        var chunkStart = 0
        var chunkOK = true
        var lastCCC: UInt16 = 0
    }

    /// The next chunk of valid UTF-8 `text` that is not normalized by the quick check, or
    /// `nil` at the end. A loop of its own, without calls: its state stays in registers
    /// (~20 instructions per Devanagari code point, against ~45 with a closure call inside).
    @inline(never)
    func nextSuspectChunk(_ text: UnsafeBufferPointer<UInt8>, _ scan: inout Scan) -> (Int, Int)? {
        let n = text.count
        guard let bytes = text.baseAddress else { return nil }
        let stage1 = self.stage1.baseAddress!, stage2 = self.stage2.baseAddress!, skip = self.skip.baseAddress!
        let folds = self.folds
        var i = scan.i, chunkStart = scan.chunkStart, chunkOK = scan.chunkOK, lastCCC = scan.lastCCC
        defer { scan = Scan(i: i, chunkStart: chunkStart, chunkOK: chunkOK, lastCCC: lastCCC) }
        while i < n {
            let byte = bytes[i]
            if byte < 0x80 && (!folds || byte &- 0x41 >= 26) {
                if !chunkOK { chunkOK = true; return (chunkStart, i) }
                i += 1
                if !folds && i < n && bytes[i] < 0x80 {
                    // Eight ASCII bytes at a time (past a lone space, straight to the check below).
                    while i + 8 <= n && UnsafeRawPointer(bytes + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
                }
                while i < n && bytes[i] < 0x80 && (!folds || bytes[i] &- 0x41 >= 26) { i += 1 }
                chunkStart = i - 1
                lastCCC = 0
                continue
            }
            // Decoded and looked up in one step per length (3-byte sequences index the
            // table straight from their bytes: most of Devanagari, CJK, kana).
            let value: UInt16
            let length: Int
            if byte >= 0xE0 && byte < 0xF0 {
                let b1 = UInt32(bytes[i + 1]), b2 = UInt32(bytes[i + 2])
                let block = Int((UInt32(byte & 0x0F) << 5) | ((b1 & 0x3F) >> 1))
                value = stage2[Int(stage1[block]) << 7 | Int(((b1 & 1) << 6) | (b2 & 0x3F))]
                length = 3
            } else if byte >= 0xC0 && byte < 0xE0 {
                let c = UInt32(byte & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                value = stage2[Int(stage1[Int(c >> 7)]) << 7 | Int(c & 0x7F)]
                length = 2
            } else {
                let (c, decodedLength) = ValidUTF8.decode(bytes, at: i)
                value = stage2[Int(stage1[Int(c >> 7)]) << 7 | Int(c & 0x7F)]
                length = decodedLength
            }
            if value == Self.boundary {
                // Inert (class 0, "yes", a boundary), like the code points that follow it most
                // of the time: a run of them is passed in a loop of its own, each looked at
                // only for being inert too. The next chunk starts at the last of them.
                if !chunkOK {
                    chunkOK = true
                    lastCCC = 0
                    return (chunkStart, i)
                }
                var last = i
                i += length
                while i < n {
                    let next = bytes[i]
                    var step = Int(skip[Int(next)])
                    if step == 0 {
                        // `next` starts a code point: ASCII or a lead byte C2–F4. One
                        // comparison tells 3-byte leads (Devanagari, kana) from 2-byte ones
                        // (Arabic between harakat), so neither pays for testing the other.
                        if next >= 0xE0 {
                            guard next < 0xF0 else { break }
                            let b1 = UInt32(bytes[i &+ 1]), b2 = UInt32(bytes[i &+ 2])
                            guard skip[256 + Int((UInt32(next & 0x0F) << 6) | (b1 & 0x3F))] != 0
                                || stage2[Int(stage1[Int((UInt32(next & 0x0F) << 5) | ((b1 & 0x3F) >> 1))]) << 7 | Int(((b1 & 1) << 6) | (b2 & 0x3F))] == Self.boundary
                            else { break }
                            step = 3
                        } else if next >= 0xC2 {
                            guard skip[256 + 1024 + (Int(next & 0x1F) << 6 | Int(bytes[i &+ 1] & 0x3F))] != 0 else { break }
                            step = 2
                        } else {
                            break
                        }
                    }
                    last = i
                    i &+= step
                }
                chunkStart = last
                lastCCC = 0
                continue
            }
            if value & Self.boundary != 0 {
                if !chunkOK {
                    // Report the finished chunk; this code point is looked at again next time.
                    chunkOK = true
                    lastCCC = 0
                    return (chunkStart, i)
                }
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
        if !chunkOK {
            chunkOK = true
            return (chunkStart, n)
        }
        return nil
    }
}
