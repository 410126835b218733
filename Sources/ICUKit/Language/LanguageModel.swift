internal import CICU
internal import CICULanguageModel

/// The language-recognition tables, built once from the model's bytes (written by
/// `Scripts/build-language-models.py` to `Sources/CICULanguageModel/LanguageModel.c.bin` and
/// embedded in the executable as they are by that target's `#embed`).
///
/// Layout of the bytes (little endian): `"ILM2"`, language count (UInt16), feature
/// count, dense feature count and sparse entry count (UInt32 each), script range count (UInt16)
/// and the ranges (first, last: UInt32, script: UInt8); the six floors (one per feature kind);
/// per language its BCP 47 code (length-prefixed), script and prior (Int8, 1/10 nat); then the
/// features in the order of their home slot in ``slots`` (so the table is written front to
/// back): hash (UInt32), entry count (UInt8), entries (language index, gain), where the gain is
/// floor − cost in 1/10 nat (a language that did not keep the feature gains 0).
///
/// Features kept by many languages (the frequent ones) become dense rows of gains, one byte
/// per language, added with a loop the compiler vectorizes; the rest stay sparse entries.
///
/// Sendable notes: immutable after `init` (the table pointers point into ``Tables``, written
/// only by `init` and freed with the last copy); the one shared instance is a `static let`.
struct LanguageModel: @unchecked Sendable {
    static let shared: LanguageModel = {
        var count = 0
        let start = icukit_language_model(&count)!
        return LanguageModel(bytes: UnsafeBufferPointer(start: start, count: count), releasingPages: true)
    }()

    /// The number of feature kinds: n-grams of 1…5 letters, then whole words.
    static let kinds = 6
    /// Script ids the model gives the kana and Han letters (`Kana`, `Hani`).
    static let kanaScript: UInt8 = 26
    static let hanScript: UInt8 = 27
    /// Marks an `info` value as a dense row index.
    static let denseFlag: UInt32 = 1 << 31
    /// Marks an `info` value holding the one entry of a feature one language kept (language
    /// << 8 | gain), so scoring it needs no second cache miss in `entries`.
    static let inlineFlag: UInt32 = 1 << 30

    let codes: [String]
    let locales: [LocaleID]
    let scripts: [UInt8]
    /// The indices of the languages written in each script id, in code order.
    let languagesByScript: [[Int]]
    /// Prior log probability per language, in nats (relative: 0 for the median language).
    let priors: [Double]
    /// Cost of a feature a language did not keep, per kind (1/10 nat).
    let floors: [Int32]
    /// Languages rounded up to a multiple of 16: the stride of a dense row.
    let stride: Int
    /// Script of each BMP scalar (0 = none of the model's scripts).
    let bmpScripts: [UInt8]
    /// Per BMP scalar: 0 when it is not a letter or mark, `multiScalarLowercase` when its
    /// lower-case form is several scalars, otherwise its (simple = full) lower-case form.
    let bmpLowercase: [UInt32]
    static let multiScalarLowercase = UInt32.max
    let astralRanges: [(UInt32, UInt32, UInt8)]
    /// Open-addressing hash table, one 64-bit word per slot (one cache miss per probe): the
    /// feature hash in the high half, `info` in the low half = entry start << 8 | count,
    /// `inlineFlag | language << 8 | gain`, or `denseFlag | row` (0 = empty slot).
    let slots: UnsafePointer<UInt64>
    let mask: Int
    /// One bit per `filterBits` hash bucket, set when some feature falls in it: a feature the
    /// model lacks (most 4-, 5-grams and words of a text) is usually turned away by this
    /// 512 KiB bitmap, which stays in cache, without a cache miss in the big `slots` table.
    let filter: UnsafePointer<UInt64>
    static let filterShift: UInt32 = 32 - 22  // 2^22 bits
    /// Sparse features: language index << 8 | gain.
    let entries: UnsafePointer<UInt16>
    /// Dense features: `stride` gains per row.
    let dense: UnsafePointer<UInt8>
    /// The memory of `filter`, `slots`, `dense` and `entries`.
    let tables: Tables

