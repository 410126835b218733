/// Naive-Bayes scoring of UTF-8 text against ``LanguageModel``: the feature extraction
/// mirrors `features()` in `Scripts/build-language-models.py` (lower-cased letter runs;
/// character 1…5-grams of each word padded with a space either side, unigrams letters only;
/// whole words up to 24 letters), each feature hashed with FNV-1a over its UTF-8 bytes.
struct LanguageScorer {
    static let maxWord = 24

    let model: LanguageModel
    /// Sum of gains (floor − cost) per language over the features seen, 16 languages a
    /// vector (`model.stride / 16` vectors); see ``gain(of:)``.
    var gains: [SIMD16<Int32>]
    /// Sum of the floors of every feature seen (what a language pays when it kept none);
    /// a language's cost is `floorTotal − gains[language]`, in 1/10 nat.
    var floorTotal = 0
    /// Features found in the model.
    var matched = 0
    /// Letters per script id.
    var scriptLetters = [Int](repeating: 0, count: 32)
    var letters = 0

    /// Features waiting for ``drain()`` (kind << 32 | hash), then as many slots of scratch.
    private var pending: [UInt64]
    private var pendingCount = 0
    static let batch = 128
    /// Where the touched bytes go, so the compiler keeps the loads that warm the cache.
    private var sink: UInt16 = 0

    private var word: [UInt32] = []
    private var wordBytes: [UInt8] = []
    private var byteEnds: [Int] = []

    init(model: LanguageModel = .shared) {
        self.model = model
        self.gains = [SIMD16<Int32>](repeating: .zero, count: model.stride / 16)
        self.pending = [UInt64](repeating: 0, count: 2 * Self.batch)
        word.reserveCapacity(64)
        wordBytes.reserveCapacity(256)
        byteEnds.reserveCapacity(64)
    }

    /// Back to the state of a new scorer, keeping the buffers (one scorer serves many texts).
    mutating func reset() {
        gains.withUnsafeMutableBufferPointer { $0.update(repeating: .zero) }
        scriptLetters.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        floorTotal = 0
        matched = 0
        letters = 0
        pendingCount = 0
        word.removeAll(keepingCapacity: true)
    }

    /// Adds the features of valid UTF-8 `bytes`.
    mutating func add(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            var scalar: UInt32
            if lead < 0x80 {
                index += 1
                // ASCII: letters lower-cased inline, everything else ends a word.
                if lead &- 0x41 < 26 { appendLetter(UInt32(lead) | 0x20) } else if lead &- 0x61 < 26 {
                    appendLetter(UInt32(lead))
                } else if !word.isEmpty { flushWord() }
                continue
            } else if lead < 0xE0 {
                guard index + 1 < count else { break }
                scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead < 0xF0 {
                guard index + 2 < count else { break }
                scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                index += 3
            } else {
                guard index + 3 < count else { break }
                scalar = UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                index += 4
            }
            addNonASCII(scalar)
        }
        if !word.isEmpty { flushWord() }
        drain()
    }

    private mutating func addNonASCII(_ value: UInt32) {
        var lower = value < 0x10000 ? model.bmpLowercase[Int(value)] : 0
        if value >= 0x10000 { lower = LanguageModel.lowercase(value) }
        if lower == 0 {
            if !word.isEmpty { flushWord() }
        } else if lower != LanguageModel.multiScalarLowercase {
            appendLetter(lower)
        } else if let scalar = Unicode.Scalar(value) {
            for scalar in scalar.properties.lowercaseMapping.unicodeScalars { appendLetter(scalar.value) }
        }
    }

    @inline(__always)
    private mutating func appendLetter(_ value: UInt32) {
        word.append(value)
        letters += 1
        let script = model.script(of: value)
        if script != 0 { scriptLetters[Int(script)] += 1 }
    }

