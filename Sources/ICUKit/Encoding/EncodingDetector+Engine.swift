internal import CICU
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Languages it is written in (indices into ``LanguageModels``); empty = every language.
    let languages: [Int]
    /// Prior cost (quarter nats): how rare the encoding is compared with its alternatives.
    let prior: Int32
    /// Single-byte only: the scalar of each byte, or `UInt32.max` when unmapped.
    let table: [UInt32]
    /// Single-byte only: class of each byte 0x80…0xFF.
    let highClass: [Int]
    /// Single-byte only, per language in `languages`: the cost of each byte 0x80…0xFF.
    let highCost: [[Int32]]
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
        ("ISO-8859-13", .singleByte, baltic + ["pl"], 1),
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

    /// A candidate for an arbitrary ICU converter (from an allowed list).
    static func make(_ name: String, kind: CandidateKind?, languages: [String], prior: Int32) -> Candidate? {
        guard let converter = try? TextConverter(encodingName: name) else { return nil }
        let models = LanguageModels.shared
        let indices = languages.compactMap { models.language($0) }
        let isSingleByte: Bool
        switch converter.backend {
        case .icu(let pool): isSingleByte = pool.type == UCNV_SBCS
        case .table: isSingleByte = true
        }
        let resolvedKind = kind ?? (isSingleByte ? .singleByte : .multiByte)
        var table: [UInt32] = []
        var highClass: [Int] = []
        var highCost: [[Int32]] = []
        if resolvedKind == .singleByte {
            for byte in 0..<256 {
                let units = (try? converter.decode([UInt8(byte)])).map { Array($0.utf16) } ?? []
                table.append(units.count == 1 ? UInt32(units[0]) : UInt32.max)
            }
            for byte in 0x80..<0x100 {
                let value = table[byte]
                highClass.append(value == .max ? 3 : LanguageModels.charClass(value))
            }
            for language in (indices.isEmpty ? Array(models.codes.indices) : indices) {
                highCost.append((0x80..<0x100).map { byte in
                    let value = table[byte]
                    if value == .max || LanguageModels.isBad(value) { return LanguageModels.badCost }
                    if value < 0x80 { return 0 }
                    if value < 0x10000, case let id = models.globalIndex[Int(value)], id >= 0 {
                        return Int32(models.costs[language][Int(id)])
                    }
                    return models.unseenCost[language]
                })
            }
        }
        return Candidate(converter: converter, name: converter.name, kind: resolvedKind, languages: indices,
                         prior: prior, table: table, highClass: highClass, highCost: highCost)
    }
}

/// A hash (FNV-1a) of what a candidate decoded, equal for identical decodings; cheaper
/// than keeping and hashing the characters (`Hasher` showed in callgrind).
struct DecodingKey {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var isEmpty = true
    var allASCII = true

    @inline(__always) mutating func add(_ value: UInt32) {
        hash = (hash ^ UInt64(value)) &* 0x100_0000_01B3
        isEmpty = false
        if value >= 0x80 { allASCII = false }
    }
}

/// One scored candidate.
struct Scored {
    let candidate: Candidate
    var cost: Int32
    var language: Int?
    var errors: Int
    /// A key equal for candidates that decode the sample to the same text.
    var decodingKey: DecodingKey
    /// Whether the score saw every byte (else the whole input is validated before it wins).
    var complete = true
}

/// One detection run with a resolved configuration.
struct DetectionEngine {
    let candidates: [Candidate]
    let suggested: Set<String>
    let declared: String?
    let findsDeclared: Bool
    let languageHint: Int?
    let allowsLossy: Bool
    let allowedCanonical: Set<String>?
    let inputIsPrefix: Bool

    static let window = 8192
    static let errorCost: Int32 = 60
    static let declaredBonus: Int32 = 24
    static let foundDeclaredBonus: Int32 = 12
    static let suggestedBonus: Int32 = 8
    static let hintBonus: Int32 = 12

