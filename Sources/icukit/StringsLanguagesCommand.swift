import ICUKit

/// `icukit strings languages` (placeholder until its implementation lands; replaced wholesale).
struct StringsLanguagesCommand: CLICommand {
    static let spec = CommandSpec(Self.self, name: "languages", abstract: "Not yet available.", options: { [pathsOption] })
    static let pathsOption = OptionSpec.variadic("paths", help: "Files.", unrecognized: true)

    init(_ arguments: ParsedArguments) {}

    func run() throws { throw CLIFailure.usage("icukit strings languages is not available yet") }
}
