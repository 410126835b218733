import ICUKit

/// `icukit strings convert`: a catalog, a folder of `.lproj` or of `.po` files, or one
/// string file, written in another format.
struct StringsConvertCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "convert",
        abstract: "Convert localized strings between .xcstrings, .strings/.stringsdict (.lproj folders) and .po.",
        discussion: """
            --to xcstrings writes one catalog; --to strings a folder of <lang>.lproj with \
            <table>.strings and, where plurals or device variations need it, \
            <table>.stringsdict (what xcstringstool compile makes); --to po a folder of \
            <lang>.po files, the source language's too. Without -o the result goes to stdout \
            when it is one file (a catalog, or one language's .strings or .po), else -o is \
            required (exit 64). What .po files cannot hold (device and width variations beyond \
            the one written, substitutions' variations) is named on stderr as a warning. Gettext plural forms map to CLDR categories with ICU's rules \
            and back; a language without a known Plural-Forms exits 64. A missing PATH exits \
            66, a malformed file 65 (file:line: and the key), an unwritable OUT 74.
            """,
        options: { [toOption, outputOption, tableOption, pathOption] }
    )

    enum Target: String, CaseIterable, Sendable { case xcstrings, strings, po }

    static let toOption = OptionSpec.choice("to", Target.self, help: "The format to write.", required: true)
    static let outputOption = OptionSpec.option("output", help: "The file (xcstrings) or folder (strings, po) to write; - or none: stdout.").short("o")
    static let tableOption = OptionSpec.option("table", help: "The table of .lproj folders to read and write.", default: "Localizable")
    static let pathOption = OptionSpec.positional("path", help: "An .xcstrings, .strings, .stringsdict, .po or .mo file, or a folder of .lproj or .po files.", required: true)

    var target: Target
    var output: String?
    var table: String
    var path: String

    init(_ arguments: ParsedArguments) {
        target = arguments.choice(Self.toOption)!
        output = arguments.string(Self.outputOption)
        table = arguments.string(Self.tableOption)!
        path = arguments.string(Self.pathOption)!
    }

    func run() throws {
        let catalog = try StringsLoading.load(path, table: table)
        let toStdout = output == nil || output == "-"
        do {
            switch target {
            case .xcstrings:
                let bytes = try catalog.xcstrings()
                if toStdout { CLI.write(bytes: bytes) } else { try catalog.write(to: output!, as: .xcstrings) }
            case .strings:
                if toStdout {
                    let languages = catalog.languages
                    let files = languages.count == 1 ? try catalog.stringsFiles(language: languages[0]) : nil
                    guard let files, files.stringsdict == nil else {
                        throw CLIFailure.usage("the result is a folder of .lproj folders: give it with -o OUT")
                    }
                    CLI.write(bytes: files.strings)
                } else {
                    try catalog.write(to: output!, as: .strings, table: table)
                }
            case .po:
                if toStdout {
                    let languages = catalog.languages.filter { $0 != catalog.sourceLanguage }
                    guard languages.count <= 1 else { throw CLIFailure.usage("the result is a folder of .po files: give it with -o OUT") }
                    let language = languages.first ?? catalog.sourceLanguage
                    CLI.write(bytes: try catalog.poFile(language: language))
                    Self.warn(catalog.gettextLosses(language: language))
                } else {
                    try catalog.write(to: output!, as: .gettext)
                    Self.warn(catalog.languages.flatMap { catalog.gettextLosses(language: $0) })
                }
            }
        } catch let error as StringsError {
            throw StringsLoading.failure(error)
        }
    }
}

extension StringsConvertCommand {
    /// What the written files cannot hold, on stderr as `icukit: warning: FILE:KEY:LANGUAGE: …`,
    /// so a conversion never drops a translation unsaid (the exit status stays 0).
    static func warn(_ problems: [StringsProblem]) {
        for problem in problems { CLI.standardError("icukit: warning: \(problem.file):\(problem.key):\(problem.language): \(problem.message)\n") }
    }
}

/// Reading a PATH of `icukit strings` and mapping ``StringsError`` to exit codes.
enum StringsLoading {
    static func load(_ path: String, table: String) throws(CLIFailure) -> StringCatalog {
        do { return try StringCatalog(contentsOf: path, table: table) } catch { throw failure(error) }
    }

    /// Exit 66 for a missing or unreadable file, 65 for a malformed one, 64 for a format or
    /// language ICUKit does not handle, 74 for output that cannot be written.
    static func failure(_ error: StringsError) -> CLIFailure {
        switch error.kind {
        case .unreadable: CLIFailure.noInput(error.description)
        case .unsupportedFormat, .unknownLanguage: CLIFailure.usage(error.description)
        case .unwritable: CLIFailure(message: error.description, code: CLI.ioError)
        default: CLIFailure.data(error.description)
        }
    }
}
