internal import CICU

/// The Swift fast path of NFC and NFD for the regions ``NormalizationEngine`` would give
/// to ICU: the simple, common work done here from tables built once from ICU's own
/// answers, every other normalization segment handed to ICU as before.
///
/// Per code point the table holds its canonical combining class, whether ICU's NFC and NFD
/// instances have a normalization boundary before it (`unorm2_hasBoundaryBefore`), whether
/// it decomposes (its NFD, asked of ICU, is not itself; the UTF-8 of that NFD is stored
/// with the classes of its first and last code points) and whether NFC must look at it
/// (its NFC alone is not itself). Composition pairs come from `unorm2_getRawDecomposition`
/// of every decomposable code point, kept only when ICU's NFC of the pair is that code
/// point (composition exclusions drop out). Hangul is algorithmic. Nothing is hard-coded,
/// so the table follows the installed ICU.
///
/// - Decomposition (NFD): code points are copied or replaced by their stored NFD; the
///   result is NFD when every mark follows one of no higher class. Otherwise (canonical
///   reordering needed) ICU normalizes that segment, from the boundary before to the next.
/// - Composition (NFC, on NFD-shaped input): UAX #15's canonical composition over a
///   segment whose code points do not decompose and are in canonical order, composing a
///   mark only with the starter right before it (or the composite it became: kana +
///   dakuten, Latin + accents, Arabic + hamza or madda, Hangul L+V(+T)). Anything else (a
///   decomposable starter followed by a mark, a mark that composes past an uncomposed one,
///   marks out of order) goes to ICU for that segment.
///
/// Every code point, alone and followed by marks, and random mark-heavy strings are
/// compared with ICU in `NormalizationFastPathTests`.
///
/// `Sendable` notes: the tables are written only in `init`; ICU's `UNormalizer2` instances
/// are immutable singletons.
final class NormalizationFastTable: @unchecked Sendable {
    enum Direction: Sendable { case compose, decompose }

    static let cccMask: UInt32 = 0xFF
    static let nfcBoundary: UInt32 = 1 << 8
    static let nfdBoundary: UInt32 = 1 << 9
    static let decomposes: UInt32 = 1 << 10
    /// NFC of the code point alone is not the code point, or it is a boundary with a class.
    static let composeComplex: UInt32 = 1 << 11
    static let hangul: UInt32 = 1 << 12
    static let offsetShift: UInt32 = 13
    /// The value of every code point outside the candidate set (ASCII included).
    static let plain: UInt32 = nfcBoundary | nfdBoundary

    /// Two stages of 128-code-point blocks.
    private let stage1: UnsafeMutableBufferPointer<UInt16>
    private let stage2: UnsafeMutableBufferPointer<UInt32>
    /// Decompositions: length, class of the first code point, of the last, UTF-8 bytes.
    private let decompositions: UnsafeMutableBufferPointer<UInt8>
    /// Composition pairs: open addressing, key `first << 21 | second` (0 = empty).
    private let pairKeys: UnsafeMutableBufferPointer<UInt64>
    private let pairValues: UnsafeMutableBufferPointer<UInt32>
    private let pairShift: UInt64
    /// Per lead byte: the sequence length when every code point it starts can be passed
    /// over without a look (NFC: a boundary whose NFC is itself; NFD: class 0, a boundary,
    /// no decomposition), else 0. ASCII: 1.
    private let composeSkip: UnsafeMutableBufferPointer<UInt8>
    /// The values of U+0000–U+07FF, indexed by code point (2-byte sequences: one load).
    private let low: UnsafeMutableBufferPointer<UInt32>
    private let decomposeSkip: UnsafeMutableBufferPointer<UInt8>
    let nfc: OpaquePointer
    let nfd: OpaquePointer
    /// The number of composition pairs (for tests).
    let pairCount: Int

