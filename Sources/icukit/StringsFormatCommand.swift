import ICUKit

/// `icukit strings format` (placeholder until its implementation lands; replaced wholesale).
struct StringsFormatCommand: CLICommand {
    static let spec = CommandSpec(Self.self, name: "format", abstract: "Not yet available.", options: { [pathsOption] })
    static let pathsOption = OptionSpec.variadic("paths", help: "Files.", unrecognized: true)

    init(_ arguments: ParsedArguments) {}

    func run() throws { throw CLIFailure.usage("icukit strings format is not available yet") }
}
