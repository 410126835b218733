import ICUKit

/// `icukit strings convert` (placeholder until its implementation lands; replaced wholesale).
struct StringsConvertCommand: CLICommand {
    static let spec = CommandSpec(Self.self, name: "convert", abstract: "Not yet available.", options: { [pathsOption] })
    static let pathsOption = OptionSpec.variadic("paths", help: "Files.", unrecognized: true)

    init(_ arguments: ParsedArguments) {}

    func run() throws { throw CLIFailure.usage("icukit strings convert is not available yet") }
}
