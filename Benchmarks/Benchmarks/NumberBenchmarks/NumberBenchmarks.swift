// Number formatting: ICUKit beside raw unumf and Foundation's NumberFormatter, on 1,000
// values per iteration (integers, fractions, large and negative numbers).
//
//   decimal/en, currency/de-EUR, lakh/en-IN:
//     ICUKit      one ICUNumberFormatter, reused (format(Double) → String)
//     RawICU      one UNumberFormatter + one UFormattedNumber, unumf_resultToString → String
//     Foundation  one NumberFormatter, string(from: NSNumber)
//     ICUKit-init ICUNumberFormatter(skeleton:locale:) per call (the process-wide cache hit)
//   plural/ru: PluralRules.category(for:) vs raw uplrules_select.
import Benchmark
import FoundationPeers
import ICUKit
import RawICU

let values: [Double] = (0..<1000).map { index in
    switch index % 5 {
    case 0: Double(index)
    case 1: Double(index) * 1234.5678
    case 2: -Double(index) / 7
    case 3: Double(index) * 1_000_003
    default: 0.5 + Double(index)
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 300
    )

    let cases: [(name: String, skeleton: String, locale: String, currency: String?)] = [
        ("decimal/en", ".###", "en", nil),
        ("currency/de-EUR", "currency/EUR", "de", "EUR"),
        ("lakh/en-IN", ".###", "en_IN", nil),
    ]
    for c in cases {
        let icukit = try! ICUNumberFormatter(skeleton: c.skeleton, locale: LocaleID(c.locale))
        let raw = RawNumberFormatter(skeleton: c.skeleton, locale: c.locale)
        let foundation = FoundationNumberFormatter(locale: c.locale, currencyCode: c.currency)
        Benchmark("\(c.name)/ICUKit") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for value in values { sum &+= try! icukit.format(value).utf8.count }
                blackHole(sum)
            }
        }
        Benchmark("\(c.name)/RawICU") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for value in values { sum &+= raw.format(value).utf8.count }
                blackHole(sum)
            }
        }
        Benchmark("\(c.name)/Foundation") { benchmark in
            for _ in benchmark.scaledIterations {
                var sum = 0
                for value in values { sum &+= foundation.format(value).utf8.count }
                blackHole(sum)
            }
        }
        Benchmark("\(c.name)/ICUKit-init-per-call") { benchmark in
            let locale = try! LocaleID(c.locale)
            for _ in benchmark.scaledIterations {
                var sum = 0
                for value in values { sum &+= try! ICUNumberFormatter(skeleton: c.skeleton, locale: locale).format(value).utf8.count }
                blackHole(sum)
            }
        }
    }

    let rules = try! PluralRules(locale: LocaleID("ru"))
    let rawRules = RawPluralRules(locale: "ru")
    Benchmark("plural/ru/ICUKit") { benchmark in
        for _ in benchmark.scaledIterations {
            var sum = 0
            for value in values { sum &+= try! rules.category(for: value.rounded()).rawValue.utf8.count }
            blackHole(sum)
        }
    }
    Benchmark("plural/ru/RawICU") { benchmark in
        for _ in benchmark.scaledIterations {
            var sum = 0
            for value in values { sum &+= rawRules.select(value.rounded()) }
            blackHole(sum)
        }
    }
}
