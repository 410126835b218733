internal import CICU

/// Picks the best of an app's available localizations for a user's preferred languages
/// (what `Bundle.preferredLocalizations(from:forPreferences:)` does on Apple platforms;
/// Foundation on Linux ignores the preferences).
///
/// ```swift
/// let matcher = LocaleMatcher(available: try ["en", "zh-Hans", "zh-Hant", "pt-BR", "pt-PT", "es", "es-419"].map(LocaleID.init))
/// matcher.bestMatch(for: [LocaleID("zh-TW")])?.identifier   // "zh_Hant"
/// matcher.bestMatch(for: [LocaleID("pt-AO")])?.identifier   // "pt_PT"
/// matcher.bestMatch(for: [LocaleID("es-MX")])?.identifier   // "es_419"
/// ```
///
/// How it matches (ICU's C API has no LocaleMatcher, so this is built on its data): both
/// sides are maximized with likely subtags (`zh-TW` → `zh_Hant_TW`, `zh-Hant` →
/// `zh_Hant_TW`); language and script must agree. Among those, the distance is measured
/// along CLDR's parent-locale chains, read from the `%%Parent` entries of ICU's locale
/// bundles (`es_MX` → `es_419` → `es`, `pt_AO` → `pt_PT` → `pt`, `en_AU` → `en_001` →
/// `en`): twice the steps from the preferred locale up to the nearest common ancestor
/// plus the steps from the available one. Preferences are taken in order: the first
/// preferred language that any localization serves wins, then the smallest distance, then
/// the earlier available localization.
public struct LocaleMatcher: Sendable {
    /// The available localizations, in the app's order of preference.
    public let available: [LocaleID]
    private let chains: [[String]]
    private let maximized: [LocaleID]

    /// A matcher over `available`.
    ///
    /// ```swift
    /// let matcher = LocaleMatcher(available: [LocaleID("en"), LocaleID("fr")])
    /// ```
    /// The corresponding C function is `uloc_addLikelySubtags`.
    public init(available: [LocaleID]) {
        self.available = available
        maximized = available.map(\.maximized)
        chains = maximized.map(Self.chain)
    }

    /// The best available localization for the preferred languages, or `nil` when none
    /// shares a language and script with any of them.
    ///
    /// ```swift
    /// LocaleMatcher(available: [LocaleID("en-GB"), LocaleID("en-US")]).bestMatch(for: [LocaleID("en-AU")])   // en_GB
    /// ```
    public func bestMatch(for preferred: [LocaleID]) -> LocaleID? {
        bestMatchIndex(for: preferred).map { available[$0] }
    }

    /// The index in ``available`` of the best match, or `nil`.
    ///
    /// ```swift
    /// LocaleMatcher(available: [LocaleID("fr"), LocaleID("de")]).bestMatchIndex(for: [LocaleID("de-AT")])   // 1
    /// ```
    public func bestMatchIndex(for preferred: [LocaleID]) -> Int? {
        // Root (`und`) has no language: likely subtags would make it English, so it
        // matches nothing here (callers fall back to their default instead).
        for desired in preferred where !desired.language.isEmpty {
            let desiredMax = desired.maximized
            let desiredChain = Self.chain(desiredMax)
            var best: (distance: Int, index: Int)?
            for (index, supported) in maximized.enumerated() where !available[index].language.isEmpty {
                guard supported.language == desiredMax.language, supported.script == desiredMax.script else { continue }
                let distance = Self.distance(desiredChain, chains[index])
                if best == nil || distance < best!.distance { best = (distance, index) }
            }
            if let best { return best.index }
        }
        return nil
    }

    /// 2 × steps from the desired locale to the nearest common ancestor + steps from the
    /// supported one; 100 when the chains share nothing.
    static func distance(_ desired: [String], _ supported: [String]) -> Int {
        for (i, element) in desired.enumerated() {
            if let j = supported.firstIndex(of: element) { return 2 * i + j }
        }
        return 100
    }

    /// The parent chain of a maximized locale, each element maximized for comparison:
    /// `es_Latn_MX` → [`es_Latn_MX`, `es_Latn_419`, `es_Latn_ES`].
    static func chain(_ locale: LocaleID) -> [String] {
        var result: [String] = []
        var current = locale.baseName
        var steps = 0
        while !current.isEmpty, current != "root", steps < 8 {
            let maximized = LocaleID(canonical: current).maximized.baseName
            if !result.contains(maximized) { result.append(maximized) }
            current = parent(of: current)
            steps += 1
        }
        return result
    }

    /// The CLDR parent: the `%%Parent` of the bundle (or of the minimized form's bundle:
    /// `pt_Latn_AO` → `pt_AO`), else the identifier with its last subtag removed.
    static func parent(of identifier: String) -> String {
        let minimized = LocaleID(canonical: identifier).minimized.baseName
        for candidate in [identifier, minimized] {
            if let explicit = explicitParent(candidate) { return explicit == "root" ? "" : explicit }
        }
        guard let last = identifier.lastIndex(of: "_") else { return "" }
        return String(identifier[..<last])
    }

    private static func explicitParent(_ identifier: String) -> String? {
        var status = U_ZERO_ERROR
        guard let bundle = ures_openDirect(nil, identifier, &status), !status.isFailure else { return nil }
        defer { ures_close(bundle) }
        var length: Int32 = 0
        guard let parent = ures_getStringByKey(bundle, "%%Parent", &length, &status), !status.isFailure else { return nil }
        return String(decoding: UnsafeBufferPointer(start: parent, count: Int(length)), as: UTF16.self)
    }
}