    init() throws(ICUError) {
        let nfc = try ICU.unorm2_getInstance(.nfc)
        let nfd = try ICU.unorm2_getInstance(.nfd)
        self.nfc = nfc
        self.nfd = nfd
        var flat = [UInt32](repeating: Self.plain, count: 0x110000)
        var blob: [UInt8] = []
        // Outside this set every code point is class 0, NFC and NFD "yes", a boundary in
        // both (verified over the whole code space by `mismatches()` in the tests).
        for range in try NormalizationEngine.ranges("[[:^NFD_QC=Yes:][:^NFC_QC=Yes:][:^ccc=0:]]") {
            for c in range where c < 0xD800 || c > 0xDFFF {
                let (value, decomposition) = Self.compute(nfc, nfd, c)
                var v = value
                if let decomposition, v & Self.hangul == 0 {
                    v |= UInt32(blob.count) << Self.offsetShift
                    let bytes = decomposition.flatMap { Array(String(Unicode.Scalar($0)!).utf8) }
                    blob.append(UInt8(bytes.count))
                    blob.append(UInt8(unorm2_getCombiningClass(nfd, Int32(decomposition.first!))))
                    blob.append(UInt8(unorm2_getCombiningClass(nfd, Int32(decomposition.last!))))
                    blob.append(contentsOf: bytes)
                }
                flat[Int(c)] = v
            }
        }
        // The output bounds the loops reserve: NFD at most 3 bytes per input byte (U+0390,
        // Hangul), a composite no longer than its pair.
        var offset = 0
        var growthOK = true
        for (c, v) in flat.enumerated() where v & Self.decomposes != 0 && v & Self.hangul == 0 {
            offset = Int(v >> Self.offsetShift)
            if Int(blob[offset]) > 3 * Self.utf8Length(UInt32(c)) { growthOK = false }
        }
        guard growthOK, blob.count < 1 << (32 - Self.offsetShift), flat[0..<0x80].allSatisfy({ $0 == Self.plain }) else {
            throw .internalInconsistency("normalization fast table")
        }
        blob.append(contentsOf: [UInt8](repeating: 0, count: 8))  // 8-byte loads past the last entry
        decompositions = .allocate(capacity: blob.count)
        _ = decompositions.initialize(from: blob)

        // Composition pairs: the raw (one-level) decomposition of every decomposable code
        // point that ICU's NFC gives back from that pair.
        var pairs: [(UInt64, UInt32)] = []
        for range in try NormalizationEngine.ranges("[[:^NFD_QC=Yes:]-[:Hangul_Syllable_Type=LV:]-[:Hangul_Syllable_Type=LVT:]]") {
            for c in range {
                var units = [UInt16](repeating: 0, count: 8)
                guard let length = units.withUnsafeMutableBufferPointer({ ICU.unorm2_getRawDecomposition(nfc, c, $0.baseAddress!, 8) }),
                      length > 0 else { continue }
                let raw = Array(String(decoding: units[0..<Int(length)], as: UTF16.self).unicodeScalars)
                guard raw.count == 2 else { continue }
                let composed = Self.normalize(nfc, raw.map(\.value))
                if composed == [UInt32(c)] {
                    guard Self.utf8Length(UInt32(c)) <= Self.utf8Length(raw[0].value) + Self.utf8Length(raw[1].value) else {
                        throw .internalInconsistency("normalization fast table: composite U+\(String(c, radix: 16))")
                    }
                    pairs.append((UInt64(raw[0].value) << 21 | UInt64(raw[1].value), UInt32(c)))
                }
            }
        }
        pairCount = pairs.count
        var bits: UInt64 = 4
        while (1 << bits) < pairs.count * 4 { bits += 1 }
        pairShift = 64 - bits
        pairKeys = .allocate(capacity: 1 << bits)
        pairKeys.initialize(repeating: 0)
        pairValues = .allocate(capacity: 1 << bits)
        pairValues.initialize(repeating: 0)
        for (key, value) in pairs {
            var slot = Int((key &* 0x9E37_79B9_7F4A_7C15) >> pairShift)
            while pairKeys[slot] != 0 { slot = (slot + 1) & (pairKeys.count - 1) }
            pairKeys[slot] = key
            pairValues[slot] = value
        }

        low = .allocate(capacity: 0x800)
        _ = low.initialize(from: flat[0..<0x800])
        composeSkip = .allocate(capacity: 256)
        composeSkip.initialize(repeating: 0)
        decomposeSkip = .allocate(capacity: 256)
        decomposeSkip.initialize(repeating: 0)
        for lead in 0..<0x80 { composeSkip[lead] = 1; decomposeSkip[lead] = 1 }
        for lead in 0xC2...0xF4 {
            let (first, length, size) = lead < 0xE0 ? ((lead & 0x1F) << 6, 2, 64) : lead < 0xF0 ? ((lead & 0x0F) << 12, 3, 4096) : ((lead & 0x07) << 18, 4, 1 << 18)
            let start = max(first, length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80), end = min(first + size, 0x110000)
            let values = flat[start..<end]
            if values.allSatisfy({ $0 & (Self.nfcBoundary | Self.composeComplex) == Self.nfcBoundary }) { composeSkip[lead] = UInt8(length) }
            if values.allSatisfy({ $0 & (Self.decomposes | Self.cccMask) == 0 && $0 & Self.nfdBoundary != 0 }) { decomposeSkip[lead] = UInt8(length) }
        }

        var blocks: [ArraySlice<UInt32>: UInt16] = [:]
        var table: [UInt32] = []
        var index = [UInt16](repeating: 0, count: 0x110000 >> 7)
        var plainBlock: UInt16? = nil
        for blockNumber in 0..<(0x110000 >> 7) {
            let block = flat[(blockNumber << 7)..<((blockNumber + 1) << 7)]
            if let plain = plainBlock, block.allSatisfy({ $0 == Self.plain }) { index[blockNumber] = plain; continue }
            if let existing = blocks[block] { index[blockNumber] = existing; continue }
            let number = UInt16(table.count >> 7)
            if plainBlock == nil, block.allSatisfy({ $0 == Self.plain }) { plainBlock = number }
            blocks[block] = number
            table.append(contentsOf: block)
            index[blockNumber] = number
        }
        stage1 = .allocate(capacity: index.count)
        _ = stage1.initialize(from: index)
        stage2 = .allocate(capacity: table.count)
        _ = stage2.initialize(from: table)
    }

