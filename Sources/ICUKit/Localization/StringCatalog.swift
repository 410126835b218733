/// An app's localizable strings in memory, in the shape of a String Catalog
/// (`.xcstrings`): every key with its translations per language. `.strings`,
/// `.stringsdict`, folders of `.lproj` and gettext `.po`/`.mo` files load into the same
/// shape, so resolving, checking, pseudo-localizing and converting work the same on all.
///
/// ```swift
/// var catalog = StringCatalog(sourceLanguage: "en")
/// catalog["greeting"] = StringCatalog.Entry(key: "greeting", localizations: [
///     "en": .init(unit: .init(state: .translated, value: "Hello, %@!")),
///     "fr": .init(unit: .init(state: .translated, value: "Bonjour, %@ !")),
/// ])
/// catalog.keys        // ["greeting"]
/// catalog.languages   // ["en", "fr"]
/// ```
public struct StringCatalog: Sendable, Hashable {
    /// The language the keys and source strings are written in (a catalog's
    /// `sourceLanguage`, a bundle's development language).
    public var sourceLanguage: String
    /// The catalog format version (`"1.0"`).
    public var version: String
    /// The file format the strings were read from; it decides the few rules that differ
    /// between formats (gettext skips fuzzy entries, `.strings` keys fall back to the key).
    public var origin: Origin
    /// The gettext `Plural-Forms` header of each language read from `.po`/`.mo` files,
    /// such as `"nplurals=2; plural=(n != 1);"`; plural variations of kind
    /// ``Variations/Kind/gettextPlural`` are indexed by this expression's value.
    public var gettextPluralForms: [String: String]
    /// The non-fatal findings of reading the files (a duplicate key, whose last value is
    /// kept); empty for a catalog built in code.
    public var readingProblems: [StringsProblem] = []
    /// The keys in file order.
    public private(set) var keys: [String]
    private var storage: [String: Entry]

    /// An empty catalog.
    ///
    /// ```swift
    /// let catalog = StringCatalog(sourceLanguage: "en")   // catalog.keys == []
    /// ```
    public init(sourceLanguage: String, version: String = "1.0", origin: Origin = .xcstrings) {
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.origin = origin
        self.gettextPluralForms = [:]
        self.keys = []
        self.storage = [:]
    }

    /// The entry for `key`; setting appends a new key at the end, replaces an existing
    /// entry in place, and `nil` removes it.
    ///
    /// ```swift
    /// catalog["greeting"]?.comment = "Shown at start-up"
    /// ```
    public subscript(key: String) -> Entry? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The entries in file order.
    ///
    /// ```swift
    /// for entry in catalog.entries { print(entry.key) }
    /// ```
    public var entries: [Entry] { keys.map { storage[$0]! } }

    /// Every language with at least one localization, the source language first, the
    /// others sorted.
    ///
    /// ```swift
    /// catalog.languages   // ["en", "de", "fr"]
    /// ```
    public var languages: [String] {
        var seen = Set<String>()
        for entry in storage.values { seen.formUnion(entry.localizations.keys) }
        seen.remove(sourceLanguage)
        return [sourceLanguage] + seen.sorted()
    }

    /// The file format a catalog was read from.
    public enum Origin: String, Sendable, Hashable, CaseIterable {
        /// A String Catalog (`.xcstrings`).
        case xcstrings
        /// `.strings` and `.stringsdict` files, alone or in `.lproj` folders.
        case strings
        /// GNU gettext `.po` or `.mo` files.
        case gettext
    }

    /// One key: its comment, extraction state and translations.
    public struct Entry: Sendable, Hashable {
        /// The key (for gettext, `msgid`, or `msgctxt` + U+0004 + `msgid`).
        public var key: String
        /// The developer's comment for translators (gettext: the extracted `#.` lines).
        public var comment: String?
        /// Xcode's `extractionState` (`manual`, `stale`, `extracted_with_value`, …).
        public var extractionState: String?
        /// `false` when the string must not be translated.
        public var shouldTranslate: Bool
        /// The translations by language.
        public var localizations: [String: Localization]
        /// The flags of a `.po` entry's `#,` lines other than `fuzzy` (which is the state
        /// `needs_review`): `c-format`, `no-c-format`, `python-format`, …, as read; the
        /// `.po` writer writes them back.
        public var gettextFlags: [String] = []

        /// An entry.
        ///
        /// ```swift
        /// let entry = StringCatalog.Entry(key: "ok", localizations: ["en": .init(unit: .init(state: .translated, value: "OK"))])
        /// ```
        public init(key: String, comment: String? = nil, extractionState: String? = nil, shouldTranslate: Bool = true, localizations: [String: Localization] = [:]) {
            self.key = key
            self.comment = comment
            self.extractionState = extractionState
            self.shouldTranslate = shouldTranslate
            self.localizations = localizations
        }
    }

