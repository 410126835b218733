// swift-tools-version: 6.0
import PackageDescription

// libFuzzer harnesses for ICUKit, one per entry point that takes untrusted input.
//
// Each harness is a plain library target that defines `LLVMFuzzerTestOneInput` with
// `@_cdecl` (never an `.executableTarget`: SwiftPM links it with `main=<Target>_main`, which
// fails with `-parse-as-library`, `undefined symbol 'UTF8Fuzz_main'`).
// `run.sh` builds the targets with `-sanitize=fuzzer,address` (so ICUKit is instrumented
// too) and links each harness's object files with ICUKit's into a fuzzer binary with
// `swiftc -sanitize=fuzzer,address`, which adds libFuzzer's `main`. Harnesses import
// ICUKit only (never Foundation). See README.md.
let harness = [
    SwiftSetting.unsafeFlags(["-parse-as-library"]),
]

let package = Package(
    name: "ICUKitFuzz",
    dependencies: [
        .package(name: "ICUKit", path: ".."),
    ],
    targets: [
        .target(name: "FuzzSupport"),
        // Raw ICU (the oracle of the differential harness), through ICUKit's generated shims.
        .systemLibrary(name: "CICURaw", path: "Sources/CICURaw", pkgConfig: "icu-i18n"),
        .target(name: "DifferentialFuzz", dependencies: ["FuzzSupport", "CICURaw", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "SegmentFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "UTF8Fuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "PseudoFormatFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "LocaleFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "LocaleMatchFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "BidiFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "CollationFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "SearchFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "DateParseFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "DatePatternFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "NumberSkeletonFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "MessageFormatFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "NumberParseFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "CalendarFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "EncodingFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "EncodeFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "NormalizeFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "CaseMapFuzz", dependencies: ["FuzzSupport", "CICURaw", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "TransliterateFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "UnicodeSetFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "CharNameFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "LanguageFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "SpoofFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "IDNAFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "StringPrepFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "XCStringsFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "StringsFileFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "StringsDictFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "GettextPOFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "GettextMOFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
        .target(name: "StringFormatFuzz", dependencies: ["FuzzSupport", .product(name: "ICUKit", package: "ICUKit")], swiftSettings: harness),
    ],
    swiftLanguageModes: [.v6]
)
