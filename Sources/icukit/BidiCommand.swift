import ICUKit

/// `icukit bidi`: the Unicode Bidirectional Algorithm on text, and template isolation.
enum BidiCommand {
    static let spec = CommandSpec(
        group: "bidi",
        abstract: "Bidirectional text: paragraph direction, levels, runs, visual order; isolate template arguments.",
        subcommands: [BidiAnalyzeCommand.spec, BidiIsolateCommand.spec],
        defaultSubcommand: "analyze"
    )
}

struct BidiAnalyzeCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "analyze",
        abstract: "Analyse FILE (or stdin) paragraph by paragraph (the default bidi subcommand).",
        discussion: """
            json: one object per paragraph, {"direction","paragraphLevel","levels" (one per \
            Unicode scalar of the paragraph),"visualOrder" (scalar indices of the paragraph, \
            left to right),"runs" (visual order; start/end are UTF-8 offsets into the document)}. \
            visual: the text reordered for a terminal without bidi support (brackets \
            mirrored, bidi controls removed). text: a readable summary.
            """,
        options: { [directionOption, FormatOption<Format>.option] + DocumentInput.options }
    )

    enum Format: String, OutputFormatChoice { case text, json, visual; static let defaultFormat = Format.text }

    static let directionOption = OptionSpec.choice(
        "direction", BidiParagraph.Direction.self, help: "auto (first strong character), ltr or rtl.", default: .auto)

    var direction: BidiParagraph.Direction
    var format: Format
    var input: DocumentInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        direction = arguments.choice(Self.directionOption)!
        format = FormatOption<Format>(arguments).format
        input = try DocumentInput(arguments)
    }

    func run() throws {
        let direction = self.direction, format = self.format
        try input.pipeline().run(file: input.file) { document, out throws(CLIFailure) in
            if format == .visual {
                do { try Self.appendVisual(document, direction: direction, to: &out) } catch { throw CLIFailure.data("\(error)") }
                return
            }
            let paragraphs: [BidiParagraph]
            do { paragraphs = try BidiParagraph.paragraphs(in: document, direction: direction) } catch {
                throw CLIFailure.data("\(error)")
            }
            var documentOffset = 0
            for (number, paragraph) in paragraphs.enumerated() {
                switch format {
                case .json: Self.appendJSON(paragraph, offset: documentOffset, to: &out)
                case .visual: break  // above
                case .text: out.append(Self.summary(paragraph, number: number + 1, offset: documentOffset))
                }
                documentOffset += paragraph.text.utf8.count
            }
        }
    }

    /// One paragraph's JSON line, appended number by number (no intermediate strings: a
    /// short paragraph's arrays built as joined `String`s cost ~100,000 instructions).
    static func appendJSON(_ paragraph: BidiParagraph, offset: Int, to out: inout OutputBuffer) {
        out.append("{\"direction\":\"")
        out.append(paragraph.direction.rawValue)
        out.append("\",\"paragraphLevel\":")
        out.append(decimal: Int(paragraph.paragraphLevel))
        out.append(",\"levels\":[")
        for (index, level) in paragraph.levels.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append(decimal: Int(level))
            out.flushIfFull()
        }
        out.append("],\"visualOrder\":[")
        for (index, logical) in paragraph.visualToLogical.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            out.append(decimal: logical)
            out.flushIfFull()
        }
        out.append("],\"runs\":[")
        for (index, run) in paragraph.visualRuns.enumerated() {
            out.append(index > 0 ? ",{\"start\":" : "{\"start\":")
            out.append(decimal: offset + run.utf8Range.lowerBound)
            out.append(",\"end\":")
            out.append(decimal: offset + run.utf8Range.upperBound)
            out.append(",\"direction\":\"")
            out.append(run.direction.rawValue)
            out.append("\",\"level\":")
            out.append(decimal: Int(run.level))
            out.append(byte: UInt8(ascii: "}"))
            out.flushIfFull()
        }
        out.append("]}\n")
    }

    /// Each paragraph of `document` reordered (one bidi analysis each, ICU's
    /// `ubidi_writeReordered`), its separator kept at the end (not reordered to the left of
    /// a right-to-left line; a last paragraph without one gets a newline). Paragraphs end
    /// after each character of bidi class B (LF, CR or CR LF, U+001C–U+001E, U+0085,
    /// U+2029), found on the bytes; a paragraph's direction with `.auto` is its first
    /// strong character's, which its separator never is.
    static func appendVisual(_ document: String, direction: BidiParagraph.Direction, to out: inout OutputBuffer) throws(BidiError) {
        // (body end, paragraph end) UTF-8 offsets.
        var cuts: [(Int, Int)] = []
        var document = document
        document.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                var length = 0
                switch byte {
                case 0x0A, 0x1C, 0x1D, 0x1E: length = 1
                case 0x0D: length = index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
                case 0xC2 where index + 1 < count && bytes[index + 1] == 0x85: length = 2
                case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9: length = 3
                default: break
                }
                if length > 0 {
                    cuts.append((index, index + length))
                    index += length
                } else {
                    index += 1
                }
            }
            if cuts.last?.1 != count || count == 0 { cuts.append((count, count)) }
        }
        let utf8 = document.utf8
        var start = utf8.startIndex
        var offset = 0
        for (bodyEnd, end) in cuts {
            let bodyEndIndex = utf8.index(start, offsetBy: bodyEnd - offset)
            let endIndex = utf8.index(bodyEndIndex, offsetBy: end - bodyEnd)
            out.append(try Bidi.visualString(of: document[start..<bodyEndIndex], direction: direction))
            if end > bodyEnd { out.append(String(document[bodyEndIndex..<endIndex])) } else { out.append(byte: UInt8(ascii: "\n")) }
            start = endIndex
            offset = end
        }
    }

    static func summary(_ paragraph: BidiParagraph, number: Int, offset: Int) -> String {
        var out = "paragraph \(number): \(paragraph.direction.rawValue) (level \(paragraph.paragraphLevel)), \(paragraph.visualRuns.count) run\(paragraph.visualRuns.count == 1 ? "" : "s") in visual order:\n"
        for run in paragraph.visualRuns {
            let text = CLI.visible(paragraph.text[run.range])
            out += "  \(offset + run.utf8Range.lowerBound)..<\(offset + run.utf8Range.upperBound) \(run.direction.rawValue) level \(run.level): \(text)\n"
        }
        return out
    }
}

struct BidiIsolateCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "isolate",
        abstract: "Substitute ARGs into a printf-style TEMPLATE (%@, %d, %1$@, %%), each wrapped in FSI…PDI.",
        options: { [markOption, templateOption, argumentsOption] }
    )

    static let markOption = OptionSpec.flag(
        "mark", help: "Prefix LRM/RLM (the template's own direction) when the template starts with an argument.")
    static let templateOption = OptionSpec.positional("template", help: "The template.", required: true)
    static let argumentsOption = OptionSpec.variadic("arguments", help: "The arguments, already formatted (-12 is a value).", unrecognized: true)

    var mark: Bool
    var template: String
    var arguments: [String]

    init(_ arguments: ParsedArguments) {
        mark = arguments.flag(Self.markOption)
        template = arguments.strings(Self.templateOption)[0]
        self.arguments = arguments.strings(Self.argumentsOption)
    }

    func run() throws {
        let values = try CLI.positionalValues(arguments, names: nil)
        do {
            CLI.write(try Bidi.format(template, values, markingLeadingArgument: mark) + "\n")
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }
}
