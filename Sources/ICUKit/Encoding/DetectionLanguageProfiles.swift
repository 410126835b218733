internal import CICU

/// Per-language character profiles that ``EncodingDetector`` scores each decoded candidate
/// against (built by `Scripts/build-encoding-models.py`; data in `DetectionLanguageProfiles+Data.swift`).
///
/// Costs are negative log-probabilities in quarter nats. A text's cost under a language
/// is the sum, over its non-ASCII characters, of the character's cost, plus the cost of
/// each class transition (classes: ASCII letter, other ASCII, non-ASCII letter or mark,
/// other non-ASCII), plus the cost of each ASCII letter given the ASCII character before
/// it. ASCII text reads the same under every ASCII-compatible encoding, so its part says
/// only which language a candidate's reading is in: between two ASCII characters a
/// language pays only for how rarely its next character is ASCII (the letter-or-other
/// split is shared: spacing and digits are the style of a text, not its language), and
/// letter pairs tell e.g. Lithuanian from Esperanto where single letters do not.
struct DetectionLanguageProfiles: Sendable {
    /// Cost of a character that is almost never text: C0/C1 controls other than
    /// whitespace, U+FFFD, private use, unassigned code points, noncharacters.
    static let badCost: Int32 = 80

    let codes: [String]
    /// `globalIndex[scalar]` for the BMP: the character's id in `costs`, or -1.
    let globalIndex: [Int32]
    /// Per language, the cost of each global character id.
    let costs: [[UInt8]]
    /// The class (see ``charClass(_:)``) of each global character id.
    let classOf: [Int]
    var vocabularySize: Int { classOf.count }
    /// Per language, the cost of a non-ASCII character outside its vocabulary.
    let unseenCost: [Int32]
    /// Per language, 4x4 transition costs, row = class of the previous character.
    let transitions: [[Int32]]
    /// Per language, the cost of each ASCII letter a…z (case folded) given the ASCII
    /// character before it, by ``letterPair(_:_:)``.
    let letterPairCosts: [[Int32]]

    /// Contexts (the letters a…z, then any other ASCII) times letters.
    static let letterPairCount = 27 * 26

    /// The index of ASCII letter `letter` after ASCII character `previous` (both bytes).
    @inline(__always) static func letterPair(_ previous: Int, _ letter: Int) -> Int {
        let context = previous | 0x20
        return (context >= 0x61 && context <= 0x7A ? context &- 0x61 : 26) &* 26 &+ ((letter | 0x20) &- 0x61)
    }

    static let shared = DetectionLanguageProfiles()

    /// ¤ ¦ ¨ ¸: cost 15 nats in every language (see `init`).
    static let rareSymbols: [UInt32] = [0xA4, 0xA6, 0xA8, 0xB8]

    private init() {
        var codes: [String] = []
        var index = [Int32](repeating: -1, count: 0x10000)
        var vocabulary: [UInt32] = []
        var perLanguage: [[(UInt32, UInt8)]] = []
        var transitions: [[Int32]] = []
        var letterPairCosts: [[Int32]] = []
        var shared: [(UInt32, UInt8)] = []
        for (code, table, costString, chars) in Self.data {
            if code == "*" {
                // Pooled costs of non-ASCII symbols and punctuation, used by every language.
                for (value, cost) in Self.bmpEntries(chars, costString) {
                    shared.append((value, cost))
                    if index[Int(value)] < 0 {
                        index[Int(value)] = Int32(vocabulary.count)
                        vocabulary.append(value)
                    }
                }
                continue
            }
            codes.append(code)
            let values = table.utf8.map { Int32($0) - 0x30 }
            transitions.append(Array(values.prefix(16)))
            letterPairCosts.append(Array(values[16..<(16 + Self.letterPairCount)]))
            var entries: [(UInt32, UInt8)] = []
            for (value, cost) in Self.bmpEntries(chars, costString) {
                if index[Int(value)] < 0 {
                    index[Int(value)] = Int32(vocabulary.count)
                    vocabulary.append(value)
                }
                entries.append((value, cost))
            }
            perLanguage.append(entries)
        }
        // Latin-1 symbols that real text almost never uses (generic currency sign, broken
        // bar, spacing diaeresis and cedilla): where ISO-8859-15 has € Š š ž instead, the
        // training text (software messages) has neither, so rarity is stated here.
        for value: UInt32 in Self.rareSymbols where index[Int(value)] < 0 {
            index[Int(value)] = Int32(vocabulary.count)
            vocabulary.append(value)
        }
        var costs: [[UInt8]] = []
        var unseen: [Int32] = []
        for entries in perLanguage {
            let worst = entries.map(\.1).max() ?? 60
            let miss = UInt8(min(79, Int(worst) + 6))
            var row = [UInt8](repeating: miss, count: vocabulary.count)
            for (value, cost) in entries { row[Int(index[Int(value)])] = cost }
            // Symbols: the language's own cost or the pooled one, whichever is lower (a
            // language's sample of symbols is thin, but some are its own: Spanish ¿ ¡).
            for (value, cost) in shared {
                let id = Int(index[Int(value)])
                row[id] = min(row[id], cost)
            }
            for value in Self.rareSymbols { row[Int(index[Int(value)])] = 60 }
            costs.append(row)
            unseen.append(Int32(miss))
        }
        self.codes = codes
        self.globalIndex = index
        self.costs = costs
        self.classOf = vocabulary.map { Self.charClass($0) }
        self.unseenCost = unseen
        self.transitions = transitions
        self.letterPairCosts = letterPairCosts
    }

