internal import CICU

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
            let models = DetectionLanguageProfiles.shared
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
        for b in 0..<0x20 where DetectionLanguageProfiles.isBad(UInt32(b)) && b != 0x1B { badASCII += histogram[b] }
        badASCII += histogram[0x7F]
        let hasEscape = histogram[0x1B] > 0 || (histogram[0x7E] > 0 && contains(bytes, [0x7E, 0x7B]))

        let utf8Valid = Self.isValidUTF8(bytes, prefix: inputIsPrefix)
        let declaredHere = findsDeclared && declared == nil ? findDeclaration(bytes) : nil

        if high == 0 && badASCII == 0 && !hasEscape && (n > 1 || bytes[0] != 0) {
            // Plain ASCII: every ASCII-compatible encoding reads it the same way.
            let name = allowed("UTF-8") ? "UTF-8" : (candidates.first { $0.kind != .wide && $0.kind != .escaped }?.name ?? "UTF-8")
            return [EncodingGuess(encoding: name, confidence: 1, language: nil, hasByteOrderMark: false, isLossy: false)]
        }

        let models = DetectionLanguageProfiles.shared
        var scored: [Scored] = []
        var scratch: [Int32] = []
        let stats = high > 0 ? SingleByteStats(bytes, limit: limit, models: models) : nil
        for candidate in candidates {
            switch candidate.kind {
            case .singleByte:
                guard let stats else {
                    scored.append(Scored(candidate: candidate, cost: badASCII * DetectionLanguageProfiles.badCost, language: nil, errors: 0, decodingKey: DecodingKey()))
                    continue
                }
                scored.append(scoreSingleByte(candidate, stats: stats, histogram: histogram, badASCII: badASCII, models: models))
            case .multiByte:
                if high == 0 && candidate.name != "UTF-8" { continue }
                if let possible = candidate.possibleHighBytes,
                   utf8Valid || (!allowsLossy && stats?.present.contains(where: { !possible[$0] }) ?? false) { continue }
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
    func rank(_ input: [Scored], bytes: UnsafeBufferPointer<UInt8>, models: DetectionLanguageProfiles) -> [EncodingGuess] {
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
        var weights = scored.map { Platform.exp(-Double($0.cost - best) / 4) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        // Pool the probability of candidates that decode to the same text (hash of the key).
        // (Tens of candidates: linear scans, no Dictionary or Set, whose first Hashable check
        // in a process scans every protocol conformance in the binary.)
        let hashes = scored.map { $0.decodingKey.isEmpty ? 0 : Int(truncatingIfNeeded: $0.decodingKey.hash | 1) }
        var guesses: [EncodingGuess] = []
        var seen: [String] = []
        for (index, s) in scored.enumerated() {
            guard !seen.contains(s.candidate.name) else { continue }
            seen.append(s.candidate.name)
            var p = weights[index]
            if hashes[index] != 0 {
                p = 0
                for (other, hash) in hashes.enumerated() where hash == hashes[index] { p += weights[other] }
            }
            let language = s.language.map { models.codes[$0] }
            guesses.append(EncodingGuess(encoding: s.candidate.name, confidence: min(1, (p * 1000).rounded() / 1000),
                                         language: language, hasByteOrderMark: false, isLossy: s.errors > 0))
        }
        return guesses
    }
}
