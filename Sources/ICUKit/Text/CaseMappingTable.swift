internal import CICU

/// The UTF-8 fast path of ``CaseMapper`` for root-like locales: one table per operation
/// (upper, lower, default fold), built once from ICU's own answers.
///
/// Per code point the table says "unchanged", "becomes this one code point" (stored as its
/// UTF-8 bytes) or "complicated". A code point is simple only when ICU's mapping of it
/// alone (`ucasemap_utf8To*` on the root map, the very call of the ICU path) is one code
/// point and ICU gives the same mapping in every probe context (after and before cased
/// letters, case-ignorables, combining dots). Complicated are the 1:n mappings (ß → SS,
/// İ → i̇, ΐ) and the context-dependent one (Σ, Final_Sigma, in lowercasing).
///
/// Text whose code points are all unchanged is returned as is (no copy, no validation);
/// text with simple mappings only is written here, a `String` made once. A complicated
/// code point goes to ICU: alone, for upper and fold (context-free in root: ICU's
/// `toUpper` uses context only for Turkish, Lithuanian and Greek, folding never), and with
/// the whole text for lower (Final_Sigma looks arbitrarily far both ways).
///
/// Only for locales whose case behaviour is root's (ICU's `ucase_getCaseLocale`: special
/// behaviour for tr, az, lt, el, nl, hy); the caller checks ``rootLike(_:)``. Every code
/// point is checked against ICU, alone and in contexts, in `CaseMappingFastPathTests`.
///
/// `Sendable` notes: the table is written only in `init`; ICU's upper/lower/fold functions
/// only read their `UCaseMap`.
final class CaseMappingTable: @unchecked Sendable {
    enum Operation: Sendable { case upper, lower, fold }

    /// An ICU case function over UTF-8.
    typealias ICUCall = ICU.CaseMapCall

    /// What the fast path did with a text.
    enum Outcome {
        /// No code point changes: the text is its own result.
        case unchanged
        case mapped(String)
        /// ICU must map the whole text (a complicated code point in lowercasing, or a
        /// result longer than the buffer).
        case declined
    }

    static let complicated: UInt32 = 0xFFFF_FFFF

    let operation: Operation
    let handle: CaseMapHandle
    /// Two stages of 128-code-point blocks; values: 0 unchanged, `complicated`, or the
    /// mapped code point's UTF-8 bytes (first byte lowest).
    private let stage1: UnsafeMutableBufferPointer<UInt16>
    private let stage2: UnsafeMutableBufferPointer<UInt32>
    /// Per lead byte: the sequence length if every code point it starts is unchanged, else 0.
    private let skipLength: UnsafeMutableBufferPointer<UInt8>
    /// The output bound in halves of the input length (3: a 2-byte letter may map to a
    /// 3-byte one, like ɐ → Ɐ).
    let growthHalves: Int
    /// `false` when the buffers point into the embedded tables (``PrebuiltTextTables``).
    private let owned: Bool

    /// The table of `operation` over the embedded bytes, or `nil` when they hold none for it.
    init?(_ operation: Operation, prebuilt: PrebuiltTextTables) throws(TextTransformError) {
        let name = Self.sectionPrefix(operation)
        guard let stage1 = prebuilt.section(name + ".stage1", UInt16.self, count: 0x110000 >> 7),
              let stage2 = prebuilt.section(name + ".stage2", UInt32.self),
              stage2.count % 128 == 0, stage1.allSatisfy({ Int($0) << 7 < stage2.count }),
              let skipLength = prebuilt.section(name + ".skip", UInt8.self, count: 256),
              let scalars = prebuilt.section(name + ".scalars", UInt64.self, count: 1) else { return nil }
        self.operation = operation
        handle = try CaseMapHandle.handle(locale: "", options: operation == .fold ? UInt32(U_FOLD_CASE_DEFAULT) : 0)
        self.stage1 = stage1
        self.stage2 = stage2
        self.skipLength = skipLength
        growthHalves = Int(scalars[0])
        owned = false
    }

