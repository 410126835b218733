@testable import ICUKit
import Testing

/// LanguageScorer's fast paths (batched look-ups, raw word buffers, 16-bit dense sums, one
/// scorer reused across texts) against a plain reference: one look-up per feature, in
/// text order, with arrays — the scoring as it was before issue 15's throughput work.
@Suite("LanguageScorer batching and reuse")
struct LanguageScorerTests {
    /// Texts that exercise each path: the UDHR samples (33 languages, 12 scripts), a word
    /// longer than the scorer's first word buffer (64 letters), a long Han run (several
    /// batches of 128 features in one word), lower-case forms of several scalars (`İ`, `ß`
    /// upper-cased), letters past the BMP (Deseret, with case), no letters at all.
    static let texts: [String] = LanguageRecognizerTests.samples.map(\.1) + [
        String(repeating: "Donaudampfschifffahrtsgesellschaftskapitän", count: 4),
        String(repeating: "人人生而自由在尊严和权利上一律平等", count: 40),
        "İSTANBUL'DA GÜZEL BİR GÜN. STRASSE, STRAẞE, ǅemal ﬁle",
        "𐐀𐐡𐐨 𐐔𐐯𐑅𐐨𐑉𐐯𐐻 text 𝐀𝐁𝐂",
        "1234 !! --- 5678",
        "",
        "a",
    ]

    /// The reference: features exactly as `Scripts/build-language-models.py` names them,
    /// each looked up alone with ``LanguageModel/lookup(_:)``.
    struct Reference {
        let model = LanguageModel.shared
        var gains: [Int]
        var floorTotal = 0
        var matched = 0
        var letters = 0
        var word: [UInt32] = []

        init() { gains = [Int](repeating: 0, count: LanguageModel.shared.stride) }

        mutating func add(_ text: String) {
            for scalar in text.unicodeScalars {
                let value = scalar.value
                var lower: UInt32
                if value < 0x80 {
                    let byte = UInt8(value)
                    lower = (byte >= 0x41 && byte <= 0x5A) ? value | 0x20 : (byte >= 0x61 && byte <= 0x7A) ? value : 0
                } else {
                    lower = value < 0x10000 ? model.bmpLowercase[Int(value)] : LanguageModel.lowercase(value)
                }
                if lower == 0 {
                    flush()
                } else if lower != LanguageModel.multiScalarLowercase {
                    word.append(lower)
                } else {
                    word += scalar.properties.lowercaseMapping.unicodeScalars.map(\.value)
                }
            }
            flush()
        }

        mutating func flush() {
            guard !word.isEmpty else { return }
            letters += word.count
            let padded = [UInt32(0x20)] + word + [UInt32(0x20)]
            let utf8 = padded.map { Array(String(Unicode.Scalar($0)!).utf8) }
            for start in padded.indices {
                for n in 1...5 where start + n <= padded.count {
                    if n == 1 && (start == 0 || start == padded.count - 1) { continue }
                    score(utf8[start..<(start + n)].flatMap { $0 }, kind: n - 1)
                }
            }
            if word.count <= LanguageScorer.maxWord { score(utf8[1..<(padded.count - 1)].flatMap { $0 }, kind: 5) }
            word.removeAll()
        }

        mutating func score(_ bytes: [UInt8], kind: Int) {
            var hash: UInt32 = 2_166_136_261
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            let value = model.lookup(LanguageScorer.finish(hash, kind: kind))
            guard value != 0 else { return }
            matched += 1
            floorTotal += Int(model.floors[kind])
            if value & LanguageModel.denseFlag != 0 {
                let row = Int(value & ~LanguageModel.denseFlag) * model.stride
                for language in 0..<model.stride { gains[language] += Int(model.dense[row + language]) }
            } else if value & LanguageModel.inlineFlag != 0 {
                gains[Int((value >> 8) & 0xFF)] += Int(value & 0xFF)
            } else {
                for entry in 0..<Int(value & 0xFF) {
                    let packed = model.entries[Int(value >> 8) + entry]
                    gains[Int(packed >> 8)] += Int(packed & 0xFF)
                }
            }
        }
    }

