extension StringCatalog {
    /// The localization to serve for the user's preferred languages (most preferred first:
    /// a device's list, ``AcceptLanguage/parse(_:)`` of a header), chosen with ICUKit's
    /// ``LocaleMatcher`` over ``languages`` (`Base` left out); the source language when
    /// nothing is close enough. Tags that do not parse are skipped.
    ///
    /// ```swift
    /// catalog.preferredLanguage(for: ["fr-CA", "en"])   // "fr"
    /// catalog.preferredLanguage(for: ["ja"])            // "en", the source language
    /// ```
    public func preferredLanguage(for preferred: [String]) -> String {
        LocalizedStrings.match(preferred, available: languages.filter { $0 != "Base" }, source: sourceLanguage)
    }

    /// The string of `key` in `language`, formatted with `arguments` as Apple formats a
    /// localized string (see <doc:LocalizingAService> for the rules):
    ///
    /// - the key's localization in `language`, else its parents (`zh-Hant-TW` → `zh-Hant`
    ///   → `zh`), `Base`, the source language, and last the key itself;
    /// - plural variations and substitutions (`%#@name@`) chosen by the number they read
    ///   (0 with a `zero` case gives `zero`, else the CLDR category); device variations by
    ///   `device` (else `other`), width variations by `width` (the widest when `nil`);
    ///   gettext plurals by the language's `Plural-Forms` with n from the first integer
    ///   argument;
    /// - printf conversions with numbers in the language's conventions; `isolate` wraps
    ///   each string argument in FSI … PDI.
    ///
    /// ```swift
    /// try catalog.format("files", [3], language: "ru")   // "3 файла"
    /// ```
    /// - Throws: ``StringsError`` `.unknownKey` for a key the catalog lacks,
    ///   `.missingArgument`, `.argumentType`, `.invalidFormat`.
    public func format(
        _ key: String, _ arguments: [StringArgument], language: String, device: String = "other", width: Int? = nil, isolate: Bool = false
    ) throws(StringsError) -> String {
        guard let entry = self[key] else { throw StringsError(.unknownKey, "no such key", key: key) }
        return try format(entry, arguments, language: language, device: device, width: width, isolate: isolate, formatting: LanguageFormatting.of)
    }

    func format(
        _ entry: Entry, _ arguments: [StringArgument], language: String, device: String, width: Int?, isolate: Bool,
        formatting: (String) -> LanguageFormatting
    ) throws(StringsError) -> String {
        let (found, textLanguage) = resolved(entry, language: language)
        var engine = FormatEngine(
            arguments: arguments, numbers: formatting(language), plurals: formatting(textLanguage), isolate: isolate,
            device: device, width: width, gettextForms: origin == .gettext ? gettextPluralForms[textLanguage] : nil)
        do {
            return try engine.format(found)
        } catch var error {
            error.key = entry.key
            throw error
        }
    }

    /// The localization to use for `entry` in `language` and the language it is in; last
    /// of the chain, the key itself, a format string as Apple's callers use it (gettext:
    /// the msgid, without its context).
    func resolved(_ entry: Entry, language: String) -> (Localization, String) {
        if let found = localization(of: entry, language: language) { return found }
        let keyText = entry.key.split(separator: "\u{4}", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init) ?? entry.key
        return (Localization(unit: StringUnit(state: .translated, value: keyText)), sourceLanguage)
    }

    /// The localization to use for `entry` in `language` and the language it is in:
    /// `language`, its truncations, `Base`, the source language.
    func localization(of entry: Entry, language: String) -> (Localization, String)? {
        func usable(_ candidate: String) -> Localization? {
            guard let localization = entry.localizations[candidate], isUsable(localization) else { return nil }
            return localization
        }
        if entry.shouldTranslate {
            var candidate = language
            while true {
                if let hit = usable(candidate) { return (hit, candidate) }
                guard let cut = candidate.lastIndex(where: { $0 == "-" || $0 == "_" }) else { break }
                candidate = String(candidate[..<cut])
            }
            if let hit = usable("Base") { return (hit, sourceLanguage) }
        }
        if let hit = usable(sourceLanguage) { return (hit, sourceLanguage) }
        return nil
    }

    /// Whether a localization can be served: it has a non-empty text or variations
    /// (gettext: not only fuzzy or empty ones).
    func isUsable(_ localization: Localization) -> Bool {
        if let unit = localization.unit, localization.variations == nil {
            if unit.value.isEmpty { return false }
            if origin == .gettext, unit.state == .needsReview { return false }
        }
        if localization.unit == nil, localization.variations == nil { return false }
        if origin == .gettext, let variations = localization.variations,
            variations.cases.values.allSatisfy({ $0.unit?.state == .needsReview || $0.unit?.value.isEmpty == true })
        {
            return false
        }
        return true
    }
}

