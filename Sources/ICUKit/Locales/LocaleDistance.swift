/// CLDR's language-matching distances from ICU's `langInfo/match` data, computed as ICU
/// 72's `LocaleDistance` does: a trie keyed by desired and supported language, then
/// script, then region partition (regions grouped by CLDR's match variables such as
/// `$americas` or `$enUS`), each level falling back to a `*` default; distances are kept
/// shifted left by three bits so that otherwise equal matches can differ by which subtags
/// were given explicitly.
///
/// ```swift
/// let distance = try LocaleDistance.shared()
/// distance.bestIndexAndDistance(desired: nbLSR, supported: [nnLSR, daLSR], shiftedThreshold: 50 << 3,
///                               favorScript: false, onlyTwoWay: false)   // (1, 96): da, 12 × 8, in ICU 72
/// ```
struct LocaleDistance: Sendable {
    let likely: LikelySubtags
    private let data: LocaleMatchData
    let defaultLanguageDistance: Int
    let defaultScriptDistance: Int
    let defaultRegionDistance: Int
    let minRegionDistance: Int
    /// How much each further preferred locale is worse, unless demotion is off: the
    /// distance between `en-US` and `en-GB`.
    private(set) var defaultDemotionPerDesiredLocale: Int

    static let distanceShift = 3
    static let aboveThreshold = 100
    private static let endOfSubtag: UInt8 = 0x80
    private static let skipScriptFlag = 0x80
    private static let isFinalFlag = 0x100

    private static let loaded: Result<LocaleDistance, ICUError> = {
        do throws(ICUError) {
            let data = try LocaleMatchData.shared()
            return .success(LocaleDistance(data: data, likely: try LikelySubtags(data)))
        } catch {
            return .failure(error)
        }
    }()

    /// The distances of the installed ICU, loaded on first use.
    static func shared() throws(ICUError) -> LocaleDistance { try loaded.get() }

    private init(data: LocaleMatchData, likely: LikelySubtags) {
        self.data = data
        self.likely = likely
        defaultLanguageDistance = Int(data.distances[0])
        defaultScriptDistance = Int(data.distances[1])
        defaultRegionDistance = Int(data.distances[2])
        minRegionDistance = Int(data.distances[3])
        defaultDemotionPerDesiredLocale = 0
        let en = LSR("en", "Latn", "US", flags: LSR.explicitLSR)
        let enGB = LSR("en", "Latn", "GB", flags: LSR.explicitLSR)
        let best = bestIndexAndDistance(desired: en, supported: [enGB], shiftedThreshold: 50 << Self.distanceShift,
                                        favorScript: false, onlyTwoWay: false)
        defaultDemotionPerDesiredLocale = (best?.shiftedDistance ?? (Self.aboveThreshold << Self.distanceShift)) >> Self.distanceShift
    }

    /// Whether `lsr` is one of CLDR's paradigm locales (`en`, `en-GB`, `es`, `es-419`,
    /// `pt-BR`, `pt-PT`), which the matcher prefers among equally good matches.
    func isParadigm(_ lsr: LSR) -> Bool { data.paradigms.contains { lsr.isEquivalent(to: $0) } }

