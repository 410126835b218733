extension LanguageScorer {
    /// What each word adds to a scorer's sums, remembered across the texts one pooled scorer
    /// sees. A word's features (its n-grams and itself) depend on its lower-cased letters
    /// only, so the gains they add are the same wherever it occurs; texts repeat their words
    /// (on the held-out program messages, 59% of letters are in a word met twice before in
    /// the last 4,096 slots when the texts come by language, 17% when shuffled), and
    /// one cached word costs seven vector additions instead of ~5 look-ups per letter.
    ///
    /// Direct-mapped by the word's hash, each slot keyed by the word's bytes themselves
    /// (compared whole, so the sums are exactly those the features give: answers do not
    /// change). A word is kept on its second sighting: the first only claims the slot, so
    /// words seen once never pay for being scored alone. Gains per language are at most 255
    /// per feature and a cached word has at most ``LanguageScorer/batch`` features, so its
    /// sums fit 16 bits.
    ///
    /// The cache pays only where words repeat: a miss claims a slot and a second sighting is
    /// scored alone (its features lose the batching that overlaps their look-ups), so on
    /// texts of many languages in random order (30% of words found) it cost 12–18% more
    /// than no cache. It therefore watches itself: after each ``window`` words looked up,
    /// if fewer than ``minimumHitsPercent`` were found it is not looked at for the next
    /// ``pause`` words (which are scored as without a cache), then tries again.
    ///
    /// Slot layout (`entrySize` bytes): hash (UInt32), byte count (UInt16, 0 = empty),
    /// filled (UInt16), floor (Int32), features found (Int32), the word's bytes (up to
    /// ``maxBytes``), then `stride` UInt16 gain lanes from byte 64.
    struct WordCache {
        static let slots = 4096
        static let maxBytes = 48
        static let window = 2048
        static let pause = 4 * 2048
        static let minimumHitsPercent = 40

        /// Words looked up and found (filled) in the current window; words left to pass by.
        var looked = 0
        var hits = 0
        var skipping = 0
        /// Words taken from the cache in all (for tests).
        var found = 0

        let stride: Int
        let entrySize: Int
        private let base: UnsafeMutableRawPointer
        /// Owner of the slots (freed with the last copy).
        private let storage: LanguageModel.Tables

        init(stride: Int) {
            self.stride = stride
            entrySize = (64 + 2 * stride + 63) & ~63
            storage = LanguageModel.Tables(byteCounts: [entrySize * Self.slots], hugePages: false)
            base = storage.parts[0]
        }

        /// Whether to look this word up (counts it); see the type's notes.
        @inline(__always)
        mutating func shouldLook() -> Bool {
            if skipping > 0 {
                skipping -= 1
                return false
            }
            looked += 1
            if looked == Self.window {
                if hits * 100 < Self.window * Self.minimumHitsPercent { skipping = Self.pause }
                looked = 0
                hits = 0
            }
            return true
        }

        /// The slot of `word` if it was met before (filled or not); otherwise the word
        /// claims its slot (evicting what was there) and the result is `nil`.
        @inline(__always)
        func entry(hash: UInt32, word: UnsafeBufferPointer<UInt8>) -> UnsafeMutableRawPointer? {
            guard word.count <= Self.maxBytes, let bytes = word.baseAddress else { return nil }
            let slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B1) >> 20) & (Self.slots - 1)
            let entry = base + slot &* entrySize
            if entry.load(as: UInt32.self) == hash, Int(entry.load(fromByteOffset: 4, as: UInt16.self)) == word.count,
                Platform.memcmp(entry + 16, bytes, word.count) == 0
            {
                return entry
            }
            entry.storeBytes(of: hash, as: UInt32.self)
            entry.storeBytes(of: UInt16(word.count), toByteOffset: 4, as: UInt16.self)
            entry.storeBytes(of: 0, toByteOffset: 6, as: UInt16.self)
            (entry + 16).copyMemory(from: bytes, byteCount: word.count)
            return nil
        }

        @inline(__always)
        func isFilled(_ entry: UnsafeMutableRawPointer) -> Bool { entry.load(fromByteOffset: 6, as: UInt16.self) != 0 }

        /// Keeps a word's sums: its gain lanes, the floors and the count of its features found.
        func fill(_ entry: UnsafeMutableRawPointer, gains: UnsafePointer<Int32>, floor: Int, matched: Int) {
            let lanes = (entry + 64).bindMemory(to: UInt16.self, capacity: stride)
            for lane in 0..<stride {
                precondition(gains[lane] >= 0 && gains[lane] <= Int32(UInt16.max), "language model: word gain out of range")
                lanes[lane] = UInt16(truncatingIfNeeded: gains[lane])
            }
            entry.storeBytes(of: Int32(floor), toByteOffset: 8, as: Int32.self)
            entry.storeBytes(of: Int32(matched), toByteOffset: 12, as: Int32.self)
            entry.storeBytes(of: 1, toByteOffset: 6, as: UInt16.self)
        }

        /// Adds a filled slot's lanes to `gains` (`stride` Int32 lanes, 16-byte aligned);
        /// returns its floors and features found.
        @inline(__always)
        func add(_ entry: UnsafeMutableRawPointer, to gains: UnsafeMutablePointer<Int32>) -> (floor: Int, matched: Int) {
            let wide = UnsafeMutableRawPointer(gains)
            for vector in 0..<(stride / 16) {
                let sums = entry.load(fromByteOffset: 64 &+ vector &* 32, as: SIMD16<UInt16>.self)
                let old = wide.load(fromByteOffset: vector &* 64, as: SIMD16<Int32>.self)
                wide.storeBytes(of: old &+ SIMD16<Int32>(truncatingIfNeeded: sums), toByteOffset: vector &* 64, as: SIMD16<Int32>.self)
            }
            return (Int(entry.load(fromByteOffset: 8, as: Int32.self)), Int(entry.load(fromByteOffset: 12, as: Int32.self)))
        }
    }
}