    /// The BMP characters of a model's `chars` with their costs (`costs`' bytes, offset
    /// 0x30; one per character, read by index rather than zipped: a zip of the two string
    /// views cost 0.8M instructions of every cold start).
    private static func bmpEntries(_ chars: String, _ costs: String) -> [(UInt32, UInt8)] {
        let costBytes = Array(costs.utf8)
        var entries: [(UInt32, UInt8)] = []
        entries.reserveCapacity(costBytes.count)
        var position = 0
        for scalar in chars.unicodeScalars {
            guard position < costBytes.count else { break }
            let cost = costBytes[position]
            position += 1
            if scalar.value < 0x10000 { entries.append((scalar.value, cost - 0x30)) }
        }
        return entries
    }

    func language(_ code: String) -> Int? { codes.firstIndex(of: code) }

    /// The cost of a non-ASCII character under `language` (its own, or the unseen cost).
    func cost(of value: UInt32, language: Int) -> Int32 {
        if value < 0x10000, case let id = globalIndex[Int(value)], id >= 0 { return Int32(costs[language][Int(id)]) }
        return unseenCost[language]
    }

    /// Class (bits 0–1) and badness (bit 2) of every BMP code point, computed once (Unicode
    /// property lookups cost ~100 ns each, and mojibake is full of rare characters).
    ///
    /// The table is built in every process that detects, so it is filled range by range of
    /// one general category as ICU enumerates them from its property trie
    /// (`u_enumCharTypes`; 65,536 `u_charType` calls cost 2.5 million instructions of a
    /// cold `icukit detect`, and `u_getIntPropertyMap` builds a new trie, 18 million), then
    /// the code points below U+00A0 and the few bad ones whose category does not say so
    /// are set one by one. The category comes from ICU, so it is
    /// the installed ICU's Unicode version. A test compares the table with the two
    /// definitions (``slowCharClass(_:)``, ``slowIsBad(_:)``) on every code point.
    static let bmpInfo: [UInt8] = {
        var table = [UInt8](repeating: 3 | 4, count: 0x10000)
        table.withUnsafeMutableBufferPointer { table in
            u_enumCharTypes(unsafeBitCast(fillCategoryRange, to: UnsafeMutableRawPointer.self), table.baseAddress)
            for value in 0..<0xA0 { table[value] = bmpInfo(of: UInt32(value)) }
            for value in 0xFDD0...0xFDEF { table[value] |= 4 }
            table[0xFFFD] |= 4
            table[0xFFFE] |= 4
            table[0xFFFF] |= 4
        }
        return table
    }()

    /// `u_enumCharTypes`' callback: fills the BMP part of one range of one general category
    /// in the table `context` points to; stops past the BMP.
    private static let fillCategoryRange: @convention(c) (UnsafeRawPointer?, Int32, Int32, Int32) -> Int8 = { context, start, limit, category in
        guard let context, start < 0x10000 else { return 0 }
        let table = UnsafeMutablePointer(mutating: context.assumingMemoryBound(to: UInt8.self))
        let info = DetectionLanguageProfiles.info(category: category)
        for value in Int(start)..<Int(min(limit, 0x10000)) { table[value] = info }
        return 1
    }

