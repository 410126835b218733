// StringFormatFuzz: fuzzer-chosen format strings, substitutions, variations and arguments
// through the format string engine (StringCatalog.format, LocalizedStrings.format).
//
// Input: byte 0 picks the language (bits 0-2), isolation (bit 3), the device asked for
// (bits 4-5) and whether a width is asked for (bit 6, the width is byte 1); byte 1's low 3
// bits give the argument count, the next bytes pick each argument from a palette
// (integers at the edges, NaN, ±∞, strings with placeholders and right-to-left text).
// The rest is text (lossy UTF-8) split at NUL bytes into fields: the first is the key's
// text; a field `$name|spec|argNum|other|one|zero|few|…` defines a substitution (an empty
// argNum is none); `:category:text` a plural case (a `&` field makes them gettext plural
// cases, the rest of the `&` field being the Plural-Forms); `!device:text` a device case
// and `~width:text` a width case, each wrapping what comes before as its `other`.
// Bit 7 of byte 0 puts the text in the source language only, so the chosen language
// falls back to it.
//
// Checked: formatting returns a string or throws a StringsError of kind missing-argument,
// argument-type or invalid-format naming the key; the catalog and LocalizedStrings agree
// (same string or same error kind); a non-empty text without `%` and without variations
// formats to itself (an empty one falls back to the key); argumentKinds(of:language:)
// answers.
import FuzzSupport
import ICUKit

private let languages = ["en", "ru", "ar", "fr", "ja", "pl", "de-CH", "he"]
private let devices = ["other", "iphone", "mac", "applewatch"]
private let palette: [StringArgument] = [
    0, 1, 2, 5, 21, 1_234_567, -1, .integer(.max), .integer(.min), .integer(1 << 32), 1.5, -0.0, .double(.nan),
    .double(.infinity), .double(-.infinity), 1e300, 5e-324, "Anna", "", "%@ %lld %#@x@", "مرحبا", "12", "\u{0}", "e\u{301}",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let control = data[0]
    let language = languages[Int(control & 7)]
    let isolate = control & 8 != 0
    let device = devices[Int(control >> 4) & 3]
    let width: Int? = control & 0x40 != 0 ? Int(data[1]) : nil
    let count = Int(data[1] & 7)
    guard size >= 2 + count else { return 0 }
    let arguments = (0..<count).map { palette[Int(data[2 + $0]) % palette.count] }
    let text = String(decoding: UnsafeBufferPointer(start: data + 2 + count, count: size - 2 - count), as: UTF8.self)
    let fields = text.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)

    var substitutions: [String: StringCatalog.Substitution] = [:]
    var pluralCases: [String: StringCatalog.Localization] = [:]
    var pluralForms: String?
    var wrappers: [(StringCatalog.Variations.Kind, String, String)] = []
    for field in fields.dropFirst() {
        guard let first = field.first else { continue }
        let body = String(field.dropFirst())
        switch first {
        case "$":
            let parts = body.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2 else { continue }
            var cases: [String: StringCatalog.Localization] = [:]
            for (category, value) in zip(["other", "one", "zero", "few", "many", "two"], parts.dropFirst(3)) {
                cases[category] = StringCatalog.Localization(unit: StringCatalog.StringUnit(state: .translated, value: value))
            }
            substitutions[parts[0]] = StringCatalog.Substitution(
                argNum: parts.count > 2 ? Int(parts[2]) : nil, formatSpecifier: parts[1],
                variations: cases.isEmpty ? nil : StringCatalog.Variations(kind: .plural, cases: cases))
        case ":":
            let parts = body.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            pluralCases[parts[0]] = StringCatalog.Localization(
                unit: StringCatalog.StringUnit(state: .translated, value: parts.count > 1 ? parts[1] : ""))
        case "&": pluralForms = body
        case "!", "~":
            let parts = body.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            wrappers.append((first == "!" ? .device : .width, parts[0], parts.count > 1 ? parts[1] : ""))
        default: continue
        }
    }

    var localization = StringCatalog.Localization(unit: StringCatalog.StringUnit(state: .translated, value: fields[0]))
    if !pluralCases.isEmpty {
        let gettext = pluralForms != nil
        var cases = pluralCases
        if cases[gettext ? "0" : "other"] == nil { cases[gettext ? "0" : "other"] = localization }
        localization = StringCatalog.Localization(variations: StringCatalog.Variations(kind: gettext ? .gettextPlural : .plural, cases: cases))
    }
    for (kind, name, value) in wrappers {
        var cases = [name: StringCatalog.Localization(unit: StringCatalog.StringUnit(state: .translated, value: value))]
        cases[kind == .width ? "1000" : "other"] = localization
        localization = StringCatalog.Localization(variations: StringCatalog.Variations(kind: kind, cases: cases))
    }
    localization.substitutions = substitutions

    var catalog = StringCatalog(sourceLanguage: "en", origin: pluralForms != nil ? .gettext : .xcstrings)
    if let pluralForms { catalog.gettextPluralForms[language] = pluralForms }
    let textLanguage = control & 0x80 != 0 ? "en" : language
    catalog["k"] = StringCatalog.Entry(key: "k", localizations: [textLanguage: localization])

    let direct: Result<String, StringsError>
    do { direct = .success(try catalog.format("k", arguments, language: language, device: device, width: width, isolate: isolate)) } catch {
        direct = .failure(error)
    }
    let served: Result<String, StringsError>
    do {
        served = .success(try LocalizedStrings(catalog).format("k", arguments, language: language, device: device, width: width, isolate: isolate))
    } catch {
        served = .failure(error)
    }
    switch (direct, served) {
    case (.success(let a), .success(let b)):
        expect(a == b, "catalog and LocalizedStrings differ: \(a.debugDescription) vs \(b.debugDescription)")
        if fields.count == 1, !fields[0].isEmpty, !fields[0].utf8.contains(UInt8(ascii: "%")) {
            expect(a == fields[0], "a text without placeholders changed: \(a.debugDescription)")
        }
    case (.failure(let a), .failure(let b)):
        expect([.missingArgument, .argumentType, .invalidFormat].contains(a.kind), "unexpected error \(a)")
        expect(a.kind == b.kind, "catalog and LocalizedStrings fail differently: \(a) vs \(b)")
        expect(a.key == "k", "the error does not name the key: \(a)")
    default:
        fatalError("catalog and LocalizedStrings disagree: \(direct) vs \(served)")
    }
    _ = catalog.argumentKinds(of: "k", language: language)
    return 0
}
