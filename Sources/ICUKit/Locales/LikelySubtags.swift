/// ICU compares subtags as invariant characters: a byte outside ASCII becomes 0 (and so
/// can never pass for a subtag's last letter, which the tries mark with bit 7).
@inline(__always) func invariant(_ byte: UInt8) -> UInt8 { byte < 0x80 ? byte : 0 }

/// A maximized (language, script, region) triple, as ICU's matcher compares them, with
/// flags saying which subtags were given explicitly (language 4, script 2, region 1).
///
/// ```swift
/// LSR("zh", "Hant", "TW", flags: LSR.explicitLSR).regionIndex   // 1 + 26 × 19 + 22 + 1000
/// ```
struct LSR: Hashable, Sendable {
    let language: String
    let script: String
    let region: String
    /// 1…1000 for "000"…"999", 1001… for "AA"…"ZZ", 0 for anything else.
    let regionIndex: Int
    let flags: Int
    /// The subtags packed for fast comparison (see ``pack(_:)``).
    let languageKey: UInt64
    let scriptKey: UInt64
    let regionKey: UInt64

    static let explicitLSR = 7
    static let explicitLanguage = 4
    static let explicitScript = 2
    static let implicit = 0
    static let regionIndexLimit = 1001 + 26 * 26
    /// What an empty or bogus locale maximizes to: it matches only itself.
    static let und = LSR("und", "", "", flags: explicitLSR)

    init(_ language: String, _ script: String, _ region: String, flags: Int) {
        self.language = language
        self.script = script
        self.region = region
        self.regionIndex = Self.indexForRegion(region)
        self.flags = flags
        languageKey = Self.pack(language)
        scriptKey = Self.pack(script)
        regionKey = Self.pack(region)
    }

    /// A subtag of at most 7 bytes as its bytes and length in one integer; `UInt64.max`
    /// for a longer one (compared as a `String`).
    private static func pack(_ subtag: String) -> UInt64 {
        var key: UInt64 = 0
        var count: UInt64 = 0
        for byte in subtag.utf8 {
            guard count < 7 else { return .max }
            key |= UInt64(byte) << (8 * count)
            count += 1
        }
        return key | count << 56
    }

    @inline(__always) func sameLanguage(_ other: LSR) -> Bool {
        languageKey != .max && other.languageKey != .max ? languageKey == other.languageKey : language == other.language
    }

    @inline(__always) func sameScript(_ other: LSR) -> Bool {
        scriptKey != .max && other.scriptKey != .max ? scriptKey == other.scriptKey : script == other.script
    }

    @inline(__always) func sameRegion(_ other: LSR) -> Bool {
        regionKey != .max && other.regionKey != .max ? regionKey == other.regionKey : region == other.region
    }

    /// ICU's `LSR::operator==`: equal subtags and flags.
    static func == (lhs: LSR, rhs: LSR) -> Bool { lhs.flags == rhs.flags && lhs.isEquivalent(to: rhs) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(languageKey == .max ? UInt64(truncatingIfNeeded: language.hashValue) : languageKey)
        hasher.combine(scriptKey == .max ? UInt64(truncatingIfNeeded: script.hashValue) : scriptKey)
        hasher.combine(regionIndex > 0 ? UInt64(regionIndex) : regionKey == .max ? UInt64(truncatingIfNeeded: region.hashValue) : regionKey)
        hasher.combine(flags)
    }

    /// Equal subtags, whatever the flags.
    func isEquivalent(to other: LSR) -> Bool {
        sameLanguage(other) && sameScript(other) && regionIndex == other.regionIndex
            && (regionIndex > 0 || sameRegion(other))
    }

    static func indexForRegion(_ region: String) -> Int {
        var iterator = region.utf8.makeIterator()
        guard let c0 = iterator.next(), let c1 = iterator.next() else { return 0 }
        let c2 = iterator.next()
        if (0x30...0x39).contains(c0) {
            guard (0x30...0x39).contains(c1), let c2, (0x30...0x39).contains(c2), iterator.next() == nil else { return 0 }
            return (Int(c0 - 0x30) * 10 + Int(c1 - 0x30)) * 10 + Int(c2 - 0x30) + 1
        }
        guard (0x41...0x5A).contains(c0), (0x41...0x5A).contains(c1), c2 == nil else { return 0 }
        return 26 * Int(c0 - 0x41) + Int(c1 - 0x41) + 1001
    }
}

