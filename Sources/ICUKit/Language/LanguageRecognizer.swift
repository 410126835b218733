/// Recognizes the language of a text: the dominant language, ranked hypotheses with
/// probabilities, and language runs. ICU has no language identification; this is ICUKit's own
/// (the counterpart of Apple's `NLLanguageRecognizer`).
///
/// The writing system decides first where it belongs to one language (Hangul → `ko`, Thai,
/// Georgian, Armenian, Greek, kana → `ja`, …); within a shared script (Latin, Cyrillic, Arabic,
/// Devanagari, Han, …) a naive-Bayes model of character 1–5-grams and words, trained on
/// translated program messages, decides among 100+ languages.
///
/// ```swift
/// let recognizer = LanguageRecognizer()
/// recognizer.dominantLanguage(of: "Ceci est une phrase en français.")?.bcp47   // "fr"
/// recognizer.hypotheses(for: "Dobar dan, kako ste?", maximum: 3)   // sr-Latn 0.85, bs 0.12, …
/// let frenchOrGerman = try LanguageRecognizer(languageConstraints: ["fr", "de"])
/// ```
///
/// Sendable notes: a value with immutable configuration; the model tables are one shared
/// immutable instance, decoded on first use.
public struct LanguageRecognizer: Sendable {
    /// Prior weights per language (0…1), like Apple's `languageHints`: a hinted language is
    /// favored in proportion to its weight, the others share what the weights leave.
    public let languageHints: [LocaleID: Double]
    /// When not empty, the only languages the recognizer answers with.
    public let languageConstraints: [LocaleID]

    /// Texts longer than this many UTF-8 bytes are sampled (bounded work).
    static let sampleLimit = 64 * 1024
    static let sampleWindows = 8

    /// Log prior per model language (nil = uniform).
    let logPriors: [Double]?
    /// Allowed model languages (nil = all).
    let allowed: [Bool]?

    /// A recognizer over every language of the model, without hints or constraints.
    ///
    /// ```swift
    /// LanguageRecognizer().dominantLanguage(of: "Dzień dobry")?.bcp47   // "pl"
    /// ```
    public init() {
        languageHints = [:]
        languageConstraints = []
        logPriors = nil
        allowed = nil
    }

    /// A recognizer with prior weights and/or a closed set of languages.
    ///
    /// ```swift
    /// let recognizer = try LanguageRecognizer(languageHints: ["nb": 0.8], languageConstraints: ["nb", "da", "sv"])
    /// ```
    /// - Parameters:
    ///   - languageHints: BCP 47 code → weight in 0…1. A code without script (`zh`) applies to
    ///     each of the model's languages with that language subtag.
    ///   - languageConstraints: BCP 47 codes; when not empty, only these languages are answered.
    /// - Throws: ``LanguageRecognitionError/unknownLanguage(_:)`` for a code the model does not
    ///   have, ``LanguageRecognitionError/invalidHintWeight(language:weight:)`` for a weight
    ///   outside 0…1.
    public init(languageHints: [String: Double] = [:], languageConstraints: [String] = []) throws(LanguageRecognitionError) {
        let model = LanguageModel.shared
        var hints: [LocaleID: Double] = [:]
        var hinted = [Double?](repeating: nil, count: model.codes.count)
        for (code, weight) in languageHints.sorted(by: { $0.key < $1.key }) {
            guard weight.isFinite, weight >= 0, weight <= 1 else { throw .invalidHintWeight(language: code, weight: weight) }
            for index in try Self.modelIndices(for: code, in: model) {
                hinted[index] = weight
                hints[model.locales[index]] = weight
            }
        }
        var constraints: [LocaleID] = []
        var allowed: [Bool]? = nil
        if !languageConstraints.isEmpty {
            var mask = [Bool](repeating: false, count: model.codes.count)
            for code in languageConstraints {
                for index in try Self.modelIndices(for: code, in: model) where !mask[index] {
                    mask[index] = true
                    constraints.append(model.locales[index])
                }
            }
            allowed = mask
        }
        self.languageHints = hints
        self.languageConstraints = constraints
        self.allowed = allowed
        if hints.isEmpty {
            logPriors = nil
        } else {
            let total = hinted.reduce(0) { $0 + ($1 ?? 0) }
            let unhinted = hinted.filter { $0 == nil }.count
            let rest = max(1 - min(total, 1), 0.05) / Double(max(unhinted, 1))
            logPriors = hinted.map { Platform.log(max($0 ?? rest, 1e-6)) }
        }
    }

