internal import CICU

/// The Swift fast path of NFC and NFD for the regions ``NormalizationEngine`` would give
/// to ICU: the simple, common work done here from tables built once from ICU's own
/// answers, every other normalization segment handed to ICU.
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
    let stage1: UnsafeMutableBufferPointer<UInt16>
    let stage2: UnsafeMutableBufferPointer<UInt32>
    /// Decompositions: length, class of the first code point, of the last, UTF-8 bytes.
    let decompositions: UnsafeMutableBufferPointer<UInt8>
    /// Composition pairs: open addressing, key `first << 21 | second` (0 = empty).
    let pairKeys: UnsafeMutableBufferPointer<UInt64>
    let pairValues: UnsafeMutableBufferPointer<UInt32>
    let pairShift: UInt64
    /// Per lead byte: the sequence length when every code point it starts can be passed
    /// over without a look (NFC: a boundary whose NFC is itself; NFD: class 0, a boundary,
    /// no decomposition), else 0. ASCII: 1.
    let composeSkip: UnsafeMutableBufferPointer<UInt8>
    /// The values of U+0000–U+07FF, indexed by code point (2-byte sequences: one load).
    let low: UnsafeMutableBufferPointer<UInt32>
    let decomposeSkip: UnsafeMutableBufferPointer<UInt8>
    let nfc: OpaquePointer
    let nfd: OpaquePointer
    /// The number of composition pairs (for tests).
    let pairCount: Int
    /// `false` when the buffers point into the embedded tables (``PrebuiltTextTables``).
    private let owned: Bool

    /// The table over the embedded bytes, or `nil` when they hold no complete one.
    init?(prebuilt: PrebuiltTextTables) throws(ICUError) {
        guard let stage1 = prebuilt.section("nf.stage1", UInt16.self, count: 0x110000 >> 7),
              let stage2 = prebuilt.section("nf.stage2", UInt32.self),
              stage2.count % 128 == 0, stage1.allSatisfy({ Int($0) << 7 < stage2.count }),
              let decompositions = prebuilt.section("nf.decomp", UInt8.self),
              let pairKeys = prebuilt.section("nf.pairKeys", UInt64.self),
              let pairValues = prebuilt.section("nf.pairValues", UInt32.self, count: pairKeys.count),
              pairKeys.count >= 16, pairKeys.count & (pairKeys.count - 1) == 0,
              let composeSkip = prebuilt.section("nf.composeSkip", UInt8.self, count: 256),
              let decomposeSkip = prebuilt.section("nf.decomposeSkip", UInt8.self, count: 256),
              let low = prebuilt.section("nf.low", UInt32.self, count: 0x800),
              let scalars = prebuilt.section("nf.scalars", UInt64.self, count: 2),
              scalars[0] == UInt64(64 - pairKeys.count.trailingZeroBitCount) else { return nil }
        nfc = try ICU.unorm2_getInstance(.nfc)
        nfd = try ICU.unorm2_getInstance(.nfd)
        self.stage1 = stage1
        self.stage2 = stage2
        self.decompositions = decompositions
        self.pairKeys = pairKeys
        self.pairValues = pairValues
        pairShift = scalars[0]
        pairCount = Int(scalars[1])
        self.composeSkip = composeSkip
        self.decomposeSkip = decomposeSkip
        self.low = low
        owned = false
    }

    /// Adds the table to the bytes `Scripts/build-text-tables.sh` embeds.
    func write(to writer: inout PrebuiltTextTables.Writer) {
        writer.add("nf.stage1", stage1)
        writer.add("nf.stage2", stage2)
        writer.add("nf.decomp", decompositions)
        writer.add("nf.pairKeys", pairKeys)
        writer.add("nf.pairValues", pairValues)
        writer.add("nf.composeSkip", composeSkip)
        writer.add("nf.decomposeSkip", decomposeSkip)
        writer.add("nf.low", low)
        writer.add("nf.scalars", values: [pairShift, UInt64(pairCount)])
    }

    init() throws(ICUError) {
        let nfc = try ICU.unorm2_getInstance(.nfc)
        let nfd = try ICU.unorm2_getInstance(.nfd)
        self.nfc = nfc
        self.nfd = nfd
        owned = true
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
        guard owned else { return }
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
}

/// The table, made on first use (Swift's `static let` runs once, thread-safely): over the
/// embedded tables when the running ICU made them, else built from ICU.
enum NormalizationFastTables {
    static let shared: Result<NormalizationFastTable, ICUError> = {
        do throws(ICUError) {
            if let prebuilt = PrebuiltTextTables.embedded, let table = try NormalizationFastTable(prebuilt: prebuilt) {
                return .success(table)
            }
            return .success(try NormalizationFastTable())
        } catch { return .failure(error) }
    }()

    static var table: NormalizationFastTable? { try? shared.get() }
}