/// Formats one resolved localization: picks variation cases, expands substitutions and
/// runs the printf conversions.
struct FormatEngine {
    let arguments: [StringArgument]
    let numbers: LanguageFormatting
    let plurals: LanguageFormatting
    let isolate: Bool
    let device: String
    let width: Int?
    let gettextForms: String?
    private var depth = 0
    /// The largest width or precision taken from an argument (`%*d`), the bound
    /// ``FormatPlaceholder/scan(_:substitutionText:)`` puts on written digits: one
    /// conversion pads to at most a million characters.
    static let widthLimit = 1_000_000
    /// The longest formatted text, in UTF-8 bytes: a text of many padded conversions or
    /// nested substitutions is an error past it, not gigabytes of spaces.
    static let outputLimit = 1 << 24

    init(
        arguments: [StringArgument], numbers: LanguageFormatting, plurals: LanguageFormatting, isolate: Bool, device: String, width: Int?,
        gettextForms: String?
    ) {
        self.arguments = arguments
        self.numbers = numbers
        self.plurals = plurals
        self.isolate = isolate
        self.device = device
        self.width = width
        self.gettextForms = gettextForms
    }

    mutating func format(_ localization: StringCatalog.Localization) throws(StringsError) -> String {
        let (text, substitutions) = try pick(localization, substitutions: [:])
        var next = 0
        return try expand(text, substitutions: substitutions, next: &next, substitution: nil)
    }

    /// The text of a localization after choosing its variation cases, with the
    /// substitutions in scope.
    private func pick(
        _ localization: StringCatalog.Localization, substitutions outer: [String: StringCatalog.Substitution]
    ) throws(StringsError) -> (String, [String: StringCatalog.Substitution]) {
        var substitutions = outer
        for (name, substitution) in localization.substitutions { substitutions[name] = substitution }
        guard let variations = localization.variations else {
            return (localization.unit?.value ?? "", substitutions)
        }
        guard let chosen = try choose(variations, argument: nil) else {
            return (localization.unit?.value ?? "", substitutions)
        }
        return try pick(chosen, substitutions: substitutions)
    }

    /// The case of `variations`: by device, width, or the plural of `argument` (for a
    /// top-level plural, the first numeric argument of its `other` text).
    private func choose(_ variations: StringCatalog.Variations, argument: StringArgument?) throws(StringsError) -> StringCatalog.Localization? {
        let cases = variations.cases
        switch variations.kind {
        case .device:
            return cases[device] ?? cases["other"] ?? cases.min { $0.key < $1.key }?.value
        case .width:
            let widths = cases.compactMap { key, value in Int(key).map { ($0, value) } }.sorted { $0.0 < $1.0 }
            guard let widest = widths.last else { return cases["other"] ?? cases.values.first }
            guard let width else { return widest.1 }
            return (widths.last { $0.0 <= width } ?? widths[0]).1
        case .plural:
            var chosen = argument
            if chosen == nil { chosen = try pluralArgument(cases) }
            guard let chosen else { return cases["other"] ?? cases.values.first }
            return plurals.pluralCase(cases, value: try number(chosen))
        case .gettextPlural:
            let n = arguments.lazy.compactMap { argument -> Int64? in
                if case .integer(let value) = argument { return value }
                return nil
            }.first ?? 0
            let index = gettextPluralIndex(UInt64(bitPattern: n), forms: gettextForms)
            return cases[String(index)] ?? cases["0"]
        }
    }

    private func number(_ argument: StringArgument) throws(StringsError) -> Double {
        guard let value = argument.numericValue else {
            throw StringsError(.argumentType, "a plural needs a number, not \(argument)")
        }
        return value
    }

    /// The argument a top-level plural variation reads: the first numeric conversion in
    /// its `other` case (as Xcode compiles it to a `.stringsdict` variable).
    private func pluralArgument(_ cases: [String: StringCatalog.Localization]) throws(StringsError) -> StringArgument? {
        guard let text = (cases["other"] ?? cases.values.first)?.unit?.value else { return nil }
        var sequential = 0
        for placeholder in FormatPlaceholder.scan(text) where placeholder.takesArgument {
            let index = placeholder.position.map { $0 - 1 } ?? sequential
            if placeholder.position == nil { sequential += 1 }
            if let kind = placeholder.argumentKind, kind == .integer || kind == .unsignedInteger || kind == .double {
                return try argument(index)
            }
        }
        return nil
    }

