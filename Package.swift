// swift-tools-version: 6.2
import PackageDescription

// ICUKit: Swift APIs over the system ICU. The library depends on ICU only.
// Every ICUKit file imports CICU with `internal import`, so no ICU declaration reaches a
// client, which may import Foundation (with its own ICU headers) next to ICUKit;
// see ARCHITECTURE.md.
let package = Package(
    name: "ICUKit",
    products: [
        .library(name: "ICUKit", targets: ["ICUKit"]),
        .executable(name: "icukit", targets: ["icukit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CICU",
            path: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // ICU's UTF-8 normalization (icu::Normalizer2::normalizeUTF8): C++ API only, behind a
        // small C header with ICU-free types (see ARCHITECTURE.md, "The C edge").
        // Depends on CICU for the ICU pkg-config flags (include path) and libraries.
        .target(name: "CICUUTF8Norm", dependencies: ["CICU"]),
        // Transliteration on a gap buffer ICUKit owns (icu::Replaceable): linear in the text's
        // length and bounded in its growth (see ARCHITECTURE.md, "The C edge"); and
        // MessageFormat's arguments as ICU's MessagePattern reads them, formatted by name.
        .target(name: "CICUTranslit", dependencies: ["CICU"]),
        // The language-recognition model, embedded as bytes (`#embed`; see its source).
        .target(name: "CICULanguageModel", exclude: ["LanguageModel.c.bin"]),
        // The normalization and case-mapping tables, generated from ICU and embedded the same way.
        .target(name: "CICUTextTables", exclude: ["TextTables.c.bin"]),
        .target(name: "ICUKit", dependencies: ["CICU", "CICUUTF8Norm", "CICUTranslit", "CICULanguageModel", "CICUTextTables"]),
        .executableTarget(
            name: "icukit",
            dependencies: ["ICUKit"],
            // Release builds link the Swift runtime statically: the loader binds ~8M fewer
            // symbols at every start (an empty `icukit convert`: 19.3M -> 13.2M instructions,
            // see BENCHMARKS.md, "Command line, whole process"). Debug builds, which the tests link against,
            // stay dynamic.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-l_FoundationCollections", "-l_FoundationCShims"], .when(platforms: [.linux], configuration: .release))]
        ),
        .testTarget(
            name: "ICUKitTests",
            dependencies: ["ICUKit"],
            exclude: ["Collation/Data", "Calendars/Data", "Text/Data", "Identifiers/Data"]  // read from the source tree by path (see CollationConformanceTests)
        ),
        .testTarget(name: "icukitTests", dependencies: ["icukit"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17  // ICU 75+ headers need C++17
)
