/// One option, flag or positional argument of a command, declared once: the parser reads
/// it, the help, the usage line, usage errors and the completion scripts describe it, and
/// the command reads its value back through the same declaration
/// (``ParsedArguments/string(_:)`` and its siblings).
///
/// Declarations are static values; nothing is found by reflection, and the parser keeps
/// them in arrays (a `Set` or `Dictionary` of strings would cost the process's first
/// `Hashable` conformance lookup, a scan of every conformance in the binary, more than a
/// whole parse).
struct OptionSpec: Sendable {
    enum Kind: Sendable, Equatable {
        /// `--name`, no value.
        case flag
        /// `--name VALUE` or `--name=VALUE` (the last one given wins).
        case option
        /// One positional value.
        case positional
        /// Every remaining positional value.
        case variadic
    }

    let kind: Kind
    /// The long name without its dashes (`time-zone`), or a positional's value name.
    let name: String
    let help: String
    /// The name inside `<…>` in help and usage.
    let valueName: String
    /// The value read when the option is absent, shown as `(default: …)`.
    let defaultValue: String?
    /// The accepted values (an enumeration's raw values): checked by the parser, listed in
    /// help as `(values: …)` and offered by completion. Empty: any value.
    let allowedValues: [String]
    /// The value must be a decimal integer.
    let isInteger: Bool
    let isRequired: Bool
    /// The option's value is the next word even when it starts with `-` (`--year -44`).
    let takesDashedValue: Bool
    /// A variadic that also collects unknown options and words after `--` (the commands
    /// whose values may be negative numbers check them with ``CLI/positionalValues(_:names:)``).
    let collectsUnrecognized: Bool
    /// The values are listed one per line under the help (names a type spells other than as
    /// raw values), instead of `(values: …)` after it.
    let listsValuesBelow: Bool
    /// A one-letter alias taken with a single dash (`-o` for `--output`), or `nil`.
    var shortName: Character? = nil

    /// The same option, also taken as `-letter`.
    func short(_ letter: Character) -> OptionSpec {
        var copy = self
        copy.shortName = letter
        return copy
    }

    /// `--name`: true when given.
    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(kind: .flag, name: name, help: help, valueName: name, defaultValue: nil, allowedValues: [], isInteger: false,
                   isRequired: false, takesDashedValue: false, collectsUnrecognized: false, listsValuesBelow: false)
    }

    /// `--name <value>`: any text; `default` is read when it is absent (`dashed`: the value
    /// may start with `-`, `--to -5`).
    static func option(_ name: String, help: String, default defaultValue: String? = nil, required: Bool = false,
                       dashed: Bool = false) -> OptionSpec {
        OptionSpec(kind: .option, name: name, help: help, valueName: name, defaultValue: defaultValue, allowedValues: [],
                   isInteger: false, isRequired: required, takesDashedValue: dashed, collectsUnrecognized: false, listsValuesBelow: false)
    }

    /// `--name <value>`: a decimal integer (`dashed`: the value may be negative, `--year -44`).
    static func integer(_ name: String, help: String, default defaultValue: Int? = nil, required: Bool = false,
                        dashed: Bool = false) -> OptionSpec {
        OptionSpec(kind: .option, name: name, help: help, valueName: name, defaultValue: defaultValue.map { String($0) },
                   allowedValues: [], isInteger: true, isRequired: required, takesDashedValue: dashed, collectsUnrecognized: false, listsValuesBelow: false)
    }

    /// `--name <value>`: one of `Choice`'s raw values.
    static func choice<Choice: CaseIterable & RawRepresentable<String>>(
        _ name: String, _ type: Choice.Type, help: String, default defaultValue: Choice? = nil, required: Bool = false
    ) -> OptionSpec {
        OptionSpec(kind: .option, name: name, help: help, valueName: name, defaultValue: defaultValue?.rawValue,
                   allowedValues: Choice.allCases.map { $0.rawValue }, isInteger: false, isRequired: required, takesDashedValue: false,
                   collectsUnrecognized: false, listsValuesBelow: false)
    }

    /// `--name <value>`: one of `values` (names a type spells other than as raw values).
    static func choice(_ name: String, values: [String], help: String) -> OptionSpec {
        OptionSpec(kind: .option, name: name, help: help, valueName: name, defaultValue: nil, allowedValues: values, isInteger: false,
                   isRequired: false, takesDashedValue: false, collectsUnrecognized: false, listsValuesBelow: true)
    }

    /// `<name>`: one positional value.
    static func positional(_ name: String, help: String, required: Bool = false) -> OptionSpec {
        OptionSpec(kind: .positional, name: name, help: help, valueName: name, defaultValue: nil, allowedValues: [], isInteger: false,
                   isRequired: required, takesDashedValue: false, collectsUnrecognized: false, listsValuesBelow: false)
    }

    /// `<name> ...`: the remaining positional values; `unrecognized`: with unknown options
    /// and the words after `--`, for the command to check.
    static func variadic(_ name: String, help: String, unrecognized: Bool = false) -> OptionSpec {
        OptionSpec(kind: .variadic, name: name, help: help, valueName: name, defaultValue: nil, allowedValues: [], isInteger: false,
                   isRequired: false, takesDashedValue: false, collectsUnrecognized: unrecognized, listsValuesBelow: false)
    }

    /// Whether `other` is this declaration (names are unique per kind within a command).
    @inline(__always)
    func isSame(as other: OptionSpec) -> Bool {
        kind == other.kind && name == other.name
    }

    /// `--name <value>`, `--name` or `<value>`: how help, usage and errors name it.
    var label: String {
        switch kind {
        case .flag: "--\(name)"
        case .option: (shortName.map { "-\($0), " } ?? "") + "--\(name) <\(valueName)>"
        case .positional, .variadic: "<\(valueName)>"
        }
    }
}
