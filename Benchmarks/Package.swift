// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for ICUKit (package-benchmark). Run from this folder:
//   swift package --disable-sandbox benchmark
// and, for instruction counts (noise-free on a shared machine), ./callgrind.sh.
//
// Peers live in separate targets because a module that imports Foundation cannot also
// see ICU's C module (Foundation carries its own ICU headers; see ARCHITECTURE.md):
//   RawICU          raw ICU C loops through RawCICU (never imports Foundation)
//   FoundationPeers Foundation's NSString APIs (never sees CICU)
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
        .executableTarget(
            name: "SegmentationBenchmarks",
            dependencies: [
                .product(name: "ICUKit", package: "ICUKit"),
                "RawICU",
                "FoundationPeers",
                "SegmentationCorpus",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SegmentationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "BidiBenchmarks",
            dependencies: [
                .product(name: "ICUKit", package: "ICUKit"),
                "RawICU",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/BidiBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "EncodingBenchmarks",
            dependencies: [
                .product(name: "ICUKit", package: "ICUKit"),
                "RawICU",
                "FoundationPeers",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EncodingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CollationBenchmarks",
            dependencies: [
                .product(name: "ICUKit", package: "ICUKit"),
                "RawICU",
                "FoundationPeers",
                "SegmentationCorpus",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CollationBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // One warm pass for instruction counts under callgrind (dates-callgrind.sh).
        .executableTarget(
            name: "DateFormatInstructions",
            dependencies: [.product(name: "ICUKit", package: "ICUKit"), "RawICU"]
        ),
        .executableTarget(
            name: "DateFormatBenchmarks",
            dependencies: [
                .product(name: "ICUKit", package: "ICUKit"),
                "RawICU",
                "FoundationPeers",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/DateFormatBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "NumberBenchmarks",
            dependencies: [
                .product(name: "ICUKit", package: "ICUKit"),
                "RawICU",
                "FoundationPeers",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/NumberBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "CalendarBenchmarks",
            dependencies: [
                .product(name: "ICUKit", package: "ICUKit"),
                "RawICU",
                "FoundationPeers",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CalendarBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