    /// The index into `supported` of the closest LSR below `shiftedThreshold` and its
    /// shifted distance, or `nil` (ICU's `getBestIndexAndDistance`).
    func bestIndexAndDistance(
        desired: LSR, supported: [LSR], shiftedThreshold thresholdIn: Int, favorScript: Bool, onlyTwoWay: Bool
    ) -> (index: Int, shiftedDistance: Int)? {
        var shiftedThreshold = thresholdIn
        var iter = BytesTrie(data.distanceTrie)
        // The desired language is looked up once for all supported LSRs.
        let desLangDistance = Self.next(&iter, desired.languageKey, desired.language, wantValue: false)
        let desLangState = iter.state
        var bestIndex = -1
        var bestLikelyInfo = -1
        let desiredPartitions = data.partitions[Int(data.regionToPartitions[desired.regionIndex])]
        for slIndex in supported.indices {
            let supp = supported[slIndex]
            var star = false
            var distance = desLangDistance
            if distance >= 0 {
                iter.reset(to: desLangState)
                distance = Self.next(&iter, supp.languageKey, supp.language, wantValue: true)
            }
            var flags: Int
            if distance >= 0 {
                flags = distance & (Self.isFinalFlag | Self.skipScriptFlag)
                distance &= ~(Self.isFinalFlag | Self.skipScriptFlag)
            } else {
                distance = desired.sameLanguage(supp) ? 0 : defaultLanguageDistance
                flags = 0
                star = true
            }
            let roundedThreshold = (shiftedThreshold + 7) >> Self.distanceShift
            if favorScript { distance >>= 2 }
            if distance > roundedThreshold { continue }

            var scriptDistance: Int
            if star || flags != 0 {
                scriptDistance = desired.sameScript(supp) ? 0 : defaultScriptDistance
            } else {
                scriptDistance = scriptDistanceFrom(&iter, iter.state, desired, supp)
                flags = scriptDistance & Self.isFinalFlag
                scriptDistance &= ~Self.isFinalFlag
            }
            distance += scriptDistance
            if distance > roundedThreshold { continue }

            if desired.sameRegion(supp) {
                // region distance 0
            } else if star || flags & Self.isFinalFlag != 0 {
                distance += defaultRegionDistance
            } else {
                let remainingThreshold = roundedThreshold - distance
                if minRegionDistance > remainingThreshold { continue }
                distance += regionPartitionsDistance(
                    &iter, iter.state, desiredPartitions, partitions(supp), remainingThreshold)
            }
            var shiftedDistance = distance << Self.distanceShift
            if shiftedDistance == 0 {
                // Equivalent but originally unequal locales differ by a micro distance.
                shiftedDistance |= desired.flags ^ supp.flags
                if shiftedDistance < shiftedThreshold {
                    if !onlyTwoWay || isMatch(supp, desired, shiftedThreshold, favorScript) {
                        if shiftedDistance == 0 { return (slIndex, 0) }
                        bestIndex = slIndex
                        shiftedThreshold = shiftedDistance
                        bestLikelyInfo = -1
                    }
                }
            } else if shiftedDistance < shiftedThreshold {
                if !onlyTwoWay || isMatch(supp, desired, shiftedThreshold, favorScript) {
                    bestIndex = slIndex
                    shiftedThreshold = shiftedDistance
                    bestLikelyInfo = -1
                }
            } else if shiftedDistance == shiftedThreshold, bestIndex >= 0 {
                if !onlyTwoWay || isMatch(supp, desired, shiftedThreshold, favorScript) {
                    bestLikelyInfo = likely.compareLikely(supp, supported[bestIndex], bestLikelyInfo)
                    if bestLikelyInfo & 1 != 0 {
                        // As good as the best so far, and more likely (more default subtags).
                        bestIndex = slIndex
                    }
                }
            }
        }
        return bestIndex >= 0 ? (bestIndex, shiftedThreshold) : nil
    }

    func isMatch(_ desired: LSR, _ supported: LSR, _ shiftedThreshold: Int, _ favorScript: Bool) -> Bool {
        bestIndexAndDistance(desired: desired, supported: [supported], shiftedThreshold: shiftedThreshold,
                             favorScript: favorScript, onlyTwoWay: false) != nil
    }

    private func partitions(_ lsr: LSR) -> [UInt8] {
        data.partitions[Int(data.regionToPartitions[lsr.regionIndex])]
    }

