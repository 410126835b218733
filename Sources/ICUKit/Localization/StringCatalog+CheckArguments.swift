/// The arguments one localization's format strings take: each 1-based position with the
/// kind of value it reads, as its texts (the unit and every variation case, not the
/// substitutions' own texts) and its `%#@name@` substitutions say.
struct ArgumentSignature {
    /// The kind of each argument position, with the placeholder that first gave it.
    var kinds: [Int: (kind: FormatPlaceholder.ArgumentKind?, text: String)] = [:]
    /// Positions two texts read as different kinds.
    var conflicts: [(position: Int, first: String, second: String)] = []
    /// Whether a text mixes `%1$@` with `%@`.
    var mixed = false
    /// Whether any text uses `%n$`.
    var explicit = false
    /// The most arguments one text takes.
    var width = 0
    /// The `%#@name@` names the texts use (substitutions' texts included).
    var variables: Set<String> = []

    init(_ localization: StringCatalog.Localization, catalog: StringCatalog) {
        if localization.variations == nil, localization.substitutions.isEmpty,
            localization.unit.map({ !Self.hasPercent($0.value) }) ?? true
        {
            self.init(texts: [], substitutions: [:], catalog: catalog)  // no placeholder: no arguments
            return
        }
        self.init(texts: Self.mainTexts(localization), substitutions: localization.substitutions, catalog: catalog)
        for substitution in localization.substitutions.values {
            for text in Self.substitutionTexts(substitution) {
                for placeholder in FormatPlaceholder.scan(text, substitutionText: true) where placeholder.kind == .substitution {
                    variables.insert(placeholder.variable!)
                }
            }
        }
    }

    init(texts: [String], substitutions: [String: StringCatalog.Substitution], catalog: StringCatalog) {
        for text in texts {
            var next = 0
            var plain = false
            var positional = false
            var taken = 0
            for placeholder in FormatPlaceholder.scan(text) where placeholder.takesArgument {
                taken += 1
                let position: Int
                var kind: FormatPlaceholder.ArgumentKind?
                var shown = placeholder.text
                if placeholder.kind == .substitution {
                    let name = placeholder.variable!
                    variables.insert(name)
                    let substitution = substitutions[name]
                    next += 1
                    position = placeholder.position ?? substitution?.argNum ?? next
                    if let substitution {
                        kind = FormatPlaceholder.scan("%" + substitution.formatSpecifier).first?.argumentKind
                        shown += " (%" + substitution.formatSpecifier + ")"
                    }
                } else if let explicitPosition = placeholder.position {
                    positional = true
                    position = explicitPosition
                    kind = placeholder.argumentKind
                } else {
                    plain = true
                    next += 1
                    position = next
                    kind = placeholder.argumentKind
                }
                if catalog.origin == .gettext && placeholder.kind == .conversion {
                    // gettext tells `%d` from `%ld` (msgfmt -c compares the length too).
                    shown = placeholder.text
                }
                if let known = kinds[position] {
                    if known.kind != kind || catalog.origin == .gettext && Self.gettextType(known.text) != Self.gettextType(shown) {
                        conflicts.append((position, known.text, shown))
                    }
                } else {
                    kinds[position] = (kind, shown)
                }
                if placeholder.position != nil { width = max(width, position) }
            }
            width = max(width, taken)
            if plain && positional { mixed = true }
            if positional { explicit = true }
        }
    }

    private static func hasPercent(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "%")) } ?? text.utf8.contains(UInt8(ascii: "%"))
    }

    /// A gettext conversion's type as msgfmt compares it: the kind and the length modifier.
    static func gettextType(_ text: String) -> String {
        guard let placeholder = FormatPlaceholder.scan(text).first, let kind = placeholder.argumentKind else { return text }
        let length = placeholder.length == "q" ? "ll" : placeholder.length
        return kind.rawValue + length
    }

    /// The unit and every variation case (in case-name order, so that conflicts are
    /// reported the same way every run), recursively (substitutions' texts excluded).
    static func mainTexts(_ localization: StringCatalog.Localization) -> [String] {
        var texts: [String] = []
        if let unit = localization.unit { texts.append(unit.value) }
        for (_, value) in localization.variations?.cases.sorted(by: { $0.key < $1.key }) ?? [] { texts += mainTexts(value) }
        return texts
    }

    /// Every text of a substitution.
    static func substitutionTexts(_ substitution: StringCatalog.Substitution) -> [String] {
        var texts: [String] = []
        if let unit = substitution.unit { texts.append(unit.value) }
        for (_, value) in substitution.variations?.cases.sorted(by: { $0.key < $1.key }) ?? [] { texts += mainTexts(value) }
        return texts
    }

    /// `1: %@, 2: %lld` in position order.
    var summary: String {
        kinds.isEmpty ? "none" : kinds.keys.sorted().map { "\($0): " + kinds[$0]!.text }.joined(separator: ", ")
    }
}

