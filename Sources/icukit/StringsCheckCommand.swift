import ICUKit

/// `icukit strings check` (placeholder until its implementation lands; replaced wholesale).
struct StringsCheckCommand: CLICommand {
    static let spec = CommandSpec(Self.self, name: "check", abstract: "Not yet available.", options: { [pathsOption] })
    static let pathsOption = OptionSpec.variadic("paths", help: "Files.", unrecognized: true)

    init(_ arguments: ParsedArguments) {}

    func run() throws { throw CLIFailure.usage("icukit strings check is not available yet") }
}
