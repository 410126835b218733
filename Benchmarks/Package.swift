// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for ICUKit (package-benchmark). Run from this folder:
//   swift package --disable-sandbox benchmark
// Instruction counts (noise-free on a shared machine) and whole-process comparisons:
// ./report.sh, which writes BENCHMARKS.md (its sections call ./callgrind.sh and the others).
//
// Peers live in separate targets because a module that imports Foundation cannot also
// see ICU's C module (Foundation carries its own ICU headers; see ARCHITECTURE.md):
//   RawICU          raw ICU C loops through RawCICU (never imports Foundation)
//   FoundationPeers Foundation's NSString APIs (never sees CICU)

/// One package-benchmark target per capability: ICUKit beside raw ICU (`RawICU`) and the
/// given peers, in `Benchmarks/<name>/`.
func benchmarkTarget(_ name: String, peers: [Target.Dependency] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: [.product(name: "ICUKit", package: "ICUKit"), "RawICU"] + peers
            + [.product(name: "Benchmark", package: "benchmark")],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "ICUKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        // Named, so that the product reference does not depend on the checkout folder's name.
        .package(name: "ICUKit", path: ".."),
    ],
    targets: [
        // The root's generated CICU header (CICU/shim.h), reached by a relative path: the
        // root does not export CICU as a product, and target names must be unique across
        // the package graph, so this module is named RawCICU.
        .systemLibrary(
            name: "RawCICU",
            path: "Sources/RawCICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        .target(name: "RawICU", dependencies: ["RawCICU"]),
        .target(name: "FoundationPeers"),
        // The texts: real prose per script, and short sentences.
        .target(name: "SegmentationCorpus"),
        // One warm walk per run, for instruction counts under callgrind (callgrind.sh).
        .executableTarget(
            name: "SegmentationInstructions",
            dependencies: [.product(name: "ICUKit", package: "ICUKit"), "RawICU", "SegmentationCorpus"]
        ),
        benchmarkTarget("SegmentationBenchmarks", peers: ["FoundationPeers", "SegmentationCorpus"]),
        benchmarkTarget("BidiBenchmarks", peers: ["SegmentationCorpus"]),
        benchmarkTarget("EncodingBenchmarks", peers: ["FoundationPeers"]),
        benchmarkTarget("CollationBenchmarks", peers: ["FoundationPeers", "SegmentationCorpus"]),
        // One warm pass for instruction counts under callgrind (dates-callgrind.sh).
        .executableTarget(
            name: "DateFormatInstructions",
            dependencies: [.product(name: "ICUKit", package: "ICUKit"), "RawICU"]
        ),
        // Warm conversions of dates to calendar fields, beside raw ICU and Foundation
        // (calendar-callgrind.sh).
        .executableTarget(
            name: "CalendarInstructions",
            dependencies: [.product(name: "ICUKit", package: "ICUKit"), "RawICU", "FoundationPeers"]
        ),
        benchmarkTarget("DateFormatBenchmarks", peers: ["FoundationPeers"]),
        benchmarkTarget("NumberBenchmarks", peers: ["FoundationPeers"]),
        benchmarkTarget("CalendarBenchmarks", peers: ["FoundationPeers"]),
        benchmarkTarget("TextBenchmarks", peers: ["FoundationPeers", "SegmentationCorpus"]),
        benchmarkTarget("SpoofBenchmarks"),
        benchmarkTarget("IdentifierBenchmarks"),
        // One warm normalization or case mapping for instruction counts (text-callgrind.sh).
        .executableTarget(
            name: "TextInstructions",
            dependencies: [.product(name: "ICUKit", package: "ICUKit"), "RawICU", "SegmentationCorpus"]
        ),
        // Bidi runs and reordering of 200 UI strings or a 64 KiB document (bidi-callgrind.sh).
        .executableTarget(
            name: "BidiInstructions",
            dependencies: [.product(name: "ICUKit", package: "ICUKit"), "RawICU", "SegmentationCorpus"]
        ),
        // 200 short transliterations for instruction counts (translit-callgrind.sh).
        .executableTarget(
            name: "TransliterationInstructions",
            dependencies: [.product(name: "ICUKit", package: "ICUKit"), "RawICU", "FoundationPeers", "SegmentationCorpus"]
        ),
        // One shared Segmenter/Collator/TextConverter/formatter used by 1, 2, 4, 8 threads.
        .executableTarget(
            name: "ScalingTiming",
            dependencies: [.product(name: "ICUKit", package: "ICUKit"), "SegmentationCorpus"]
        ),
        // One match among 100 locales, beside ICU's C++ matcher (locale-match.sh).
        .executableTarget(
            name: "LocaleMatchTiming",
            dependencies: [.product(name: "ICUKit", package: "ICUKit")]
        ),
        // A 5,000-key, 10-language catalog loaded and looked up, beside Foundation's
        // .strings lookup (strings-bench.sh adds Python's gettext).
        .executableTarget(
            name: "StringsTiming",
            dependencies: [.product(name: "ICUKit", package: "ICUKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
