import FoundationEssentials
import ICUKit

/// `icukit strings pseudo`: the strings of PATH with a pseudo-localization added as a new
/// language (``StringCatalog/pseudoLocalized(_:language:)``), written in PATH's format.
struct StringsPseudoCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "pseudo",
        abstract: "Add a pseudo-localization (accented, bounded, double, rtl) as a new language, in the same format.",
        discussion: """
            --style is a comma-separated combination of accented (every Latin letter to an \
            accented look-alike), bounded ([ … ]), double (longer text, short strings most: \
            +100 % up to 10 characters … +30 % beyond 70, as IBM's guideline) and rtl (each \
            word in RLM RLO … PDF RLM, as Android's ar-XB). Placeholders, %arg, MessageFormat \
            syntax, HTML/XML tags, entities and escapes are kept. The new language is \
            --language (default ar-XB with rtl, en-XA otherwise). An .xcstrings file gives the \
            catalog with the language added (to OUT, or stdout); a .strings, .stringsdict or \
            .po file gives the new language's file; a folder of .lproj folders gains \
            <language>.lproj, a folder of .po files gains <language>.po (in OUT when given, \
            with the other languages copied there, else in PATH itself).
            """,
        options: { [styleOption, languageOption, outputOption, tableOption, pathOption] }
    )
    static let styleOption = OptionSpec.option("style", help: "accented, bounded, double, rtl, comma-separated.", required: true)
    static let languageOption = OptionSpec.option("language", help: "The new language (default en-XA; ar-XB with rtl).")
    static let outputOption = OptionSpec.option("output", help: "The file or folder to write; - or none: stdout (a file) or PATH (a folder).").short("o")
    static let tableOption = OptionSpec.option("table", help: "The table of a folder of .lproj folders.", default: "Localizable")
    static let pathOption = OptionSpec.positional("path", help: "An .xcstrings, .strings, .stringsdict or .po file, or a folder of .lproj folders or .po files.", required: true)

    var style: PseudoStyle
    var language: String?
    var output: String?
    var table: String
    var path: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        do { style = try PseudoStyle(parsing: arguments.string(Self.styleOption) ?? "") } catch { throw arguments.error(error.message) }
        language = arguments.string(Self.languageOption)
        output = arguments.string(Self.outputOption)
        table = arguments.string(Self.tableOption) ?? "Localizable"
        path = arguments.string(Self.pathOption) ?? ""
        if let language, language.isEmpty || language.contains("/") { throw arguments.error("--language must be a language identifier such as en-XA") }
    }

    func run() throws {
        let catalog = try StringsLoading.load(path, table: table)
        let language = self.language ?? (style.contains(.rtl) ? "ar-XB" : "en-XA")
        let pseudo = catalog.pseudoLocalized(style, language: language)
        let toStdout = output == nil || output == "-"
        let isFolder = (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil
        do {
            if isFolder {
                try writeFolder(catalog, pseudo, language)
                return
            }
            let bytes: [UInt8]
            switch StringCatalog.FileFormat(fileName: path) ?? Self.format(of: catalog) {
            case .xcstrings: bytes = try pseudo.xcstrings()
            case .strings: bytes = try pseudo.stringsFiles(language: language).strings
            case .stringsdict:
                guard let dict = try pseudo.stringsFiles(language: language).stringsdict else {
                    throw CLIFailure.data("\(path): no plural, device or width variations to write as .stringsdict")
                }
                bytes = dict
            case .po: bytes = try pseudo.poFile(language: language)
            default: throw CLIFailure.usage("\(path): pseudo-localize the .po file (ICUKit writes no .mo; msgfmt compiles one)")
            }
            if toStdout { CLI.write(bytes: bytes) } else { try Self.store(bytes, at: output!) }
        } catch let error as StringsError {
            throw StringsLoading.failure(error)
        }
    }

    /// A folder gains the new language's `.lproj` or `.po`; with -o, the other languages
    /// are written there first.
    private func writeFolder(_ catalog: StringCatalog, _ pseudo: StringCatalog, _ language: String) throws {
        let folder = output.flatMap { $0 == "-" ? nil : $0 } ?? path
        if folder != path { try catalog.write(to: folder, as: catalog.origin, table: table) }
        switch catalog.origin {
        case .strings:
            let files = try pseudo.stringsFiles(language: language)
            try Self.store(files.strings, at: "\(folder)/\(language).lproj/\(table).strings")
            if let dict = files.stringsdict { try Self.store(dict, at: "\(folder)/\(language).lproj/\(table).stringsdict") }
        case .gettext:
            try Self.store(try pseudo.poFile(language: language), at: "\(folder)/\(language).po")
        case .xcstrings:
            try Self.store(try pseudo.xcstrings(), at: folder + "/" + table + ".xcstrings")
        }
    }

    /// The format to write for a PATH whose name has no extension (a pipe, `/dev/stdin`):
    /// the one read, told by the catalog's origin and, for Apple's files, by whether its
    /// entries are `.stringsdict` entries (variations or substitutions).
    static func format(of catalog: StringCatalog) -> StringCatalog.FileFormat {
        switch catalog.origin {
        case .xcstrings: return .xcstrings
        case .gettext: return .po
        case .strings:
            let dict = !catalog.keys.isEmpty && catalog.entries.allSatisfy { entry in
                entry.localizations.values.allSatisfy { $0.variations != nil || !$0.substitutions.isEmpty }
            }
            return dict ? .stringsdict : .strings
        }
    }

    static func store(_ bytes: [UInt8], at path: String) throws(CLIFailure) {
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty { try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CLIFailure(message: "\(path): cannot write the file", code: CLI.ioError)
        }
    }
}
