// An app's strings served: loading a generated 5,000-key, 10-language catalog and 1M
// warm lookups on one core, ICUKit (StringCatalog + LocalizedStrings) beside Foundation's
// `.strings` lookup on Linux (Bundle.localizedString(forKey:value:table:) on each
// `<lang>.lproj`; Foundation reads no catalogs and crashes on `.stringsdict` there) and,
// through ../strings-bench.sh, Python's gettext on the same strings as `.mo` files.
//   swift run -c release StringsTiming [FOLDER] [LOOKUPS]   (default: a temporary folder, 1,000,000)
// Writes FOLDER/Catalog.xcstrings, FOLDER/lproj/<lang>.lproj/Localizable.strings,
// FOLDER/po/<lang>.po and FOLDER/keys.txt (the lookup order), then prints one line per row:
// `ROW PEER MICROSECONDS-PER-OPERATION`.
import Foundation
import ICUKit

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : NSTemporaryDirectory() + "icukit-strings-bench"
let lookups = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 1_000_000 : 1_000_000
let languages = ["en", "de", "fr", "es", "it", "pl", "ru", "ar", "ja", "zh-Hans"]
let keyCount = 5_000

// The catalog: 4,000 plain keys (every other one with a `%@`), 1,000 plurals.
var catalog = StringCatalog(sourceLanguage: "en")
for index in 0..<keyCount {
    let key = "screen.\(index / 50).item.\(index)"
    var localizations: [String: StringCatalog.Localization] = [:]
    for language in languages {
        if index % 5 == 4 {
            localizations[language] = .init(variations: .init(kind: .plural, cases: [
                "one": .init(unit: .init(state: .translated, value: "%lld item \(index) (\(language))")),
                "few": .init(unit: .init(state: .translated, value: "%lld items \(index) few (\(language))")),
                "many": .init(unit: .init(state: .translated, value: "%lld items \(index) many (\(language))")),
                "other": .init(unit: .init(state: .translated, value: "%lld items \(index) (\(language))")),
            ]))
        } else {
            let text = index % 2 == 1 ? "Text \(index) for %@ in \(language)" : "Text number \(index) in \(language)"
            localizations[language] = .init(unit: .init(state: .translated, value: text))
        }
    }
    catalog[key] = .init(key: key, localizations: localizations)
}
let fileManager = FileManager.default
try? fileManager.removeItem(atPath: folder)
try fileManager.createDirectory(atPath: folder + "/po", withIntermediateDirectories: true)
let catalogPath = folder + "/Catalog.xcstrings"
try Data(catalog.xcstrings()).write(to: URL(fileURLWithPath: catalogPath))
for language in languages {
    let lproj = folder + "/lproj/\(language).lproj"
    try fileManager.createDirectory(atPath: lproj, withIntermediateDirectories: true)
    try Data(catalog.stringsFiles(language: language).strings).write(to: URL(fileURLWithPath: lproj + "/Localizable.strings"))
    try Data(catalog.poFile(language: language)).write(to: URL(fileURLWithPath: folder + "/po/\(language).po"))
}
// The lookup order: keys without placeholders, pseudo-random, the same for every peer.
var state: UInt64 = 0x9E37_79B9_7F4A_7C15
var plainKeys: [String] = []
for index in 0..<keyCount where index % 5 != 4 && index % 2 == 0 { plainKeys.append("screen.\(index / 50).item.\(index)") }
var order: [Int] = []
for _ in 0..<4096 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    order.append(Int(state >> 33) % plainKeys.count)
}
try order.map { plainKeys[$0] }.joined(separator: "\n").write(toFile: folder + "/keys.txt", atomically: true, encoding: .utf8)

let clock = ContinuousClock()
func micros(_ duration: Duration, _ count: Int) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(count)
}
func report(_ row: String, _ peer: String, _ value: Double) { print("\(row) \(peer) \(String(format: "%.4f", value))") }
func best(_ runs: Int, _ body: () throws -> Duration) rethrows -> Duration {
    var result = Duration.seconds(1_000_000)
    for _ in 0..<runs { result = min(result, try body()) }
    return result
}

// Load: the catalog file to a served catalog (ICUKit), the ten tables (Foundation).
var served: LocalizedStrings?
let icuLoad = try best(5) {
    served = nil  // the previous load's release is no part of this one
    let start = clock.now
    served = LocalizedStrings(try StringCatalog(contentsOf: catalogPath))
    return clock.now - start
}
report("load", "ICUKit", micros(icuLoad, 1))
// Foundation keeps each bundle and its loaded tables for the process's life: only the
// first load is a load.
var bundles: [Bundle] = []
let foundationLoad = best(1) {
    let start = clock.now
    bundles = languages.map { Bundle(path: folder + "/lproj/\($0).lproj")! }
    for bundle in bundles { _ = bundle.localizedString(forKey: plainKeys[0], value: nil, table: nil) }
    return clock.now - start
}
report("load", "Foundation", micros(foundationLoad, 1))

// 1M lookups: ten languages in turn, keys in the shared order; strings without arguments.
let strings = served!
let keys = order.map { plainKeys[$0] }
let perLanguage = lookups / languages.count
var sink = 0
let icuLookup = try best(3) {
    let start = clock.now
    for language in languages {
        for index in 0..<perLanguage { sink &+= try strings.format(keys[index & 4095], [], language: language).utf8.count }
    }
    return clock.now - start
}
report("lookup", "ICUKit", micros(icuLookup, perLanguage * languages.count))
let foundationLookup = best(3) {
    let start = clock.now
    for bundle in bundles {
        for index in 0..<perLanguage { sink &+= bundle.localizedString(forKey: keys[index & 4095], value: nil, table: nil).utf8.count }
    }
    return clock.now - start
}
report("lookup", "Foundation", micros(foundationLookup, perLanguage * languages.count))

// Lookup and format one `%@` or `%lld` argument (a plural in ICUKit; Foundation formats
// the same string's `other` text with its locale, as String.localizedStringWithFormat).
let formatKeys = (0..<4096).map { index -> (String, Bool) in
    let key = index % 2 == 0 ? keyCount - 1 - (index % 1000) * 5 : 1 + 2 * (index % 1000)
    return ("screen.\(key / 50).item.\(key)", key % 5 == 4)
}
let formatCount = lookups / 10
let icuFormat = try best(3) {
    let start = clock.now
    for language in languages {
        for index in 0..<(formatCount / languages.count) {
            let (key, plural) = formatKeys[index & 4095]
            sink &+= try strings.format(key, plural ? [.integer(Int64(index & 1023))] : ["Anna"], language: language).utf8.count
        }
    }
    return clock.now - start
}
report("format", "ICUKit", micros(icuFormat, formatCount))
let locales = languages.map { Locale(identifier: $0) }
let foundationFormat = best(3) {
    let start = clock.now
    for (bundle, locale) in zip(bundles, locales) {
        for index in 0..<(formatCount / languages.count) {
            let (key, plural) = formatKeys[index & 4095]
            let text = bundle.localizedString(forKey: key, value: nil, table: nil)
            let value = plural ? String(format: text, locale: locale, index & 1023) : String(format: text, locale: locale, "Anna")
            sink &+= value.utf8.count
        }
    }
    return clock.now - start
}
report("format", "Foundation", micros(foundationFormat, formatCount))
if sink == 42 { print("") }
