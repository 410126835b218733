/// Naive-Bayes scoring of UTF-8 text against ``LanguageModel``: the feature extraction
/// mirrors `features()` in `Scripts/build-language-models.py` (lower-cased letter runs;
/// character 1…5-grams of each word padded with a space either side, unigrams letters only;
/// whole words up to 24 letters), each feature hashed with FNV-1a over its UTF-8 bytes.
///
/// The per-letter and per-feature state lives in buffers the scorer allocates once (raw
/// pointers, no array uniqueness checks per letter); ``reset()`` makes a used scorer equal to
/// a new one, so one scorer serves many texts (see `LanguageRecognizer.scorers`). Copies of
/// a scorer share these buffers: use one copy only.
struct LanguageScorer {
    static let maxWord = 24
    /// Features scored together by ``drain()``. At most 257: a drain sums up to `batch`
    /// dense rows of gains ≤ 255 in 16-bit lanes.
    static let batch = 128

    let model: LanguageModel
    /// Sum of the floors of every feature seen (what a language pays when it kept none);
    /// a language's cost is `floorTotal − gain(of: language)`, in 1/10 nat.
    var floorTotal = 0
    /// Features found in the model.
    var matched = 0
    var letters = 0

    /// Sum of gains (floor − cost) per language over the features seen: `model.stride`
    /// Int32 lanes (16-byte aligned), read as `SIMD16<Int32>` vectors; see ``gain(of:)``.
    private let gains: UnsafeMutablePointer<Int32>
    /// Scratch for the dense rows of one drain: `model.stride` UInt16 lanes.
    private let denseSums: UnsafeMutableRawPointer
    /// Letters per script id (32).
    private let scriptLetters: UnsafeMutablePointer<Int>
    /// Features waiting for ``drain()`` (kind << 32 | hash), then `batch` words of scratch.
    private let pending: UnsafeMutablePointer<UInt64>
    private var pendingCount = 0
    /// The current word as UTF-8, padded with a space before it (and after it while it is
    /// scored), and the end offset of each of its scalars (the padding included).
    private var wordBytes: UnsafeMutablePointer<UInt8>
    private var byteEnds: UnsafeMutablePointer<Int>
    private var byteCount = 1
    private var endCount = 1
    /// Scalars `byteEnds` has room for (`wordBytes` has 4 bytes for each).
    private var wordCapacity: Int
    /// Owners of the buffers above (freed with the last copy of the scorer).
    private let fixedStorage: LanguageModel.Tables
    private var wordStorage: LanguageModel.Tables
    /// What each word seen twice adds, kept across texts: see ``WordCache``.
    private(set) var wordCache: WordCache
    /// A word's own gains while it is scored alone for the cache (`model.stride` Int32 lanes).
    private let wordGains: UnsafeMutablePointer<Int32>

    init(model: LanguageModel = .shared) {
        self.model = model
        let vectors = model.stride / 16
        let fixed = LanguageModel.Tables(
            byteCounts: [vectors * 64, vectors * 32, 32 * MemoryLayout<Int>.stride, 2 * Self.batch * 8, vectors * 64], hugePages: false)
        fixedStorage = fixed
        gains = fixed.parts[0].bindMemory(to: Int32.self, capacity: model.stride)
        denseSums = fixed.parts[1]
        scriptLetters = fixed.parts[2].bindMemory(to: Int.self, capacity: 32)
        pending = fixed.parts[3].bindMemory(to: UInt64.self, capacity: 2 * Self.batch)
        wordGains = fixed.parts[4].bindMemory(to: Int32.self, capacity: model.stride)
        wordCache = WordCache(stride: model.stride)
        gains.initialize(repeating: 0, count: model.stride)
        scriptLetters.initialize(repeating: 0, count: 32)
        wordCapacity = 64
        let word = LanguageModel.Tables(byteCounts: [4 * 64 + 2, 64 * MemoryLayout<Int>.stride], hugePages: false)
        wordStorage = word
        wordBytes = word.parts[0].bindMemory(to: UInt8.self, capacity: 4 * 64 + 2)
        byteEnds = word.parts[1].bindMemory(to: Int.self, capacity: 64)
        wordBytes[0] = 0x20
        byteEnds[0] = 1
    }