    private mutating func flushWord() {
        defer { word.removeAll(keepingCapacity: true) }
        // The padded word as UTF-8, with the end offset of each scalar.
        wordBytes.removeAll(keepingCapacity: true)
        byteEnds.removeAll(keepingCapacity: true)
        wordBytes.append(0x20)
        byteEnds.append(1)
        for value in word {
            if value < 0x80 {
                wordBytes.append(UInt8(value))
            } else if let scalar = Unicode.Scalar(value) {
                wordBytes.append(contentsOf: UTF8.encode(scalar)!)
            }
            byteEnds.append(wordBytes.count)
        }
        wordBytes.append(0x20)
        byteEnds.append(wordBytes.count)
        let length = byteEnds.count  // scalars in the padded word
        for start in 0..<length {
            var hash: UInt32 = 2_166_136_261
            var byte = start == 0 ? 0 : byteEnds[start - 1]
            for n in 1...5 {
                let end = start + n - 1
                if end >= length { break }
                while byte < byteEnds[end] {
                    hash = (hash ^ UInt32(wordBytes[byte])) &* 16_777_619
                    byte += 1
                }
                // Unigrams are letters only (not the padding).
                if n == 1 && (start == 0 || start == length - 1) { continue }
                score(Self.finish(hash, kind: n - 1), kind: n - 1)
            }
        }
        if word.count <= Self.maxWord {
            var hash: UInt32 = 2_166_136_261
            for byte in wordBytes[1..<(wordBytes.count - 1)] { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            score(Self.finish(hash, kind: 5), kind: 5)
        }
    }

    @inline(__always)
    static func finish(_ hash: UInt32, kind: Int) -> UInt32 {
        (hash ^ (UInt32(kind) &* 0x9E37_79B1)) &* 16_777_619
    }

    /// Queues a feature; ``drain()`` scores the queue in passes so that the cache misses of
    /// many features overlap (one look-up at a time waited for each miss in turn: ~65% of a
    /// `--jsonl` run was spent on four loads). The sums are the same in any order.
    @inline(__always)
    private mutating func score(_ hash: UInt32, kind: Int) {
        if pendingCount == Self.batch { drain() }
        pending[pendingCount] = UInt64(kind) << 32 | UInt64(hash)
        pendingCount += 1
    }

    /// Scores the queued features: (1) the presence filter for all, keeping the features it
    /// lets through; (2) the first hash-table slot of each (independent loads, in flight
    /// together); (3) the probe, keeping the features found; (4) a touch of each found
    /// feature's dense row or sparse entries; (5) the sums.
    private mutating func drain() {
        let count = pendingCount
        guard count > 0 else { return }
        pendingCount = 0
        let mask = model.mask
        var found = 0
        var sink: UInt16 = 0
        pending.withUnsafeMutableBufferPointer { pending in
            let pending = pending.baseAddress!
            model.filter.withUnsafeBufferPointer { filter in
                model.slots.withUnsafeBufferPointer { slots in
                    let filter = filter.baseAddress!, slots = slots.baseAddress!
                    let words = pending + Self.batch
                    var survivors = 0
                    for index in 0..<count {
                        let item = pending[index]
                        let bit = LanguageModel.filterBit(UInt32(truncatingIfNeeded: item))
                        pending[survivors] = item
                        survivors &+= Int(truncatingIfNeeded: filter[bit >> 6] >> UInt64(bit & 63) & 1)
                    }
                    for index in 0..<survivors {
                        words[index] = slots[Int(LanguageModel.mix(UInt32(truncatingIfNeeded: pending[index]))) & mask]
                    }
                    for index in 0..<survivors {
                        let item = pending[index]
                        let hash = UInt32(truncatingIfNeeded: item)
                        var word = words[index]
                        var slot = Int(LanguageModel.mix(hash)) & mask
                        while word != 0 && UInt32(truncatingIfNeeded: word >> 32) != hash {
                            slot = (slot &+ 1) & mask
                            word = slots[slot]
                        }
                        let value = UInt32(truncatingIfNeeded: word)
                        words[found] = (item >> 32) << 32 | UInt64(value)
                        found &+= value != 0 ? 1 : 0
                    }
                }
            }
            let words = pending + Self.batch
            let stride = model.stride
            model.dense.withUnsafeBufferPointer { dense in
                model.entries.withUnsafeBufferPointer { entries in
                    let dense = dense.baseAddress!, entries = entries.baseAddress!
                    for index in 0..<found {
                        let value = UInt32(truncatingIfNeeded: words[index])
                        if value & LanguageModel.denseFlag != 0 {
                            let row = dense + Int(value & ~LanguageModel.denseFlag) &* stride
                            sink ^= UInt16(row[0]) ^ UInt16(row[stride >> 1]) ^ UInt16(row[stride - 1])
                        } else if value & LanguageModel.inlineFlag == 0 {
                            sink ^= entries[Int(value >> 8)]
                        }
                    }
                }
            }
        }
        self.sink ^= sink
        matched += found
        pending.withUnsafeBufferPointer { pending in
            let words = pending.baseAddress! + Self.batch
            model.floors.withUnsafeBufferPointer { floors in
                var total = 0
                for index in 0..<found { total &+= Int(floors[Int(words[index] >> 32)]) }
                floorTotal += total
            }
            model.dense.withUnsafeBytes { dense in
                model.entries.withUnsafeBufferPointer { entries in
                    gains.withUnsafeMutableBufferPointer { gains in
                        let stride = model.stride
                        for index in 0..<found {
                            let value = UInt32(truncatingIfNeeded: words[index])
                            if value & LanguageModel.denseFlag != 0 {
                                let row = Int(value & ~LanguageModel.denseFlag) &* stride
                                for vector in gains.indices {
                                    let bytes = dense.loadUnaligned(fromByteOffset: row &+ vector &* 16, as: SIMD16<UInt8>.self)
                                    gains[vector] &+= SIMD16<Int32>(truncatingIfNeeded: bytes)
                                }
                            } else if value & LanguageModel.inlineFlag != 0 {
                                let language = Int((value >> 8) & 0xFF)
                                gains[language >> 4][language & 15] &+= Int32(value & 0xFF)
                            } else {
                                let start = Int(value >> 8), count = Int(value & 0xFF)
                                for entry in entries[start..<(start + count)] {
                                    let language = Int(entry >> 8)
                                    gains[language >> 4][language & 15] &+= Int32(entry & 0xFF)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The summed gain of language `index`.
    @inline(__always)
    func gain(of index: Int) -> Int { Int(gains[index >> 4][index & 15]) }

    /// The script most letters are written in, with kana (plus Han) counted as Japanese.
    var dominantScript: UInt8 {
        var best = 0
        for script in 1..<scriptLetters.count where scriptLetters[script] > scriptLetters[best] { best = script }
        let kana = scriptLetters[Int(LanguageModel.kanaScript)]
        if kana > 0 && kana + scriptLetters[Int(LanguageModel.hanScript)] >= scriptLetters[best] {
            return LanguageModel.kanaScript
        }
        return scriptLetters[best] > 0 ? UInt8(best) : 0
    }
}
