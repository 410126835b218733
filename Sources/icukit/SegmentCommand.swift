import ArgumentParser
import ICUKit

extension Segmenter.Unit: ExpressibleByArgument {}

/// `icukit segment`: grapheme, word, sentence and line-break segmentation.
struct SegmentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segment",
        abstract: "Split text into graphemes, words, sentences or line-break segments.",
        discussion: """
            Reads FILE (or stdin). text: one segment per line (CR, LF and other line \
            separators inside a segment are shown as \\r, \\n, \\u{…}). json: one JSON \
            object per document, {"boundaries":[0,…,n],"kinds":[…]} with UTF-8 byte \
            offsets (no kinds for graphemes). count: the number of segments.
            """
    )

    enum Format: String, OutputFormatChoice { case text, json, count; static let defaultFormat = Format.text }

    @Option(name: .long, help: "grapheme, word, sentence or line.")
    var by: Segmenter.Unit

    @OptionGroup var locale: LocaleOption
    @OptionGroup var strictness: StrictFlag
    @OptionGroup var output: FormatOption<Format>

    @Flag(name: .long, help: "Text and count formats: only word-like segments (--by word).")
    var wordsOnly = false

    @OptionGroup var input: DocumentInput

    func run() throws {
        let locale = try locale.localeID(strict: strictness)
        let by = by, format = output.format, wordsOnly = wordsOnly
        let segmenter: Segmenter
        do {
            segmenter = try Segmenter(by, locale: locale)
        } catch {
            throw CLIFailure(message: "cannot open the \(by.rawValue) segmenter: \(error)", code: CLI.software)
        }
        var out = OutputBuffer()
        for document in try input.documents() {
            switch format {
            case .json:
                var boundaries = [0]
                var kinds: [String] = []
                segmenter.forEachBoundary(in: document) { offset, kind in
                    boundaries.append(offset)
                    kinds.append(kind.rawValue)
                }
                var line = "{\"boundaries\":" + JSON.array(boundaries)
                if by != .grapheme { line += ",\"kinds\":" + JSON.array(kinds) }
                out.append(line + "}\n")
            case .count:
                var count = 0
                segmenter.forEachBoundary(in: document) { _, kind in
                    if !wordsOnly || kind.isWordLike { count += 1 }
                }
                out.append("\(count)\n")
            case .text:
                for segment in segmenter.segments(of: document) where !wordsOnly || segment.isWordLike {
                    out.append(Self.visible(document[segment.range]) + "\n")
                }
            }
        }
        out.flush()
    }

    /// The segment on one line: line terminators inside it are escaped.
    static func visible(_ segment: Substring) -> String {
        var out = ""
        for scalar in segment.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x0B, 0x0C, 0x85, 0x2028, 0x2029: out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