    /// Adds the table to the bytes `Scripts/build-text-tables.sh` embeds.
    func write(to writer: inout PrebuiltTextTables.Writer) {
        let name = Self.sectionPrefix(operation)
        writer.add(name + ".stage1", stage1)
        writer.add(name + ".stage2", stage2)
        writer.add(name + ".skip", skipLength)
        writer.add(name + ".scalars", values: [UInt64(growthHalves)])
    }

    static func sectionPrefix(_ operation: Operation) -> String {
        switch operation {
        case .upper: "upper"
        case .lower: "lower"
        case .fold: "fold"
        }
    }

    init(_ operation: Operation) throws(TextTransformError) {
        self.operation = operation
        handle = try CaseMapHandle.handle(locale: "", options: operation == .fold ? UInt32(U_FOLD_CASE_DEFAULT) : 0)
        owned = true
        let call = Self.call(operation, handle.shared.pointer)
        // Outside these sets no code point changes under any case operation (verified over
        // the whole code space by the tests); only these few thousand are asked of ICU.
        let candidates: [ClosedRange<Int32>]
        do { candidates = try NormalizationEngine.ranges("[[:Changes_When_Casemapped:][:Changes_When_Casefolded:][:Cased:][:Case_Ignorable:]]") } catch { throw .icu(error) }
        // Built block by block in a cold process, with nothing allocated per code point and
        // no `Dictionary` (hashing a new key type scans every protocol conformance): blocks
        // without a candidate share block 0, all "unchanged"; a filled block is shared with
        // an equal one found by its checksum.
        var table = [UInt32](repeating: 0, count: 128)
        var index = [UInt16](repeating: 0, count: 0x110000 >> 7)
        var checksums: [(sum: UInt32, number: UInt16)] = []
        var growth = 2
        let builder = Builder(operation, call)
        defer { builder.deallocate() }
        var scratch = [UInt32](repeating: 0, count: 128)
        var block = -1
        func finish() {
            guard block >= 0 else { return }
            var sum: UInt32 = 0
            for value in scratch { sum = sum &* 31 &+ value }
            if scratch.allSatisfy({ $0 == 0 }) {
                index[block] = 0
            } else if let shared = checksums.first(where: { $0.sum == sum && table[Int($0.number) << 7 ..< (Int($0.number) + 1) << 7].elementsEqual(scratch) }) {
                index[block] = shared.number
            } else {
                let number = UInt16(table.count >> 7)
                table.append(contentsOf: scratch)
                checksums.append((sum, number))
                index[block] = number
            }
            for slot in scratch.indices { scratch[slot] = 0 }
        }
        for range in candidates {
            for c in range where c < 0xD800 || c > 0xDFFF {
                if Int(c >> 7) != block {
                    finish()
                    block = Int(c >> 7)
                }
                let value = builder.value(c)
                scratch[Int(c & 0x7F)] = value
                if value != 0 && value != Self.complicated {
                    let inLength = Self.utf8Length(UInt32(c)), outLength = Self.valueLength(value)
                    growth = max(growth, (2 * outLength + inLength - 1) / inLength)
                }
            }
        }
        finish()
        growthHalves = growth
        func value(_ c: Int) -> UInt32 { table[Int(index[c >> 7]) << 7 | c & 0x7F] }
        // The scan treats ASCII directly (a–z up, A–Z down); ICU must agree.
        for byte in 0..<0x80 {
            let changes = operation == .upper ? (0x61...0x7A).contains(byte) : (0x41...0x5A).contains(byte)
            let expected = UInt32(changes ? (operation == .upper ? byte - 0x20 : byte + 0x20) : 0)
            guard value(byte) == expected else { throw .icu(.internalInconsistency("case table: ASCII U+\(String(byte, radix: 16))")) }
        }
        // Lead bytes under which every code point is unchanged (Arabic, Devanagari, CJK…):
        // the scan skips those sequences without decoding them.
        skipLength = .allocate(capacity: 256)
        skipLength.initialize(repeating: 0)
        for lead in 0xC2...0xF4 {
            // The code points a lead byte can start (E0 and F0 sequences start at U+0800 and
            // U+10000; F4 ends at U+10FFFF).
            let (first, length, size) = lead < 0xE0 ? ((lead & 0x1F) << 6, 2, 64) : lead < 0xF0 ? ((lead & 0x0F) << 12, 3, 4096) : ((lead & 0x07) << 18, 4, 1 << 18)
            let start = max(first, length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80), end = min(first + size, 0x110000)
            var unchanged = true
            var c = start
            while c < end && unchanged {
                if index[c >> 7] == 0 { c = (c >> 7 + 1) << 7; continue }  // a shared "unchanged" block
                unchanged = value(c) == 0
                c += 1
            }
            if unchanged { skipLength[lead] = UInt8(length) }
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
        skipLength.deallocate()
    }

    static func call(_ operation: Operation, _ map: OpaquePointer) -> ICUCall {
        switch operation {
        case .upper: { ICU.ucasemap_utf8ToUpper(map, $0, $1, $2, $3) }
        case .lower: { ICU.ucasemap_utf8ToLower(map, $0, $1, $2, $3) }
        case .fold: { ICU.ucasemap_utf8FoldCase(map, $0, $1, $2, $3) }
        }
    }

    /// Whether a `UCaseMap` opened for `locale` behaves like root for upper and lower:
    /// ICU's `ucase_getCaseLocale` on the map's own (canonicalized) locale, conservatively
    /// (any identifier whose language is tr, az, lt, el, nl or hy, in two or three letters
    /// and any case, is special).
    static func rootLike(_ map: OpaquePointer) -> Bool {
        guard let name = ucasemap_getLocale(map) else { return false }
        var language: [UInt8] = []
        var p = name
        while p.pointee != 0 && language.count < 4 {
            let byte = UInt8(bitPattern: p.pointee)
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: ".") { break }
            language.append(byte | 0x20)
            p += 1
        }
        let special: [[UInt8]] = ["tr", "tur", "az", "aze", "lt", "lit", "el", "ell", "nl", "nld", "hy", "hye"].map { Array($0.utf8) }
        return !special.contains(language)
    }