    private func argument(_ index: Int) throws(StringsError) -> StringArgument {
        guard index >= 0, index < arguments.count else {
            throw StringsError(.missingArgument, "argument \(index + 1) is missing (\(arguments.count) given)")
        }
        return arguments[index]
    }

    /// Formats `text`: literal text copied, placeholders replaced. Inside a
    /// substitution's text (`substitution` set), `%arg` and the first plain conversion
    /// read the substitution's argument.
    private mutating func expand(
        _ text: String, substitutions: [String: StringCatalog.Substitution], next: inout Int,
        substitution: (index: Int, placeholder: FormatPlaceholder)?
    ) throws(StringsError) -> String {
        let placeholders = FormatPlaceholder.scan(text, substitutionText: substitution != nil)
        if placeholders.isEmpty { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        let utf8 = text.utf8
        var copied = 0
        var ownArgumentUsed = false
        for placeholder in placeholders {
            let from = utf8.index(utf8.startIndex, offsetBy: copied)
            let to = utf8.index(from, offsetBy: placeholder.range.lowerBound - copied)
            out += text[from..<to]
            copied = placeholder.range.upperBound
            switch placeholder.kind {
            case .percent: out += "%"
            case .invalid: out += placeholder.text
            case .substitutionArgument:
                guard let substitution else { out += placeholder.text; continue }
                out += try PrintfConversion.format(
                    substitution.placeholder, try argument(substitution.index), width: substitution.placeholder.width,
                    precision: substitution.placeholder.precision, in: numbers, isolate: isolate)
            case .substitution:
                let name = placeholder.variable ?? ""
                guard let definition = substitutions[name] else {
                    throw StringsError(.invalidFormat, "%#@\(name)@ has no substitution")
                }
                let index: Int
                if let argNum = definition.argNum {
                    index = argNum > 0 ? argNum - 1 : -1
                } else if let position = placeholder.position {
                    index = position - 1
                } else {
                    index = next
                    next += 1
                }
                guard depth < 8 else { throw StringsError(.invalidFormat, "substitutions nest more than 8 deep") }
                let value = try argument(index)
                let spec = FormatPlaceholder.scan("%" + definition.formatSpecifier).first { $0.kind == .conversion }
                    ?? FormatPlaceholder.scan("%@")[0]
                let chosen: (String, [String: StringCatalog.Substitution])
                if let variations = definition.variations, let picked = try choose(variations, argument: value) {
                    chosen = try pick(picked, substitutions: substitutions)
                } else {
                    chosen = (definition.unit?.value ?? "", substitutions)
                }
                depth += 1
                var inner = next
                out += try expand(chosen.0, substitutions: chosen.1, next: &inner, substitution: (index, spec))
                depth -= 1
                try checkLength(out)
            case .conversion:
                var conversion = placeholder
                if placeholder.widthFromArgument {
                    // As C: a negative width is the `-` flag and its magnitude.
                    let value = try PrintfConversion.integer(try argument(next), placeholder)
                    if value < 0 { conversion.flags += "-" }
                    conversion.width = Int(min(value.magnitude, UInt64(Self.widthLimit)))
                    next += 1
                }
                if placeholder.precisionFromArgument {
                    // As C: a negative precision is none.
                    let value = try PrintfConversion.integer(try argument(next), placeholder)
                    conversion.precision = value < 0 ? nil : Int(min(value, Int64(Self.widthLimit)))
                    next += 1
                }
                let index: Int
                if let position = placeholder.position {
                    index = position - 1
                } else if let substitution, !ownArgumentUsed {
                    index = substitution.index
                    ownArgumentUsed = true
                } else {
                    index = next
                    next += 1
                }
                out += try PrintfConversion.format(
                    conversion, try argument(index), width: conversion.width, precision: conversion.precision, in: numbers, isolate: isolate)
                try checkLength(out)
            }
        }
        let from = utf8.index(utf8.startIndex, offsetBy: copied)
        out += text[from...]
        try checkLength(out)
        return out
    }

    private func checkLength(_ text: String) throws(StringsError) {
        guard text.utf8.count <= Self.outputLimit else {
            throw StringsError(.invalidFormat, "the formatted text is longer than \(Self.outputLimit >> 20) MiB")
        }
    }
}
