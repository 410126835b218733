// Collation: ICUKit beside raw ICU and Foundation, on real words per locale.
//
//   compare:  100,000 consecutive pairs per iteration
//             ICUKit Collator.compare  vs  raw ucol_strcollUTF8  vs  Foundation
//             String.compare(_:options:range:locale:)
//   sort:     ICUKit Collator.sorted (sort keys from 64 strings on)  vs  raw
//             ucol_getSortKey + qsort(strcmp)  vs  raw sort with ucol_strcollUTF8  vs
//             Foundation sorted(by: compare(locale:)) and localizedStandardCompare
//             (20,000 words; ICUKit and raw ICU also on 200,000)
// Words are the distinct words of real prose per language (SegmentationCorpus for en, zh,
// ja, ar; paragraphs below for da and de), combined in pairs ("word word") to reach the
// list sizes.
import Benchmark
import FoundationPeers
import ICUKit
import RawICU
import SegmentationCorpus

let danish = """
    Den lille havfrue boede på havets bund, hvor vandet er så blåt som kornblomstens blade. \
    Københavns havn var fuld af skibe, og i Aarhus, Aalborg og Ærøskøbing ventede købmændene \
    på varer fra Østersøen. Børnene løb gennem gaderne, mens bageren solgte wienerbrød, \
    rugbrød og æbleskiver til de sultne søfolk. Året efter åbnede byen et nyt bibliotek.
    """
let german = """
    Die Straße führte über die Brücke zum Rathaus, wo die Bürgermeisterin über die neuen \
    Pläne für Öffentliche Verkehrsmittel sprach. Äpfel, Birnen und Süßigkeiten lagen auf dem \
    Markt; ein älterer Herr kaufte Brötchen und Käse. Müller, Mueller und Möller stehen im \
    Telefonbuch nebeneinander, während Zürich, Köln und München auf der Karte weit entfernt sind.
    """

func words(locale: String) -> [String] {
    let id = try! LocaleID(locale)
    let source: String = switch locale {
    case "da": danish
    case "de": german
    case "zh": String(Corpus.text(.chinese).prefix(20_000))
    case "ja": String(Corpus.text(.japanese).prefix(20_000))
    case "ar": String(Corpus.text(.arabic).prefix(40_000))
    default: String(Corpus.text(.english).prefix(40_000))
    }
    var seen = Set<String>()
    return source.words(locale: id).map(String.init).filter { seen.insert($0).inserted }
}

/// `count` entries: the words, then "word word" pairs chosen by a fixed LCG.
func list(_ words: [String], count: Int) -> [String] {
    var result = words
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    while result.count < count {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let a = words[Int(state >> 33) % words.count]
        let b = words[Int(state >> 13) % words.count]
        result.append(a + " " + b)
    }
    return Array(result.prefix(count))
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(2),
        maxIterations: 20
    )
    for locale in ["en", "da", "de", "zh", "ja", "ar"] {
        let base = words(locale: locale)
        let small = list(base, count: 20_000)
        let large = list(base, count: 200_000)
        let smallBytes = small.map { Array($0.utf8) }
        let largeBytes = large.map { Array($0.utf8) }
        let collator = try! Collator(locale: LocaleID(locale))
        let raw = RawCollator(locale: locale)
        let foundation = FoundationCollation(locale: locale)
        let pairs = 100_000

        Benchmark(
            "compare/\(locale)/ICUKit",
            closure: { benchmark in
                for _ in benchmark.scaledIterations {
                    var sum = 0
                    let count = small.count
                    for index in 0..<pairs { sum &+= collator.compare(small[index % count], small[(index + 1) % count]).rawValue }
                    blackHole(sum)
                }
            },
            setup: {
                var sum = 0
                for index in 0..<pairs { sum &+= collator.compare(small[index % small.count], small[(index + 1) % small.count]).rawValue }
                precondition(sum == raw.comparePairs(smallBytes, pairs: pairs), "compare differs from raw ICU")
                let sorted = collator.sorted(small)
                let keyed = raw.sortByKeys(smallBytes).map { small[Int($0)] }
                precondition(zip(sorted, keyed).allSatisfy { collator.compare($0, $1) == .equal }, "sort differs from raw ICU")
            }
        )
        Benchmark("compare/\(locale)/raw ICU strcollUTF8") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(raw.comparePairs(smallBytes, pairs: pairs)) }
        }
        Benchmark("compare/\(locale)/Foundation compare(locale:)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(foundation.comparePairs(small, pairs: pairs)) }
        }
        for (size, strings, bytes) in [("20k", small, smallBytes), ("200k", large, largeBytes)] {
            Benchmark("sort\(size)/\(locale)/ICUKit sorted") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(collator.sorted(strings)) }
            }
            Benchmark("sort\(size)/\(locale)/raw ICU sort keys + qsort") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(raw.sortByKeys(bytes)) }
            }
            Benchmark("sort\(size)/\(locale)/raw ICU strcollUTF8 comparator") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(raw.sortByComparing(bytes)) }
            }
        }
        Benchmark("sort20k/\(locale)/Foundation compare(locale:)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(foundation.sort(small)) }
        }
        if locale == "en" {
            let standard = try! Collator.standard(locale: "en")
            Benchmark("sort20k/en/ICUKit standard") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(standard.sorted(small)) }
            }
            Benchmark("sort20k/en/Foundation localizedStandardCompare") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(FoundationCollation.standardSort(small)) }
            }
        }
    }
    // Where sort keys start to pay: ICUKit comparisons vs keys on n strings.
    let english = list(words(locale: "en"), count: 1024)
    let collator = try! Collator(locale: "en")
    for n in [16, 32, 64, 128, 256] {
        let strings = Array(english.prefix(n))
        Benchmark("threshold/n=\(n)/by comparing") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(strings.sorted(by: collator.areInIncreasingOrder)) }
        }
        Benchmark("threshold/n=\(n)/by sort keys") { benchmark in
            for _ in benchmark.scaledIterations {
                let keys = strings.map { collator.sortKey(for: $0) }
                blackHole(strings.indices.sorted { keys[$0] < keys[$1] })
            }
        }
    }
}