    /// ``bmpInfo`` of a code point from U+00A0 up, not a noncharacter nor U+FFFD, whose
    /// general category is `category`.
    static func info(category: Int32) -> UInt8 {
        let letterOrMark = category >= U_UPPERCASE_LETTER && category <= U_COMBINING_SPACING_MARK
        let bad = category == U_UNASSIGNED || category == U_PRIVATE_USE_CHAR || category == U_SURROGATE
        return (letterOrMark ? 2 : 3) | (bad ? 4 : 0)
    }

    /// One entry of ``bmpInfo``: ``slowCharClass(_:)`` | (``slowIsBad(_:)`` ? 4 : 0), with one
    /// general-category lookup at most and none for the blocks wholly letters since Unicode
    /// 13 (CJK ideographs, Hangul syllables) or wholly bad (surrogates, private use).
    static func bmpInfo(of value: UInt32) -> UInt8 {
        switch value {
        case 0..<0xA0: return UInt8(slowCharClass(value)) | (slowIsBad(value) ? 4 : 0)
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return 2
        case 0xD800...0xF8FF: return 3 | 4
        default:
            let bad = value == 0xFFFD || (value >= 0xFDD0 && value <= 0xFDEF) || value & 0xFFFE == 0xFFFE
            return info(category: Int32(u_charType(Int32(value)))) | (bad ? 4 : 0)
        }
    }

    /// The class of a scalar: 0 ASCII letter, 1 other ASCII, 2 non-ASCII letter/mark, 3 other.
    @inline(__always) static func charClass(_ value: UInt32) -> Int {
        value < 0x10000 ? Int(bmpInfo[Int(value)] & 3) : slowCharClass(value)
    }

    /// Whether a scalar is almost never part of text (see ``badCost``).
    @inline(__always) static func isBad(_ value: UInt32) -> Bool {
        value < 0x10000 ? bmpInfo[Int(value)] & 4 != 0 : slowIsBad(value)
    }

    static func slowCharClass(_ value: UInt32) -> Int {
        if value < 0x80 {
            let lower = value | 0x20
            return (lower >= 0x61 && lower <= 0x7A) ? 0 : 1
        }
        guard Unicode.Scalar(value) != nil else { return 3 }
        let category = u_charType(Int32(value))
        // Letters (Lu, Ll, Lt, Lm, Lo) and marks (Mn, Me, Mc): ICU's categories 1…8.
        return category >= U_UPPERCASE_LETTER && category <= U_COMBINING_SPACING_MARK ? 2 : 3
    }

    static func slowIsBad(_ value: UInt32) -> Bool {
        if value < 0x20 { return !(value == 0x09 || value == 0x0A || value == 0x0D || value == 0x0C) }
        if value < 0x7F { return false }
        if value <= 0x9F { return true }  // DEL and C1 controls
        if value == 0xFFFD || (value >= 0xE000 && value <= 0xF8FF) || (value >= 0xFDD0 && value <= 0xFDEF)
            || value & 0xFFFE == 0xFFFE || (value >= 0xD800 && value <= 0xDFFF) || value >= 0xF0000 { return true }
        guard Unicode.Scalar(value) != nil else { return true }
        let category = u_charType(Int32(value))
        return category == U_UNASSIGNED || category == U_PRIVATE_USE_CHAR || category == U_SURROGATE
    }
}

/// Counts gathered from one decoding of a sample: which non-ASCII characters occur how
/// often, and the class transitions that touch them.
struct TextFeatures {
    /// (global id, count) of non-ASCII characters in some language's vocabulary.
    var known: [(Int32, Int32)] = []
    /// Non-ASCII characters in no vocabulary.
    var unknown: Int32 = 0
    /// Characters that are almost never text.
    var bad: Int32 = 0
    /// 4x4 transition counts (ASCII-to-ASCII ones only outside markup tags).
    var transitions = [Int32](repeating: 0, count: 16)
    /// Number of non-ASCII characters.
    var nonASCII: Int32 = 0
    /// (``DetectionLanguageProfiles/letterPair(_:_:)``, count) of the ASCII letters outside
    /// markup tags that follow an ASCII character.
    var letterPairs: [(Int, Int32)] = []

