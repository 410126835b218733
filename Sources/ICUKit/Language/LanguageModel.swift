/// The language-recognition tables, decoded once from the generated
/// `LanguageModel+Data.swift` (built by `Scripts/build-language-models.py`).
///
/// Layout of the decoded blob (little endian): `"ILM2"`, language count (UInt16), feature
/// count, dense feature count and sparse entry count (UInt32 each), script range count (UInt16)
/// and the ranges (first, last: UInt32, script: UInt8); the six floors (one per feature kind);
/// per language its BCP 47 code (length-prefixed), script and prior (Int8, 1/10 nat); then the features sorted by
/// hash: hash (UInt32), entry count (UInt8), entries (language index, gain), where the gain is
/// floor − cost in 1/10 nat (a language that did not keep the feature gains 0).
///
/// Features kept by many languages (the frequent ones) become dense rows of gains, one byte
/// per language, added with a loop the compiler vectorizes; the rest stay sparse entries.
///
/// Sendable notes: immutable after `init`; the one shared instance is a `static let`.
struct LanguageModel: Sendable {
    static let shared = LanguageModel(base64: encoded)

    /// The number of feature kinds: n-grams of 1…5 letters, then whole words.
    static let kinds = 6
    /// Script ids the model gives the kana and Han letters (`Kana`, `Hani`).
    static let kanaScript: UInt8 = 26
    static let hanScript: UInt8 = 27
    /// Marks an `info` value as a dense row index.
    static let denseFlag: UInt32 = 1 << 31

    let codes: [String]
    let locales: [LocaleID]
    let scripts: [UInt8]
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
    /// feature hash in the high half, `info` in the low half = entry start << 8 | count, or
    /// `denseFlag | row` (0 = empty slot).
    let slots: [UInt64]
    let mask: Int
    /// Sparse features: language index << 8 | gain.
    let entries: [UInt16]
    /// Dense features: `stride` gains per row.
    let dense: [UInt8]

    init(base64 text: StaticString) {
        var reader = Base64Reader(text)
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
        while capacity * 5 < featureCount * 8 { capacity <<= 1 }  // load factor at most 0.625
        var slots = [UInt64](repeating: 0, count: capacity)
        var entries = [UInt16]()
        entries.reserveCapacity(entryCount)
        var dense = [UInt8](repeating: 0, count: denseCount * stride)
        var rows = 0
        for _ in 0..<featureCount {
            let hash = reader.u32()
            let count = Int(reader.u8())
            let value: UInt32
            if count >= 16 {
                for _ in 0..<count {
                    let language = Int(reader.u8())
                    dense[rows * stride + language] = reader.u8()
                }
                value = Self.denseFlag | UInt32(rows)
                rows += 1
            } else {
                value = UInt32(entries.count) << 8 | UInt32(count)
                for _ in 0..<count { entries.append(UInt16(reader.u8()) << 8 | UInt16(reader.u8())) }
            }
            var slot = Int(Self.mix(hash)) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = UInt64(hash) << 32 | UInt64(value)
        }
        precondition(rows == denseCount && entries.count == entryCount, "language model: bad counts")
        self.codes = codes
        self.locales = codes.map { (try? LocaleID($0)) ?? .root }
        self.scripts = scripts
        self.priors = priors
        self.floors = floors
        self.stride = stride
        self.bmpScripts = bmp
        self.bmpLowercase = (0..<0x10000).map { value in
            guard let scalar = Unicode.Scalar(UInt32(value)) else { return 0 }
            return Self.lowercase(scalar)
        }
        self.astralRanges = astral
        self.slots = slots
        self.mask = capacity - 1
        self.entries = entries
        self.dense = dense
    }

    /// See ``bmpLowercase``.
    static func lowercase(_ scalar: Unicode.Scalar) -> UInt32 {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark:
            guard properties.changesWhenLowercased else { return scalar.value }
            let lower = properties.lowercaseMapping.unicodeScalars
            return lower.count == 1 ? lower.first!.value : multiScalarLowercase
        default:
            return 0
        }
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
        var slot = Int(Self.mix(hash)) & mask
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let word = slots[slot]
                if word == 0 || UInt32(truncatingIfNeeded: word >> 32) == hash { return UInt32(truncatingIfNeeded: word) }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The index of a BCP 47 code (`fr`, `zh-Hant`; case-insensitive), if the model has it.
    func index(of code: String) -> Int? {
        let wanted = code.lowercased().replacingUnderscores()
        return codes.firstIndex { $0.lowercased() == wanted }
    }

    @inline(__always)
    static func mix(_ hash: UInt32) -> UInt32 { (hash ^ (hash >> 15)) &* 0x2C1B_3C6D }

    /// Reads the base64 text a byte at a time (line breaks skipped), so the decoded blob
    /// never exists as a whole: only the tables built from it stay in memory.
    private struct Base64Reader {
        let text: UnsafeBufferPointer<UInt8>
        var position = 0
        var accumulator: UInt32 = 0
        var bits = 0

        init(_ string: StaticString) {
            text = UnsafeBufferPointer(start: string.utf8Start, count: string.utf8CodeUnitCount)
        }

        mutating func u8() -> UInt8 {
            while bits < 8 {
                let byte = text[position]
                position += 1
                let value: UInt8
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
                case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
                case UInt8(ascii: "+"): value = 62
                case UInt8(ascii: "/"): value = 63
                default: continue  // line breaks
                }
                accumulator = accumulator << 6 | UInt32(value)
                bits += 6
            }
            bits -= 8
            return UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
        }

        mutating func u16() -> UInt16 { UInt16(u8()) | UInt16(u8()) << 8 }
        mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(decoding: utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    }
}
