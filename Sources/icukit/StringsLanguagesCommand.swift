import ICUKit

/// `icukit strings languages`: per language, how many keys are translated, missing or
/// waiting for review.
struct StringsLanguagesCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "languages",
        abstract: "List the languages of localized strings with their translation progress.",
        discussion: """
            One line per language, the source language first: its keys (every key for the \
            source language; the keys to translate for the others), how many are translated, \
            missing (no translation, state new, or empty) and need review (needs_review, \
            gettext fuzzy). json: {"language","keys","translated","missing","needsReview"} \
            per line. A missing PATH exits 66, a malformed file 65.
            """,
        options: { [tableOption, FormatOption<OutputFormat>.option, pathOption] }
    )

    static let tableOption = StringsConvertCommand.tableOption
    static let pathOption = StringsConvertCommand.pathOption

    var table: String
    var format: OutputFormat
    var path: String

    init(_ arguments: ParsedArguments) {
        table = arguments.string(Self.tableOption)!
        format = FormatOption<OutputFormat>(arguments).format
        path = arguments.string(Self.pathOption)!
    }

    func run() throws {
        let catalog = try StringsLoading.load(path, table: table)
        var out = OutputBuffer()
        for row in catalog.progress() {
            switch format {
            case .json:
                out.append("{\"language\":\(JSON.string(row.language)),\"keys\":\(row.keys),\"translated\":\(row.translated),\"missing\":\(row.missing),\"needsReview\":\(row.needsReview)}\n")
            case .text:
                out.append("\(row.language): \(row.keys) keys, \(row.translated) translated, \(row.missing) missing, \(row.needsReview) need review\n")
            }
            out.endRecord()
        }
        out.flush()
    }
}
