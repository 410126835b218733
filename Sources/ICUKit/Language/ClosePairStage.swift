/// The close-pair stage of ``LanguageRecognizer``: when the two best languages of a text are
/// close languages (``ClosePairCues/groups``), the words and spellings that tell them apart
/// (``ClosePairCues/table``) are counted over the text and their weights added to the group's
/// logits. Other texts never reach it: its cost is one comparison per ranking. The scan
/// allocates nothing: words are hashed as their bytes arrive, their last bytes are kept in a
/// fixed ring for the endings, and the nats are summed per member of the group on the stack.
///
/// Sendable notes: immutable tables built once from ``ClosePairCues``.
struct ClosePairStage: Sendable {
    /// A cue's effect: the model language it marks, its group number + 1, its position in
    /// that group, and the nats one occurrence adds.
    struct Mark: Sendable {
        let language: Int
        let group: Int
        let member: Int
        let weight: Double
    }

    /// An open-addressed table from a 32-bit key (a word's hash or a scalar) to a run of
    /// ``Mark``s: one multiplication and usually one probe per lookup.
    struct Table: Sendable {
        /// Keys, and per slot the run's start in `marks` and its length (0: empty slot).
        let keys: [UInt32]
        let starts: [Int32]
        let counts: [Int32]
        let marks: [Mark]
        let shift: UInt32

        init(_ entries: [UInt32: [Mark]]) {
            var capacity = 16
            while capacity < entries.count * 2 { capacity *= 2 }
            var keys = [UInt32](repeating: 0, count: capacity)
            var starts = [Int32](repeating: 0, count: capacity), counts = [Int32](repeating: 0, count: capacity)
            var marks: [Mark] = []
            let shift = UInt32(32 - capacity.trailingZeroBitCount)
            for (key, run) in entries {
                var slot = Self.slot(key, shift: shift)
                while counts[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
                keys[slot] = key
                starts[slot] = Int32(marks.count)
                counts[slot] = Int32(run.count)
                marks += run
            }
            (self.keys, self.starts, self.counts, self.marks, self.shift) = (keys, starts, counts, marks, shift)
        }

        static func slot(_ key: UInt32, shift: UInt32) -> Int { Int((key &* 2_654_435_769) >> shift) }

        /// The run of marks of `key` (empty if it has none).
        func marks(of key: UInt32) -> Range<Int> {
            var slot = Self.slot(key, shift: shift)
            while counts[slot] != 0 {
                if keys[slot] == key { return Int(starts[slot])..<Int(starts[slot] + counts[slot]) }
                slot = (slot + 1) & (keys.count - 1)
            }
            return 0..<0
        }
    }

    /// Group number + 1 per model language (0: in no group), and its position in the group.
    let group: [Int]
    let member: [Int]
    /// The most languages in a group.
    let groupSize: Int
    /// Marks per FNV-1a hash of a whole word (lower-cased UTF-8) and of an ending, per letter
    /// (a non-ASCII scalar), and per hash of a word capitalized mid-sentence.
    let words: Table
    let endings: Table
    let letters: Table
    let capitalized: Table
    /// The UTF-8 lengths of the endings, longest first.
    let endingLengths: [Int]

    /// Words shorter than this many UTF-8 bytes are not matched by their ending.
    static let endingMinimum = 5
    /// Bytes of the ring that keeps a word's last bytes (a power of two, above the longest ending).
    static let ringSize = 64
    /// The most bytes of a text the stage reads.
    static let readLimit = LanguageRecognizer.sampleLimit
    /// A pair with no cue either way is at most this many nats apart (probabilities about
    /// 0.82 and 0.18): a genuinely ambiguous text says so.
    static let ambiguousGap = 1.5

    static let shared = ClosePairStage(model: .shared)

    init(model: LanguageModel) {
        var group = [Int](repeating: 0, count: model.codes.count), member = group
        for (number, codes) in ClosePairCues.groups.enumerated() {
            for (position, code) in codes.enumerated() {
                if let index = model.index(of: code) { (group[index], member[index]) = (number + 1, position) }
            }
        }
        var words: [UInt32: [Mark]] = [:], endings: [UInt32: [Mark]] = [:]
        var letters: [UInt32: [Mark]] = [:], capitalized: [UInt32: [Mark]] = [:]
        var lengths: Set<Int> = []
        for entry in ClosePairCues.table {
            let marked = entry.languages.split(separator: " ").compactMap { model.index(of: String($0)) }
            for cue in entry.cues.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                var text = String(cue)
                let kind = text.first
                if kind == "-" || kind == "*" || kind == "^" { text.removeFirst() }
                let hash = Self.hash(text.utf8)
                let marks = marked.map { Mark(language: $0, group: group[$0], member: member[$0], weight: entry.weight) }
                switch kind {
                case "-":
                    endings[hash, default: []] += marks
                    lengths.insert(text.utf8.count)
                case "*": letters[text.unicodeScalars.first!.value, default: []] += marks
                case "^": capitalized[hash, default: []] += marks
                default: words[hash, default: []] += marks
                }
            }
        }
        precondition(lengths.allSatisfy { $0 < Self.ringSize }, "a close-pair ending is longer than the ring")
        self.group = group
        self.member = member
        groupSize = ClosePairCues.groups.map(\.count).max() ?? 0
        self.words = Table(words)
        self.endings = Table(endings)
        self.letters = Table(letters)
        self.capitalized = Table(capitalized)
        endingLengths = lengths.sorted(by: >)
    }

    static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }
}

extension ClosePairStage {
    /// The nats per member of the group found so far (`nats`, on the caller's stack), the
    /// members that got any (bit per member), and the number of cues found.
    struct Tally {
        let nats: UnsafeMutableBufferPointer<Double>
        var touched: UInt32 = 0
        var cues = 0