    init(configuration: EncodingDetector) throws(TextConversionError) {
        func canonical(_ name: String) throws(TextConversionError) -> String {
            do { return try TextConverter(encodingName: name).canonicalName } catch { throw .unknownEncoding(name) }
        }
        var candidates = EncodingCatalog.all
        if let allowed = configuration.allowedEncodings {
            var names = Set<String>()
            for name in allowed { names.insert(try canonical(name)) }
            allowedCanonical = names
            candidates = candidates.filter { names.contains($0.converter.canonicalName) }
            let known = Set(candidates.map(\.converter.canonicalName))
            for name in allowed where !known.contains(try canonical(name)) {
                // Any other ICU converter: scored by decoding, against every language.
                if let extra = EncodingCatalog.make(name, kind: nil, languages: [], prior: 4),
                   !candidates.contains(where: { $0.converter.canonicalName == extra.converter.canonicalName }) {
                    candidates.append(extra)
                }
            }
        } else {
            allowedCanonical = nil
        }
        self.candidates = candidates
        var suggested = Set<String>()
        for name in configuration.suggestedEncodings { suggested.insert(try canonical(name)) }
        self.suggested = suggested
        declared = try configuration.declaredEncoding.map { (name) throws(TextConversionError) in try canonical(name) }
        findsDeclared = configuration.findsDeclaredEncoding
        allowsLossy = configuration.allowsLossyDecoding
        inputIsPrefix = configuration.inputIsPrefix
        if let hint = configuration.languageHint {
            let models = LanguageModels.shared
            let base = String(hint.map { $0 == "_" ? "-" : $0 })
            languageHint = models.language(base) ?? models.language(String(base.prefix(while: { $0 != "-" })))
                ?? (base.hasPrefix("zh") ? models.language(base.contains("TW") || base.contains("HK") || base.contains("Hant") ? "zh-Hant" : "zh-Hans") : nil)
        } else {
            languageHint = nil
        }
    }

    func allowed(_ name: String) -> Bool {
        guard let allowedCanonical else { return true }
        guard let converter = try? TextConverter(encodingName: name) else { return false }
        return allowedCanonical.contains(converter.canonicalName)
    }

