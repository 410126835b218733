/// Picks the best of an app's available localizations for a user's preferred languages,
/// with the answers of ICU's C++ `LocaleMatcher` (what `Bundle.preferredLocalizations(from:forPreferences:)`
/// does on Apple platforms; Foundation on Linux ignores the preferences).
///
/// ```swift
/// let matcher = try LocaleMatcher(available: ["en", "zh-Hans", "zh-Hant", "pt-BR", "pt-PT", "es", "es-419", "nb"])
/// try matcher.match(["zh-TW"]).locale   // "zh-Hant"
/// try matcher.match(["pt-AO"]).locale   // "pt-PT"
/// try matcher.match(["es-MX"]).locale   // "es-419"
/// try matcher.match(["nn"]).locale      // "nb"
/// try matcher.match(["ja"]).matched     // false: the default, "en"
/// try matcher.match(acceptLanguage: "da, de;q=0.8").locale   // "nb"
/// ```
///
/// ICU's matcher is C++ only (`icu::LocaleMatcher`), and its public API answers less than
/// this type: it takes a threshold only as a pair of locales (`setMaxDistance`), never as a
/// number (``Options/threshold``), and its result carries no distance (``Match/distance``,
/// ``distance(desired:supported:)``). So this is a port of ICU's algorithm
/// (`localematcher.cpp`, `locdistance.cpp`, `loclikelysubtags.cpp`) over ICU's own data,
/// the `langInfo` resource read through the resource-bundle C API, so it follows the
/// installed ICU's CLDR version. Both sides are maximized with likely subtags (after
/// replacing legacy codes: `iw`, `tl`, `mo`, `cmn`); the distance of two locales is looked
/// up in CLDR's language-matching table, language then script then region, where regions
/// fall into clusters around paradigm locales (`en-AU` is closer to `en-GB` than to
/// `en-US`, `es-AR` to `es-419`); a match must be closer than the threshold (by default
/// the distance between two scripts). Preferences are tried in order, each later one
/// demoted a little; among equally close locales the default comes first, then the
/// paradigm locales, then the rest in the app's order.
public struct LocaleMatcher: Sendable {
    /// The available localizations, as the app listed them.
    public let available: [String]
    /// The options the matcher was built with.
    public let options: Options

    private let distance: LocaleDistance
    /// The available locales' LSRs in matching order, without duplicates.
    private let supportedLSRs: [LSR]
    /// For each of `supportedLSRs`, its index in `available`.
    private let supportedIndexes: [Int]
    private let lsrToIndex: [LSR: Int]
    private let defaultLocale: String?
    private let thresholdDistance: Int
    private let demotionPerDesiredLocale: Int

    /// A matcher over `available` (language tags or ICU locale IDs, parsed the way ICU's
    /// `Locale` parses them).
    ///
    /// ```swift
    /// let matcher = try LocaleMatcher(available: ["en", "fr", "de"])
    /// ```
    /// - Throws: ``LocaleError/malformed(_:)`` for an identifier ICU's `Locale` would
    ///   hold as bogus, ``LocaleError/invalidThreshold(_:)``, ``LocaleError/icu(_:)``
    ///   if ICU's matching data cannot be loaded.
    public init(available: [String], options: Options = Options()) throws(LocaleError) {
        let names = try available.map { tag throws(LocaleError) in
            guard let name = ICULocaleName(tag) else { throw .malformed(tag) }
            return name
        }
        try self.init(available: available, names: names, options: options)
    }

    /// A matcher over ``LocaleID`` values.
    ///
    /// ```swift
    /// let matcher = try LocaleMatcher(available: [LocaleID("en"), LocaleID("fr")])
    /// ```
    /// - Throws: what ``init(available:options:)`` throws.
    public init(available: [LocaleID], options: Options = Options()) throws(LocaleError) {
        try self.init(available: available.map(\.identifier), options: options)
    }