    /// The cost of these features under language `language`.
    func cost(language: Int, models: DetectionLanguageProfiles) -> Int32 {
        let costs = models.costs[language]
        var total: Int32 = unknown * models.unseenCost[language] + bad * DetectionLanguageProfiles.badCost
        for (id, count) in known { total += Int32(costs[Int(id)]) * count }
        let table = models.transitions[language]
        for i in 0..<16 where transitions[i] != 0 { total += table[i] * transitions[i] }
        let letterCosts = models.letterPairCosts[language]
        for (pair, count) in letterPairs { total += letterCosts[pair] * count }
        return total
    }

    /// The language (of `languages`) under which these features cost least, with that cost.
    /// Many languages: a first pass on at most 200 distinct characters keeps the best 4.
    func bestLanguage(of languages: [Int], models: DetectionLanguageProfiles, hint: Int?, hintBonus: Int32) -> (Int32, Int?) {
        var candidates = languages
        if languages.count > 6 && known.count > 200 {
            var sample = self
            sample.known = Array(known.prefix(200))
            candidates = languages.map { ($0, sample.cost(language: $0, models: models) - ($0 == hint ? hintBonus : 0)) }
                .sorted { $0.1 < $1.1 }.prefix(4).map(\.0)
        }
        var best: (Int32, Int?) = (Int32.max, nil)
        for language in candidates {
            let total = cost(language: language, models: models) - (language == hint ? hintBonus : 0)
            if total < best.0 { best = (total, language) }
        }
        return best
    }

    /// Features of decoded UTF-16 text.
    static func of(_ units: UnsafeBufferPointer<UInt16>, models: DetectionLanguageProfiles) -> TextFeatures {
        var scratch: [Int32] = []
        return of(units, models: models, scratch: &scratch)
    }

    /// `scratch` holds flat counts by global id (a dictionary cost ~50 ns per character
    /// here), then by letter pair; it is left all zero for the next call, so one detection
    /// allocates it once.
    static func of(_ units: UnsafeBufferPointer<UInt16>, models: DetectionLanguageProfiles, scratch counts: inout [Int32]) -> TextFeatures {
        var features = TextFeatures()
        let pairBase = models.vocabularySize
        if counts.count != pairBase + DetectionLanguageProfiles.letterPairCount {
            counts = [Int32](repeating: 0, count: pairBase + DetectionLanguageProfiles.letterPairCount)
        }
        var touched: [Int32] = []
        var touchedPairs: [Int] = []
        var previous = 1
        var previousValue: UInt32 = 0x20
        var inTag = false
        var i = 0
        let n = units.count
        while i < n {
            var value = UInt32(units[i])
            i += 1
            if value >= 0xD800 && value <= 0xDBFF && i < n, units[i] >= 0xDC00 && units[i] <= 0xDFFF {
                value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                i += 1
            }
            if value < 0x80 {
                let cls = DetectionLanguageProfiles.charClass(value)
                if value == 0x3C { inTag = true } else if value == 0x3E { inTag = false }
                if previous >= 2 || !inTag { features.transitions[previous * 4 + cls] += 1 }
                if cls == 0 && !inTag && previousValue < 0x80 {
                    let pair = pairBase + DetectionLanguageProfiles.letterPair(Int(previousValue), Int(value))
                    if counts[pair] == 0 { touchedPairs.append(pair) }
                    counts[pair] += 1
                }
                if DetectionLanguageProfiles.isBad(value) { features.bad += 1 }
                previous = cls
                previousValue = value
                continue
            }
            previousValue = value
            features.nonASCII += 1
            if value == 0xFEFF && features.nonASCII == 1 { continue }
            let cls: Int
            if value < 0x10000, case let id = models.globalIndex[Int(value)], id >= 0 {
                if counts[Int(id)] == 0 { touched.append(id) }
                counts[Int(id)] += 1
                cls = models.classOf[Int(id)]
            } else if DetectionLanguageProfiles.isBad(value) {
                features.bad += 1
                cls = 3
            } else {
                features.unknown += 1
                cls = DetectionLanguageProfiles.charClass(value)
            }
            features.transitions[previous * 4 + cls] += 1
            previous = cls
        }
        features.known = touched.map { ($0, counts[Int($0)]) }
        for id in touched { counts[Int(id)] = 0 }
        features.letterPairs = touchedPairs.map { ($0 - pairBase, counts[$0]) }
        for pair in touchedPairs { counts[pair] = 0 }
        return features
    }
}