extension StringsChecker {
    /// Arguments of one localization: mixed and skipped positions, substitutions, and
    /// the comparison with the source language's (for gettext, as `msgfmt -c` compares).
    mutating func checkArguments(_ key: String, _ language: String, _ localization: StringCatalog.Localization,
                                 source: ArgumentSignature?, sourceLocalization: StringCatalog.Localization?) {
        if catalog.origin == .gettext {
            if let sourceLocalization { checkGettextFormat(key, language, localization, sourceLocalization) }
            return
        }
        let signature = ArgumentSignature(localization, catalog: catalog)
        // Apple's formatting gives a plain conversion the next position, so a mix whose
        // positions do not collide works there (a warning); a collision is an error.
        if signature.mixed {
            report(key, language, signature.conflicts.isEmpty ? .warning : .error, "mixed-positional",
                   "positional (%1$@) and plain (%@) arguments in one text")
        }
        if signature.explicit, let last = signature.kinds.keys.max() {
            let skipped = (1...last).filter { signature.kinds[$0] == nil }
            if !skipped.isEmpty {
                report(key, language, .error, "skipped-position", "argument positions \(skipped.map(String.init).joined(separator: ", ")) are never used")
            }
        }
        for conflict in signature.conflicts {
            report(key, language, .error, "placeholder-type", "argument \(conflict.position) is \(conflict.first) in one text and \(conflict.second) in another")
        }
        if !localization.substitutions.isEmpty || !signature.variables.isEmpty { checkSubstitutions(key, language, localization, signature) }
        guard let source, source.conflicts.isEmpty, signature.conflicts.isEmpty else { return }
        compare(key, language, signature, source)
    }

    /// Substitutions undefined, unused or reading an argument the text does not take.
    private mutating func checkSubstitutions(_ key: String, _ language: String, _ localization: StringCatalog.Localization, _ signature: ArgumentSignature) {
        let defined = Set(localization.substitutions.keys)
        let undefined = signature.variables.subtracting(defined).sorted()
        if !undefined.isEmpty {
            report(key, language, .error, "undefined-substitution", "no substitution for " + undefined.map { "%#@\($0)@" }.joined(separator: ", "))
        }
        let unused = defined.subtracting(signature.variables).sorted()
        if !unused.isEmpty {
            report(key, language, .warning, "unused-substitution", "substitutions \(unused.joined(separator: ", ")) are never used")
        }
        for (name, substitution) in localization.substitutions.sorted(by: { $0.key < $1.key }) {
            if let argNum = substitution.argNum, argNum < 1 || argNum > signature.width {
                report(key, language, .error, "argnum-out-of-range", "substitution \(name) reads argument \(argNum); the text takes \(signature.width)")
            }
        }
    }

    private mutating func compare(_ key: String, _ language: String, _ signature: ArgumentSignature, _ source: ArgumentSignature) {
        if signature.kinds.count != source.kinds.count {
            report(key, language, .error, "placeholder-count",
                   "\(signature.kinds.count) arguments (\(signature.summary)); the source has \(source.kinds.count) (\(source.summary))")
            return
        }
        // The same number of distinct positions: the same positions when each is in the source.
        if signature.kinds.keys.contains(where: { source.kinds[$0] == nil }) {
            report(key, language, .error, "placeholder-position", "arguments \(signature.summary); the source's \(source.summary)")
            return
        }
        guard signature.kinds.contains(where: { $0.value.kind != source.kinds[$0.key]!.kind }) else { return }
        let differing = signature.kinds.keys.sorted().filter { signature.kinds[$0]!.kind != source.kinds[$0]!.kind }
        let mine = signature.kinds.values.map { $0.kind?.rawValue ?? "" }.sorted()
        let theirs = source.kinds.values.map { $0.kind?.rawValue ?? "" }.sorted()
        let detail = differing.map { "argument \($0) is \(signature.kinds[$0]!.text), the source's \(source.kinds[$0]!.text)" }.joined(separator: "; ")
        if mine == theirs {
            report(key, language, .error, "placeholder-position", "arguments in another order without %n$: " + detail)
        } else {
            report(key, language, .error, "placeholder-type", detail)
        }
    }
}