    /// One translation: a string unit, or variations (plural, device, width) whose
    /// cases are translations themselves, plus the substitutions (`%#@name@`) it uses.
    public struct Localization: Sendable, Hashable {
        /// The translated text and its review state.
        public var unit: StringUnit?
        /// The variations, when the text depends on a number, the device or the width.
        public var variations: Variations?
        /// The substitutions by name, for `%#@name@` in the text.
        public var substitutions: [String: Substitution]

        /// A translation.
        ///
        /// ```swift
        /// let text = StringCatalog.Localization(unit: .init(state: .translated, value: "Hallo"))
        /// ```
        public init(unit: StringUnit? = nil, variations: Variations? = nil, substitutions: [String: Substitution] = [:]) {
            self.unit = unit
            self.variations = variations
            self.substitutions = substitutions
        }
    }

    /// A translated text with its review state (a catalog's `stringUnit`).
    public struct StringUnit: Sendable, Hashable {
        /// The review state.
        public var state: TranslationState
        /// The text: a format string such as `"%lld files"`.
        public var value: String

        /// A string unit.
        ///
        /// ```swift
        /// let unit = StringCatalog.StringUnit(state: .needsReview, value: "Datei")
        /// ```
        public init(state: TranslationState, value: String) {
            self.state = state
            self.value = value
        }
    }

    /// A string unit's review state, as Xcode writes it; unknown states are kept as read.
    public struct TranslationState: RawRepresentable, Sendable, Hashable {
        /// The state as written (`translated`, `new`, `needs_review`, `stale`, …).
        public var rawValue: String
        /// A state.
        ///
        /// ```swift
        /// StringCatalog.TranslationState(rawValue: "needs_review") == .needsReview   // true
        /// ```
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Translated and reviewed.
        public static let translated = TranslationState(rawValue: "translated")
        /// Not yet translated (Xcode's placeholder copy of the source).
        public static let new = TranslationState(rawValue: "new")
        /// Translated, but the source changed or a reviewer must look (gettext: fuzzy).
        public static let needsReview = TranslationState(rawValue: "needs_review")
        /// The source string is gone from the code.
        public static let stale = TranslationState(rawValue: "stale")
    }

    /// Variations of a translation: its cases by plural category, device or width.
    public struct Variations: Sendable, Hashable {
        /// What the variation depends on.
        public var kind: Kind
        /// The cases, keyed as the file writes them (`one`, `other`; `iphone`, `mac`;
        /// `20`; gettext `0`, `1`, …). Unknown keys are kept so a check can report them.
        public var cases: [String: Localization]

        /// Variations.
        ///
        /// ```swift
        /// let files = StringCatalog.Variations(kind: .plural, cases: [
        ///     "one": .init(unit: .init(state: .translated, value: "%lld file")),
        ///     "other": .init(unit: .init(state: .translated, value: "%lld files")),
        /// ])
        /// ```
        public init(kind: Kind, cases: [String: Localization]) {
            self.kind = kind
            self.cases = cases
        }

        /// What a variation depends on.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// The CLDR plural category of a number (`zero one two few many other`).
            case plural
            /// The device (`iphone ipad ipod mac applewatch appletv applevision other`).
            case device
            /// The display width (`.stringsdict`'s `NSStringVariableWidthRuleType`;
            /// cases keyed by width in ems, such as `"20"`).
            case width
            /// A gettext plural: cases keyed `"0"`, `"1"`, … by the value of the
            /// language's `Plural-Forms` expression.
            case gettextPlural
        }
    }

    /// A substitution: the translation that replaces `%#@name@`, chosen by one argument.
    public struct Substitution: Sendable, Hashable {
        /// The 1-based argument it reads (`nil`: the next one in order).
        public var argNum: Int?
        /// The printf conversion of that argument, without `%` (`lld`, `d`, `@`, `f`).
        public var formatSpecifier: String
        /// The cases (usually plural); the text of each may use `%arg` for the argument.
        public var variations: Variations?
        /// A plain text when the substitution has no variations.
        public var unit: StringUnit?

        /// A substitution.
        ///
        /// ```swift
        /// let count = StringCatalog.Substitution(argNum: 1, formatSpecifier: "lld")
        /// ```
        public init(argNum: Int? = nil, formatSpecifier: String, variations: Variations? = nil, unit: StringUnit? = nil) {
            self.argNum = argNum
            self.formatSpecifier = formatSpecifier
            self.variations = variations
            self.unit = unit
        }
    }
}
