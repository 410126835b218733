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
    let gains: UnsafeMutablePointer<Int32>
    /// Scratch for the dense rows of one drain: `model.stride` UInt16 lanes.
    let denseSums: UnsafeMutableRawPointer
    /// Letters per script id (32).
    private let scriptLetters: UnsafeMutablePointer<Int>
    /// Features waiting for ``drain()`` (kind << 32 | hash), then `batch` words of scratch.
    let pending: UnsafeMutablePointer<UInt64>
    var pendingCount = 0
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
    let wordGains: UnsafeMutablePointer<Int32>

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
        guard let start = bytes.baseAddress else { return }
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = start[index]
            if lead < 0x80 {
                index += 1
                // ASCII: letters lower-cased inline, everything else ends a word.
                if lead &- 0x41 < 26 { appendLetter(UInt32(lead) | 0x20) } else if lead &- 0x61 < 26 {
                    appendLetter(UInt32(lead))
                } else if endCount > 1 { flushWord() }
                continue
            }
            // A sequence cut by the end of the bytes is dropped (a length is looked up only
            // near the end).
            if index &+ 4 > count { guard index &+ ValidUTF8.sequenceLength(lead: lead) <= count else { break } }
            let (scalar, length) = ValidUTF8.decode(start, at: index)
            index += length
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
                if model.bmpLowercase[Int(ValidUTF8.decode(bytes.baseAddress!, at: index).value)] == 0 { return index }
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
                    guard index + ValidUTF8.sequenceLength(lead: lead) <= range.upperBound else { break }
                    let (value, length) = ValidUTF8.decode(bytes.baseAddress!, at: index)
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