    /// The languages the recognizer knows (BCP 47), in code order.
    ///
    /// ```swift
    /// LanguageRecognizer.supportedLanguages.count   // 109
    /// ```
    public static var supportedLanguages: [LocaleID] { LanguageModel.shared.locales }

    // MARK: Recognition

    /// The most likely language of `text`, or `nil` when undetermined (no letters, or no
    /// evidence the model can weigh).
    ///
    /// ```swift
    /// LanguageRecognizer().dominantLanguage(of: "Добрый день")?.bcp47   // "ru"
    /// LanguageRecognizer().dominantLanguage(of: "1234 !!")            // nil
    /// ```
    public func dominantLanguage<S: StringProtocol>(of text: S) -> LocaleID? {
        hypotheses(for: text, maximum: 1).first?.language
    }

    /// ``dominantLanguage(of:)`` for bytes that should be UTF-8.
    ///
    /// ```swift
    /// try LanguageRecognizer().dominantLanguage(ofUTF8: Array("Hyvää päivää".utf8))?.bcp47   // "fi"
    /// ```
    /// - Parameters:
    ///   - bytes: The text, as UTF-8 bytes from outside.
    ///   - lossy: When `true`, invalid bytes become U+FFFD instead of an error.
    /// - Throws: ``LanguageRecognitionError/invalidUTF8(_:)`` with the offset of the first bad byte.
    public func dominantLanguage<Bytes: Collection>(ofUTF8 bytes: Bytes, lossy: Bool = false) throws(LanguageRecognitionError) -> LocaleID?
    where Bytes.Element == UInt8 {
        try hypotheses(forUTF8: bytes, maximum: 1, lossy: lossy).first?.language
    }

    /// Up to `maximum` candidate languages for `text`, most likely first, with probabilities
    /// summing to at most 1 (empty when undetermined).
    ///
    /// ```swift
    /// for h in LanguageRecognizer().hypotheses(for: "Bom dia, tudo bem?", maximum: 2) {
    ///     print(h.language.bcp47, h.probability)   // pt 0.9, id 0.05
    /// }
    /// ```
    public func hypotheses<S: StringProtocol>(for text: S, maximum: Int = 5) -> [LanguageHypothesis] {
        guard maximum > 0 else { return [] }
        var copy = String(text)
        return copy.withUTF8 { rank(utf8: $0, maximum: maximum) }
    }

    /// ``hypotheses(for:maximum:)`` for bytes that should be UTF-8.
    ///
    /// ```swift
    /// try LanguageRecognizer().hypotheses(forUTF8: [0x61, 0xFF])   // throws .invalidUTF8(offset 1)
    /// ```
    /// - Throws: ``LanguageRecognitionError/invalidUTF8(_:)`` unless `lossy`.
    public func hypotheses<Bytes: Collection>(forUTF8 bytes: Bytes, maximum: Int = 5, lossy: Bool = false) throws(LanguageRecognitionError) -> [LanguageHypothesis]
    where Bytes.Element == UInt8 {
        let text: String
        do { text = try UTF8Decoding.decode(bytes, lossy: lossy) } catch { throw .invalidUTF8(error) }
        return hypotheses(for: text, maximum: maximum)
    }

    /// Scores valid UTF-8 (sampled when long) and ranks the allowed languages.
    func rank(utf8 bytes: UnsafeBufferPointer<UInt8>, maximum: Int) -> [LanguageHypothesis] {
        Self.scorers.withObject { box in
            box.scorer.reset()
            if bytes.count <= Self.wholeTextLimit {
                box.scorer.add(utf8: bytes)
            } else if bytes.count <= Self.sampleLimit {
                scoreUntilDecided(bytes, pieces: Self.pieces(of: bytes, scorer: box.scorer), &box.scorer)
            } else {
                let window = Self.sampleLimit / Self.sampleWindows
                let step = (bytes.count - window) / (Self.sampleWindows - 1)
                var windows: [Range<Int>] = []
                for part in 0..<Self.sampleWindows {
                    var start = part * step, end = min(start + window, bytes.count)
                    while start < end && bytes[start] & 0xC0 == 0x80 { start += 1 }
                    while end < bytes.count && end > start && bytes[end] & 0xC0 == 0x80 { end -= 1 }
                    windows.append(start..<end)
                }
                scoreUntilDecided(bytes, pieces: windows, &box.scorer)
            }
            return rank(&box.scorer, maximum: maximum, text: bytes)
        }
    }

