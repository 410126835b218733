internal import CICU

/// How a candidate is scored.
enum CandidateKind: Sendable {
    /// A single-byte code page: scored from byte statistics through its 256-entry table.
    case singleByte
    /// ASCII-compatible multi-byte (UTF-8, Shift_JIS, GB18030…): decoded on a window.
    case multiByte
    /// UTF-16/32 without a BOM: decoded on a window from offset 0.
    case wide
    /// 7-bit stateful (ISO-2022-*, HZ): only when the input has escapes.
    case escaped
}

/// One encoding the detector knows how to weigh.
struct Candidate: Sendable {
    let converter: TextConverter
    let name: String
    let kind: CandidateKind
    /// Languages it is written in (indices into ``DetectionLanguageProfiles``); empty = every language.
    let languages: [Int]
    /// Prior cost (quarter nats): how rare the encoding is compared with its alternatives.
    let prior: Int32
    /// Single-byte only: the scalar of each byte, or `UInt32.max` when unmapped.
    let table: [UInt32]
    /// Single-byte only: class of each byte 0x80…0xFF.
    let highClass: [Int]
    /// Single-byte only, per language in `languages`: the cost of each byte 0x80…0xFF.
    let highCost: [[Int32]]
    /// For the multi-byte encodings few files use (Johab, EUC-TW), which bytes 0x80…0xFF
    /// they can hold: they are scored only on input that is not valid UTF-8 and whose high
    /// bytes all fit (else they cannot decode it, and other candidates skip no work for them).
    var possibleHighBytes: [Bool]? = nil
}

/// The candidates: every code page that real text in the modelled languages uses.
enum EncodingCatalog {
    static let western = ["fr", "de", "es", "pt", "it", "ca", "nl", "da", "sv", "nb", "fi", "is", "ga", "et"]
    static let central = ["pl", "cs", "sk", "hu", "sl", "hr", "ro", "de"]
    static let cyrillic = ["ru", "uk", "bg", "be", "mk", "sr"]
    static let baltic = ["lt", "lv", "et"]

    /// (ICU name, kind, languages, prior cost).
    static let entries: [(String, CandidateKind, [String], Int32)] = [
        ("UTF-8", .multiByte, [], 0),
        ("windows-1252", .singleByte, western, 0),
        ("ISO-8859-1", .singleByte, western, 1),
        ("ISO-8859-15", .singleByte, western, 3),
        ("windows-1250", .singleByte, central, 0),
        ("ISO-8859-2", .singleByte, central, 1),
        ("ibm-852", .singleByte, central, 8),
        ("x-mac-centraleurroman", .singleByte, central, 8),
        ("windows-1251", .singleByte, cyrillic, 0),
        ("KOI8-R", .singleByte, ["ru", "bg", "be", "uk"], 2),
        ("KOI8-U", .singleByte, ["uk", "ru", "be"], 3),
        ("ISO-8859-5", .singleByte, cyrillic, 3),
        ("IBM866", .singleByte, ["ru", "uk", "be", "bg"], 4),
        ("ibm-855", .singleByte, cyrillic, 8),
        ("x-mac-cyrillic", .singleByte, cyrillic, 8),
        ("windows-1253", .singleByte, ["el"], 0),
        ("ISO-8859-7", .singleByte, ["el"], 1),
        ("ibm-737", .singleByte, ["el"], 8),
        ("windows-1255", .singleByte, ["he"], 0),
        ("ISO-8859-8", .singleByte, ["he"], 1),
        ("ibm-862", .singleByte, ["he"], 8),
        ("windows-1256", .singleByte, ["ar", "fa"], 0),
        ("ISO-8859-6", .singleByte, ["ar", "fa"], 1),
        ("windows-1254", .singleByte, ["tr"], 0),
        ("ISO-8859-9", .singleByte, ["tr"], 1),
        ("ISO-8859-3", .singleByte, ["mt", "eo", "tr"], 2),
        ("windows-1257", .singleByte, baltic, 0),
        ("ISO-8859-13", .singleByte, baltic + ["pl", "hr", "sl"], 1),
        ("ISO-8859-4", .singleByte, baltic, 2),
        ("ISO-8859-10", .singleByte, baltic + ["is"], 3),
        ("windows-874", .singleByte, ["th"], 0),
        ("windows-1258", .singleByte, ["vi"], 0),
        ("VISCII", .singleByte, ["vi"], 10),
        ("ISO-8859-16", .singleByte, ["ro", "pl", "hu", "sl", "hr", "de", "fr", "it"], 10),
        ("macintosh", .singleByte, western, 10),
        ("Shift_JIS", .multiByte, ["ja"], 0),
        ("EUC-JP", .multiByte, ["ja"], 1),
        ("GB18030", .multiByte, ["zh-Hans", "zh-Hant"], 0),
        ("Big5", .multiByte, ["zh-Hant"], 0),
        ("EUC-KR", .multiByte, ["ko"], 0),
        ("windows-949", .multiByte, ["ko"], 1),
        ("Johab", .multiByte, ["ko"], 6),
        ("EUC-TW", .multiByte, ["zh-Hant"], 4),
        ("UTF-16LE", .wide, [], 2),
        ("UTF-16BE", .wide, [], 2),
        ("UTF-32LE", .wide, [], 4),
        ("UTF-32BE", .wide, [], 4),
        ("ISO-2022-JP", .escaped, ["ja"], 0),
        ("ISO-2022-KR", .escaped, ["ko"], 0),
        ("ISO-2022-CN", .escaped, ["zh-Hans", "zh-Hant"], 0),
        ("HZ-GB-2312", .escaped, ["zh-Hans"], 2),
    ]

