// Date formatting and parsing: ICUKit's DateTimeFormatter beside raw udat_format/udat_parse
// and Foundation's DateFormatter, each reused (en_US, medium date and time, New York).
//
//   format/10k: 10,000 instants an hour and a bit apart, formatted to Strings
//   parse/1k:   1,000 of those strings parsed back
import Benchmark
import FoundationEssentials
import FoundationPeers
import ICUKit
import RawICU

let zone = "America/New_York"
let instants: [Double] = (0..<10_000).map { 1_780_499_220 + Double($0) * 3_721 }
let texts: [String] = {
    let formatter = try! DateTimeFormatter(date: .medium, time: .medium, locale: LocaleID("en_US"), timeZone: zone)
    return instants.prefix(1_000).map { try! formatter.format(Date(timeIntervalSince1970: $0)) }
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 2,
        maxDuration: .seconds(2),
        maxIterations: 50
    )
    let icukit = try! DateTimeFormatter(date: .medium, time: .medium, locale: LocaleID("en_US"), timeZone: zone)
    let raw = RawDateFormat(dateStyle: 2, timeStyle: 2, locale: "en_US", timeZone: zone)
    let foundation = FoundationDateFormat(dateStyle: 2, timeStyle: 2, locale: "en_US", timeZone: zone)

    Benchmark("format/10k/ICUKit") { benchmark in
        for _ in benchmark.scaledIterations {
            var bytes = 0
            for instant in instants { bytes &+= try! icukit.format(Date(timeIntervalSince1970: instant)).utf8.count }
            blackHole(bytes)
        }
    }
    Benchmark("format/10k/raw-udat") { benchmark in
        for _ in benchmark.scaledIterations {
            var bytes = 0
            for instant in instants { bytes &+= raw.string(millis: instant * 1000).utf8.count }
            blackHole(bytes)
        }
    }
    Benchmark("format/10k/Foundation") { benchmark in
        for _ in benchmark.scaledIterations {
            var bytes = 0
            for instant in instants { bytes &+= foundation.string(seconds: instant).utf8.count }
            blackHole(bytes)
        }
    }
    Benchmark("parse/1k/ICUKit") { benchmark in
        for _ in benchmark.scaledIterations {
            var sum = 0.0
            for text in texts { sum += try! icukit.parse(text).timeIntervalSince1970 }
            blackHole(sum)
        }
    }
    Benchmark("parse/1k/raw-udat") { benchmark in
        for _ in benchmark.scaledIterations {
            var sum = 0.0
            for text in texts { sum += raw.parse(text)! }
            blackHole(sum)
        }
    }
    Benchmark("parse/1k/Foundation") { benchmark in
        for _ in benchmark.scaledIterations {
            var sum = 0.0
            for text in texts { sum += foundation.parse(text) ?? 0 }
            blackHole(sum)
        }
    }
}
