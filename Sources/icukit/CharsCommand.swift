import ICUKit

/// `icukit chars`: the Unicode properties of each scalar of a text or a range, or the
/// scalar with a name.
struct CharsCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "chars",
        abstract: "Show the Unicode properties of characters (of TEXT, stdin, a range, or a name).",
        discussion: """
            json: one line per scalar, {"scalar":"U+00E9","name":…,"category":"Ll",\
            "script":"Latn","scriptExtensions":["Latn"],"block":"Latin_1_Supplement",\
            "age":"1.1","bidiClass":"L","eastAsianWidth":"A","combiningClass":0,\
            "numericValue":null,"emoji":false,"emojiPresentation":false,\
            "extendedPictographic":false}; name is null where the Name property is empty, \
            age null where unassigned. text: U+XXXX, category, script, name. --range takes \
            U+XXXX..U+YYYY (surrogates included); --find prints the scalar with a name \
            (exit 64 if none has it).
            """,
        options: { [textOption, rangeOption, findOption, formatOption] }
    )

    static let textOption = OptionSpec.positional("text", help: "The text whose scalars to show (default: stdin, unless --range or --find).")
    static let rangeOption = OptionSpec.option("range", help: "A code point range, U+XXXX..U+YYYY (or one U+XXXX).")
    static let findOption = OptionSpec.option("find", help: "A character name (or alias) to look up.")
    static let formatOption = OptionSpec.choice("format", Format.self, help: "text or json.", default: .text)

    var text: String?
    var range: String?
    var find: String?
    var format: Format

    init(_ arguments: ParsedArguments) {
        text = arguments.strings(Self.textOption).first
        range = arguments.string(Self.rangeOption)
        find = arguments.string(Self.findOption)
        format = arguments.choice(Self.formatOption)!
    }

    enum Format: String, CaseIterable { case text, json }

    func run() throws {
        var out = OutputBuffer()
        let json = format == .json
        if let find {
            let scalar = try TextCLI.run { () throws(TextTransformError) in try ScalarProperties.scalar(named: find) }
            out.append(Self.line(ScalarProperties(scalar), json: json))
        } else if let range {
            for codePoint in try Self.parse(range) { out.append(Self.line(ScalarProperties(codePoint: codePoint)!, json: json)) }
        } else {
            let source = try text ?? CLI.text(try CLI.readInput(nil), lossy: false)
            for scalar in source.unicodeScalars { out.append(Self.line(ScalarProperties(scalar), json: json)) }
        }
        out.flush()
    }

    static func parse(_ range: String) throws(CLIFailure) -> ClosedRange<UInt32> {
        func codePoint(_ text: Substring) -> UInt32? {
            var digits = text
            if digits.hasPrefix("U+") || digits.hasPrefix("u+") { digits = digits.dropFirst(2) }
            guard (1...6).contains(digits.count), let value = UInt32(digits, radix: 16), value <= 0x10FFFF else { return nil }
            return value
        }
        let parts = range.split(separator: "..", omittingEmptySubsequences: false)
        guard parts.count <= 2, let low = codePoint(parts[0]), let high = parts.count == 2 ? codePoint(parts[1]) : low, low <= high else {
            throw .usage("invalid --range '\(range)' (expected U+XXXX..U+YYYY within U+0000..U+10FFFF)")
        }
        return low...high
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func line(_ p: ScalarProperties, json: Bool) -> String {
        let name = p.name
        guard json else {
            return "\(hex(p.codePoint))\t\(p.generalCategory)\t\(p.script)\t\(name ?? "-")\n"
        }
        var line = "{\"scalar\":\"\(hex(p.codePoint))\",\"name\":" + (name.map(JSON.string) ?? "null")
        line += ",\"category\":\"\(p.generalCategory)\",\"script\":\"\(p.script)\",\"scriptExtensions\":" + JSON.array(p.scriptExtensions)
        line += ",\"block\":" + JSON.string(p.block) + ",\"age\":" + (p.age.map(JSON.string) ?? "null")
        line += ",\"bidiClass\":\"\(p.bidiClass)\",\"eastAsianWidth\":\"\(p.eastAsianWidth)\",\"combiningClass\":\(p.combiningClass)"
        line += ",\"numericValue\":" + (p.numericValue.map(number) ?? "null")
        line += ",\"emoji\":\(p.isEmoji),\"emojiPresentation\":\(p.isEmojiPresentation),\"extendedPictographic\":\(p.isExtendedPictographic)}\n"
        return line
    }

    /// Integers without a fraction (`5`, `1000000000000`), others as Swift prints them (`0.5`).
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e17 { return String(Int64(value)) }
        return String(value)
    }
}