/// Likely-subtags maximization from ICU's own `langInfo/likely` data, as ICU 72's
/// `XLikelySubtags` (ICU 76's `LikelySubtags`) does it for the matcher: legacy language and
/// region codes are replaced (`iw` → `he`, `tl` → `fil`, `mo` → `ro`, `cmn` → `zh`,
/// `SU` → `RU`), pseudo-locales (`en-XA`, `ar-XB`, `…-PSCRACK`) match only themselves,
/// private-use tags stay as they are, and missing subtags come from the likely-subtags trie.
/// With the data of ICU 74 and later (``LocaleMatchData/Layout/encoded``) it follows that
/// generation's code: an explicit macroregion (`es-419`) is not kept when the trie knows
/// the locale, and a locale that maximizes to nothing keeps its own subtags.
///
/// ```swift
/// let likely = try LikelySubtags(LocaleMatchData.shared())
/// likely.maximize("zh", "", "TW")   // zh-Hant-TW
/// ```
struct LikelySubtags: Sendable {
    let data: LocaleMatchData
    private let undState: BytesTrie.State
    private let undZzzzState: BytesTrie.State
    private let defaultLsrIndex: Int

    private static let skipScript: Int32 = 1

    init(_ data: LocaleMatchData) throws(ICUError) {
        self.data = data
        var trie = BytesTrie(data.likelyTrie)
        let star = UInt8(ascii: "*")
        guard trie.next(star).hasNext else { throw LocaleMatchData.formatError("langInfo/likely/trie") }
        undState = trie.state
        guard trie.next(star).hasNext else { throw LocaleMatchData.formatError("langInfo/likely/trie") }
        undZzzzState = trie.state
        guard trie.next(star).hasValue, Int(trie.value) < data.lsrs.count else {
            throw LocaleMatchData.formatError("langInfo/likely/trie")
        }
        defaultLsrIndex = Int(trie.value)
    }

    /// The maximized LSR of a locale, or ``LSR/und`` for root and bogus locales.
    func maximalLsrOrUnd(_ locale: ICULocaleName?) -> LSR {
        guard let locale, !locale.name.isEmpty else { return .und }
        if locale.name.hasPrefix("@x=") { return LSR(locale.name, "", "", flags: LSR.explicitLSR) }
        let max = makeMaximizedLsr(locale.language, locale.script, locale.country, locale.variant)
        if data.layout == .encoded, max.language.isEmpty, max.script.isEmpty, max.region.isEmpty {
            return LSR(locale.language, locale.script, locale.country, flags: LSR.explicitLSR)
        }
        return max
    }

    func makeMaximizedLsr(_ language: String, _ script: String, _ region: String, _ variant: String) -> LSR {
        // Pseudo-locales match only themselves.
        let r = Array(region.utf8)
        if r.count == 2, r[0] == UInt8(ascii: "X") {
            switch r[1] {
            case UInt8(ascii: "A"): return LSR("'" + language, "'" + script, region, flags: LSR.explicitLSR)
            case UInt8(ascii: "B"): return LSR("+" + language, "+" + script, region, flags: LSR.explicitLSR)
            case UInt8(ascii: "C"): return LSR("," + language, "," + script, region, flags: LSR.explicitLSR)
            default: break
            }
        }
        if variant.hasPrefix("PS") {
            let flags = region.isEmpty ? LSR.explicitLanguage | LSR.explicitScript : LSR.explicitLSR
            switch variant {
            case "PSACCENT": return LSR("'" + language, "'" + script, region.isEmpty ? "XA" : region, flags: flags)
            case "PSBIDI": return LSR("+" + language, "+" + script, region.isEmpty ? "XB" : region, flags: flags)
            case "PSCRACK": return LSR("," + language, "," + script, region.isEmpty ? "XC" : region, flags: flags)
            default: break
            }
        }
        return maximize(data.languageAliases[language] ?? language, script, data.regionAliases[region] ?? region)
    }