    /// The model in `bytes`. With `releasingPages` (only for the bytes embedded in the
    /// executable: file-backed, never written), the pages read are given back to the kernel
    /// every 32,768 features (~280 KB; ``PageReleaser``).
    init(bytes: UnsafeBufferPointer<UInt8>, releasingPages: Bool = false) {
        var reader = Reader(bytes)
        var releaser = PageReleaser(bytes, enabled: releasingPages)
        precondition(reader.u32() == 0x324D_4C49, "language model: bad magic")
        let languageCount = Int(reader.u16())
        let featureCount = Int(reader.u32())
        let denseCount = Int(reader.u32())
        let entryCount = Int(reader.u32())
        var bmp = [UInt8](repeating: 0, count: 0x10000)
        var astral: [(UInt32, UInt32, UInt8)] = []
        for _ in 0..<Int(reader.u16()) {
            let first = reader.u32(), last = reader.u32(), script = reader.u8()
            if last < 0x10000 {
                for scalar in Int(first)...Int(last) { bmp[scalar] = script }
            } else {
                astral.append((first, last, script))
            }
        }
        let floors = (0..<Self.kinds).map { _ in Int32(reader.u8()) }
        var codes: [String] = [], scripts: [UInt8] = [], priors: [Double] = []
        for _ in 0..<languageCount {
            let length = Int(reader.u8())
            codes.append(String(decoding: (0..<length).map { _ in reader.u8() }, as: UTF8.self))
            scripts.append(reader.u8())
            priors.append(Double(Int8(bitPattern: reader.u8())) / 10)
        }
        let stride = (languageCount + 15) & ~15
        var capacity = 1
        // Load factor at most 0.7: 660k features fit 2^20 slots (8 MiB, most of it in the
        // last-level cache) rather than 2^21 at a third full.
        while capacity * 7 < featureCount * 10 { capacity <<= 1 }
        let filterWords = 1 << (32 - Self.filterShift - 6)
        let tables = Tables(byteCounts: [filterWords * 8, capacity * 8, denseCount * stride, entryCount * 2])
        let filter = tables.parts[0].bindMemory(to: UInt64.self, capacity: filterWords)
        let slots = tables.parts[1].bindMemory(to: UInt64.self, capacity: capacity)
        let dense = tables.parts[2].bindMemory(to: UInt8.self, capacity: denseCount * stride)
        let entries = tables.parts[3].bindMemory(to: UInt16.self, capacity: entryCount)
        var entriesUsed = 0
        var rows = 0
        // In chunks of 32,768 features, the pages read given back between chunks (nothing
        // but the record loop inside one, which keeps it tight).
        var record = 0
        while record < featureCount {
            let chunkEnd = min(record + 32768, featureCount)
            while record < chunkEnd {
                let hash = reader.takeU32()
                let count = Int(reader.take())
                let value: UInt32
                if count >= 16 {
                    precondition(rows < denseCount && count <= stride, "language model: too many dense features")
                    let row = dense + rows * stride
                    for _ in 0..<count {
                        let language = Int(reader.take())
                        precondition(language < stride, "language model: bad language index")
                        row[language] = reader.take()
                    }
                    value = Self.denseFlag | UInt32(rows)
                    rows += 1
                } else if count == 1 {
                    let language = UInt32(reader.take())
                    value = Self.inlineFlag | language << 8 | UInt32(reader.take())
                } else {
                    precondition(entriesUsed < 1 << 22 && entriesUsed + count <= entryCount, "language model: too many entries")
                    value = UInt32(entriesUsed) << 8 | UInt32(count)
                    for _ in 0..<count {
                        let language = UInt16(reader.take())
                        entries[entriesUsed] = language << 8 | UInt16(reader.take())
                        entriesUsed += 1
                    }
                }
                let bit = Self.filterBit(hash)
                filter[bit >> 6] |= 1 << UInt64(bit & 63)
                var slot = Int(Self.mix(hash)) & (capacity - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
                slots[slot] = UInt64(hash) << 32 | UInt64(value)
                record += 1
            }
            releaser.release(upTo: reader.next)
        }
        precondition(rows == denseCount && entriesUsed <= entryCount, "language model: bad counts")
        releaser.release(upTo: bytes.count)
        self.codes = codes
        self.locales = codes.map { (try? LocaleID($0)) ?? .root }
        self.scripts = scripts
        var byScript = [[Int]](repeating: [], count: 256)
        for (index, script) in scripts.enumerated() { byScript[Int(script)].append(index) }
        self.languagesByScript = byScript
        self.priors = priors
        self.floors = floors
        self.stride = stride
        self.bmpScripts = bmp
        self.bmpLowercase = Self.lowercaseTable()
        self.astralRanges = astral
        self.slots = UnsafePointer(slots)
        self.mask = capacity - 1
        self.filter = UnsafePointer(filter)
        self.entries = UnsafePointer(entries)
        self.dense = UnsafePointer(dense)
        self.tables = tables
    }

    /// Gives the pages of the embedded model's bytes back to the kernel as they are read
    /// (which also lowers the process's peak, as the tables fill):
    /// they are read once, by `init`, and would otherwise stay resident (5.7 MB). They are
    /// file-backed data of the executable that nothing writes, so `MADV_DONTNEED` only drops
    /// them from this process (read again, they would come from the file). Only whole pages
    /// inside the bytes are released.
    struct PageReleaser {
        private let base: Int
        private var releasedPage: Int
        private let page: Int
        private let enabled: Bool

        init(_ bytes: UnsafeBufferPointer<UInt8>, enabled: Bool) {
            base = Int(bitPattern: bytes.baseAddress)
            let releasable = Platform.releasablePageSize
            page = releasable ?? 1
            self.enabled = releasable != nil && enabled && page > 1 && base != 0
            releasedPage = (base + page - 1) & ~(page - 1)
        }

        /// Releases the whole pages of the bytes before `offset` not released yet.
        mutating func release(upTo offset: Int) {
            guard enabled else { return }
            let last = (base + offset) & ~(page - 1)
            if last > releasedPage, let address = UnsafeMutableRawPointer(bitPattern: releasedPage) {
                Platform.releasePages(address, last - releasedPage)
                releasedPage = last
            }
        }
    }

    /// See ``bmpLowercase``: from ICU's character data (the Unicode version of the ICU
    /// that runs, as everywhere else in ICUKit). Swift's `Unicode.Scalar.Properties` for all
    /// 65,536 scalars cost ~80M instructions per process; this a few million.
    static func lowercaseTable() -> [UInt32] {
        var table = [UInt32](repeating: 0, count: 0x10000)
        for value in 0..<0x10000 where value < 0xD800 || value > 0xDFFF {
            table[value] = lowercase(UInt32(value))
        }
        return table
    }

    /// A scalar's entry as ``bmpLowercase`` defines it (also used for scalars past the BMP).
    static func lowercase(_ value: UInt32) -> UInt32 {
        let category = Int32(u_charType(Int32(value)))
        // Letters (Lu, Ll, Lt, Lm, Lo) and marks (Mn, Me, Mc): ICU's categories 1...8.
        guard category >= U_UPPERCASE_LETTER && category <= U_COMBINING_SPACING_MARK else { return 0 }
        guard u_hasBinaryProperty(Int32(value), UCHAR_CHANGES_WHEN_LOWERCASED) != 0 else { return value }
        var source: (UInt16, UInt16) = value < 0x10000
            ? (UInt16(value), 0) : (UInt16(0xD7C0 + (value >> 10)), UInt16(0xDC00 | (value & 0x3FF)))
        var lower: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0, 0, 0, 0, 0)
        let lowered = withUnsafeMutableBytes(of: &lower) { out in
            withUnsafeBytes(of: &source) { input in
                ICU.u_strToLower(out.baseAddress!.assumingMemoryBound(to: UInt16.self), capacity: 8,
                                 input.baseAddress!.assumingMemoryBound(to: UInt16.self), count: value < 0x10000 ? 1 : 2)
            }
        }
        guard let length = lowered else { return multiScalarLowercase }
        if length == 1 { return UInt32(lower.0) }
        if length == 2 && lower.0 >= 0xD800 && lower.0 <= 0xDBFF && lower.1 >= 0xDC00 && lower.1 <= 0xDFFF {
            return 0x10000 + (UInt32(lower.0 - 0xD800) << 10) + UInt32(lower.1 - 0xDC00)
        }
        return multiScalarLowercase
    }