    static func expectEqual(_ scorer: LanguageScorer, _ reference: Reference, _ text: String) {
        #expect(scorer.matched == reference.matched, "matched: \(text.prefix(40))")
        #expect(scorer.floorTotal == reference.floorTotal, "floorTotal: \(text.prefix(40))")
        #expect(scorer.letters == reference.letters, "letters: \(text.prefix(40))")
        let gains = (0..<LanguageModel.shared.codes.count).map { scorer.gain(of: $0) }
        #expect(gains == Array(reference.gains.prefix(gains.count)), "gains: \(text.prefix(40))")
    }

    @Test("a new scorer sums what one look-up per feature sums")
    func freshScorerEqualsReference() {
        for text in Self.texts {
            var scorer = LanguageScorer()
            var copy = text
            copy.withUTF8 { scorer.add(utf8: $0) }
            var reference = Reference()
            reference.add(text)
            #expect(reference.letters > 0 || text.allSatisfy { !$0.isLetter })
            Self.expectEqual(scorer, reference, text)
        }
    }

    @Test("one scorer reset between texts equals a new scorer for each, in any order")
    func reusedScorerEqualsFresh() {
        var reused = LanguageScorer()
        for text in Self.texts + Self.texts.reversed() {
            var fresh = LanguageScorer()
            reused.reset()
            var copy = text
            copy.withUTF8 { bytes in
                fresh.add(utf8: bytes)
                reused.add(utf8: bytes)
            }
            #expect(reused.dominantScript == fresh.dominantScript, "script: \(text.prefix(40))")
            var reference = Reference()
            reference.add(text)
            Self.expectEqual(reused, reference, text)
            Self.expectEqual(fresh, reference, text)
        }
    }

    @Test("words remembered across texts (the word cache, used and paused) sum what the reference sums")
    func wordCacheEqualsReference() {
        var scorer = LanguageScorer()
        func check(_ text: String) {
            scorer.reset()
            var copy = text
            copy.withUTF8 { scorer.add(utf8: $0) }
            var reference = Reference()
            reference.add(text)
            Self.expectEqual(scorer, reference, text)
        }
        // Each text three times in a row: its words are claimed, then scored alone and kept,
        // then taken from the cache.
        for text in Self.texts {
            for _ in 0..<3 { check(text) }
        }
        #expect(scorer.wordCache.found > 0)
        // Thousands of words never seen twice: the cache finds too few and pauses itself;
        // the texts still sum the same while it is paused and after it looks again.
        var random = SplitMix(state: 15)
        let letters = Array("abcdefghijklmnopqrstuvwxyzäöüéèçñ")
        var paused = false
        for _ in 0..<3 {
            let words = (0..<3_000).map { _ in
                String((0..<Int.random(in: 4...9, using: &random)).map { _ in letters.randomElement(using: &random)! })
            }
            check(words.joined(separator: " "))
            paused = paused || scorer.wordCache.skipping > 0
            for text in Self.texts { check(text) }
        }
        #expect(paused, "thousands of new words pause the cache")
        let found = scorer.wordCache.found
        for _ in 0..<LanguageScorer.WordCache.pause / 50 { check(Self.texts[0]) }
        #expect(scorer.wordCache.found > found, "the cache looks again after its pause")
    }

    @Test("a text scored in pieces cut at word boundaries sums what the whole text sums")
    func piecesAtWordBoundariesEqualWhole() {
        let mixed = Self.texts.joined(separator: " \u{3002}\u{00A0}")
        for text in Self.texts + [mixed] {
            var copy = text
            copy.withUTF8 { bytes in
                for step in [1, 7, 96] {
                    var scorer = LanguageScorer()
                    var start = 0, target = step
                    while target < bytes.count {
                        guard let cut = scorer.wordBoundary(in: bytes, from: target, before: min(target + step, bytes.count)) else {
                            target += step
                            continue
                        }
                        #expect(cut >= target && cut < bytes.count && bytes[cut] & 0xC0 != 0x80)
                        scorer.add(utf8: UnsafeBufferPointer(rebasing: bytes[start..<cut]))
                        start = cut
                        target = cut + step
                    }
                    scorer.add(utf8: UnsafeBufferPointer(rebasing: bytes[start...]))
                    var reference = Reference()
                    reference.add(text)
                    Self.expectEqual(scorer, reference, "\(step): \(text)")
                }
            }
        }
        // Letters and marks are never boundaries; spaces, digits, punctuation and CJK
        // punctuation are.
        var copy = "ab\u{301}é 1ж。x"
        copy.withUTF8 { bytes in
            let scorer = LanguageScorer()
            #expect(scorer.wordBoundary(in: bytes, from: 0, before: bytes.count) == 6)   // the space
            #expect(scorer.wordBoundary(in: bytes, from: 7, before: bytes.count) == 7)   // the digit
            #expect(scorer.wordBoundary(in: bytes, from: 8, before: bytes.count) == 10)  // 。
            #expect(scorer.wordBoundary(in: bytes, from: 0, before: 5) == nil)
        }
    }

