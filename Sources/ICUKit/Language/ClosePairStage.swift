/// The close-pair stage of ``LanguageRecognizer``: when the two best languages of a text are
/// close languages (``ClosePairCues/groups``), the words and spellings that tell them apart
/// (``ClosePairCues/table``) are counted over the text and their weights added to the group's
/// logits. Other texts never reach it: its cost is one comparison per ranking.
///
/// Sendable notes: immutable tables built once from ``ClosePairCues``.
struct ClosePairStage: Sendable {
    /// A cue's effect: the model language it marks and the nats one occurrence adds.
    struct Mark: Sendable {
        let language: Int
        let weight: Double
    }

    /// Group number + 1 per model language (0: in no group).
    let group: [Int]
    /// Marks per FNV-1a hash of a whole word (lower-cased UTF-8) and of an ending, per letter
    /// (a non-ASCII scalar), and per hash of a word capitalized mid-sentence.
    let words: [UInt32: [Mark]]
    let endings: [UInt32: [Mark]]
    let letters: [UInt32: [Mark]]
    let capitalized: [UInt32: [Mark]]
    /// The UTF-8 lengths of the endings, longest first.
    let endingLengths: [Int]

    /// Words shorter than this many UTF-8 bytes are not matched by their ending.
    static let endingMinimum = 5
    /// The most bytes of a text the stage reads.
    static let readLimit = LanguageRecognizer.sampleLimit
    /// A pair with no cue either way is at most this many nats apart (probabilities about
    /// 0.82 and 0.18): a genuinely ambiguous text says so.
    static let ambiguousGap = 1.5

    static let shared = ClosePairStage(model: .shared)

    init(model: LanguageModel) {
        var group = [Int](repeating: 0, count: model.codes.count)
        for (number, codes) in ClosePairCues.groups.enumerated() {
            for code in codes { if let index = model.index(of: code) { group[index] = number + 1 } }
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
                let marks = marked.map { Mark(language: $0, weight: entry.weight) }
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
        self.group = group
        self.words = words
        self.endings = endings
        self.letters = letters
        self.capitalized = capitalized
        endingLengths = lengths.sorted(by: >)
    }

    static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    /// Nats per model language from the cues in `text` (valid UTF-8) that mark members of
    /// `group`, and the number of cues found.
    func evidence(in text: UnsafeBufferPointer<UInt8>, group number: Int, model: LanguageModel) -> (nats: [Int: Double], cues: Int) {
        var nats: [Int: Double] = [:]
        var cues = 0
        func add(_ marks: [Mark]?) {
            guard let marks else { return }
            var counted = false
            for mark in marks where group[mark.language] == number {
                nats[mark.language, default: 0] += mark.weight
                counted = true
            }
            if counted { cues += 1 }
        }
        guard let base = text.baseAddress else { return (nats, 0) }
        var word: [UInt8] = []
        word.reserveCapacity(64)
        var upperFirst = false, sentenceStart = true, startsSentence = true
        func flush() {
            guard !word.isEmpty else { return }
            let whole = Self.hash(word)
            add(words[whole])
            if upperFirst && !startsSentence { add(capitalized[whole]) }
            for length in endingLengths where word.count >= max(length + 1, Self.endingMinimum) {
                if let marks = endings[Self.hash(word[(word.count - length)...])] {
                    add(marks)
                    break
                }
            }
            word.removeAll(keepingCapacity: true)
        }
        var index = 0
        let count = min(text.count, Self.readLimit)
        while index < count {
            let lead = base[index]
            guard index + ValidUTF8.sequenceLength(lead: lead) <= count else { break }
            let (value, length) = ValidUTF8.decode(base, at: index)
            index += length
            var lower = value < 0x10000 ? model.bmpLowercase[Int(value)] : LanguageModel.lowercase(value)
            if lower == LanguageModel.multiScalarLowercase { lower = value }
            if lower == 0 {
                flush()
                if value == 0x2E || value == 0x21 || value == 0x3F || value == 0x0A { sentenceStart = true }
                continue
            }
            if word.isEmpty {
                upperFirst = lower != value
                startsSentence = sentenceStart
                sentenceStart = false
            }
            var utf8 = (Unicode.Scalar(lower) ?? " ").utf8.makeIterator()
            while let byte = utf8.next() { word.append(byte) }
            if lower >= 0x80, let marks = letters[lower] { add(marks) }
        }
        flush()
        return (nats, cues)
    }
}

extension ClosePairStage {
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
        let (nats, cues) = evidence(in: text, group: number, model: model)
        if cues == 0 {
            logits[second] = max(logits[second], logits[first] - Self.ambiguousGap)
        } else {
            for position in logits.indices { if let add = nats[candidates[position]] { logits[position] += add } }
        }
        var top = logits[0]
        for position in 1..<logits.count where top < logits[position] { top = logits[position] }
        return top
    }
}
