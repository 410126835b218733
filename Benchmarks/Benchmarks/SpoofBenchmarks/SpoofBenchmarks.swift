// Spoof checking (UTS #39) and the confusable index, ICUKit beside raw ICU C (RawICU):
//
//   spoof/skeleton/<set>     10,000 user names per iteration: SpoofChecker.skeleton vs
//                            uspoof_getSkeletonUTF8 into a reused buffer
//   spoof/check/<set>        the same names: SpoofChecker.check (failures, level, numerics,
//                            resolved scripts) vs uspoof_check2UTF8 alone
//   spoof/index/build-1M     ConfusableIndex of 1,000,000 generated user names (wall clock,
//                            peak resident memory)
//   spoof/index/lookup       10,000 candidates (half Cyrillic look-alikes) against that index
//
// The names are deterministic: syllables, digits, underscores; the "mixed" set has a Cyrillic,
// Greek or Japanese name every few.
import Benchmark
import ICUKit
import RawICU

/// `count` user names from `seed`: "marko_42", "tinaleva7", …; `mixed` adds other scripts.
func userNames(_ count: Int, seed: UInt64, mixed: Bool) -> [String] {
    let syllables = ["ma", "ko", "ti", "na", "le", "va", "ro", "su", "pe", "da", "mi", "an", "el", "or", "ya", "xo"]
    let others = ["иван", "мария", "αλεξ", "ελενα", "さくら", "たろう", "ірина", "ζωή"]
    var state = seed
    func next() -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: state >> 33)
    }
    var names: [String] = []
    names.reserveCapacity(count)
    for _ in 0..<count {
        var name = ""
        if mixed, next() % 5 == 0 { name = others[next() % others.count] }
        for _ in 0..<(2 + next() % 3) { name += syllables[next() % syllables.count] }
        if next() % 2 == 0 { name += "_" }
        if next() % 3 != 0 { name += String(next() % 1000) }
        names.append(name)
    }
    return names
}

/// Latin letters replaced by Cyrillic look-alikes where there is one.
func cyrillicLookAlike(_ name: String) -> String {
    let map: [Character: Character] = ["a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "y": "у", "i": "і"]
    return String(name.map { map[$0] ?? $0 })
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.throughput, .wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(1),
        maxIterations: 100
    )
    let checker = try! SpoofChecker()
    let raw = RawSpoofChecker()
    for (set, mixed) in [("latin", false), ("mixed", true)] {
        let names = userNames(10_000, seed: 14, mixed: mixed)
        Benchmark("spoof/skeleton/\(set)/ICUKit") { benchmark in
            for _ in benchmark.scaledIterations { for name in names { blackHole(try! checker.skeleton(name).utf8.count) } }
        }
        Benchmark("spoof/skeleton/\(set)/RawICU") { benchmark in
            for _ in benchmark.scaledIterations { for name in names { blackHole(raw.skeleton(name)) } }
        }
        Benchmark("spoof/check/\(set)/ICUKit") { benchmark in
            for _ in benchmark.scaledIterations { for name in names { blackHole(try! checker.check(name).failures.rawValue) } }
        }
        Benchmark("spoof/check/\(set)/RawICU") { benchmark in
            for _ in benchmark.scaledIterations { for name in names { blackHole(raw.check(name)) } }
        }
    }
    let million = userNames(1_000_000, seed: 39, mixed: true)
    Benchmark(
        "spoof/index/build-1M",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 0, maxIterations: 3)
    ) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! ConfusableIndex(million, checker: checker).count) }
    }
    let candidates = userNames(10_000, seed: 40, mixed: false).enumerated().map { $0.offset % 2 == 0 ? cyrillicLookAlike($0.element) : $0.element }
    nonisolated(unsafe) var index: ConfusableIndex?
    Benchmark(
        "spoof/index/lookup-10k",
        configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .microseconds, setup: { index = try! ConfusableIndex(million, checker: checker) })
    ) { benchmark in
        for _ in benchmark.scaledIterations { for candidate in candidates { blackHole(try! index!.matches(for: candidate).count) } }
    }
}