    /// Back to the state of a new scorer, keeping the buffers.
    mutating func reset() {
        gains.update(repeating: 0, count: model.stride)
        scriptLetters.update(repeating: 0, count: 32)
        floorTotal = 0
        matched = 0
        letters = 0
        pendingCount = 0
        byteCount = 1
        endCount = 1
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
                } else if endCount > 1 { flushWord() }
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
        if endCount > 1 { flushWord() }
        drain()
    }

    private mutating func addNonASCII(_ value: UInt32) {
        var lower = value < 0x10000 ? model.bmpLowercase[Int(value)] : 0
        if value >= 0x10000 { lower = LanguageModel.lowercase(value) }
        if lower == 0 {
            if endCount > 1 { flushWord() }
        } else if lower != LanguageModel.multiScalarLowercase {
            appendLetter(lower)
        } else if let scalar = Unicode.Scalar(value) {
            for scalar in scalar.properties.lowercaseMapping.unicodeScalars { appendLetter(scalar.value) }
        }
    }

    /// Appends a letter's UTF-8 (nothing for a value that is not a scalar) and its end.
    @inline(__always)
    private mutating func appendLetter(_ value: UInt32) {
        // Room for this scalar and the closing space.
        if endCount + 2 > wordCapacity { growWord() }
        var at = byteCount
        if value < 0x80 {
            wordBytes[at] = UInt8(truncatingIfNeeded: value)
            at += 1
        } else if value < 0x800 {
            wordBytes[at] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
            wordBytes[at + 1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            at += 2
        } else if value < 0x10000 {
            if value & 0xF800 != 0xD800 {
                wordBytes[at] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
                wordBytes[at + 1] = UInt8(truncatingIfNeeded: 0x80 | (value >> 6) & 0x3F)
                wordBytes[at + 2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                at += 3
            }
        } else if value < 0x110000 {
            wordBytes[at] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
            wordBytes[at + 1] = UInt8(truncatingIfNeeded: 0x80 | (value >> 12) & 0x3F)
            wordBytes[at + 2] = UInt8(truncatingIfNeeded: 0x80 | (value >> 6) & 0x3F)
            wordBytes[at + 3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
            at += 4
        }
        byteCount = at
        byteEnds[endCount] = at
        endCount += 1
        letters += 1
        let script = model.script(of: value)
        if script != 0 && script < 32 { scriptLetters[Int(script)] += 1 }
    }

    /// Doubles the word buffers (a letter run longer than any seen so far).
    private mutating func growWord() {
        let capacity = wordCapacity * 2
        let word = LanguageModel.Tables(byteCounts: [4 * capacity + 2, capacity * MemoryLayout<Int>.stride], hugePages: false)
        let bytes = word.parts[0].bindMemory(to: UInt8.self, capacity: 4 * capacity + 2)
        let ends = word.parts[1].bindMemory(to: Int.self, capacity: capacity)
        bytes.update(from: wordBytes, count: byteCount)
        ends.update(from: byteEnds, count: endCount)
        wordStorage = word
        wordBytes = bytes
        byteEnds = ends
        wordCapacity = capacity
    }

    /// Queues the features of the current word (then empty).
    private mutating func flushWord() {
        wordBytes[byteCount] = 0x20
        byteCount += 1
        byteEnds[endCount] = byteCount
        endCount += 1
        // At most 5 n-grams per scalar (padding included) and the word: when they fit a
        // batch, make room once and queue them without a check each (the sums do not
        // depend on how the features are split into batches).
        let length = endCount
        guard 5 * length + 1 <= Self.batch else { return flushLongWord() }
        let bytes = wordBytes, ends = byteEnds, pending = self.pending
        // The word's hash (its letters without the padding), its feature and its cache key.
        var wordHash: UInt32 = 2_166_136_261
        for byte in 1..<(byteCount - 1) { wordHash = (wordHash ^ UInt32(bytes[byte])) &* 16_777_619 }
        var learning: UnsafeMutableRawPointer? = nil
        if wordCache.shouldLook(), let entry = wordCache.entry(hash: wordHash, word: UnsafeBufferPointer(start: bytes + 1, count: byteCount - 2)) {
            if wordCache.isFilled(entry) {
                wordCache.hits += 1
                wordCache.found += 1
                // Seen before: what its features add is known.
                let (floor, found) = wordCache.add(entry, to: gains)
                floorTotal += floor
                matched += found
                byteCount = 1
                endCount = 1
                return
            }
            // Seen once before: score it alone this time and remember its sums.
            drain()
            learning = entry
        }
        if pendingCount + 5 * length + 1 > Self.batch { drain() }
        var count = pendingCount
        if byteCount == length {
            // Every scalar one byte (ASCII letters): n-gram `start..<start + n` is its bytes.
            for start in 0..<length {
                var hash: UInt32 = 2_166_136_261
                let limit = min(5, length - start)
                for n in 1...limit {
                    hash = (hash ^ UInt32(bytes[start + n - 1])) &* 16_777_619
                    if n == 1 && (start == 0 || start == length - 1) { continue }
                    pending[count] = UInt64(n - 1) << 32 | UInt64(Self.finish(hash, kind: n - 1))
                    count &+= 1
                }
            }
        } else {
            for start in 0..<length {
                var hash: UInt32 = 2_166_136_261
                var byte = start == 0 ? 0 : ends[start - 1]
                let limit = min(5, length - start)
                for n in 1...limit {
                    let stop = ends[start + n - 1]
                    while byte < stop {
                        hash = (hash ^ UInt32(bytes[byte])) &* 16_777_619
                        byte += 1
                    }
                    if n == 1 && (start == 0 || start == length - 1) { continue }
                    pending[count] = UInt64(n - 1) << 32 | UInt64(Self.finish(hash, kind: n - 1))
                    count &+= 1
                }
            }
        }
        if length - 2 <= Self.maxWord {
            pending[count] = UInt64(5) << 32 | UInt64(Self.finish(wordHash, kind: 5))
            count &+= 1
        }
        pendingCount = count
        byteCount = 1
        endCount = 1
        if let learning {
            // The queue holds this word's features only: sum them apart, keep, then add.
            let stride = model.stride
            wordGains.update(repeating: 0, count: stride)
            let (floor, found) = drainPending(into: wordGains)
            wordCache.fill(learning, gains: wordGains, floor: floor, matched: found)
            for lane in 0..<stride { gains[lane] &+= wordGains[lane] }
            floorTotal += floor
            matched += found
        }
    }

    /// ``flushWord()`` for a word whose features may not fit one batch (a check per feature).
    private mutating func flushLongWord() {
        let bytes = wordBytes, ends = byteEnds
        let length = endCount  // scalars in the padded word
        for start in 0..<length {
            var hash: UInt32 = 2_166_136_261
            var byte = start == 0 ? 0 : ends[start - 1]
            for n in 1...5 {
                let end = start + n - 1
                if end >= length { break }
                let stop = ends[end]
                while byte < stop {
                    hash = (hash ^ UInt32(bytes[byte])) &* 16_777_619
                    byte += 1
                }
                // Unigrams are letters only (not the padding).
                if n == 1 && (start == 0 || start == length - 1) { continue }
                score(Self.finish(hash, kind: n - 1), kind: n - 1)
            }
        }
        if length - 2 <= Self.maxWord {
            var hash: UInt32 = 2_166_136_261
            for byte in 1..<(byteCount - 1) { hash = (hash ^ UInt32(bytes[byte])) &* 16_777_619 }
            score(Self.finish(hash, kind: 5), kind: 5)
        }
        byteCount = 1
        endCount = 1
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
    /// together); (3) the probe, keeping the features found; (4) the sums, dense rows in
    /// 16-bit lanes added to the 32-bit gains once per batch. (A pass touching each found
    /// feature's row before summing, to overlap those misses too, measured no faster.)
    private mutating func drain() {
        let (floor, found) = drainPending(into: gains)
        floorTotal += floor
        matched += found
    }

    /// ``drain()`` into the gain lanes `gains`; returns the floors and the count of the
    /// features found (for the caller to add).
    private mutating func drainPending(into gains: UnsafeMutablePointer<Int32>) -> (floor: Int, matched: Int) {
        let count = pendingCount
        guard count > 0 else { return (0, 0) }
        pendingCount = 0
        let mask = model.mask, filter = model.filter, slots = model.slots
        let pending = self.pending, words = self.pending + Self.batch
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
        var found = 0
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
        guard found > 0 else { return (0, 0) }
        let total = model.floors.withUnsafeBufferPointer { floors in
            var total = 0
            for index in 0..<found { total &+= Int(floors[Int(words[index] >> 32)]) }
            return total
        }
        let stride = model.stride, vectors = stride / 16
        let dense = model.dense, entries = model.entries
        // Sparse and inline features first; the dense rows' offsets are listed (in
        // `pending`, free by now) and summed after, in one tight loop.
        var denseRows = 0
        for index in 0..<found {
            let value = UInt32(truncatingIfNeeded: words[index])
            if value & LanguageModel.denseFlag != 0 {
                pending[denseRows] = UInt64(value & ~LanguageModel.denseFlag) &* UInt64(stride)
                denseRows &+= 1
            } else if value & LanguageModel.inlineFlag != 0 {
                gains[Int((value >> 8) & 0xFF)] &+= Int32(value & 0xFF)
            } else {
                let start = Int(value >> 8), count = Int(value & 0xFF)
                for entry in UnsafeBufferPointer(start: entries + start, count: count) {
                    gains[Int(entry >> 8)] &+= Int32(entry & 0xFF)
                }
            }
        }
        guard denseRows > 0 else { return (total, found) }
        if vectors == 7 {
            sumDenseRows7(count: denseRows, into: gains)
            return (total, found)
        }
        let denseSums = self.denseSums
        for row in 0..<denseRows {
            let base = UnsafeRawPointer(dense + Int(truncatingIfNeeded: pending[row]))
            for vector in 0..<vectors {
                let bytes = SIMD16<UInt16>(truncatingIfNeeded: base.loadUnaligned(fromByteOffset: vector &* 16, as: SIMD16<UInt8>.self))
                let sum = row == 0 ? bytes : denseSums.load(fromByteOffset: vector &* 32, as: SIMD16<UInt16>.self) &+ bytes
                denseSums.storeBytes(of: sum, toByteOffset: vector &* 32, as: SIMD16<UInt16>.self)
            }
        }
        let wide = UnsafeMutableRawPointer(gains)
        for vector in 0..<vectors {
            let sum = denseSums.load(fromByteOffset: vector &* 32, as: SIMD16<UInt16>.self)
            let old = wide.load(fromByteOffset: vector &* 64, as: SIMD16<Int32>.self)
            wide.storeBytes(of: old &+ SIMD16<Int32>(truncatingIfNeeded: sum), toByteOffset: vector &* 64, as: SIMD16<Int32>.self)
        }
        return (total, found)
    }

    /// The dense rows listed in `pending` (byte offsets into `model.dense`) summed for a
    /// model of 97…112 languages (7 vectors of 16 bytes): each vector read as eight 16-bit
    /// words whose low bytes (even languages) and high bytes (odd ones) are summed apart, so
    /// the fourteen sums stay in registers for the whole list (through scratch memory, each
    /// row cost a load and a store per vector: half the instructions of a drain).
    private func sumDenseRows7(count: Int, into gains: UnsafeMutablePointer<Int32>) {
        let dense = UnsafeRawPointer(model.dense), pending = self.pending
        let low = SIMD8<UInt16>(repeating: 0xFF)
        var e0 = SIMD8<UInt16>(), e1 = SIMD8<UInt16>(), e2 = SIMD8<UInt16>(), e3 = SIMD8<UInt16>()
        var e4 = SIMD8<UInt16>(), e5 = SIMD8<UInt16>(), e6 = SIMD8<UInt16>()
        var o0 = SIMD8<UInt16>(), o1 = SIMD8<UInt16>(), o2 = SIMD8<UInt16>(), o3 = SIMD8<UInt16>()
        var o4 = SIMD8<UInt16>(), o5 = SIMD8<UInt16>(), o6 = SIMD8<UInt16>()
        for row in 0..<count {
            let base = dense + Int(truncatingIfNeeded: pending[row])
            let w0 = base.loadUnaligned(fromByteOffset: 0, as: SIMD8<UInt16>.self)
            e0 &+= w0 & low; o0 &+= w0 &>> 8
            let w1 = base.loadUnaligned(fromByteOffset: 16, as: SIMD8<UInt16>.self)
            e1 &+= w1 & low; o1 &+= w1 &>> 8
            let w2 = base.loadUnaligned(fromByteOffset: 32, as: SIMD8<UInt16>.self)
            e2 &+= w2 & low; o2 &+= w2 &>> 8
            let w3 = base.loadUnaligned(fromByteOffset: 48, as: SIMD8<UInt16>.self)
            e3 &+= w3 & low; o3 &+= w3 &>> 8
            let w4 = base.loadUnaligned(fromByteOffset: 64, as: SIMD8<UInt16>.self)
            e4 &+= w4 & low; o4 &+= w4 &>> 8
            let w5 = base.loadUnaligned(fromByteOffset: 80, as: SIMD8<UInt16>.self)
            e5 &+= w5 & low; o5 &+= w5 &>> 8
            let w6 = base.loadUnaligned(fromByteOffset: 96, as: SIMD8<UInt16>.self)
            e6 &+= w6 & low; o6 &+= w6 &>> 8
        }
        // Little endian: language 16v + 2k is the low byte of word k of vector v.
        @inline(__always) func add(_ even: SIMD8<UInt16>, _ odd: SIMD8<UInt16>, _ vector: Int) {
            let lane = gains + vector &* 16
            for k in 0..<8 {
                lane[2 &* k] &+= Int32(even[k])
                lane[2 &* k &+ 1] &+= Int32(odd[k])
            }
        }
        add(e0, o0, 0); add(e1, o1, 1); add(e2, o2, 2); add(e3, o3, 3)
        add(e4, o4, 4); add(e5, o5, 5); add(e6, o6, 6)
    }

    /// The first offset in `from..<before` where a scalar that ends a word starts (an ASCII
    /// character other than a letter, or a scalar the model does not lower-case as a letter or
    /// mark), or `nil`. Scoring a text in pieces cut there gives the features of the whole.
    func wordBoundary(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
        var index = start
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                if (lead | 0x20) &- 0x61 >= 26 { return index }
            } else if lead >= 0xC0 && lead < 0xF0 && index + 2 < bytes.count {
                let value = lead < 0xE0
                    ? UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    : UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                if model.bmpLowercase[Int(value)] == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The summed gain of language `index`.
    @inline(__always)
    func gain(of index: Int) -> Int { Int(gains[index]) }

    /// The script most letters are written in, with kana (plus Han) counted as Japanese.
    var dominantScript: UInt8 { Self.dominantScript(scriptLetters) }

    /// ``dominantScript`` of letter counts per script id (32).
    static func dominantScript(_ letters: UnsafePointer<Int>) -> UInt8 {
        var best = 0
        for script in 1..<32 where letters[script] > letters[best] { best = script }
        let kana = letters[Int(LanguageModel.kanaScript)]
        if kana > 0 && kana + letters[Int(LanguageModel.hanScript)] >= letters[best] {
            return LanguageModel.kanaScript
        }
        return letters[best] > 0 ? UInt8(best) : 0
    }

    /// The ``dominantScript`` a scorer would have after adding the valid UTF-8 `ranges` of
    /// `bytes`, found without scoring (a look-up per letter: about a hundredth of the cost).
    func dominantScript(of bytes: UnsafeBufferPointer<UInt8>, in ranges: [Range<Int>]) -> UInt8 {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { counts in
            counts.initialize(repeating: 0)
            @inline(__always) func count(_ letter: UInt32) {
                let script = model.script(of: letter)
                if script != 0 && script < 32 { counts[Int(script)] += 1 }
            }
            // ASCII letters are all Latin: counted apart, one add each.
            var asciiLetters = 0
            for range in ranges {
                var index = range.lowerBound
                while index < range.upperBound {
                    let lead = bytes[index]
                    if lead < 0x80 {
                        index &+= 1
                        asciiLetters &+= (lead | 0x20) &- 0x61 < 26 ? 1 : 0
                        continue
                    }
                    // As `add(utf8:)`: a sequence cut by the end of the range is dropped.
                    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                    guard index + length <= range.upperBound else { break }
                    var value = UInt32(lead) & (lead < 0xE0 ? 0x1F : lead < 0xF0 ? 0x0F : 0x07)
                    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                    index += length
                    let lower = value < 0x10000 ? model.bmpLowercase[Int(value)] : LanguageModel.lowercase(value)
                    if lower == 0 { continue }
                    if lower != LanguageModel.multiScalarLowercase {
                        count(lower)
                    } else if let scalar = Unicode.Scalar(value) {
                        for mapped in scalar.properties.lowercaseMapping.unicodeScalars { count(mapped.value) }
                    }
                }
            }
            let latin = Int(model.script(of: 0x61))
            if latin != 0 && latin < 32 { counts[latin] += asciiLetters }
            return Self.dominantScript(UnsafePointer(counts.baseAddress!))
        }
    }
}
