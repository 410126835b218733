extension StringCatalog {
    /// The kind of each argument `key` takes in `language` (after the fallback of
    /// ``format(_:_:language:device:width:isolate:)``), by 1-based position minus one:
    /// from every placeholder of every variation case, a `%#@name@` counting as its
    /// substitution's `formatSpecifier`. `nil` for a position nothing reads; the first
    /// kind found wins. So a service or a command line can type arguments given as text.
    ///
    /// ```swift
    /// catalog.argumentKinds(of: "greeting", language: "fr")   // [.string]
    /// ```
    public func argumentKinds(of key: String, language: String) -> [FormatPlaceholder.ArgumentKind?] {
        guard let entry = self[key] else { return [] }
        let localization = resolved(entry, language: language).0
        var kinds: [FormatPlaceholder.ArgumentKind?] = []
        func record(_ index: Int, _ kind: FormatPlaceholder.ArgumentKind?) {
            guard index >= 0, index < 1_000 else { return }
            while kinds.count <= index { kinds.append(nil) }
            if kinds[index] == nil { kinds[index] = kind }
        }
        func specifierKind(_ specifier: String) -> FormatPlaceholder.ArgumentKind? {
            FormatPlaceholder.scan("%" + specifier).first?.argumentKind
        }
        func visit(_ text: String, _ substitutions: [String: Substitution], own: (Int, FormatPlaceholder.ArgumentKind?)?, depth: Int) {
            var next = 0
            var ownUsed = false
            for placeholder in FormatPlaceholder.scan(text, substitutionText: own != nil) {
                switch placeholder.kind {
                case .conversion:
                    if placeholder.widthFromArgument { record(next, .integer); next += 1 }
                    if placeholder.precisionFromArgument { record(next, .integer); next += 1 }
                    if let position = placeholder.position {
                        record(position - 1, placeholder.argumentKind)
                    } else if let own, !ownUsed {
                        ownUsed = true
                        record(own.0, placeholder.argumentKind)
                    } else {
                        record(next, placeholder.argumentKind)
                        next += 1
                    }
                case .substitution:
                    guard let definition = substitutions[placeholder.variable ?? ""], depth < 8 else { continue }
                    let index: Int
                    if let argNum = definition.argNum {
                        index = argNum > 0 ? argNum - 1 : -1
                    } else if let position = placeholder.position {
                        index = position - 1
                    } else {
                        index = next
                        next += 1
                    }
                    let kind = specifierKind(definition.formatSpecifier)
                    record(index, kind)
                    if let unit = definition.unit { visit(unit.value, substitutions, own: (index, kind), depth: depth + 1) }
                    if let variations = definition.variations {
                        walkVariations(variations, substitutions, own: (index, kind), depth: depth + 1)
                    }
                case .substitutionArgument:
                    if let own { record(own.0, own.1) }
                case .percent, .invalid: continue
                }
            }
        }
        func walkVariations(_ variations: Variations, _ substitutions: [String: Substitution], own: (Int, FormatPlaceholder.ArgumentKind?)?, depth: Int) {
            for key in variations.cases.keys.sorted() {
                guard let localization = variations.cases[key] else { continue }
                walkLocalization(localization, substitutions, own: own, depth: depth)
            }
        }
        func walkLocalization(_ localization: Localization, _ outer: [String: Substitution], own: (Int, FormatPlaceholder.ArgumentKind?)?, depth: Int) {
            var substitutions = outer
            for (name, substitution) in localization.substitutions { substitutions[name] = substitution }
            if let unit = localization.unit { visit(unit.value, substitutions, own: own, depth: depth) }
            if let variations = localization.variations { walkVariations(variations, substitutions, own: own, depth: depth) }
        }
        walkLocalization(localization, [:], own: nil, depth: 0)
        return kinds
    }
}