    @Test("long texts: pieces cover the text once, in first-last-middle order")
    func piecesAndOrder() {
        for count in 1...40 {
            let order = LanguageRecognizer.scoringOrder(count)
            #expect(order.sorted() == Array(0..<count), "order of \(count)")
            let head = count >= 3 ? [0, count - 1, count / 2] : Array(0..<count)
            #expect(Array(order.prefix(3)) == head, "head of \(count)")
        }
        let scorer = LanguageScorer()
        for text in Self.texts + [String(repeating: Self.texts[0] + " ", count: 20), String(repeating: "a", count: 5000)] {
            var copy = text
            copy.withUTF8 { bytes in
                let pieces = LanguageRecognizer.pieces(of: bytes, scorer: scorer)
                #expect(pieces.first?.lowerBound == 0 && pieces.last?.upperBound == bytes.count)
                for (piece, next) in zip(pieces, pieces.dropFirst()) { #expect(piece.upperBound == next.lowerBound && !piece.isEmpty) }
            }
        }
    }

    @Test("long texts: decided on part of the text they give the whole text's answer")
    func longTextsDecidedEarly() {
        let recognizer = LanguageRecognizer()
        for (code, sample) in LanguageRecognizerTests.samples {
            let text = String(repeating: sample + " ", count: 12)
            #expect(text.utf8.count > LanguageRecognizer.wholeTextLimit)
            var whole = LanguageScorer()
            var copy = text
            let expected = copy.withUTF8 { bytes in
                whole.add(utf8: bytes)
                return recognizer.rank(&whole, maximum: 1).first?.language
            }
            #expect(recognizer.hypotheses(for: text, maximum: 1).first?.language == expected, "\(code)")
        }
    }

    @Test("long texts: another script between the pieces read, or a language after the first windows, is not missed")
    func longTextsNotDecidedOnTheWrongPart() {
        let recognizer = LanguageRecognizer()
        let samples = Dictionary(uniqueKeysWithValues: LanguageRecognizerTests.samples)
        let greek = String(repeating: samples["el"]! + " ", count: 3)
        let english = String(repeating: samples["en"]! + " ", count: 18)
        let french = samples["fr"]! + " "
        // Greek where the first, last and middle pieces fall, English (most letters) between.
        let sandwich = greek + english + greek + english + greek
        #expect(recognizer.dominantLanguage(of: sandwich)?.bcp47 == "en")
        // Over 64 KiB: 40 KiB of English, then 60 KiB of French (five of the eight windows).
        let huge = String(String(repeating: english, count: 40).utf8.prefix(40 * 1024))! + String(repeating: french, count: 600)
        #expect(huge.utf8.count > LanguageRecognizer.sampleLimit)
        #expect(recognizer.dominantLanguage(of: huge)?.bcp47 == "fr")
        // A text that starts in one language and goes on in another.
        let switching = samples["en"]! + " " + String(repeating: french, count: 10)
        #expect(recognizer.dominantLanguage(of: switching)?.bcp47 == "fr")
    }

    @Test("the recognizer's pooled scorers: the same answers whatever came before")
    func pooledAnswersIndependentOfOrder() {
        let recognizer = LanguageRecognizer()
        let forward = Self.texts.map { recognizer.hypotheses(for: $0, maximum: 3) }
        let backward = Self.texts.reversed().map { recognizer.hypotheses(for: $0, maximum: 3) }
        #expect(forward == Array(backward.reversed()))
        #expect(forward.filter { !$0.isEmpty }.count >= LanguageRecognizerTests.samples.count)
    }
}