    deinit {
        stage1.deallocate()
        stage2.deallocate()
        decompositions.deallocate()
        pairKeys.deallocate()
        pairValues.deallocate()
        composeSkip.deallocate()
        decomposeSkip.deallocate()
        low.deallocate()
    }

    static func utf8Length(_ c: UInt32) -> Int { c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4 }

    /// ICU's normalization of a few code points, as code points.
    static func normalize(_ instance: OpaquePointer, _ scalars: [UInt32]) -> [UInt32] {
        let units = Array(String(String.UnicodeScalarView(scalars.map { Unicode.Scalar($0)! })).utf16)
        var out = [UInt16](repeating: 0, count: 64)
        let (length, failure) = out.withUnsafeMutableBufferPointer { ICU.unorm2_normalize(instance, units, Int32(units.count), $0.baseAddress, 64) }
        guard failure == nil else { return [] }
        return String(decoding: out[0..<Int(length)], as: UTF16.self).unicodeScalars.map(\.value)
    }

    /// The table value of one code point asked of ICU, and its NFD when that differs.
    static func compute(_ nfc: OpaquePointer, _ nfd: OpaquePointer, _ c: Int32) -> (UInt32, [UInt32]?) {
        if c >= 0xD800 && c <= 0xDFFF { return (plain, nil) }
        let ccc = UInt32(unorm2_getCombiningClass(nfd, c))
        var value = ccc
        if unorm2_hasBoundaryBefore(nfc, c) != 0 { value |= nfcBoundary }
        if unorm2_hasBoundaryBefore(nfd, c) != 0 { value |= nfdBoundary }
        let decomposition = normalize(nfd, [UInt32(c)])
        var result: [UInt32]? = nil
        if decomposition != [UInt32(c)] {
            value |= decomposes
            if c >= 0xAC00 && c <= 0xD7A3 { value |= hangul }
            result = decomposition
        }
        if normalize(nfc, [UInt32(c)]) != [UInt32(c)] || (value & nfcBoundary != 0 && ccc != 0) { value |= composeComplex }
        return (value, result)
    }

