import ICUKit

/// `icukit strings pseudo` (placeholder until its implementation lands; replaced wholesale).
struct StringsPseudoCommand: CLICommand {
    static let spec = CommandSpec(Self.self, name: "pseudo", abstract: "Not yet available.", options: { [pathsOption] })
    static let pathsOption = OptionSpec.variadic("paths", help: "Files.", unrecognized: true)

    init(_ arguments: ParsedArguments) {}

    func run() throws { throw CLIFailure.usage("icukit strings pseudo is not available yet") }
}