    func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> [EncodingGuess] {
        let n = bytes.count
        if n == 0 {
            return [EncodingGuess(encoding: "UTF-8", confidence: 1, language: nil, hasByteOrderMark: false, isLossy: false)]
        }
        if let bom = byteOrderMark(bytes) { return [bom] }

        // Byte statistics in one pass (over at most 1 MiB).
        let limit = min(n, 1 << 20)
        var histogram = [Int32](repeating: 0, count: 256)
        for i in 0..<limit { histogram[Int(bytes[i])] &+= 1 }
        var high: Int32 = 0
        for b in 0x80..<0x100 { high += histogram[b] }
        var badASCII: Int32 = 0
        for b in 0..<0x20 where LanguageModels.isBad(UInt32(b)) && b != 0x1B { badASCII += histogram[b] }
        badASCII += histogram[0x7F]
        let hasEscape = histogram[0x1B] > 0 || (histogram[0x7E] > 0 && contains(bytes, [0x7E, 0x7B]))

        let utf8Valid = Self.isValidUTF8(bytes, prefix: inputIsPrefix)
        let declaredHere = findsDeclared && declared == nil ? findDeclaration(bytes) : nil

        if high == 0 && badASCII == 0 && !hasEscape && (n > 1 || bytes[0] != 0) {
            // Plain ASCII: every ASCII-compatible encoding reads it the same way.
            let name = allowed("UTF-8") ? "UTF-8" : (candidates.first { $0.kind != .wide && $0.kind != .escaped }?.name ?? "UTF-8")
            return [EncodingGuess(encoding: name, confidence: 1, language: nil, hasByteOrderMark: false, isLossy: false)]
        }

        let models = LanguageModels.shared
        var scored: [Scored] = []
        var scratch: [Int32] = []
        let stats = high > 0 ? SingleByteStats(bytes, limit: limit) : nil
        for candidate in candidates {
            switch candidate.kind {
            case .singleByte:
                guard let stats else {
                    scored.append(Scored(candidate: candidate, cost: badASCII * LanguageModels.badCost, language: nil, errors: 0, decodingKey: DecodingKey()))
                    continue
                }
                scored.append(scoreSingleByte(candidate, stats: stats, histogram: histogram, badASCII: badASCII, models: models))
            case .multiByte:
                if high == 0 && candidate.name != "UTF-8" { continue }
                if candidate.name == "UTF-8" && !utf8Valid && !allowsLossy && high > 0 {
                    // Still ranked (lossy) if nothing else decodes.
                }
                // Valid multi-byte UTF-8 settles the question: the others only need a glance.
                let window = utf8Valid && high > 0 && candidate.name != "UTF-8" ? 1024 : Self.window
                if let s = scoreDecoding(candidate, bytes, models: models, fromStart: false, window: window, scratch: &scratch) { scored.append(s) }
            case .wide:
                if !Self.plausiblyWide(bytes, candidate: candidate) { continue }
                let window = utf8Valid && high > 0 ? 1024 : Self.window
                if let s = scoreDecoding(candidate, bytes, models: models, fromStart: true, window: window, scratch: &scratch) { scored.append(s) }
            case .escaped:
                guard hasEscape, high == 0 else { continue }
                if var s = scoreDecoding(candidate, bytes, models: models, fromStart: true, scratch: &scratch) {
                    if s.decodingKey.allASCII { continue }  // escapes did nothing
                    // The ASCII-compatible readings keep the escape sequences as control
                    // characters: a clean ISO-2022/HZ decoding that used them wins outright;
                    // among those, the language statistics decide.
                    s.cost = s.cost / 64 - 2000
                    scored.append(s)
                }
            }
        }
        if high > 0 && utf8Valid {
            // Valid multi-byte UTF-8 is almost never an accident: it leads (by 10 nats), and
            // the others (glanced at on 1 KiB) only fill the ranking.
            let others = scored.filter { $0.candidate.name != "UTF-8" && $0.errors == 0 }.map(\.cost).min() ?? 0
            for i in scored.indices where scored[i].candidate.name == "UTF-8" {
                scored[i].cost = min(scored[i].cost, others) - 40
                scored[i].errors = 0
            }
        }
        for i in scored.indices {
            let canonical = scored[i].candidate.converter.canonicalName
            if canonical == declared { scored[i].cost -= Self.declaredBonus }
            else if canonical == declaredHere { scored[i].cost -= Self.foundDeclaredBonus }
            if suggested.contains(canonical) { scored[i].cost -= Self.suggestedBonus }
            scored[i].cost += Int32(scored[i].errors) * Self.errorCost + scored[i].candidate.prior
        }
        return rank(scored, bytes: bytes, models: models)
    }

