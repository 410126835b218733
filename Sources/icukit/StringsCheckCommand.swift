import ICUKit

/// `icukit strings check`: the findings of ``StringCatalog/check(file:)`` for each PATH,
/// exit status 1 when any is an error.
struct StringsCheckCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "check",
        abstract: "Check localized strings for translators and CI: plurals, placeholders, substitutions, states, gettext forms.",
        discussion: """
            PATH is an .xcstrings, .strings, .stringsdict, .po or .mo file, a folder of \
            <lang>.lproj folders or a folder of .po/.mo files. text: one line per problem, \
            FILE:KEY:LANGUAGE: SEVERITY: KIND: message; json: one line per problem, \
            {"file","key","language","severity","kind","message"}. Kinds: missing-plural-category, \
            unused-plural-category, missing-other, implied-quantity, unknown-plural-key, \
            unknown-device-key, unknown-width-key, placeholder-count, placeholder-type, \
            placeholder-position, mixed-positional, skipped-position, undefined-substitution, \
            unused-substitution, argnum-out-of-range, untranslated, state-new, \
            state-needs-review, state-stale, stale-key, empty-translation, should-not-translate, \
            duplicate-key, plural-forms-count, plural-forms-range, format-mismatch (msgfmt -c). \
            Exit status 1 when any problem is an error, 0 otherwise; 65 for a malformed file, \
            66 for a missing one.
            """,
        options: { [FormatOption<OutputFormat>.option, tableOption, pathsOption] }
    )
    static let tableOption = OptionSpec.option("table", help: "The table of a folder of .lproj folders.", default: "Localizable")
    static let pathsOption = OptionSpec.variadic("paths", help: "Files or folders to check.")

    var format: OutputFormat
    var table: String
    var paths: [String]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        format = FormatOption<OutputFormat>(arguments).format
        table = arguments.string(Self.tableOption) ?? "Localizable"
        paths = arguments.strings(Self.pathsOption)
        if paths.isEmpty { throw arguments.error("give at least one PATH to check") }
    }

    func run() throws {
        var out = OutputBuffer()
        var failed = false
        for path in paths {
            let catalog: StringCatalog
            do { catalog = try StringsLoading.load(path, table: table) } catch {
                out.flush()
                throw error
            }
            for problem in catalog.check(file: path) {
                if problem.severity == .error { failed = true }
                out.append(Self.line(problem, format))
            }
        }
        out.flush()
        if failed { CLI.terminate(1) }
    }

    static func line(_ problem: StringsProblem, _ format: OutputFormat) -> String {
        switch format {
        case .text:
            return problem.description + "\n"
        case .json:
            return "{\"file\":\(JSON.string(problem.file)),\"key\":\(JSON.string(problem.key)),\"language\":\(JSON.string(problem.language)),"
                + "\"severity\":\"\(problem.severity.rawValue)\",\"kind\":\(JSON.string(problem.kind)),\"message\":\(JSON.string(problem.message))}\n"
        }
    }
}