    private init(available: [String], names: [ICULocaleName], options: Options) throws(LocaleError) {
        if let threshold = options.threshold, !(0...100).contains(threshold) { throw .invalidThreshold(threshold) }
        do { distance = try LocaleDistance.shared() } catch { throw .icu(error) }
        self.available = available
        self.options = options
        let likely = distance.likely
        let lsrs = names.map { likely.maximalLsrOrUnd($0) }
        var defLSR: LSR?
        var def: String?
        switch options.defaultLocale {
        case .locale(let tag):
            guard let name = ICULocaleName(tag) else { throw .malformed(tag) }
            defLSR = likely.maximalLsrOrUnd(name)
            def = tag
        case .firstAvailable, .none:
            break
        }
        // Matching order: the default's equivalents, then paradigm locales, then the rest.
        var order = [Int](repeating: 3, count: lsrs.count)
        var supported: [LSR] = []
        var indexes: [Int] = []
        var toIndex: [LSR: Int] = [:]
        supported.reserveCapacity(lsrs.count)
        indexes.reserveCapacity(lsrs.count)
        toIndex.reserveCapacity(lsrs.count)
        func putIfAbsent(_ lsr: LSR, _ i: Int) {
            guard toIndex[lsr] == nil else { return }
            toIndex[lsr] = i
            supported.append(lsr)
            indexes.append(i)
        }
        var paradigmCount = 0
        for (i, lsr) in lsrs.enumerated() {
            if defLSR == nil, options.defaultLocale == .firstAvailable {
                def = available[i]
                defLSR = lsr
                order[i] = 1
                putIfAbsent(lsr, 0)
            } else if let defLSR, lsr.isEquivalent(to: defLSR) {
                order[i] = 1
                putIfAbsent(lsr, i)
            } else if distance.isParadigm(lsr) {
                order[i] = 2
                paradigmCount += 1
            }
        }
        let paradigmLimit = supported.count + paradigmCount
        for i in lsrs.indices where order[i] == 2 && supported.count < paradigmLimit { putIfAbsent(lsrs[i], i) }
        for i in lsrs.indices where order[i] == 3 { putIfAbsent(lsrs[i], i) }
        supportedLSRs = supported
        supportedIndexes = indexes
        lsrToIndex = toIndex
        defaultLocale = def
        thresholdDistance = options.threshold ?? distance.defaultScriptDistance
        demotionPerDesiredLocale = options.demotion == .region ? distance.defaultDemotionPerDesiredLocale : 0
    }

    /// The best available locale for the preferred languages (most preferred first).
    ///
    /// ```swift
    /// try LocaleMatcher(available: ["en", "en-GB", "es", "es-419"]).match(["en-AU"]).locale   // "en-GB"
    /// ```
    /// - Throws: ``LocaleError/malformed(_:)`` for an identifier ICU's `Locale` would
    ///   hold as bogus.
    public func match(_ preferred: [String]) throws(LocaleError) -> Match {
        let names = try preferred.map { tag throws(LocaleError) in
            guard let name = ICULocaleName(tag) else { throw .malformed(tag) }
            return name
        }
        return match(names: names)
    }

    /// The best available locale for preferred ``LocaleID`` values.
    ///
    /// ```swift
    /// try LocaleMatcher(available: ["fr", "de"]).match([LocaleID("de-AT")]).availableIndex   // 1
    /// ```
    public func match(_ preferred: [LocaleID]) -> Match {
        match(names: preferred.map { ICULocaleName($0.identifier) })
    }

    /// The best available locale for an HTTP `Accept-Language` header.
    ///
    /// ```swift
    /// try LocaleMatcher(available: ["en", "de"]).match(acceptLanguage: "fr;q=0.9, de-CH;q=0.8").locale   // "de"
    /// ```
    /// - Throws: ``LocaleError/invalidAcceptLanguage(_:byteOffset:)``.
    public func match(acceptLanguage header: String) throws(LocaleError) -> Match {
        match(names: try AcceptLanguage(header).locales)
    }

    /// The best available locale for a parsed header.
    ///
    /// ```swift
    /// try LocaleMatcher(available: ["en", "de"]).match(try AcceptLanguage("de-AT")).locale   // "de"
    /// ```
    public func match(_ acceptLanguage: AcceptLanguage) -> Match {
        match(names: acceptLanguage.locales)
    }

    /// The matching available locale, or `nil` when none is close enough (whatever the
    /// default).
    ///
    /// ```swift
    /// try LocaleMatcher(available: [LocaleID("en-GB"), LocaleID("en-US")]).bestMatch(for: [LocaleID("en-AU")])   // en_GB
    /// ```
    public func bestMatch(for preferred: [LocaleID]) -> LocaleID? {
        guard let index = match(preferred).availableIndex else { return nil }
        return try? LocaleID(available[index])
    }