    /// The script id of `scalar` (0 when it is in none of the model's scripts).
    @inline(__always)
    func script(of scalar: UInt32) -> UInt8 {
        if scalar < 0x10000 { return bmpScripts[Int(scalar)] }
        for (first, last, script) in astralRanges where scalar >= first && scalar <= last { return script }
        return 0
    }

    /// The `info` value of a feature (dense row or sparse entries), or 0 when no language
    /// kept it.
    @inline(__always)
    func lookup(_ hash: UInt32) -> UInt32 {
        let bit = Self.filterBit(hash)
        if filter[bit >> 6] >> UInt64(bit & 63) & 1 == 0 { return 0 }
        var slot = Int(Self.mix(hash)) & mask
        while true {
            let word = slots[slot]
            if word == 0 || UInt32(truncatingIfNeeded: word >> 32) == hash { return UInt32(truncatingIfNeeded: word) }
            slot = (slot + 1) & mask
        }
    }

    /// The index of a BCP 47 code (`fr`, `zh-Hant`; case-insensitive), if the model has it.
    func index(of code: String) -> Int? {
        let wanted = code.lowercased().replacingUnderscores()
        return codes.firstIndex { $0.lowercased() == wanted }
    }

    /// The `filter` bit of a feature hash (independent of the slot: another multiplier).
    @inline(__always)
    static func filterBit(_ hash: UInt32) -> Int { Int((hash &* 0x9E37_79B1) >> filterShift) }