    static func utf8Length(_ c: UInt32) -> Int { c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4 }

    /// The length of a stored UTF-8 sequence, from its first byte.
    @inline(__always) static func valueLength(_ value: UInt32) -> Int {
        let ones = (~UInt8(truncatingIfNeeded: value)).leadingZeroBitCount
        return ones == 0 ? 1 : ones
    }

    @inline(__always) func value(_ c: UInt32) -> UInt32 {
        stage2[Int(stage1[Int(c >> 7)]) << 7 | Int(c & 0x7F)]
    }

    /// The table's value for `c` (for tests).
    func lookup(_ c: UInt32) -> UInt32 { value(c) }

    /// Decodes the scalar at `i` of valid UTF-8: (code point, its bytes as a little-endian
    /// value, length). The bytes come from the same loads as the code point, in the form
    /// the table stores a mapping in (`ValidUTF8.decode` gives the code point only, and a
    /// second pass for the bytes would cost the scan's inner loop).
    @inline(__always)
    private static func decode(_ p: UnsafePointer<UInt8>, _ i: Int) -> (UInt32, UInt32, Int) {
        let b0 = UInt32(p[i])
        if b0 < 0xE0 {
            let b1 = UInt32(p[i + 1])
            return ((b0 & 0x1F) << 6 | (b1 & 0x3F), b0 | b1 << 8, 2)
        }
        if b0 < 0xF0 {
            let b1 = UInt32(p[i + 1]), b2 = UInt32(p[i + 2])
            return ((b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F), b0 | b1 << 8 | b2 << 16, 3)
        }
        let b1 = UInt32(p[i + 1]), b2 = UInt32(p[i + 2]), b3 = UInt32(p[i + 3])
        return ((b0 & 0x07) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F), b0 | b1 << 8 | b2 << 16 | b3 << 24, 4)
    }

    /// Maps valid UTF-8 `text` (from a `String`); `call` is ICU's function for complicated
    /// code points (upper and fold).
    func map(_ text: UnsafeBufferPointer<UInt8>, _ call: ICUCall) -> Outcome {
        let count = text.count
        guard count > 0, let source = text.baseAddress else { return .unchanged }
        // ASCII: which bytes change, and by how much.
        let (low, high): (UInt8, UInt8) = operation == .upper ? (0x61, 0x7A) : (0x41, 0x5A)
        // Find the first code point that changes.
        var i = 0
        while i < count {
            let byte = source[i]
            if byte < 0x80 {
                if byte &- low <= high &- low { break }
                i += 1
                continue
            }
            let skip = Int(skipLength[Int(byte)])
            if skip != 0 { i += skip; continue }
            let (c, _, length) = Self.decode(source, i)
            if value(c) != 0 { break }
            i += length
        }
        if i == count { return .unchanged }
        // The bound: every simple mapping keeps 2 o <= growthHalves i + 32, so 16 bytes
        // stay free (4-byte stores) and 16 more absorb what ICU's 1:n mappings add.
        let capacity = (count * growthHalves + 1) / 2 + 32
        var declined = false
        let result = String(unsafeUninitializedCapacity: capacity) { buffer -> Int in
            guard let out = buffer.baseAddress else { declined = true; return 0 }
            out.update(from: source, count: i)
            var o = i
            let asciiDelta: UInt8 = operation == .upper ? 0xE0 : 0x20  // wrapping add: -0x20 or +0x20
            while i < count {
                let byte = source[i]
                if byte < 0x80 {
                    out[o] = byte &- low <= high &- low ? byte &+ asciiDelta : byte
                    o += 1; i += 1
                    continue
                }
                // Unchanged 3- and 4-byte sequences (Devanagari, CJK…) are copied undecoded;
                // 2-byte ones (Cyrillic, Greek, Arabic) are cheaper to decode than to test.
                if byte >= 0xE0 {
                    let skip = Int(skipLength[Int(byte)])
                    if skip != 0 {
                        out[o] = byte; out[o + 1] = source[i + 1]; out[o + 2] = source[i + 2]
                        if skip > 3 { out[o + 3] = source[i + 3] }
                        o += skip; i += skip
                        continue
                    }
                }
                let (c, raw, length) = Self.decode(source, i)
                var mapped = value(c)
                if mapped == 0 {
                    mapped = raw
                } else if mapped == Self.complicated {
                    if operation == .lower { declined = true; return 0 }
                    // Context-free: ICU maps the code point alone, straight into the result.
                    // The failure leaves through a captured flag, not through the closures'
                    // results: the loop above then keeps its registers (10% fewer
                    // instructions for English text, by callgrind).
                    var failed = false
                    let written = (out + o).withMemoryRebound(to: CChar.self, capacity: capacity - o) { d in
                        (source + i).withMemoryRebound(to: CChar.self, capacity: length) { s in
                            let (written, failure) = call(d, Int32(capacity - o - 16), s, Int32(length))
                            failed = failure != nil
                            return written
                        }
                    }
                    o += Int(written); i += length
                    // Keep the bound's invariant for what follows.
                    if failed || 2 * o > growthHalves * i + 32 { declined = true; return 0 }
                    continue
                }
                // 2 o <= growthHalves i + 32: at least 16 bytes are free, a 4-byte store fits.
                UnsafeMutableRawPointer(out + o).storeBytes(of: mapped.littleEndian, as: UInt32.self)
                o += Self.valueLength(mapped); i += length
            }
            return o
        }
        return declined ? .declined : .mapped(result)
    }
}

/// The three tables, made on first use (Swift's `static let` runs once, thread-safely): over
/// the embedded tables when the running ICU made them, else built from ICU.
enum CaseMappingTables {
    static let upper = make(.upper)
    static let lower = make(.lower)
    static let fold = make(.fold)

    static func make(_ operation: CaseMappingTable.Operation) -> Result<CaseMappingTable, TextTransformError> {
        do throws(TextTransformError) {
            if let prebuilt = PrebuiltTextTables.embedded, let table = try CaseMappingTable(operation, prebuilt: prebuilt) {
                return .success(table)
            }
            return .success(try CaseMappingTable(operation))
        } catch { return .failure(error) }
    }

    static func table(_ operation: CaseMappingTable.Operation) -> CaseMappingTable? {
        let result = switch operation {
        case .upper: upper
        case .lower: lower
        case .fold: fold
        }
        return try? result.get()
    }
}
