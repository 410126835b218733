internal import CICU

/// Scoring single-byte and decoded candidates.
extension DetectionEngine {
    struct SingleByteStats {
        /// For each high byte: preceded by an ASCII letter / other ASCII, followed by one.
        var afterLetter = [Int32](repeating: 0, count: 128)
        var afterOther = [Int32](repeating: 0, count: 128)
        var beforeLetter = [Int32](repeating: 0, count: 128)
        var beforeOther = [Int32](repeating: 0, count: 128)
        /// Pairs of high bytes (first << 7 | second) with their counts.
        var pairs: [(Int, Int32)] = []
        /// Which high bytes occur.
        var present: [Int] = []
        /// Transitions between ASCII classes (letter/other) outside markup tags: part of
        /// each language's likelihood (a language dense in accents pays for long ASCII runs).
        var asciiTransitions = [Int32](repeating: 0, count: 16)
        /// Per language, the cost of the ASCII letters outside markup tags (each given the
        /// ASCII character before it): the same under every candidate, so computed once.
        var letterTotals: [Int32] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int, models: DetectionLanguageProfiles) {
            // Counted in one scratch block without bounds or uniqueness checks per byte
            // (callgrind: 42 instructions per byte with arrays, the cold `detect` of a
            // 2 MB file's largest cost), then copied out.
            let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: Self.scratchSize)
            defer { scratch.deallocate() }
            scratch.initialize(repeating: 0, count: Self.scratchSize)
            let pairCounts = scratch, afterLetter = scratch + 128 * 128, afterOther = afterLetter + 128
            let beforeLetter = afterOther + 128, beforeOther = beforeLetter + 128, ascii = beforeOther + 128
            let letterPairs = ascii + 4, seen = letterPairs + DetectionLanguageProfiles.letterPairCount
            var previous = 0x20
            var inTag = false
            let base = bytes.baseAddress!
            for i in 0..<limit {
                let b = Int(base[i])
                if b < 0x80 {
                    if previous < 0x80 {
                        if b == 0x3C { inTag = true } else if b == 0x3E { inTag = false }
                        if !inTag {
                            let letter = Self.isLetter(b)
                            ascii[(Self.isLetter(previous) ? 0 : 2) &+ (letter ? 0 : 1)] &+= 1
                            if letter { letterPairs[DetectionLanguageProfiles.letterPair(previous, b)] &+= 1 }
                        }
                    } else if Self.isLetter(b) {
                        beforeLetter[previous &- 0x80] &+= 1
                    } else {
                        beforeOther[previous &- 0x80] &+= 1
                    }
                } else {
                    let h = b &- 0x80
                    if seen[h] == 0 { seen[h] = 1; present.append(h) }
                    if previous >= 0x80 {
                        pairCounts[(previous &- 0x80) << 7 | h] &+= 1
                    } else if Self.isLetter(previous) { afterLetter[h] &+= 1 } else { afterOther[h] &+= 1 }
                }
                previous = b
            }
            for a in present { for b in present where pairCounts[a << 7 | b] != 0 { pairs.append((a << 7 | b, pairCounts[a << 7 | b])) } }
            self.afterLetter = Array(UnsafeBufferPointer(start: afterLetter, count: 128))
            self.afterOther = Array(UnsafeBufferPointer(start: afterOther, count: 128))
            self.beforeLetter = Array(UnsafeBufferPointer(start: beforeLetter, count: 128))
            self.beforeOther = Array(UnsafeBufferPointer(start: beforeOther, count: 128))
            var pairs: [(Int, Int32)] = []
            for k in 0..<DetectionLanguageProfiles.letterPairCount where letterPairs[k] != 0 { pairs.append((k, letterPairs[k])) }
            letterTotals = models.letterPairCosts.map { costs in pairs.reduce(0) { $0 + costs[$1.0] * $1.1 } }
            asciiTransitions[0] = ascii[0]; asciiTransitions[1] = ascii[1]; asciiTransitions[4] = ascii[2]; asciiTransitions[5] = ascii[3]
        }

        /// Pair counts, the four per-high-byte tables, ASCII transitions, letter pairs, seen flags.
        private static let scratchSize = 128 * 128 + 4 * 128 + 4 + DetectionLanguageProfiles.letterPairCount + 128

        @inline(__always) static func isLetter(_ b: Int) -> Bool { let l = b | 0x20; return l >= 0x61 && l <= 0x7A }
    }

    func scoreSingleByte(_ c: Candidate, stats: SingleByteStats, histogram: [Int32], badASCII: Int32, models: DetectionLanguageProfiles) -> Scored {
        var transitions = stats.asciiTransitions
        var errors = 0
        for h in stats.present {
            let cls = c.highClass[h]
            transitions[0 * 4 + cls] += stats.afterLetter[h]
            transitions[1 * 4 + cls] += stats.afterOther[h]
            transitions[cls * 4 + 0] += stats.beforeLetter[h]
            transitions[cls * 4 + 1] += stats.beforeOther[h]
            if c.table[h + 0x80] == .max { errors += Int(histogram[h + 0x80]) }
        }
        for (pair, count) in stats.pairs { transitions[c.highClass[pair >> 7] * 4 + c.highClass[pair & 127]] += count }
        var bestCost = Int32.max
        var bestLanguage: Int? = nil
        let languages = c.languages.isEmpty ? Array(models.codes.indices) : c.languages
        for (slot, language) in languages.enumerated() {
            let costs = c.highCost[slot]
            var total: Int32 = badASCII * DetectionLanguageProfiles.badCost
            for h in stats.present { total += costs[h] * histogram[h + 0x80] }
            // Code pages with letters among the C0 controls (VISCII): those bytes are text.
            for b in 0..<0x20 where histogram[b] != 0 && c.table[b] >= 0x80 && c.table[b] != .max {
                total -= histogram[b] * DetectionLanguageProfiles.badCost
                let value = c.table[b]
                let id = value < 0x10000 ? models.globalIndex[Int(value)] : -1
                total += histogram[b] * (id >= 0 ? Int32(models.costs[language][Int(id)]) : models.unseenCost[language])
            }
            let table = models.transitions[language]
            for k in 0..<16 where transitions[k] != 0 { total += table[k] * transitions[k] }
            total += stats.letterTotals[language]
            if language == languageHint { total -= Self.hintBonus }
            if total < bestCost { bestCost = total; bestLanguage = language }
        }
        // A low-9 quotation mark („ ‚) right after a letter is almost never text: every
        // language that writes it opens a quotation with it (before a word), so such a
        // reading has turned a letter into punctuation.
        for h in stats.present where stats.afterLetter[h] != 0 && (c.table[h + 0x80] == 0x201E || c.table[h + 0x80] == 0x201A) {
            bestCost += stats.afterLetter[h] * DetectionLanguageProfiles.badCost
        }
        var key = DecodingKey()
        for h in stats.present.sorted() { key.add(c.table[h + 0x80]) }
        return Scored(candidate: c, cost: bestCost, language: bestLanguage, errors: errors, decodingKey: key)
    }

    // MARK: Decoded candidates

    func scoreDecoding(_ c: Candidate, _ bytes: UnsafeBufferPointer<UInt8>, models: DetectionLanguageProfiles, fromStart: Bool,
                       window: Int = DetectionEngine.window, scratch: inout [Int32]) -> Scored? {
        let n = bytes.count
        var start = 0
        if !fromStart && n > window, let first = bytes.firstIndex(where: { $0 >= 0x80 }), first > 256 {
            // Start next to the first non-ASCII byte, just after a byte no multi-byte
            // encoding uses as a trail byte (< 0x40), so the window starts on a character.
            start = first
            var j = first - 1
            while j > first - 256 { if bytes[j] < 0x40 { start = j + 1; break }; j -= 1 }
        }
        let end = min(n, start + window)
        let isWhole = start == 0 && end == n
        let flush = isWhole && !inputIsPrefix
        var units: [UInt16] = []
        units.reserveCapacity(end - start + 2)
        var errors = 0
        let raw = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<end])
        try? c.converter.withDecoder { (engine) throws(TextConversionError) in
            var state = DecodeState()
            do {
                try engine.decode(raw, flush: flush, lossy: false, state: &state) { units.append(contentsOf: $0) }
            } catch {
                engine.reset()
                units.removeAll(keepingCapacity: true)
                var lossyState = DecodeState()
                if allowsLossy {
                    // Count the errors of the whole window: lossy candidates are ranked by them.
                    try? engine.decode(raw, flush: flush, lossy: true, state: &lossyState) { units.append(contentsOf: $0) }
                    errors = max(1, lossyState.replacements)
                } else {
                    // Only ranked if nothing decodes: estimate the error rate on 1 KiB.
                    let head = UnsafeRawBufferPointer(rebasing: raw.prefix(1024))
                    try? engine.decode(head, flush: flush && head.count == raw.count, lossy: true, state: &lossyState) { units.append(contentsOf: $0) }
                    errors = max(1, lossyState.replacements * max(1, raw.count / max(1, head.count)))
                }
            }
        }
        if errors > 0 {
            if errors * 8 > max(8, units.count) {
                // Hopeless (one replacement per 8 characters or worse): ranked last, unscored.
                return Scored(candidate: c, cost: 4000, language: nil, errors: errors, decodingKey: DecodingKey())
            }
        }
        let features = units.withUnsafeBufferPointer { TextFeatures.of($0, models: models, scratch: &scratch) }
        var bestCost = Int32.max
        var bestLanguage: Int? = nil
        let languages = c.languages.isEmpty ? Array(models.codes.indices) : c.languages
        if features.nonASCII == 0 {
            bestCost = features.bad * DetectionLanguageProfiles.badCost
        } else {
            (bestCost, bestLanguage) = features.bestLanguage(of: languages, models: models, hint: languageHint, hintBonus: Self.hintBonus)
        }
        // Costs must cover the same bytes to compare: single-byte code pages are scored on
        // up to 1 MiB; a window's cost is extrapolated to that length.
        let covered = min(n, 1 << 20)
        if end - start < covered && end > start, bestCost != Int32.max {
            let scale = Double(covered) / Double(end - start)
            bestCost = Int32(clamping: Int(Double(bestCost) * scale))
            errors = Int(Double(errors) * scale)
        }
        var key = DecodingKey()
        for unit in units.prefix(1024) { key.add(UInt32(unit)) }  // identical decodings share this prefix
        return Scored(candidate: c, cost: bestCost, language: bestLanguage, errors: errors, decodingKey: key, complete: isWhole)
    }

    static func decodesCleanly(_ c: Candidate, _ bytes: UnsafeBufferPointer<UInt8>, prefix: Bool) -> Bool {
        do {
            try c.converter.withDecoder { (engine) throws(TextConversionError) in
                var state = DecodeState()
                try engine.decode(UnsafeRawBufferPointer(bytes), flush: !prefix, lossy: false, state: &state) { _ in }
            }
        } catch { return false }
        return true
    }

    /// Whether UTF-16/32 (without BOM) is worth decoding: NUL or control bytes, or one
    /// byte parity much less varied than the other (one script's high bytes).
    static func plausiblyWide(_ bytes: UnsafeBufferPointer<UInt8>, candidate: Candidate) -> Bool {
        let n = min(bytes.count, 4096)
        let unit = candidate.name.hasPrefix("UTF-32") ? 4 : 2
        guard bytes.count % unit == 0 || bytes.count > 4096 else { return false }
        if n <= 512 { return true }
        var even = [Bool](repeating: false, count: 256), odd = [Bool](repeating: false, count: 256)
        var control = false
        for i in 0..<n {
            let b = Int(bytes[i])
            if b < 0x09 || (b > 0x0D && b < 0x20) { control = true }
            if i & 1 == 0 { even[b] = true } else { odd[b] = true }
        }
        if control { return true }
        let e = even.filter { $0 }.count, o = odd.filter { $0 }.count
        return min(e, o) * 5 <= max(e, o) * 3
    }
}