    @inline(__always)
    static func mix(_ hash: UInt32) -> UInt32 { (hash ^ (hash >> 15)) &* 0x2C1B_3C6D }

    /// Reads the model's bytes in order; every read checks that it stays inside them (a
    /// compare per byte, predicted).
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var next = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        @inline(__always)
        mutating func u8() -> UInt8 { take() }

        @inline(__always)
        mutating func take() -> UInt8 {
            precondition(next < bytes.count, "language model: read past the end")
            let byte = bytes[next]
            next &+= 1
            return byte
        }

        /// The next four bytes, little endian.
        @inline(__always)
        mutating func takeU32() -> UInt32 {
            precondition(next + 4 <= bytes.count, "language model: read past the end")
            let value = UnsafeRawPointer(bytes.baseAddress! + next).loadUnaligned(as: UInt32.self)
            next &+= 4
            return UInt32(littleEndian: value)
        }

        @inline(__always)
        mutating func u16() -> UInt16 { UInt16(u8()) | UInt16(u8()) << 8 }
        @inline(__always)
        mutating func u32() -> UInt32 { takeU32() }
    }
}

extension LanguageModel {
    /// One zeroed allocation cut into parts (each 64-byte aligned), for the model's randomly
    /// accessed tables and the scorers' buffers. With `hugePages` (the model's tables), on
    /// Linux it is 2 MiB aligned and asks for transparent huge pages: a look-up per feature
    /// lands anywhere in ~12 MB, and with 4 KiB pages most of them also missed the TLB.
    ///
    /// Sendable notes: written only while the model is built, read-only afterwards (a
    /// scorer's buffers belong to one scorer, used by one thread at a time).
    final class Tables: @unchecked Sendable {
        let base: UnsafeMutableRawPointer
        let parts: [UnsafeMutableRawPointer]
        /// The length of the mapping `base` starts (0: `base` was allocated).
        private let mappedLength: Int

        init(byteCounts: [Int], hugePages: Bool = true) {
            let rounded = byteCounts.map { ($0 + 63) & ~63 }
            let total = max(rounded.reduce(0, +), 64)
            if hugePages && Platform.hasAnonymousHugePages {
                // An anonymous mapping comes zeroed from the kernel (no 9 MB memset, 13M
                // instructions, and untouched pages stay unmapped); mapped 2 MiB larger and
                // trimmed to a 2 MiB boundary.
                let huge = 2 << 20
                mappedLength = (total + huge - 1) & ~(huge - 1)
                guard let raw = Platform.mapAnonymous(mappedLength + huge) else { preconditionFailure("language model: out of memory") }
                let aligned = (Int(bitPattern: raw) + huge - 1) & ~(huge - 1)
                let head = aligned - Int(bitPattern: raw)
                if head > 0 { Platform.unmap(raw, head) }
                if huge - head > 0, let tail = UnsafeMutableRawPointer(bitPattern: aligned + mappedLength) { Platform.unmap(tail, huge - head) }
                base = UnsafeMutableRawPointer(bitPattern: aligned)!
                Platform.adviseHugePages(base, mappedLength)
            } else {
                base = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 64)
                base.initializeMemory(as: UInt8.self, repeating: 0, count: total)
                mappedLength = 0
            }
            var offset = 0
            var parts: [UnsafeMutableRawPointer] = []
            for size in rounded {
                parts.append(base + offset)
                offset += size
            }
            self.parts = parts
        }

        deinit {
            if mappedLength > 0 { Platform.unmap(base, mappedLength) } else { base.deallocate() }
        }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(decoding: utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    }
}
