import ICUKit

/// `icukit case`: locale-aware case mapping and folding.
struct CaseCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "case",
        abstract: "Uppercase, lowercase, titlecase or case-fold text with a locale's rules.",
        discussion: """
            Writes the mapped text of FILE (or stdin); with --jsonl, one JSON string per \
            input line and per output line. fold with --locale tr or az uses the Turkic \
            folding of I and İ, otherwise the default folding; title uses the locale's word \
            boundaries and ICU's default title options.
            """,
        options: { [toOption, localeOption] + DocumentInput.options }
    )

    enum Mapping: String, CaseIterable { case upper, lower, title, fold }

    static let toOption = OptionSpec.choice("to", Mapping.self, help: "upper, lower, title or fold.", required: true)
    static let localeOption = OptionSpec.option("locale", help: "Locale (BCP 47 or ICU id), e.g. tr, el, nl, lt.")

    var to: Mapping
    var locale: String?
    var input: DocumentInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        to = arguments.choice(Self.toOption)!
        locale = arguments.string(Self.localeOption)
        input = try DocumentInput(arguments)
    }

    func run() throws {
        let mapper = CaseMapper(locale: try CLI.locale(locale, strict: false))
        let mapping = to
        let jsonl = input.jsonl
        try input.pipeline().run(file: input.file) { document, out throws(CLIFailure) in
            let mapped = try TextCLI.run { () throws(TextTransformError) -> String in
                switch mapping {
                case .upper: try mapper.uppercased(document)
                case .lower: try mapper.lowercased(document)
                case .title: try mapper.titlecased(document)
                case .fold: try mapper.folded(document)
                }
            }
            if jsonl { out.append(jsonLine: mapped) } else { out.append(mapped) }
        }
    }
}
