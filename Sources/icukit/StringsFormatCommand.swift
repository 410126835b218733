import FoundationEssentials
import ICUKit

/// `icukit strings format`: one key formatted as an app would show it, or (`--jsonl`) a
/// stream of requests, as a service serves them.
struct StringsFormatCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "format",
        abstract: "Format a key of an app's strings in the best language for the user, as Apple and GNU resolve it.",
        discussion: """
            PATH is an .xcstrings, .strings, .stringsdict, .po or .mo file, or a folder of .lproj \
            folders (or of .po/.mo files). The language is the one of --language, or the best \
            match for --preferred or --accept-language (the source language without any). ARGs \
            are typed by the key's format: %lld an integer, %f a double, %@ a string (a .po \
            plural takes n from the first integer); one that does not fit exits 64. json: \
            {"key","language","value"}. With --jsonl, PATH is followed by FILE (or - or nothing \
            for stdin) of requests {"key":…,"args":[3,"Anna"],"preferred":["fr-CA","en"]} \
            ("device", "language" optional), each answered by {"key","language","value"} or \
            {"key","error"}; a line that is no request follows --on-error.
            """,
        usage: """
            icukit strings format PATH KEY [ARG…] [--language L | --preferred L1,L2,… | --accept-language HEADER] \
            [--table NAME] [--device D] [--width N] [--isolate] [--format text|json]
              icukit strings format PATH --jsonl [FILE|-] [--table NAME] [--isolate] [--on-error fail|skip|report]
            """,
        options: {
            [valuesOption, languageOption, preferredOption, acceptLanguageOption, tableOption, deviceOption, widthOption, isolateOption,
             FormatOption<OutputFormat>.option, jsonlOption] + BatchOptions.options
        }
    )

    static let valuesOption = OptionSpec.variadic("path", help: "PATH KEY [ARG…], or with --jsonl PATH [FILE|-].", unrecognized: true)
    static let languageOption = OptionSpec.option("language", help: "The language to format in (matched against the catalog's languages).")
    static let preferredOption = OptionSpec.option("preferred", help: "The user's preferred languages, most preferred first (fr-CA,en).")
    static let acceptLanguageOption = OptionSpec.option("accept-language", help: "An HTTP Accept-Language header (fr-CH, fr;q=0.9, *;q=0.5).")
    static let tableOption = OptionSpec.option("table", help: "The table of a folder of .lproj folders.", default: "Localizable")
    static let deviceOption = OptionSpec.option("device", help: "The device of device variations (iphone, ipad, mac, …).", default: "other")
    static let widthOption = OptionSpec.integer("width", help: "The width of width variations (default: the widest).")
    static let isolateOption = OptionSpec.flag("isolate", help: "Wrap each string argument in FSI … PDI (bidi isolation).")
    static let jsonlOption = OptionSpec.flag("jsonl", help: "Read one JSON request per line from FILE or stdin.")

    var values: [String]
    var language: String?
    var preferred: String?
    var acceptLanguage: String?
    var table: String
    var device: String
    var width: Int?
    var isolate: Bool
    var format: OutputFormat
    var jsonl: Bool
    var batch: BatchOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        values = arguments.strings(Self.valuesOption)
        language = arguments.string(Self.languageOption)
        preferred = arguments.string(Self.preferredOption)
        acceptLanguage = arguments.string(Self.acceptLanguageOption)
        table = arguments.string(Self.tableOption)!
        device = arguments.string(Self.deviceOption)!
        width = arguments.integer(Self.widthOption)
        isolate = arguments.flag(Self.isolateOption)
        format = FormatOption<OutputFormat>(arguments).format
        jsonl = arguments.flag(Self.jsonlOption)
        batch = try BatchOptions(arguments)
        if [language, preferred, acceptLanguage].compactMap({ $0 }).count > 1 {
            throw arguments.error("give one of --language, --preferred and --accept-language")
        }
    }

    func run() throws {
        let words = try CLI.positionalValues(values, names: nil)
        guard let path = words.first else { throw CLIFailure.usage("expected PATH") }
        let strings = LocalizedStrings(try Self.load(path, table: table))
        if jsonl {
            guard words.count <= 2 else { throw CLIFailure.usage("--jsonl takes PATH and at most one FILE") }
            try serve(strings, file: words.count == 2 ? words[1] : nil)
            return
        }
        if batch.onError != .fail || batch.jobs != nil { throw CLIFailure.usage("--on-error and --jobs apply to --jsonl input") }
        guard words.count >= 2 else { throw CLIFailure.usage("expected PATH KEY [ARG…]") }
        let key = words[1]
        let chosen: String
        if let language {
            chosen = strings.language(for: [language])
        } else if let preferred {
            chosen = strings.language(for: preferred.split(separator: ",").map { $0.trimmingSpaces() })
        } else if let acceptLanguage {
            chosen = strings.language(acceptLanguage: acceptLanguage)
        } else {
            chosen = strings.catalog.sourceLanguage
        }
        guard strings.catalog[key] != nil else { throw CLIFailure.usage("no key \"\(key)\" in \(path)") }
        let arguments = try Self.typed(Array(words.dropFirst(2)), kinds: strings.catalog.argumentKinds(of: key, language: chosen))
        let value: String
        do {
            value = try strings.format(key, arguments, language: chosen, device: device, width: width, isolate: isolate)
        } catch {
            throw Self.failure(error)
        }
        switch format {
        case .text: CLI.print(value)
        case .json: CLI.print("{\"key\":\(JSON.string(key)),\"language\":\(JSON.string(chosen)),\"value\":\(JSON.string(value))}")
        }
    }

    /// Reads the catalog: a missing path exits 66, a malformed file 65.
    static func load(_ path: String, table: String) throws(CLIFailure) -> StringCatalog {
        do {
            return try StringCatalog(contentsOf: path, table: table)
        } catch {
            switch error.kind {
            case .unreadable: throw .noInput(error.description)
            case .unsupportedFormat: throw .usage(error.description)
            default: throw .data(error.description)
            }
        }
    }

    static func failure(_ error: StringsError) -> CLIFailure {
        switch error.kind {
        case .unknownKey, .missingArgument, .argumentType, .unknownLanguage: return .usage(error.description)
        default: return .data(error.description)
        }
    }

    /// The command line's ARGs typed by the key's format; an ARG with no placeholder is
    /// an integer, a number or a string as it reads.
    static func typed(_ words: [String], kinds: [FormatPlaceholder.ArgumentKind?]) throws(CLIFailure) -> [StringArgument] {
        var arguments: [StringArgument] = []
        for (index, word) in words.enumerated() {
            let kind = index < kinds.count ? kinds[index] : nil
            switch kind {
            case .integer?, .unsignedInteger?, .pointer?:
                if let value = Int64(word) {
                    arguments.append(.integer(value))
                } else if kind != .integer, let value = UInt64(word) {
                    arguments.append(.integer(Int64(bitPattern: value)))
                } else {
                    throw .usage("argument \(index + 1) (\(word)) is not an integer")
                }
            case .double?:
                guard let value = Double(word), value.isFinite else { throw .usage("argument \(index + 1) (\(word)) is not a number") }
                arguments.append(.double(value))
            case .string?, .character?:
                arguments.append(.string(word))
            case nil:
                if let value = Int64(word) { arguments.append(.integer(value)) } else if let value = Double(word) {
                    arguments.append(.double(value))
                } else {
                    arguments.append(.string(word))
                }
            }
        }
        return arguments
    }
}
