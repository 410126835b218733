import ArgumentParser
import ICUKit

/// `icukit case`: locale-aware case mapping and folding.
struct CaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "case",
        abstract: "Uppercase, lowercase, titlecase or case-fold text with a locale's rules.",
        discussion: """
            Writes the mapped text of FILE (or stdin); with --jsonl, one JSON string per \
            input line and per output line. fold with --locale tr or az uses the Turkic \
            folding of I and İ, otherwise the default folding; title uses the locale's word \
            boundaries and ICU's default title options.
            """
    ).leaf

    enum Mapping: String, ExpressibleByArgument, CaseIterable { case upper, lower, title, fold }

    @Option(name: .long, help: "upper, lower, title or fold.")
    var to: Mapping

    @Option(name: .long, help: "Locale (BCP 47 or ICU id), e.g. tr, el, nl, lt.")
    var locale: String?

    @OptionGroup var input: DocumentInput

    func run() throws {
        try Self.map(Arguments(to: to, locale: locale, input: input.values))
    }

    /// The values of `case`'s arguments, as ArgumentParser or ``FastParse`` read them.
    struct Arguments: Equatable {
        var to: Mapping
        var locale: String? = nil
        var input = DocumentInput.Values()
    }

    /// Runs `case` on its arguments' values.
    static func map(_ arguments: Arguments) throws {
        let mapper = CaseMapper(locale: try CLI.locale(arguments.locale, strict: false))
        let mapping = arguments.to
        let jsonl = arguments.input.jsonl
        try DocumentInput.pipeline(arguments.input).run(file: arguments.input.file) { document, out throws(CLIFailure) in
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
