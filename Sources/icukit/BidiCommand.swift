import ArgumentParser
import ICUKit

extension BidiParagraph.Direction: ExpressibleByArgument {}

/// `icukit bidi`: the Unicode Bidirectional Algorithm on text, and template isolation.
struct BidiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bidi",
        abstract: "Bidirectional text: paragraph direction, levels, runs, visual order; isolate template arguments.",
        subcommands: [BidiAnalyzeCommand.self, BidiIsolateCommand.self],
        defaultSubcommand: BidiAnalyzeCommand.self
    ).leaf
}

struct BidiAnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Analyse FILE (or stdin) paragraph by paragraph (the default bidi subcommand).",
        discussion: """
            json: one object per paragraph, {"direction","paragraphLevel","levels" (one per \
            Unicode scalar of the paragraph),"visualOrder" (scalar indices of the paragraph, \
            left to right),"runs" (visual order; start/end are UTF-8 offsets into the document)}. \
            visual: the text reordered for a terminal without bidi support (brackets \
            mirrored, bidi controls removed). text: a readable summary.
            """
    ).leaf

    enum Format: String, OutputFormatChoice { case text, json, visual; static let defaultFormat = Format.text }

    @Option(name: .long, help: "auto (first strong character), ltr or rtl.")
    var direction: BidiParagraph.Direction = .auto

    @OptionGroup var output: FormatOption<Format>

    @OptionGroup var input: DocumentInput

    func run() throws {
        try Self.analyze(Arguments(direction: direction, format: output.format, input: input.values))
    }

    /// The values of `bidi [analyze]`'s arguments, as ArgumentParser or ``FastParse`` read them.
    struct Arguments: Equatable {
        var direction = BidiParagraph.Direction.auto
        var format = Format.defaultFormat
        var input = DocumentInput.Values()
    }

    /// Runs `bidi [analyze]` on its arguments' values.
    static func analyze(_ arguments: Arguments) throws {
        let direction = arguments.direction, format = arguments.format
        try DocumentInput.pipeline(arguments.input).run(file: arguments.input.file) { document, out throws(CLIFailure) in
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
            let text = SegmentCommand.visible(paragraph.text[run.range])
            out += "  \(offset + run.utf8Range.lowerBound)..<\(offset + run.utf8Range.upperBound) \(run.direction.rawValue) level \(run.level): \(text)\n"
        }
        return out
    }
}

struct BidiIsolateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "isolate",
        abstract: "Substitute ARGs into a printf-style TEMPLATE (%@, %d, %1$@, %%), each wrapped in FSI…PDI."
    ).leaf

    @Flag(name: .long, help: "Prefix LRM/RLM (the template's own direction) when the template starts with an argument.")
    var mark = false

    @Argument(help: "The template.")
    var template: String

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The arguments, already formatted (-12 is a value).", valueName: "arguments"))
    var arguments: [String] = []

    func run() throws {
        let values = try CLI.positionalValues(arguments, names: nil)
        do {
            CLI.write(try Bidi.format(template, values, markingLeadingArgument: mark) + "\n")
        } catch {
            throw CLIFailure.usage(error.description)
        }
    }
}