        /// Counts the marks of `run` in `table` that are members of group `number`.
        mutating func add(_ run: Range<Int>, of table: Table, group number: Int) {
            var counted = false
            for index in run {
                let mark = table.marks[index]
                guard mark.group == number else { continue }
                nats[mark.member] += mark.weight
                touched |= 1 << UInt32(mark.member)
                counted = true
            }
            if counted { cues += 1 }
        }
    }

    /// Adds to `tally` the cues in `text` (valid UTF-8) that mark members of `group`.
    func evidence(in text: UnsafeBufferPointer<UInt8>, group number: Int, model: LanguageModel, into tally: inout Tally) {
        guard let base = text.baseAddress else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.ringSize) { ring in
            // The word read so far: its length in bytes, its hash, its last bytes in `ring`.
            var length = 0, whole: UInt32 = 2_166_136_261
            var upperFirst = false, sentenceStart = true, startsSentence = true
            var index = 0
            let count = min(text.count, Self.readLimit)
            while index < count {
                guard index + ValidUTF8.sequenceLength(lead: base[index]) <= count else { break }
                let (value, size) = ValidUTF8.decode(base, at: index)
                index += size
                var lower = value < 0x10000 ? model.bmpLowercase[Int(value)] : LanguageModel.lowercase(value)
                if lower == LanguageModel.multiScalarLowercase { lower = value }
                if lower == 0 {
                    if length > 0 {
                        flush(ring, length: length, hash: whole, capitalized: upperFirst && !startsSentence, group: number, into: &tally)
                        length = 0
                        whole = 2_166_136_261
                    }
                    if value == 0x2E || value == 0x21 || value == 0x3F || value == 0x0A { sentenceStart = true }
                    continue
                }
                if length == 0 {
                    upperFirst = lower != value
                    startsSentence = sentenceStart
                    sentenceStart = false
                }
                Self.encode(lower) { byte in
                    ring[length & (Self.ringSize - 1)] = byte
                    length += 1
                    whole = (whole ^ UInt32(byte)) &* 16_777_619
                }
                if lower >= 0x80 { tally.add(letters.marks(of: lower), of: letters, group: number) }
            }
            if length > 0 {
                flush(ring, length: length, hash: whole, capitalized: upperFirst && !startsSentence, group: number, into: &tally)
            }
        }
    }

    /// Adds the cues of one word: `length` bytes hashing to `hash`, the last ones in `ring`.
    func flush(_ ring: UnsafeMutableBufferPointer<UInt8>, length: Int, hash: UInt32, capitalized upper: Bool, group number: Int, into tally: inout Tally) {
        tally.add(words.marks(of: hash), of: words, group: number)
        if upper { tally.add(capitalized.marks(of: hash), of: capitalized, group: number) }
        for ending in endingLengths where length >= max(ending + 1, Self.endingMinimum) {
            var tail: UInt32 = 2_166_136_261
            for position in (length - ending)..<length { tail = (tail ^ UInt32(ring[position & (Self.ringSize - 1)])) &* 16_777_619 }
            let run = endings.marks(of: tail)
            if !run.isEmpty {
                tally.add(run, of: endings, group: number)
                break
            }
        }
    }

    /// Calls `body` with the UTF-8 bytes of `scalar` (a space if it is no Unicode scalar).
    @inline(__always)
    static func encode(_ scalar: UInt32, _ body: (UInt8) -> Void) {
        switch scalar {
        case ..<0x80: body(UInt8(scalar))
        case ..<0x800:
            body(UInt8(0xC0 | scalar >> 6))
            body(UInt8(0x80 | scalar & 0x3F))
        case 0xD800...0xDFFF: body(0x20)
        case ..<0x10000:
            body(UInt8(0xE0 | scalar >> 12))
            body(UInt8(0x80 | scalar >> 6 & 0x3F))
            body(UInt8(0x80 | scalar & 0x3F))
        case ..<0x110000:
            body(UInt8(0xF0 | scalar >> 18))
            body(UInt8(0x80 | scalar >> 12 & 0x3F))
            body(UInt8(0x80 | scalar >> 6 & 0x3F))
            body(UInt8(0x80 | scalar & 0x3F))
        default: body(0x20)
        }
    }

    /// Adds the cues' nats to `logits` (one per candidate model language) when the two best
    /// are in one group; a pair without cues either way ends at most ``ambiguousGap`` apart.
    /// Returns the best logit.
    func adjust(_ logits: UnsafeMutableBufferPointer<Double>, candidates: [Int], text: UnsafeBufferPointer<UInt8>, model: LanguageModel) -> Double {
        var first = 0, second = -1
        for position in 1..<logits.count {
            if logits[position] > logits[first] {
                second = first
                first = position
            } else if second < 0 || logits[position] > logits[second] {
                second = position
            }
        }
        let number = group[candidates[first]]
        guard number != 0, second >= 0, group[candidates[second]] == number else { return logits[first] }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: groupSize) { nats in
            nats.initialize(repeating: 0)
            var tally = Tally(nats: nats)
            evidence(in: text, group: number, model: model, into: &tally)
            if tally.cues == 0 {
                logits[second] = max(logits[second], logits[first] - Self.ambiguousGap)
                return
            }
            for position in logits.indices {
                let language = candidates[position]
                guard group[language] == number, tally.touched & 1 << UInt32(member[language]) != 0 else { continue }
                logits[position] += nats[member[language]]
            }
        }
        var top = logits[0]
        for position in 1..<logits.count where top < logits[position] { top = logits[position] }
        return top
    }
}