    /// Orders candidates (clean decodings first unless lossy is acceptable), confirms the
    /// leaders decode the whole input, and turns costs into probabilities.
    func rank(_ input: [Scored], bytes: UnsafeBufferPointer<UInt8>, models: LanguageModels) -> [EncodingGuess] {
        var scored = input
        func order(_ a: Scored, _ b: Scored) -> Bool {
            if !allowsLossy && (a.errors == 0) != (b.errors == 0) { return a.errors == 0 }
            return a.cost < b.cost
        }
        scored.sort(by: order)
        // Window-scored multi-byte leaders must decode the whole input.
        var checked = 0
        var i = 0
        while i < scored.count && checked < 4 {
            let s = scored[i]
            if s.errors == 0 && !s.complete {
                checked += 1
                let valid = s.candidate.name == "UTF-8" ? Self.isValidUTF8(bytes, prefix: inputIsPrefix) : Self.decodesCleanly(s.candidate, bytes, prefix: inputIsPrefix)
                if !valid {
                    scored[i].errors = 1
                    scored[i].cost += Self.errorCost
                    scored.sort(by: order)
                    i = 0
                    continue
                }
            }
            if s.errors == 0 || allowsLossy { break }
            i += 1
        }
        if !allowsLossy, scored.contains(where: { $0.errors == 0 }) {
            scored.removeAll { $0.errors > 0 }
        }
        guard let best = scored.first?.cost else { return [] }
        // Probabilities: softmax over costs (quarter nats), pooled over identical decodings.
        var weights = scored.map { exp(-Double($0.cost - best) / 4) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        // Pool the probability of candidates that decode to the same text (hash of the key).
        var pooled: [Int: Double] = [:]
        let hashes = scored.map { $0.decodingKey.isEmpty ? 0 : Int(truncatingIfNeeded: $0.decodingKey.hash | 1) }
        for (index, hash) in hashes.enumerated() where hash != 0 { pooled[hash, default: 0] += weights[index] }
        var guesses: [EncodingGuess] = []
        var seen = Set<String>()
        for (index, s) in scored.enumerated() {
            guard seen.insert(s.candidate.name).inserted else { continue }
            let p = hashes[index] == 0 ? weights[index] : pooled[hashes[index]] ?? weights[index]
            let language = s.language.map { models.codes[$0] }
            guesses.append(EncodingGuess(encoding: s.candidate.name, confidence: min(1, (p * 1000).rounded() / 1000),
                                         language: language, hasByteOrderMark: false, isLossy: s.errors > 0))
        }
        return guesses
    }

    // MARK: Single-byte candidates

    struct SingleByteStats {
        /// For each high byte: preceded by an ASCII letter / other ASCII, followed by one.
        var afterLetter = [Int32](repeating: 0, count: 128)
        var afterOther = [Int32](repeating: 0, count: 128)
        var beforeLetter = [Int32](repeating: 0, count: 128)
        var beforeOther = [Int32](repeating: 0, count: 128)
        /// Pairs of high bytes (first << 7 | second) with their counts.
        var pairs: [(Int, Int32)] = []
        /// Which high bytes occur.
        var present: [Int] = []
        /// Transitions between ASCII classes (letter/other) outside markup tags: part of
        /// each language's likelihood (a language dense in accents pays for long ASCII runs).
        var asciiTransitions = [Int32](repeating: 0, count: 16)
        /// ASCII letters a…z (case folded) outside markup tags.
        var letters = [Int32](repeating: 0, count: 26)

        init(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
            var pairCounts = [Int32](repeating: 0, count: 128 * 128)
            var seen = [Bool](repeating: false, count: 128)
            var previous = 0x20
            var inTag = false
            var ascii = [Int32](repeating: 0, count: 4)
            for i in 0..<limit {
                let b = Int(bytes[i])
                if b < 0x80 && previous < 0x80 {
                    if b == 0x3C { inTag = true } else if b == 0x3E { inTag = false }
                    if !inTag {
                        ascii[(Self.isLetter(previous) ? 0 : 2) + (Self.isLetter(b) ? 0 : 1)] += 1
                        if Self.isLetter(b) { letters[(b | 0x20) - 0x61] += 1 }
                    }
                }
                if b >= 0x80 {
                    let h = b - 0x80
                    if !seen[h] { seen[h] = true; present.append(h) }
                    if previous >= 0x80 {
                        pairCounts[(previous - 0x80) << 7 | h] += 1
                    } else if Self.isLetter(previous) { afterLetter[h] += 1 } else { afterOther[h] += 1 }
                } else if previous >= 0x80 {
                    if Self.isLetter(b) { beforeLetter[previous - 0x80] += 1 } else { beforeOther[previous - 0x80] += 1 }
                }
                previous = b
            }
            for a in present { for b in present where pairCounts[a << 7 | b] != 0 { pairs.append((a << 7 | b, pairCounts[a << 7 | b])) } }
            asciiTransitions[0] = ascii[0]; asciiTransitions[1] = ascii[1]; asciiTransitions[4] = ascii[2]; asciiTransitions[5] = ascii[3]
        }

        @inline(__always) static func isLetter(_ b: Int) -> Bool { let l = b | 0x20; return l >= 0x61 && l <= 0x7A }
    }

    func scoreSingleByte(_ c: Candidate, stats: SingleByteStats, histogram: [Int32], badASCII: Int32, models: LanguageModels) -> Scored {
        var transitions = stats.asciiTransitions
        var errors = 0
        for h in stats.present {
            let cls = c.highClass[h]
            transitions[0 * 4 + cls] += stats.afterLetter[h]
            transitions[1 * 4 + cls] += stats.afterOther[h]
            transitions[cls * 4 + 0] += stats.beforeLetter[h]
            transitions[cls * 4 + 1] += stats.beforeOther[h]
            if c.table[h + 0x80] == .max { errors += Int(histogram[h + 0x80]) }
        }
        for (pair, count) in stats.pairs { transitions[c.highClass[pair >> 7] * 4 + c.highClass[pair & 127]] += count }
        var bestCost = Int32.max
        var bestLanguage: Int? = nil
        let languages = c.languages.isEmpty ? Array(models.codes.indices) : c.languages
        for (slot, language) in languages.enumerated() {
            let costs = c.highCost[slot]
            var total: Int32 = badASCII * LanguageModels.badCost
            for h in stats.present { total += costs[h] * histogram[h + 0x80] }
            // Code pages with letters among the C0 controls (VISCII): those bytes are text.
            for b in 0..<0x20 where histogram[b] != 0 && c.table[b] >= 0x80 && c.table[b] != .max {
                total -= histogram[b] * LanguageModels.badCost
                let value = c.table[b]
                let id = value < 0x10000 ? models.globalIndex[Int(value)] : -1
                total += histogram[b] * (id >= 0 ? Int32(models.costs[language][Int(id)]) : models.unseenCost[language])
            }
            let table = models.transitions[language]
            for k in 0..<16 where transitions[k] != 0 { total += table[k] * transitions[k] }
            let letterCosts = models.letterCosts[language]
            for k in 0..<26 where stats.letters[k] != 0 { total += letterCosts[k] * stats.letters[k] }
            if language == languageHint { total -= Self.hintBonus }
            if total < bestCost { bestCost = total; bestLanguage = language }
        }
        var key = DecodingKey()
        for h in stats.present.sorted() { key.add(c.table[h + 0x80]) }
        return Scored(candidate: c, cost: bestCost, language: bestLanguage, errors: errors, decodingKey: key)
    }

    // MARK: Decoded candidates

    func scoreDecoding(_ c: Candidate, _ bytes: UnsafeBufferPointer<UInt8>, models: LanguageModels, fromStart: Bool,
                       window: Int = DetectionEngine.window, scratch: inout [Int32]) -> Scored? {
        let n = bytes.count
        var start = 0
        if !fromStart && n > window, let first = bytes.firstIndex(where: { $0 >= 0x80 }), first > 256 {
            // Start next to the first non-ASCII byte, just after a byte no multi-byte
            // encoding uses as a trail byte (< 0x40), so the window starts on a character.
            start = first
            var j = first - 1
            while j > first - 256 { if bytes[j] < 0x40 { start = j + 1; break }; j -= 1 }
        }
        let end = min(n, start + window)
        let isWhole = start == 0 && end == n
        let flush = isWhole && !inputIsPrefix
        var units: [UInt16] = []
        units.reserveCapacity(end - start + 2)
        var errors = 0
        let raw = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<end])
        try? c.converter.withDecoder { (engine) throws(TextConversionError) in
            var state = DecodeState()
            do {
                try engine.decode(raw, flush: flush, lossy: false, state: &state) { units.append(contentsOf: $0) }
            } catch {
                engine.reset()
                units.removeAll(keepingCapacity: true)
                var lossyState = DecodeState()
                if allowsLossy {
                    // Count the errors of the whole window: lossy candidates are ranked by them.
                    try? engine.decode(raw, flush: flush, lossy: true, state: &lossyState) { units.append(contentsOf: $0) }
                    errors = max(1, lossyState.replacements)
                } else {
                    // Only ranked if nothing decodes: estimate the error rate on 1 KiB.
                    let head = UnsafeRawBufferPointer(rebasing: raw.prefix(1024))
                    try? engine.decode(head, flush: flush && head.count == raw.count, lossy: true, state: &lossyState) { units.append(contentsOf: $0) }
                    errors = max(1, lossyState.replacements * max(1, raw.count / max(1, head.count)))
                }
            }
        }
        if errors > 0 {
            if errors * 8 > max(8, units.count) {
                // Hopeless (one replacement per 8 characters or worse): ranked last, unscored.
                return Scored(candidate: c, cost: 4000, language: nil, errors: errors, decodingKey: DecodingKey())
            }
        }
        let features = units.withUnsafeBufferPointer { TextFeatures.of($0, models: models, scratch: &scratch) }
        var bestCost = Int32.max
        var bestLanguage: Int? = nil
        let languages = c.languages.isEmpty ? Array(models.codes.indices) : c.languages
        if features.nonASCII == 0 {
            bestCost = features.bad * LanguageModels.badCost
        } else {
            (bestCost, bestLanguage) = features.bestLanguage(of: languages, models: models, hint: languageHint, hintBonus: Self.hintBonus)
        }
        // Costs must cover the same bytes to compare: single-byte code pages are scored on
        // up to 1 MiB; a window's cost is extrapolated to that length.
        let covered = min(n, 1 << 20)
        if end - start < covered && end > start, bestCost != Int32.max {
            let scale = Double(covered) / Double(end - start)
            bestCost = Int32(clamping: Int(Double(bestCost) * scale))
            errors = Int(Double(errors) * scale)
        }
        var key = DecodingKey()
        for unit in units.prefix(1024) { key.add(UInt32(unit)) }  // identical decodings share this prefix
        return Scored(candidate: c, cost: bestCost, language: bestLanguage, errors: errors, decodingKey: key, complete: isWhole)
    }

    static func decodesCleanly(_ c: Candidate, _ bytes: UnsafeBufferPointer<UInt8>, prefix: Bool) -> Bool {
        do {
            try c.converter.withDecoder { (engine) throws(TextConversionError) in
                var state = DecodeState()
                try engine.decode(UnsafeRawBufferPointer(bytes), flush: !prefix, lossy: false, state: &state) { _ in }
            }
        } catch { return false }
        return true
    }

    /// Whether UTF-16/32 (without BOM) is worth decoding: NUL or control bytes, or one
    /// byte parity much less varied than the other (one script's high bytes).
    static func plausiblyWide(_ bytes: UnsafeBufferPointer<UInt8>, candidate: Candidate) -> Bool {
        let n = min(bytes.count, 4096)
        let unit = candidate.name.hasPrefix("UTF-32") ? 4 : 2
        guard bytes.count % unit == 0 || bytes.count > 4096 else { return false }
        if n <= 512 { return true }
        var even = [Bool](repeating: false, count: 256), odd = [Bool](repeating: false, count: 256)
        var control = false
        for i in 0..<n {
            let b = Int(bytes[i])
            if b < 0x09 || (b > 0x0D && b < 0x20) { control = true }
            if i & 1 == 0 { even[b] = true } else { odd[b] = true }
        }
        if control { return true }
        let e = even.filter { $0 }.count, o = odd.filter { $0 }.count
        return min(e, o) * 5 <= max(e, o) * 3
    }

    // MARK: Byte order marks, declarations, UTF-8

    func byteOrderMark(_ b: UnsafeBufferPointer<UInt8>) -> EncodingGuess? {
        let n = b.count
        var name: String? = nil
        var skip = 0
        if n >= 4 && b[0] == 0xFF && b[1] == 0xFE && b[2] == 0 && b[3] == 0 { name = "UTF-32"; skip = 4 }
        else if n >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0xFE && b[3] == 0xFF { name = "UTF-32"; skip = 4 }
        else if n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { name = "UTF-8"; skip = 3 }
        else if n >= 2 && ((b[0] == 0xFE && b[1] == 0xFF) || (b[0] == 0xFF && b[1] == 0xFE)) { name = "UTF-16"; skip = 2 }
        guard let name, allowed(name) || (name == "UTF-16" && (allowed("UTF-16LE") || allowed("UTF-16BE"))) else { return nil }
        _ = skip
        guard let converter = try? TextConverter(encodingName: name) else { return nil }
        var features = TextFeatures()
        var units: [UInt16] = []
        do {
            try converter.withDecoder { (engine) throws(TextConversionError) in
                var state = DecodeState()
                try engine.decode(UnsafeRawBufferPointer(b), flush: !inputIsPrefix, lossy: false, state: &state) { chunk in
                    if units.count < 4096 { units.append(contentsOf: chunk) }
                }
            }
        } catch { return nil }
        let models = LanguageModels.shared
        features = units.withUnsafeBufferPointer { TextFeatures.of($0, models: models) }
        var language: String? = nil
        if features.nonASCII > 1 {
            var best = Int32.max
            for l in models.codes.indices {
                let c = features.cost(language: l, models: models)
                if c < best { best = c; language = models.codes[l] }
            }
        }
        return EncodingGuess(encoding: converter.name, confidence: 1, language: language, hasByteOrderMark: true, isLossy: false)
    }

    func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        let n = min(bytes.count, 1 << 16)
        guard n >= needle.count else { return false }
        for i in 0...(n - needle.count) where bytes[i] == needle[0] {
            if (1..<needle.count).allSatisfy({ bytes[i + $0] == needle[$0] }) { return true }
        }
        return false
    }

    /// A charset declared in the first 2 KiB: `<meta charset=…>`, `charset=` in a
    /// content type, or `<?xml … encoding="…"?>`; the canonical converter name.
    func findDeclaration(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let n = min(bytes.count, 2048)
        var lower = [UInt8](repeating: 0, count: n)
        for i in 0..<n { let b = bytes[i]; lower[i] = (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b }
        for key in [Array("charset=".utf8), Array("encoding=".utf8)] {
            var i = 0
            while i + key.count < n {
                if lower[i] == key[0] && Array(lower[i..<(i + key.count)]) == key {
                    var j = i + key.count
                    while j < n && (lower[j] == 0x22 || lower[j] == 0x27 || lower[j] == 0x20) { j += 1 }
                    var name: [UInt8] = []
                    while j < n, name.count < 40, case let b = bytes[j],
                          (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F || b == 0x2E || b == 0x3A {
                        name.append(b); j += 1
                    }
                    if !name.isEmpty, let converter = try? TextConverter(encodingName: String(decoding: name, as: UTF8.self)) {
                        return converter.canonicalName
                    }
                }
                i += 1
            }
        }
        return nil
    }

    /// Whether the `count` bytes at `start` (fewer than the lead byte announces) are a
    /// valid beginning of a UTF-8 sequence.
    static func isTruncatedTail(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let b0 = start[0]
        if count >= 2 {
            let b1 = start[1]
            let lo: UInt8 = b0 == 0xE0 ? 0xA0 : b0 == 0xF0 ? 0x90 : 0x80
            let hi: UInt8 = b0 == 0xED ? 0x9F : b0 == 0xF4 ? 0x8F : 0xBF
            guard b1 >= lo && b1 <= hi else { return false }
        }
        if count >= 3 { guard start[2] & 0xC0 == 0x80 else { return false } }
        return true
    }

    /// Strict UTF-8 validation (no overlongs, surrogates or code points past U+10FFFF),
    /// eight ASCII bytes at a time.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, prefix: Bool = false) -> Bool {
        let n = bytes.count
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        while i < n {
            if i + 8 <= n {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 { i += 8; continue }
            }
            let b0 = base[i]
            if b0 < 0x80 { i += 1; continue }
            if b0 >= 0xC2 && b0 <= 0xDF {
                if i + 1 == n { return prefix }
                guard base[i + 1] & 0xC0 == 0x80 else { return false }
                i += 2
            } else if b0 >= 0xE0 && b0 <= 0xEF {
                guard i + 2 < n else { return prefix && Self.isTruncatedTail(base + i, n - i) }
                let b1 = base[i + 1]
                let lo: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80, hi: UInt8 = b0 == 0xED ? 0x9F : 0xBF
                guard b1 >= lo && b1 <= hi, base[i + 2] & 0xC0 == 0x80 else { return false }
                i += 3
            } else if b0 >= 0xF0 && b0 <= 0xF4 {
                guard i + 3 < n else { return prefix && Self.isTruncatedTail(base + i, n - i) }
                let b1 = base[i + 1]
                let lo: UInt8 = b0 == 0xF0 ? 0x90 : 0x80, hi: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
                guard b1 >= lo && b1 <= hi, base[i + 2] & 0xC0 == 0x80, base[i + 3] & 0xC0 == 0x80 else { return false }
                i += 4
            } else {
                return false
            }
        }
        return true
    }
}
