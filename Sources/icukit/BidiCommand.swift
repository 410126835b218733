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
    )
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
    )

    enum Format: String, OutputFormatChoice { case text, json, visual; static let defaultFormat = Format.text }

    @Option(name: .long, help: "auto (first strong character), ltr or rtl.")
    var direction: BidiParagraph.Direction = .auto

    @OptionGroup var output: FormatOption<Format>

    @OptionGroup var input: DocumentInput

    func run() throws {
        let direction = direction, format = output.format
        try input.forEachDocument { document, out throws(CLIFailure) in
            let paragraphs: [BidiParagraph]
            do { paragraphs = try BidiParagraph.paragraphs(in: document, direction: direction) } catch {
                throw CLIFailure.data("\(error)")
            }
            var documentOffset = 0
            for (number, paragraph) in paragraphs.enumerated() {
                switch format {
                case .json: out.append(Self.json(paragraph, offset: documentOffset) + "\n")
                case .visual:
                    do { out.append(try Self.visual(paragraph, direction: direction)) } catch {
                        throw CLIFailure.data("\(error)")
                    }
                case .text: out.append(Self.summary(paragraph, number: number + 1, offset: documentOffset))
                }
                documentOffset += paragraph.text.utf8.count
            }
        }
    }

    static func json(_ paragraph: BidiParagraph, offset: Int) -> String {
        let runs = paragraph.visualRuns.map {
            "{\"start\":\(offset + $0.utf8Range.lowerBound),\"end\":\(offset + $0.utf8Range.upperBound),\"direction\":\"\($0.direction.rawValue)\",\"level\":\($0.level)}"
        }
        return "{\"direction\":\"\(paragraph.direction.rawValue)\",\"paragraphLevel\":\(paragraph.paragraphLevel)"
            + ",\"levels\":" + JSON.array(paragraph.levels.map(Int.init))
            + ",\"visualOrder\":" + JSON.array(paragraph.visualToLogical)
            + ",\"runs\":[" + runs.joined(separator: ",") + "]}"
    }

    /// The paragraph reordered, its separator kept at the end (not reordered to the left
    /// of a right-to-left line).
    static func visual(_ paragraph: BidiParagraph, direction: BidiParagraph.Direction) throws -> String {
        var body = Substring(paragraph.text)
        var separator = ""
        while let last = body.unicodeScalars.last, Bidi.baseDirection(of: String(last)) == .neutral,
              ["\n", "\r", "\u{85}", "\u{2029}", "\u{1C}", "\u{1D}", "\u{1E}"].contains(last) {
            separator = String(last) + separator
            body = Substring(body.unicodeScalars.dropLast())
        }
        let forced: BidiParagraph.Direction = paragraph.direction == .rightToLeft ? .rightToLeft : .leftToRight
        let line = try BidiParagraph(body, direction: direction == .auto ? forced : direction).visualString()
        return line + (separator.isEmpty ? "\n" : separator)
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
    )

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