    private func match(names: [ICULocaleName?]) -> Match {
        let likely = distance.likely
        var bestSupported = -1
        var bestDesired = -1
        var bestDistance = 0
        var bestShiftedDistance = thresholdDistance << LocaleDistance.distanceShift
        for (desiredIndex, name) in names.enumerated() {
            let desiredLSR = likely.maximalLsrOrUnd(name)
            // An exact maximized match needs no distance lookup.
            if let index = lsrToIndex[desiredLSR] {
                return Match(locale: available[index], availableIndex: index, preferredIndex: desiredIndex, distance: 0)
            }
            if let best = distance.bestIndexAndDistance(
                desired: desiredLSR, supported: supportedLSRs, shiftedThreshold: bestShiftedDistance,
                favorScript: options.favor == .script, onlyTwoWay: options.direction == .onlyTwoWay)
            {
                bestShiftedDistance = best.shiftedDistance
                bestDistance = best.shiftedDistance
                bestDesired = desiredIndex
                bestSupported = best.index
            }
            bestShiftedDistance -= demotionPerDesiredLocale << LocaleDistance.distanceShift
            if bestShiftedDistance <= 0 { break }
        }
        guard bestSupported >= 0 else {
            return Match(locale: defaultLocale, availableIndex: nil, preferredIndex: nil, distance: nil)
        }
        let index = supportedIndexes[bestSupported]
        return Match(locale: available[index], availableIndex: index, preferredIndex: bestDesired,
                     distance: Double(bestDistance) / Double(1 << LocaleDistance.distanceShift))
    }

    /// The threshold ICU's `Builder::setMaxDistance(desired, supported)` sets: matches at
    /// most as far apart as `maxDesired` and `maxSupported` are allowed.
    ///
    /// ```swift
    /// var options = LocaleMatcher.Options()
    /// options.threshold = try LocaleMatcher.threshold(maxDesired: "de-AT", maxSupported: "de")
    /// ```
    /// - Throws: ``LocaleError/malformed(_:)``, ``LocaleError/icu(_:)``.
    public static func threshold(maxDesired: String, maxSupported: String, options: Options = Options()) throws(LocaleError) -> Int {
        let distance: LocaleDistance
        do { distance = try LocaleDistance.shared() } catch { throw .icu(error) }
        guard let desired = ICULocaleName(maxDesired) else { throw .malformed(maxDesired) }
        guard let supported = ICULocaleName(maxSupported) else { throw .malformed(maxSupported) }
        let best = distance.bestIndexAndDistance(
            desired: distance.likely.maximalLsrOrUnd(desired), supported: [distance.likely.maximalLsrOrUnd(supported)],
            shiftedThreshold: 100 << LocaleDistance.distanceShift, favorScript: options.favor == .script,
            onlyTwoWay: options.direction == .onlyTwoWay)
        // +1: an exclusive threshold from an inclusive maximum.
        return min((best?.shiftedDistance ?? (100 << LocaleDistance.distanceShift)) >> LocaleDistance.distanceShift, 99) + 1
    }

    /// The distance between two locales (0…100) under this matcher's options, or `nil`
    /// when they are not within its threshold (ICU's `isMatch` / `internalMatch`).
    ///
    /// ```swift
    /// try LocaleMatcher(available: []).distance(desired: "nn", supported: "nb")   // 20 in CLDR 42
    /// ```
    /// - Throws: ``LocaleError/malformed(_:)``.
    public func distance(desired: String, supported: String) throws(LocaleError) -> Double? {
        guard let desiredName = ICULocaleName(desired) else { throw .malformed(desired) }
        guard let supportedName = ICULocaleName(supported) else { throw .malformed(supported) }
        let likely = distance.likely
        let best = distance.bestIndexAndDistance(
            desired: likely.maximalLsrOrUnd(desiredName), supported: [likely.maximalLsrOrUnd(supportedName)],
            shiftedThreshold: thresholdDistance << LocaleDistance.distanceShift, favorScript: options.favor == .script,
            onlyTwoWay: options.direction == .onlyTwoWay)
        return best.map { Double($0.shiftedDistance) / Double(1 << LocaleDistance.distanceShift) }
    }
}
