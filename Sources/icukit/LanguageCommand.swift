import ArgumentParser
import Foundation
import ICUKit

/// `icukit language`: the dominant language of each document, its hypotheses, or its
/// language runs.
struct LanguageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "language",
        abstract: "Recognize the language of a document (FILE or stdin), or of each --jsonl line.",
        discussion: """
            json: one line per document, {"language","confidence","hypotheses":[{"language",\
            "confidence"}…]} (the top N, best first; "language":null when undetermined); with \
            --runs {"runs":[{"start","end","language"}…]} in UTF-8 byte offsets. text: the \
            language code (BCP 47; "und" when undetermined), or with --runs one "start end \
            language" line per run. An unknown language in --hints or --constraints exits 64.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(name: .long, help: "How many hypotheses to list in json (default 5).")
    var top: Int = 5

    @Option(name: .long, help: "Prior weights, such as fr=0.5,de=0.3 (BCP 47 codes, weights 0…1).")
    var hints: String?

    @Option(name: .long, help: "Answer only with these languages, such as en,fr,de.")
    var constraints: String?

    @Flag(name: .long, help: "List the language runs (sentence-based) instead of one language.")
    var runs = false

    @Option(name: .long, help: "text or json.")
    var format: Format = .text

    @OptionGroup var input: DocumentInput

    func validate() throws {
        if top < 1 { throw ValidationError("--top must be at least 1") }
    }

    func run() throws {
        let recognizer = try makeRecognizer()
        let documents = try input.documents()
        let (top, runs, json) = (top, runs, format == .json)
        var out = OutputBuffer()
        for document in documents {
            if runs {
                let found = recognizer.languageRuns(in: document)
                if json {
                    let items = found.map {
                        "{\"start\":\($0.utf8Offsets.lowerBound),\"end\":\($0.utf8Offsets.upperBound),\"language\":\(Self.code($0.language))}"
                    }
                    out.append("{\"runs\":[\(items.joined(separator: ","))]}\n")
                } else {
                    for run in found {
                        out.append("\(run.utf8Offsets.lowerBound) \(run.utf8Offsets.upperBound) \(run.language?.bcp47 ?? "und")\n")
                    }
                }
                continue
            }
            let hypotheses = recognizer.hypotheses(for: document, maximum: json ? top : 1)
            if json {
                let items = hypotheses.map {
                    "{\"language\":\(JSON.string($0.language.bcp47)),\"confidence\":\(Self.number($0.probability))}"
                }
                let best = hypotheses.first
                out.append("{\"language\":\(Self.code(best?.language)),\"confidence\":\(best.map { Self.number($0.probability) } ?? "0"),\"hypotheses\":[\(items.joined(separator: ","))]}\n")
            } else {
                out.append((hypotheses.first?.language.bcp47 ?? "und") + "\n")
            }
        }
        out.flush()
    }

    private func makeRecognizer() throws(CLIFailure) -> LanguageRecognizer {
        var weights: [String: Double] = [:]
        for item in Self.list(hints) {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let weight = Double(parts[1].trimmingCharacters(in: .whitespaces)) else {
                throw .usage("--hints: expected CODE=WEIGHT, got \(item)")
            }
            weights[parts[0].trimmingCharacters(in: .whitespaces)] = weight
        }
        do {
            return try LanguageRecognizer(languageHints: weights, languageConstraints: Self.list(constraints))
        } catch {
            throw .usage(error.description)
        }
    }

    private static func list(_ option: String?) -> [String] {
        (option ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func code(_ language: LocaleID?) -> String {
        language.map { JSON.string($0.bcp47) } ?? "null"
    }

    static func number(_ value: Double) -> String {
        String((value * 1000).rounded() / 1000)
    }
}
