// Text transforms: ICUKit beside raw ICU C (RawICU), Foundation on Linux and the
// standard library, in one run.
//
//   normalize/nfc-of-nfc/<script>   Normalizer.nfc on ~1 MiB already in NFC  vs
//                                   u_strFromUTF8 + unorm2_normalize + u_strToUTF8  vs
//                                   precomposedStringWithCanonicalMapping
//   normalize/nfd-to-nfc, nfc-to-nfd  the same on text that needs the work
//   case/upper|lower|fold/<script>  CaseMapper vs ucasemap_utf8To* vs String.uppercased()
//   transliterate/<id>              200 short strings, warm cache, vs utrans_transUChars
//                                   on a reused transliterator vs applyingTransform
//   transliterate/construct/<id>    utrans_openU + close: the cost of a first use
//   properties/codespace            name, category and script of all 1,114,112 code points
import Benchmark
import FoundationPeers
import ICUKit
import RawICU
import SegmentationCorpus

let scripts: [Script] = [.english, .russian, .arabic, .hindi, .chinese, .japanese]
let nfcTexts: [Script: String] = Dictionary(uniqueKeysWithValues: scripts.map { ($0, try! Normalizer.nfc.normalize(Corpus.text($0))) })
let nfdTexts: [Script: String] = nfcTexts.mapValues { try! Normalizer.nfd.normalize($0) }
let shortTexts: [String] = Corpus.shortSentences(count: 200).map { String($0.prefix(40)) }
let transliterations = ["Any-Latin; Latin-ASCII", "Cyrillic-Latin", "Han-Latin", "NFD; [:Nonspacing Mark:] Remove; NFC"]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(1),
        maxIterations: 100
    )

    // MARK: Normalization
    let rawNFC = RawNormalizer("nfc"), rawNFD = RawNormalizer("nfd")
    for script in scripts {
        let name = script.rawValue
        let nfc = nfcTexts[script]!, nfd = nfdTexts[script]!
        let cases: [(String, String, Normalizer, RawNormalizer, (String) -> Int)] = [
            ("nfc-of-nfc", nfc, .nfc, rawNFC, FoundationText.nfc),
            ("nfd-to-nfc", nfd, .nfc, rawNFC, FoundationText.nfc),
            ("nfc-to-nfd", nfc, .nfd, rawNFD, FoundationText.nfd),
        ]
        for (operation, text, normalizer, raw, foundation) in cases {
            Benchmark("normalize/\(operation)/\(name)/ICUKit") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(try! normalizer.normalize(text).utf8.count) }
            }
            Benchmark("normalize/\(operation)/\(name)/RawICU") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(raw.normalize(text)) }
            }
            Benchmark("normalize/\(operation)/\(name)/Foundation") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(foundation(text)) }
            }
        }
    }

    // MARK: Case mapping
    let mapper = CaseMapper(), rawMapper = RawCaseMapper(locale: "")
    for script in [Script.english, .russian, .arabic, .hindi] {
        let text = nfcTexts[script]!
        let name = script.rawValue
        for (operation, code) in [("upper", 0), ("lower", 1), ("fold", 2)] {
            Benchmark("case/\(operation)/\(name)/ICUKit") { benchmark in
                for _ in benchmark.scaledIterations {
                    let result = switch code {
                    case 0: try! mapper.uppercased(text)
                    case 1: try! mapper.lowercased(text)
                    default: try! mapper.folded(text)
                    }
                    blackHole(result.utf8.count)
                }
            }
            Benchmark("case/\(operation)/\(name)/RawICU") { benchmark in
                for _ in benchmark.scaledIterations { blackHole(rawMapper.map(text, code)) }
            }
            if code < 2 {
                Benchmark("case/\(operation)/\(name)/stdlib") { benchmark in
                    for _ in benchmark.scaledIterations {
                        blackHole((code == 0 ? text.uppercased() : text.lowercased()).utf8.count)
                    }
                }
            }
        }
    }
    Benchmark("case/upper-tr/Russian/Foundation") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(FoundationText.uppercased(nfcTexts[.russian]!, locale: "tr")) }
    }
    let turkish = CaseMapper(locale: try! LocaleID("tr"))
    Benchmark("case/upper-tr/Russian/ICUKit") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! turkish.uppercased(nfcTexts[.russian]!).utf8.count) }
    }

    // MARK: Transliteration
    for id in transliterations {
        let transliterator = try! Transliterator(id)
        let raw = RawTransliterator(id)
        Benchmark("transliterate/\(id)/ICUKit") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in shortTexts { blackHole(try! transliterator.transliterate(text).utf8.count) }
            }
        }
        Benchmark("transliterate/\(id)/RawICU") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in shortTexts { blackHole(raw.transliterate(text)) }
            }
        }
        Benchmark("transliterate/\(id)/Foundation") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in shortTexts { blackHole(FoundationText.transform(text, id)) }
            }
        }
        Benchmark("transliterate/construct/\(id)/RawICU") { benchmark in
            for _ in benchmark.scaledIterations { RawTransliterator.construct(id) }
        }
    }

    // MARK: Properties
    Benchmark("properties/codespace/ICUKit", configuration: .init(maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations {
            var named = 0
            for c in UInt32(0)...0x10FFFF {
                let p = ScalarProperties(codePoint: c)!
                if p.name != nil { named += 1 }
                blackHole(p.generalCategory)
                blackHole(p.script)
            }
            blackHole(named)
        }
    }
    Benchmark("properties/codespace/RawICU", configuration: .init(maxIterations: 5)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(rawWholeCodeSpace()) }
    }
}