    func maximize(_ languageIn: String, _ scriptIn: String, _ regionIn: String) -> LSR {
        var language = languageIn == "und" ? "" : languageIn
        var script = scriptIn == "Zzzz" ? "" : scriptIn
        var region = regionIn == "ZZ" ? "" : regionIn
        if !script.isEmpty, !region.isEmpty, !language.isEmpty {
            return LSR(language, script, region, flags: LSR.explicitLSR)  // already maximized
        }
        var retain = 0
        var trie = BytesTrie(data.likelyTrie)
        var state: BytesTrie.State?
        var value = Self.next(&trie, language)
        if value >= 0 {
            if !language.isEmpty { retain |= 4 }
            state = trie.state
        } else {
            retain |= 4
            trie.reset(to: undState)
            state = nil
        }
        if value > 0 {
            // Intermediate or final value from the language alone.
            if value == Self.skipScript { value = 0 }
            if !script.isEmpty { retain |= 2 }
        } else {
            value = Self.next(&trie, script)
            if value >= 0 {
                if !script.isEmpty { retain |= 2 }
                state = trie.state
            } else {
                retain |= 2
                if let saved = state {
                    trie.reset(to: saved)
                    value = Self.next(&trie, "")
                    state = trie.state
                } else {
                    trie.reset(to: undZzzzState)
                }
            }
        }
        if value > 0 {
            // Final value from language or language + script.
            if !region.isEmpty { retain |= 1 }
        } else {
            value = Self.next(&trie, region)
            if value >= 0 {
                if !region.isEmpty, data.layout == .strings || !data.macroregions.contains(region) { retain |= 1 }
            } else {
                retain |= 1
                if let saved = state {
                    trie.reset(to: saved)
                    value = Self.next(&trie, "")
                } else {
                    value = Int32(defaultLsrIndex)
                }
            }
        }
        let result = data.lsrs[Int(max(value, 0))]
        if language.isEmpty { language = "und" }
        if retain == 0 { return result }
        if retain & 4 == 0 { language = result.language }
        if retain & 2 == 0 { script = result.script }
        if retain & 1 == 0 { region = result.region }
        return LSR(language, script, region, flags: retain)
    }

    /// Whether `lsr` is "more likely" than `other` (bit 0 of the result), with lookup
    /// information cached in the other bits between calls (ICU's `compareLikely`).
    func compareLikely(_ lsr: LSR, _ other: LSR, _ likelyInfoIn: Int) -> Int {
        var likelyInfo = likelyInfoIn
        if !lsr.sameLanguage(other) { return -4 }
        if !lsr.sameScript(other) {
            let index: Int
            if likelyInfo >= 0, likelyInfo & 2 == 0 {
                index = likelyInfo >> 2
            } else {
                index = likelyIndex(lsr.language, "")
                likelyInfo = index << 2
            }
            return lsr.sameScript(data.lsrs[index]) ? likelyInfo | 1 : likelyInfo & ~1
        }
        if !lsr.sameRegion(other) {
            let index: Int
            if likelyInfo >= 0, likelyInfo & 2 != 0 {
                index = likelyInfo >> 2
            } else {
                index = likelyIndex(lsr.language, lsr.region)
                likelyInfo = (index << 2) | 2
            }
            return lsr.sameRegion(data.lsrs[index]) ? likelyInfo | 1 : likelyInfo & ~1
        }
        return likelyInfo & ~1
    }

    /// The LSR index for a language and script (a subset of ``maximize(_:_:_:)``).
    /// As in ICU, the second argument is looked up at the script level of the trie.
    private func likelyIndex(_ languageIn: String, _ scriptIn: String) -> Int {
        let language = languageIn == "und" ? "" : languageIn
        let script = scriptIn == "Zzzz" ? "" : scriptIn
        var trie = BytesTrie(data.likelyTrie)
        var state: BytesTrie.State?
        var value = Self.next(&trie, language)
        if value >= 0 {
            state = trie.state
        } else {
            trie.reset(to: undState)
        }
        if value > 0 {
            if value == Self.skipScript { value = 0 }
        } else {
            value = Self.next(&trie, script)
            if value < 0 {
                if let saved = state {
                    trie.reset(to: saved)
                    value = Self.next(&trie, "")
                } else {
                    trie.reset(to: undZzzzState)
                }
            }
        }
        if value <= 0 { value = Self.next(&trie, "") }
        return Int(max(value, 0))
    }

    /// Looks up one subtag: its bytes with bit 7 set on the last, or `*` for an empty
    /// subtag. -1 = no match, 0 = more to come, `skipScript` = intermediate, else a value.
    private static func next(_ trie: inout BytesTrie, _ subtag: String) -> Int32 {
        let result: BytesTrie.Result
        if subtag.isEmpty {
            result = trie.next(UInt8(ascii: "*"))
        } else {
            var bytes = subtag.utf8.makeIterator()
            var c = invariant(bytes.next()!)
            while true {
                if let following = bytes.next() {
                    guard trie.next(c).hasNext else { return -1 }
                    c = invariant(following)
                } else {
                    result = trie.next(c | 0x80)
                    break
                }
            }
        }
        switch result {
        case .noValue: return 0
        case .intermediateValue: return skipScript
        case .finalValue: return trie.value
        default: return -1
        }
    }
}
