import Testing
import ICUKit

/// What StringFormatFuzz found in the format string engine, each kept as a test (the
/// inputs are also in Fuzz/regressions/StringFormatFuzz).
@Suite struct StringFormatFuzzFindingsTests {
    func format(_ format: String, _ arguments: [StringArgument], substitutions: [String: StringCatalog.Substitution] = [:]) throws -> String {
        var catalog = StringCatalog(sourceLanguage: "en")
        let localization = StringCatalog.Localization(unit: .init(state: .translated, value: format), substitutions: substitutions)
        catalog["k"] = .init(key: "k", localizations: ["en": localization])
        return try catalog.format("k", arguments, language: "en")
    }

    @Test("a width or precision from an argument (`*`): negative as C reads it, at most a million")
    func starArguments() throws {
        #expect(try format("[%*d]", [-4, 7]) == "[7   ]")
        #expect(try format("[%.*f]", [-1, 2.5]) == "[2.500000]")
        #expect(try format("%*d", [.integer(.max), 1]).count == 1_000_000)
        #expect(try format("%.*x", [.integer(.max), 1]).count == 1_000_000)
        #expect(try format("%*d", [.integer(.min), 1]).count == 1_000_000)
    }

    @Test("a text that would format past 16 MiB (many padded conversions) is an invalid-format error")
    func outputLimit() throws {
        #expect(try format(String(repeating: "%999999d", count: 16), Array(repeating: 1, count: 16)).utf8.count == 15_999_984)
        let error = #expect(throws: StringsError.self) {
            try format(String(repeating: "%999999d", count: 17), Array(repeating: 1, count: 17))
        }
        #expect(error?.kind == .invalidFormat && error?.key == "k")
        // Nested substitutions multiply: stopped at the limit too.
        let inner = StringCatalog.Substitution(argNum: 1, formatSpecifier: "lld", unit: .init(state: .translated, value: String(repeating: "%999999d", count: 9)))
        #expect(throws: StringsError.self) { try format("%#@n@%#@n@", Array(repeating: 1, count: 20), substitutions: ["n": inner]) }
    }

    @Test("an argNum of 0 or below is a missing argument, not a crash")
    func argNumOutOfRange() throws {
        for argNum in [0, -1, Int.min] {
            let substitutions = ["n": StringCatalog.Substitution(argNum: argNum, formatSpecifier: "lld", unit: .init(state: .translated, value: "%arg"))]
            let error = #expect(throws: StringsError.self) { try format("%#@n@", [1], substitutions: substitutions) }
            #expect(error?.kind == .missingArgument)
        }
        var catalog = StringCatalog(sourceLanguage: "en")
        let substitutions = ["n": StringCatalog.Substitution(argNum: Int.min, formatSpecifier: "lld")]
        catalog["k"] = .init(key: "k", localizations: ["en": .init(unit: .init(state: .translated, value: "%#@n@"), substitutions: substitutions)])
        #expect(catalog.argumentKinds(of: "k", language: "en").isEmpty)
    }
}
