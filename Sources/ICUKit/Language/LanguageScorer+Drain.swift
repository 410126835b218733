extension LanguageScorer {
    /// Queues a feature; ``drain()`` scores the queue in passes so that the cache misses of
    /// many features overlap (looked up one at a time, each miss waits in turn: four loads
    /// take ~65% of a `--jsonl` run). The sums are the same in any order.
    @inline(__always)
    mutating func score(_ hash: UInt32, kind: Int) {
        if pendingCount == Self.batch { drain() }
        pending[pendingCount] = UInt64(kind) << 32 | UInt64(hash)
        pendingCount += 1
    }

    /// Scores the queued features: (1) the presence filter for all, keeping the features it
    /// lets through; (2) the first hash-table slot of each (independent loads, in flight
    /// together); (3) the probe, keeping the features found; (4) the sums, dense rows in
    /// 16-bit lanes added to the 32-bit gains once per batch. (A pass touching each found
    /// feature's row before summing, to overlap those misses too, is no faster.)
    mutating func drain() {
        let (floor, found) = drainPending(into: gains)
        floorTotal += floor
        matched += found
    }

    /// ``drain()`` into the gain lanes `gains`; returns the floors and the count of the
    /// features found (for the caller to add).
    mutating func drainPending(into gains: UnsafeMutablePointer<Int32>) -> (floor: Int, matched: Int) {
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
}
