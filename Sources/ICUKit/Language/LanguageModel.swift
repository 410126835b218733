/// The language-recognition tables, decoded once from the generated
/// `LanguageModel+Data.swift` (built by `Scripts/build-language-models.py`).
///
/// Layout of the decoded blob (little endian): `"ILM1"`, language count (UInt16), feature
/// count (UInt32), script range count (UInt16) and the ranges (first, last: UInt32, script:
/// UInt8); per language its BCP 47 code (length-prefixed), script and six floors (one per
/// feature kind); then the features sorted by hash: hash (UInt32), entry count (UInt8),
/// entries (language index, cost), costs in 1/10 nat.
///
/// Sendable notes: immutable after `init`; the one shared instance is a `static let`.
struct LanguageModel: Sendable {
    static let shared = LanguageModel(base64: encoded)

    /// The number of feature kinds: n-grams of 1…5 letters, then whole words.
    static let kinds = 6
    /// Script ids the model gives the kana and Han letters (`Kana`, `Hani`).
    static let kanaScript: UInt8 = 26
    static let hanScript: UInt8 = 27

    let codes: [String]
    let locales: [LocaleID]
    let scripts: [UInt8]
    /// Cost of a feature a language did not keep, per kind (1/10 nat).
    let floors: [Float]
    /// Script of each BMP scalar (0 = none of the model's scripts).
    let bmpScripts: [UInt8]
    let astralRanges: [(UInt32, UInt32, UInt8)]
    /// Open-addressing hash table: `keys[slot]`, and `info[slot]` = entry start << 8 | count
    /// (0 = empty slot).
    let keys: [UInt32]
    let info: [UInt32]
    let mask: Int
    /// Per feature: language index << 8 | cost.
    let entries: [UInt16]
    /// The number of languages whose model uses each script id.
    let languagesPerScript: [Int]

    init(base64 text: StaticString) {
        let blob = text.withUTF8Buffer { Self.decodeBase64($0) }
        var reader = Reader(bytes: blob)
        precondition(reader.u32() == 0x314D_4C49, "language model: bad magic")
        let languageCount = Int(reader.u16())
        let featureCount = Int(reader.u32())
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
        var codes: [String] = [], scripts: [UInt8] = []
        var floors = [Float](repeating: 0, count: Self.kinds)
        for _ in 0..<languageCount {
            let length = Int(reader.u8())
            codes.append(String(decoding: blob[reader.offset..<reader.offset + length], as: UTF8.self))
            reader.offset += length
            scripts.append(reader.u8())
            for kind in 0..<Self.kinds { floors[kind] = max(floors[kind], Float(reader.u8())) }
        }
        var capacity = 1
        while capacity < featureCount * 2 { capacity <<= 1 }
        var keys = [UInt32](repeating: 0, count: capacity)
        var info = [UInt32](repeating: 0, count: capacity)
        var entries: [UInt16] = []
        entries.reserveCapacity(blob.count / 2)
        for _ in 0..<featureCount {
            let hash = reader.u32()
            let count = Int(reader.u8())
            let start = entries.count
            for _ in 0..<count {
                let language = UInt16(reader.u8()), cost = reader.u8()
                entries.append(language << 8 | UInt16(cost))
            }
            var slot = Int(Self.mix(hash)) & (capacity - 1)
            while info[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            keys[slot] = hash
            info[slot] = UInt32(start) << 8 | UInt32(count)
        }
        var perScript = [Int](repeating: 0, count: 256)
        for script in scripts { perScript[Int(script)] += 1 }
        self.codes = codes
        self.locales = codes.map { (try? LocaleID($0)) ?? .root }
        self.scripts = scripts
        self.floors = floors
        self.bmpScripts = bmp
        self.astralRanges = astral
        self.keys = keys
        self.info = info
        self.mask = capacity - 1
        self.entries = entries
        self.languagesPerScript = perScript
    }

    /// The script id of `scalar` (0 when it is in none of the model's scripts).
    @inline(__always)
    func script(of scalar: UInt32) -> UInt8 {
        if scalar < 0x10000 { return bmpScripts[Int(scalar)] }
        for (first, last, script) in astralRanges where scalar >= first && scalar <= last { return script }
        return 0
    }

    /// The entries of a feature: (start, count) in `entries`, or nil when no language kept it.
    @inline(__always)
    func lookup(_ hash: UInt32) -> (start: Int, count: Int)? {
        var slot = Int(Self.mix(hash)) & mask
        while true {
            let value = info[slot]
            if value == 0 { return nil }
            if keys[slot] == hash { return (Int(value >> 8), Int(value & 0xFF)) }
            slot = (slot + 1) & mask
        }
    }

    /// The index of a BCP 47 code (`fr`, `zh-Hant`; case-insensitive), if the model has it.
    func index(of code: String) -> Int? {
        let wanted = code.lowercased().replacingUnderscores()
        return codes.firstIndex { $0.lowercased() == wanted }
    }

    @inline(__always)
    static func mix(_ hash: UInt32) -> UInt32 { (hash ^ (hash >> 15)) &* 0x2C1B_3C6D }

    private static func decodeBase64(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(index)
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var accumulator: UInt32 = 0, bits = 0
        for byte in text {
            let value = table[Int(byte)]
            if value == 0xFF { continue }  // line breaks and padding
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return out
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        mutating func u8() -> UInt8 { defer { offset += 1 }; return bytes[offset] }
        mutating func u16() -> UInt16 { UInt16(u8()) | UInt16(u8()) << 8 }
        mutating func u32() -> UInt32 { UInt32(u16()) | UInt32(u16()) << 16 }
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(decoding: utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
    }
}
