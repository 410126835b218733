internal import CICU

// The one place where the text transforms keep ICU handles: case maps and
// transliterators, cached per configuration (ConfigurationCache) and pooled where ICU
// does not allow concurrent use (ICUPool of ICUHandles).

/// One `UCaseMap` for a locale and options, with a pool of clones for titlecasing.
///
/// `Sendable` notes: `ucasemap_utf8ToUpper`, `…ToLower` and `…FoldCase` take a `const
/// UCaseMap *` and only read it, so `shared` is used by any number of threads at once.
/// `ucasemap_utf8ToTitle` stores a break iterator in its map, so titlecasing checks a
/// map of its own out of `titlePool`.
final class CaseMapHandle: @unchecked Sendable {
    let shared: ICUHandle
    let titlePool: ICUPool<ICUHandle>
    /// Whether upper and lower behave as in root for this map's locale (the condition of
    /// the fast path, `CaseMappingTable`).
    let rootLike: Bool

    struct Key: Hashable, Sendable {
        let locale: String
        let options: UInt32
    }

    private static let cache = ConfigurationCache<Key, CaseMapHandle>(limit: 64)

    static func handle(locale: String, options: UInt32) throws(TextTransformError) -> CaseMapHandle {
        do {
            return try cache.value(for: Key(locale: locale, options: options)) { () throws(ICUError) in
                try CaseMapHandle(locale: locale, options: options)
            }
        } catch { throw .icu(error) }
    }

    private init(locale: String, options: UInt32) throws(ICUError) {
        shared = try Self.open(locale, options)
        rootLike = CaseMappingTable.rootLike(shared.pointer)
        titlePool = try ICUPool(capacity: 8) { () throws(ICUError) in try Self.open(locale, options) }
    }

    private static func open(_ locale: String, _ options: UInt32) throws(ICUError) -> ICUHandle {
        ICUHandle(try ICU.ucasemap_open(locale: locale, options: options)) {
            ucasemap_close($0)
        }
    }
}

/// A compiled transliterator: the template ICU built once, and a pool of clones.
///
/// `Sendable` notes: ICU transliterators are not thread-safe; the template is only ever
/// cloned (`utrans_clone` reads it), and every transliteration uses a clone checked out
/// of `pool` by one thread at a time.
final class TransliteratorHandle: @unchecked Sendable {
    let template: ICUHandle
    let pool: ICUPool<ICUHandle>
    /// The ID ICU reports (canonical form of the requested ID, or "rules").
    let id: String

    struct Key: Hashable, Sendable {
        let id: String
        let rules: String?
        let reverse: Bool
    }

    private static let cache = ConfigurationCache<Key, TransliteratorHandle>(limit: 128)

    static func handle(id: String, rules: String?, reverse: Bool) throws(TextTransformError) -> TransliteratorHandle {
        try cache.value(for: Key(id: id, rules: rules, reverse: reverse)) { () throws(TextTransformError) in
            try TransliteratorHandle(template: TransliteratorEngine.open(id: id, rules: rules, reverse: reverse))
        }
    }

    /// The inverse of `self`: the same ID or rules opened in the other direction (cached
    /// like any other; `utrans_openInverse` cannot invert custom rules).
    func inverse(key: Key) throws(TextTransformError) -> TransliteratorHandle {
        try Self.cache.value(for: Key(id: key.id, rules: key.rules, reverse: !key.reverse)) { () throws(TextTransformError) in
            try TransliteratorHandle(template: TransliteratorEngine.open(id: key.id, rules: key.rules, reverse: !key.reverse))
        }
    }

    init(template: ICUHandle) throws(TextTransformError) {
        self.template = template
        let source = template
        pool = try TextTransformError.wrapping { () throws(ICUError) in
            try ICUPool(capacity: 8) { () throws(ICUError) in try TransliteratorEngine.cloneOrThrow(source.pointer) }
        }
        id = TransliteratorEngine.unicodeID(template.pointer)
    }
}