    private func scriptDistanceFrom(_ iter: inout BytesTrie, _ start: BytesTrie.State, _ desired: LSR, _ supported: LSR) -> Int {
        var distance = Self.next(&iter, desired.scriptKey, desired.script, wantValue: false)
        if distance >= 0 { distance = Self.next(&iter, supported.scriptKey, supported.script, wantValue: true) }
        if distance < 0 {
            iter.reset(to: start)
            let result = iter.next(UInt8(ascii: "*"))
            distance = desired.sameScript(supported) ? 0 : Int(iter.value)
            if result == .finalValue { distance |= Self.isFinalFlag }
        }
        return distance
    }

    private func regionPartitionsDistance(
        _ iter: inout BytesTrie, _ start: BytesTrie.State, _ desiredPartitions: [UInt8], _ supportedPartitions: [UInt8],
        _ threshold: Int
    ) -> Int {
        if desiredPartitions.count == 1, supportedPartitions.count == 1 {
            // The common case: one partition on each side.
            if iter.next(invariant(desiredPartitions[0]) | Self.endOfSubtag).hasNext,
               iter.next(invariant(supportedPartitions[0]) | Self.endOfSubtag).hasValue {
                return Int(iter.value)
            }
            return fallbackRegionDistance(&iter, start)
        }
        var regionDistance = 0
        var star = false  // fall back to * only once
        for desired in desiredPartitions {
            if iter.next(invariant(desired) | Self.endOfSubtag).hasNext {
                let desState = iter.state
                for (i, supported) in supportedPartitions.enumerated() {
                    if i > 0 { iter.reset(to: desState) }
                    let d: Int
                    if iter.next(invariant(supported) | Self.endOfSubtag).hasValue {
                        d = Int(iter.value)
                    } else if star {
                        d = 0
                    } else {
                        d = fallbackRegionDistance(&iter, start)
                        star = true
                    }
                    if d > threshold { return d }
                    regionDistance = max(regionDistance, d)
                }
            } else if !star {
                let d = fallbackRegionDistance(&iter, start)
                if d > threshold { return d }
                regionDistance = max(regionDistance, d)
                star = true
            }
            iter.reset(to: start)
        }
        return regionDistance
    }

    private func fallbackRegionDistance(_ iter: inout BytesTrie, _ start: BytesTrie.State) -> Int {
        iter.reset(to: start)
        _ = iter.next(UInt8(ascii: "*"))
        return Int(iter.value)
    }

    /// One subtag in the distance trie; the value carries ``isFinalFlag`` when final.
    /// `key` is the subtag packed by ``LSR`` (its bytes, read without decoding the
    /// `String`), or `UInt64.max` for a long subtag, read from `subtag`.
    private static func next(_ iter: inout BytesTrie, _ key: UInt64, _ subtag: String, wantValue: Bool) -> Int {
        if key == .max { return next(&iter, subtag, wantValue: wantValue) }
        let count = Int(key >> 56)
        guard count > 0 else { return -1 }  // no empty subtags in the data
        for i in 0..<(count - 1) {
            guard iter.next(invariant(UInt8(truncatingIfNeeded: key >> (8 * UInt64(i))))).hasNext else { return -1 }
        }
        return last(&iter, invariant(UInt8(truncatingIfNeeded: key >> (8 * UInt64(count - 1)))), wantValue: wantValue)
    }

    private static func next(_ iter: inout BytesTrie, _ subtag: String, wantValue: Bool) -> Int {
        var bytes = subtag.utf8.makeIterator()
        guard var c = bytes.next().map(invariant) else { return -1 }  // no empty subtags in the data
        while let following = bytes.next() {
            guard iter.next(c).hasNext else { return -1 }
            c = invariant(following)
        }
        return last(&iter, c, wantValue: wantValue)
    }

    /// The last byte of a subtag, marked with bit 7.
    @inline(__always) private static func last(_ iter: inout BytesTrie, _ c: UInt8, wantValue: Bool) -> Int {
        let result = iter.next(c | endOfSubtag)
        if wantValue {
            guard result.hasValue else { return -1 }
            let value = Int(iter.value)
            return result == .finalValue ? value | isFinalFlag : value
        }
        return result.hasNext ? 0 : -1
    }
}
