// Text segmentation: ICUKit beside its peers, on 1 MiB of real text per script.
//
// Per unit (grapheme, word, sentence, line) and script:
//   ICUKit default   Segmenter.forEachBoundary(in:) counting segments (the public API)
//   ICUKit utf8      the same through a UTF-8 UText            (SPI: path: .utf8)
//   ICUKit utf16     the same through a UTF-16 copy + offset map (SPI: path: .utf16)
//   raw ICU utf8     utext_openUTF8 + ubrk_setUText + ubrk_next loop (RawICU)
//   raw ICU utf16    u_strFromUTF8 (timed) + ubrk_setText + ubrk_next loop (RawICU)
//   stdlib           graphemes only: `for _ in text`
//   Foundation       graphemes only: NSString.enumerateSubstrings(.byComposedCharacterSequences)
// Raw ICU and ICUKit both read the rule status of every word, sentence and line boundary.
// Plus the short-string case: 10,000 short sentences of every script, segmented by word one
// string at a time.
//
// Throughput is in iterations (texts) per second; every text is exactly 1 MiB of UTF-8,
// so MB/s = throughput × 1.048576.
import Benchmark
@_spi(Internals) import ICUKit
import RawICU
import FoundationPeers
import SegmentationCorpus

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 1,
        maxDuration: .seconds(1),
        maxIterations: 50
    )
    let texts = Dictionary(uniqueKeysWithValues: Script.allCases.map { ($0, Corpus.text($0)) })
    let window = Int(Int32.max) - 1

    for unit in Segmenter.Unit.allCases {
        let segmenter = try! Segmenter(unit)
        let raw = RawBreakIterator(RawBreakUnit(unit))
        for script in Script.allCases {
            let text = texts[script]!
            let name = "\(unit.rawValue)/\(script.rawValue)/"

            Benchmark(
                name + "ICUKit default",
                closure: { benchmark in
                    for _ in benchmark.scaledIterations {
                        var count = 0
                        segmenter.forEachBoundary(in: text) { _, _ in count += 1 }
                        blackHole(count)
                    }
                },
                setup: {
                    // Once per unit and script: every path must find the same boundaries.
                    var paths: [String: Int] = [:]
                    var count = 0
                    segmenter.forEachBoundary(in: text) { _, _ in count += 1 }
                    paths["ICUKit default"] = count
                    for (label, path) in [("ICUKit utf8", TextPath.utf8), ("ICUKit utf16", .utf16)] {
                        var count = 0
                        segmenter.forEachBoundary(in: text, path: path, window: window) { _, _ in count += 1 }
                        paths[label] = count
                    }
                    paths["raw ICU utf8"] = raw.walkUTF8(text).boundaries
                    paths["raw ICU utf16"] = raw.walkUTF16(text).boundaries
                    precondition(Set(paths.values).count == 1, "\(name): paths disagree: \(paths)")
                }
            )
            Benchmark(name + "ICUKit utf8") { benchmark in
                for _ in benchmark.scaledIterations {
                    var count = 0
                    segmenter.forEachBoundary(in: text, path: .utf8, window: window) { _, _ in count += 1 }
                    blackHole(count)
                }
            }
            Benchmark(name + "ICUKit utf16") { benchmark in
                for _ in benchmark.scaledIterations {
                    var count = 0
                    segmenter.forEachBoundary(in: text, path: .utf16, window: window) { _, _ in count += 1 }
                    blackHole(count)
                }
            }
            Benchmark(name + "raw ICU utf8") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(raw.walkUTF8(text))
                }
            }
            Benchmark(name + "raw ICU utf16") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(raw.walkUTF16(text))
                }
            }

            guard unit == .grapheme else { continue }
            Benchmark(
                name + "stdlib",
                closure: { benchmark in
                    for _ in benchmark.scaledIterations {
                        var count = 0
                        for _ in text { count += 1 }
                        blackHole(count)
                    }
                },
                setup: {
                    var count = 0
                    for _ in text { count += 1 }
                    precondition(count == segmenter.count(of: text), "\(name): stdlib and ICU disagree")
                }
            )
            // About 1 MB/s: a few iterations only.
            let foundation = FoundationComposedCharacters(text)
            Benchmark(
                name + "Foundation",
                configuration: .init(maxDuration: .seconds(3), maxIterations: 5),
                closure: { benchmark in
                    for _ in benchmark.scaledIterations {
                        blackHole(foundation.count())
                    }
                }
            )
        }
    }

    // Short strings: 10,000 sentences, each segmented by word as its own string.
    let sentences = Corpus.shortSentences(count: 10_000)
    let words = try! Segmenter(.word)
    let rawWords = RawBreakIterator(.word)
    Benchmark("short words/10k sentences/ICUKit default") { benchmark in
        for _ in benchmark.scaledIterations {
            var count = 0
            for sentence in sentences {
                words.forEachBoundary(in: sentence) { _, _ in count += 1 }
            }
            blackHole(count)
        }
    }
    for (label, path) in [("utf8", TextPath.utf8), ("utf16", .utf16)] {
        Benchmark("short words/10k sentences/ICUKit \(label)") { benchmark in
            for _ in benchmark.scaledIterations {
                var count = 0
                for sentence in sentences {
                    words.forEachBoundary(in: sentence, path: path, window: window) { _, _ in count += 1 }
                }
                blackHole(count)
            }
        }
    }
    Benchmark("short words/10k sentences/raw ICU utf8 (UText reuse)") { benchmark in
        for _ in benchmark.scaledIterations {
            var count = 0
            for sentence in sentences { count &+= rawWords.walkUTF8(sentence).boundaries }
            blackHole(count)
        }
    }
    Benchmark("short words/10k sentences/raw ICU utf16 (setText reuse)") { benchmark in
        for _ in benchmark.scaledIterations {
            var count = 0
            for sentence in sentences { count &+= rawWords.walkUTF16(sentence).boundaries }
            blackHole(count)
        }
    }
}

extension RawBreakUnit {
    init(_ unit: Segmenter.Unit) {
        switch unit {
        case .grapheme: self = .character
        case .word: self = .word
        case .sentence: self = .sentence
        case .line: self = .line
        }
    }
}