    /// Texts up to this many UTF-8 bytes are always scored whole.
    static let wholeTextLimit = 256
    /// The pieces a longer text is scored in (bytes, ended at the next word boundary).
    static let pieceBytes = 96
    /// A longer text is decided once the best language's probability is at least this.
    static let decidedProbability = 1 - 1e-9

    /// `bytes` cut into pieces of about ``pieceBytes`` where a word ends (a text without such
    /// places stays one piece). Scoring the pieces gives the features of the whole text.
    static func pieces(of bytes: UnsafeBufferPointer<UInt8>, scorer: LanguageScorer) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0, target = pieceBytes
        while target < bytes.count - pieceBytes / 2 {
            if let cut = scorer.wordBoundary(in: bytes, from: target, before: min(target + pieceBytes, bytes.count)) {
                pieces.append(start..<cut)
                start = cut
                target = cut + pieceBytes
            } else {
                target += pieceBytes
            }
        }
        pieces.append(start..<bytes.count)
        return pieces
    }

    /// The order pieces are scored in: the first, the last, the middle one, then the others
    /// in order (each exactly once).
    static func scoringOrder(_ count: Int) -> [Int] {
        var order = [0]
        if count > 1 { order.append(count - 1) }
        if count > 2 { order.append(count / 2) }
        for piece in 1..<max(count - 1, 1) where piece != count / 2 { order.append(piece) }
        return order
    }

    /// Scores `pieces` of `bytes` in ``scoringOrder(_:)`` and stops early once three pieces
    /// or more and at least ``wholeTextLimit`` bytes decide the best language
    /// (``decidedProbability``), provided the dominant script of the letters read is that of
    /// all the pieces (found by a cheap pass, so that a script met only between the pieces
    /// read is not missed). A long text in one language rarely needs all
    /// of itself; a close call (Bosnian or Croatian, Danish or Norwegian) reads on to the end
    /// and gets the whole text's answer. The cost: a text whose first, last and middle pieces
    /// outweigh the rest written in another language of the same script is answered with the
    /// pieces' language.
    func scoreUntilDecided(_ bytes: UnsafeBufferPointer<UInt8>, pieces: [Range<Int>], _ scorer: inout LanguageScorer) {
        let order = Self.scoringOrder(pieces.count)
        var scored = 0
        var wholeScript: UInt8? = nil
        for (step, piece) in order.enumerated() {
            let range = pieces[piece]
            scorer.add(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
            scored += range.count
            guard step >= 2 && step + 1 < order.count && scored >= Self.wholeTextLimit && isDecided(&scorer) else { continue }
            if wholeScript == nil { wholeScript = scorer.dominantScript(of: bytes, in: pieces) }
            if scorer.dominantScript == wholeScript { return }
        }
    }

    /// Whether the features seen so far already give one allowed language a probability of at
    /// least ``decidedProbability``.
    /// A close pair (``ClosePairStage``) in the lead is never decided early: the whole text
    /// is read.
    func isDecided(_ scorer: inout LanguageScorer) -> Bool {
        let best = rank(&scorer, maximum: 2)
        guard let first = best.first, first.probability >= Self.decidedProbability else { return false }
        guard best.count > 1, let one = scorer.model.index(of: first.language.bcp47),
              let two = scorer.model.index(of: best[1].language.bcp47) else { return true }
        let group = ClosePairStage.shared.group
        return group[one] == 0 || group[one] != group[two]
    }

    /// Scorers reused across texts (a new scorer per text allocated its buffers each time:
    /// ~8% of a `--jsonl` run); one per thread scoring at the same time.
    static let scorers: ICUPool<ScorerBox> = {
        do {
            return try ICUPool(capacity: 16) { ScorerBox() }
        } catch {
            fatalError("making a language scorer cannot fail: \(error)")
        }
    }()

    /// A pooled ``LanguageScorer``.
    ///
    /// Sendable notes: used by one thread at a time, checked out of ``scorers``.
    final class ScorerBox: @unchecked Sendable {
        var scorer = LanguageScorer(model: .shared)
    }

    /// Ranks the allowed languages by the features `scorer` saw (`inout` only so the pooled
    /// scorer is read in place, not copied); with the `text` the features came from, a close
    /// pair in the lead goes through ``ClosePairStage``.
    func rank(_ scorer: inout LanguageScorer, maximum: Int, text: UnsafeBufferPointer<UInt8>? = nil) -> [LanguageHypothesis] {
        let script = scorer.dominantScript
        guard script != 0 else { return [] }
        let candidates: [Int]
        if let allowed {
            var list: [Int] = []
            for index in scorer.model.codes.indices where scorer.model.scripts[index] == script && allowed[index] {
                list.append(index)
            }
            // Constrained to languages of other scripts: let the shared features decide.
            if list.isEmpty { list = scorer.model.codes.indices.filter { allowed[$0] } }
            candidates = list
        } else {
            candidates = scorer.model.languagesByScript[Int(script)]
        }
        guard !candidates.isEmpty else { return [] }
        if candidates.count > 1 && scorer.matched == 0 { return [] }
        // Naive Bayes log likelihoods (costs are in 1/10 nat), tempered: the features of one
        // text are far from independent, and raw posteriors would be near 0 or 1.
        let temperature = 10 * (1 + Double(scorer.matched).squareRoot() * 0.5)
        let floorTotal = scorer.floorTotal
        let count = candidates.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { buffer in
            let logits = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
            let weights = UnsafeMutableBufferPointer(rebasing: buffer[count...])
            return withUnsafeTemporaryAllocation(of: Bool.self, capacity: count) { taken in
                scorer.model.priors.withUnsafeBufferPointer { priors in
                    for position in 0..<count {
                        let index = candidates[position]
                        logits[position] = -Double(floorTotal - scorer.gain(of: index)) / temperature + priors[index] + (logPriors?[index] ?? 0)
                    }
                }
                var top = logits[0]
                for position in 1..<count where top < logits[position] { top = logits[position] }
                if let text, count > 1 {
                    top = ClosePairStage.shared.adjust(logits, candidates: candidates, text: text, model: scorer.model)
                }
                // Languages more than 40 nats behind the best have probabilities below 5e-18
                // of the best's: 0, without calling exp (half a `--jsonl` run's ranking
                // cost). The order stays that of the logits.
                var total = 0.0
                for position in 0..<count {
                    let behind = logits[position] - top
                    weights[position] = behind < -40 ? 0 : Platform.exp(behind)
                    total += weights[position]
                }
                // The best `maximum` by repeated selection (usually 1 or a few of 100).
                taken.initialize(repeating: false)
                var result: [LanguageHypothesis] = []
                result.reserveCapacity(min(maximum, count))
                for _ in 0..<min(maximum, count) {
                    var best = -1
                    for position in 0..<count where !taken[position] && (best < 0 || logits[position] > logits[best]) {
                        best = position
                    }
                    taken[best] = true
                    result.append(LanguageHypothesis(language: scorer.model.locales[candidates[best]], probability: min(1, max(0, weights[best] / total))))
                }
                return result
            }
        }
    }

    /// Model languages a user's code names: the exact code, else language + script, else
    /// every model language with that language subtag (`zh` → `zh-Hans`, `zh-Hant`).
    static func modelIndices(for code: String, in model: LanguageModel) throws(LanguageRecognitionError) -> [Int] {
        if let exact = model.index(of: code) { return [exact] }
        guard let locale = try? LocaleID(code), !locale.language.isEmpty else { throw .unknownLanguage(code) }
        let language = locale.language, script = locale.script
        if !script.isEmpty, let index = model.index(of: language + "-" + script) { return [index] }
        if let index = model.index(of: language) { return [index] }
        let matches = model.codes.indices.filter { model.codes[$0].hasPrefix(language + "-") }
        guard !matches.isEmpty else { throw .unknownLanguage(code) }
        return matches
    }
}