    static let all: [Candidate] = entries.compactMap { make($0.0, kind: $0.1, languages: $0.2, prior: $0.3) }

    /// The other form of ş ţ Ş Ţ (cedilla) and ș ț Ș Ț (comma below).
    static func commaCedillaTwin(_ value: UInt32) -> UInt32? {
        switch value {
        case 0x015E, 0x015F: return value + 0x0218 - 0x015E
        case 0x0162, 0x0163: return value + 0x021A - 0x0162
        case 0x0218, 0x0219: return value - 0x0218 + 0x015E
        case 0x021A, 0x021B: return value - 0x021A + 0x0162
        default: return nil
        }
    }

    /// A candidate for an arbitrary ICU converter (from an allowed list).
    static func make(_ name: String, kind: CandidateKind?, languages: [String], prior: Int32) -> Candidate? {
        guard let converter = try? TextConverter(encodingName: name) else { return nil }
        let models = DetectionLanguageProfiles.shared
        let indices = languages.compactMap { models.language($0) }
        let isSingleByte: Bool
        switch converter.backend {
        case .icu(let pool): isSingleByte = pool.type == UCNV_SBCS
        case .table(let page): isSingleByte = !page.isJohab
        }
        let resolvedKind = kind ?? (isSingleByte ? .singleByte : .multiByte)
        var table: [UInt32] = []
        var highClass: [Int] = []
        var highCost: [[Int32]] = []
        if resolvedKind == .singleByte {
            table = converter.singleByteUnits()
            for byte in 0x80..<0x100 {
                let value = table[byte]
                highClass.append(value == .max ? 3 : DetectionLanguageProfiles.charClass(value))
            }
            for language in (indices.isEmpty ? Array(models.codes.indices) : indices) {
                highCost.append((0x80..<0x100).map { byte in
                    let value = table[byte]
                    if value == .max || DetectionLanguageProfiles.isBad(value) { return DetectionLanguageProfiles.badCost }
                    if value < 0x80 { return 0 }
                    // ş/ș and ţ/ț cost the same: code pages have one form or the other, and
                    // a text is Romanian whichever it spells (windows-1250 and ISO-8859-2 have
                    // the cedilla, ISO-8859-16 the comma below), so the prior decides.
                    return min(models.cost(of: value, language: language), Self.commaCedillaTwin(value).map { models.cost(of: $0, language: language) } ?? .max)
                })
            }
        }
        // ICU names some converters only by their table (`euc-tw-2014`): the catalogue's
        // name (`EUC-TW`) is then the label.
        let label = kind != nil && converter.name == converter.canonicalName ? name : converter.name
        var candidate = Candidate(converter: converter, name: label, kind: resolvedKind, languages: indices,
                                  prior: prior, table: table, highClass: highClass, highCost: highCost)
        if kind != nil {
            switch name {
            case "EUC-TW": candidate.possibleHighBytes = (0x80..<0x100).map { $0 == 0x8E || ($0 >= 0xA1 && $0 <= 0xFE) }
            case "Johab": candidate.possibleHighBytes = (0x80..<0x100).map { $0 != 0x80 && $0 != 0xFF }
            default: break
            }
        }
        return candidate
    }
}