    /// The number of code points whose table value (offset aside) or stored NFD differs
    /// from ICU's answer, over the whole code space (for tests).
    func mismatches() -> Int {
        var count = 0
        for c in Int32(0)...0x10FFFF {
            let (expected, decomposition) = Self.compute(nfc, nfd, c)
            let value = value(UInt32(c))
            if value & ((1 << Self.offsetShift) - 1) != expected { count += 1; continue }
            if let decomposition, value & Self.hangul == 0 {
                let offset = Int(value >> Self.offsetShift)
                let bytes = Array(decompositions[(offset + 3)..<(offset + 3 + Int(decompositions[offset]))])
                if bytes != decomposition.flatMap({ Array(String(Unicode.Scalar($0)!).utf8) }) { count += 1 }
            }
        }
        return count
    }

    @inline(__always) func value(_ c: UInt32) -> UInt32 {
        stage2[Int(stage1[Int(c >> 7)]) << 7 | Int(c & 0x7F)]
    }

    /// The table value, code point and length of the UTF-8 sequence at `i` (valid UTF-8).
    @inline(__always)
    func entry(_ p: UnsafePointer<UInt8>, _ i: Int) -> (value: UInt32, c: UInt32, length: Int) {
        let byte = p[i]
        let c: UInt32, length: Int
        if byte < 0x80 { return (Self.plain, UInt32(byte), 1) }
        if byte < 0xE0 {
            c = UInt32(byte & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F); length = 2
        } else if byte < 0xF0 {
            // Indexed straight from the bytes (the block is the top 9 bits of 16).
            let b1 = UInt32(p[i + 1]), b2 = UInt32(p[i + 2])
            let block = Int((UInt32(byte & 0x0F) << 5) | ((b1 & 0x3F) >> 1))
            c = UInt32(byte & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)
            return (stage2[Int(stage1[block]) << 7 | Int(((b1 & 1) << 6) | (b2 & 0x3F))], c, 3)
        } else {
            c = UInt32(byte & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6 | UInt32(p[i + 3] & 0x3F)
            length = 4
        }
        return (stage2[Int(stage1[Int(c >> 7)]) << 7 | Int(c & 0x7F)], c, length)
    }

    /// The table value and length of the non-ASCII sequence at `i` (valid UTF-8), or length
    /// 0 when `skip` says the lead byte's code points need no look (then `value` is 0 and
    /// the length is `skip`'s, negated).
    @inline(__always)
    func lookup(_ p: UnsafePointer<UInt8>, _ i: Int, _ byte: UInt8, _ skip: UnsafePointer<UInt8>) -> (value: UInt32, length: Int) {
        if byte < 0xE0 { return (low[Int(byte & 0x1F) << 6 | Int(p[i + 1] & 0x3F)], 2) }
        let skipped = Int(skip[Int(byte)])
        if skipped != 0 { return (0, -skipped) }
        if byte < 0xF0 {
            let b1 = UInt32(p[i + 1]), b2 = UInt32(p[i + 2])
            let block = Int((UInt32(byte & 0x0F) << 5) | ((b1 & 0x3F) >> 1))
            return (stage2[Int(stage1[block]) << 7 | Int(((b1 & 1) << 6) | (b2 & 0x3F))], 3)
        }
        let c = UInt32(byte & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6 | UInt32(p[i + 3] & 0x3F)
        return (stage2[Int(stage1[Int(c >> 7)]) << 7 | Int(c & 0x7F)], 4)
    }

    /// The code point at `i` (valid UTF-8).
    @inline(__always)
    static func scalar(_ p: UnsafePointer<UInt8>, _ i: Int) -> UInt32 {
        let byte = p[i]
        if byte < 0x80 { return UInt32(byte) }
        if byte < 0xE0 { return UInt32(byte & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F) }
        if byte < 0xF0 { return UInt32(byte & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F) }
        return UInt32(byte & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6 | UInt32(p[i + 3] & 0x3F)
    }

    /// The primary composite of `a` + `b`, or 0.
    @inline(__always)
    func compose(_ a: UInt32, _ b: UInt32) -> UInt32 {
        if b >= 0x1161 && b <= 0x11C2 {
            if b <= 0x1175 {
                if a >= 0x1100 && a <= 0x1112 { return 0xAC00 + ((a - 0x1100) * 21 + (b - 0x1161)) * 28 }
            } else if b >= 0x11A8 && a >= 0xAC00 && a <= 0xD7A3 && (a - 0xAC00) % 28 == 0 {
                return a + (b - 0x11A7)
            }
        }
        let key = UInt64(a) << 21 | UInt64(b)
        let mask = pairKeys.count - 1
        var slot = Int((key &* 0x9E37_79B9_7F4A_7C15) >> pairShift)
        while true {
            let k = pairKeys[slot]
            if k == key { return pairValues[slot] }
            if k == 0 { return 0 }
            slot = (slot + 1) & mask
        }
    }

    /// Copies `n` bytes (short copies in 8- and 4-byte moves inside both ranges).
    @inline(__always)
    static func copy(_ dst: UnsafeMutablePointer<UInt8>, _ src: UnsafePointer<UInt8>, _ n: Int) {
        if n >= 8 {
            if n > 64 { UnsafeMutableRawPointer(dst).copyMemory(from: src, byteCount: n); return }
            var k = 0
            while k + 8 <= n {
                UnsafeMutableRawPointer(dst + k).storeBytes(of: UnsafeRawPointer(src + k).loadUnaligned(as: UInt64.self), as: UInt64.self)
                k += 8
            }
            if k < n {
                UnsafeMutableRawPointer(dst + n - 8).storeBytes(of: UnsafeRawPointer(src + n - 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
            }
        } else if n >= 4 {
            let head = UnsafeRawPointer(src).loadUnaligned(as: UInt32.self), tail = UnsafeRawPointer(src + n - 4).loadUnaligned(as: UInt32.self)
            UnsafeMutableRawPointer(dst).storeBytes(of: head, as: UInt32.self)
            UnsafeMutableRawPointer(dst + n - 4).storeBytes(of: tail, as: UInt32.self)
        } else {
            for k in 0..<n { dst[k] = src[k] }
        }
    }

    /// Writes the UTF-8 of `c` at `dst`; returns its length.
    @inline(__always)
    static func encode(_ c: UInt32, _ dst: UnsafeMutablePointer<UInt8>) -> Int {
        if c < 0x80 { dst[0] = UInt8(c); return 1 }
        if c < 0x800 { dst[0] = UInt8(0xC0 | c >> 6); dst[1] = UInt8(0x80 | c & 0x3F); return 2 }
        if c < 0x10000 {
            dst[0] = UInt8(0xE0 | c >> 12); dst[1] = UInt8(0x80 | (c >> 6) & 0x3F); dst[2] = UInt8(0x80 | c & 0x3F); return 3
        }
        dst[0] = UInt8(0xF0 | c >> 18); dst[1] = UInt8(0x80 | (c >> 12) & 0x3F)
        dst[2] = UInt8(0x80 | (c >> 6) & 0x3F); dst[3] = UInt8(0x80 | c & 0x3F)
        return 4
    }

    /// The offset of the first code point after `i` (a code point of `text`) with `flag`
    /// set, or `end`.
    func nextBoundary(_ p: UnsafePointer<UInt8>, after i: Int, end: Int, flag: UInt32) -> Int {
        var j = i + entry(p, i).length
        while j < end {
            let (value, _, length) = entry(p, j)
            if value & flag != 0 { return j }
            j += length
        }
        return end
    }

    // MARK: Normalizing

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
                let s = Self.scalar(p, i) - 0xAC00
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

/// The table, built on first use (Swift's `static let` runs once, thread-safely).
enum NormalizationFastTables {
    static let shared: Result<NormalizationFastTable, ICUError> = {
        do throws(ICUError) { return .success(try NormalizationFastTable()) } catch { return .failure(error) }
    }()

    static var table: NormalizationFastTable? { try? shared.get() }
}
