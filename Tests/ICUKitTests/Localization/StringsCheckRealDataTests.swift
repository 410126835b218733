import Foundation
import ICUKit
import Testing

/// The check on the eight real localization sets in /work/shared/data/l10n (read in place,
/// never copied; skipped where the folder is absent): each loads and checks without a
/// crash, and the findings are those the files really have.
@Suite("Strings check on real sets")
struct StringsCheckRealDataTests {
    static let root = "/work/shared/data/l10n"
    static let sets = ["cot-document", "cot-settingsporting", "cot-commandbar", "backyard-birds", "mastodon", "deltachat", "baobab", "gnome-clocks"]

    static func path(_ set: String) -> String? {
        let folder = root + "/" + set
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        if let catalog = names.first(where: { $0.hasSuffix(".xcstrings") }) { return folder + "/" + catalog }
        return folder
    }

    static func check(_ set: String) throws -> [StringsProblem]? {
        guard let path = path(set) else { return nil }
        return try StringCatalog(contentsOf: path).check(file: set)
    }

    static func summary(_ problems: [StringsProblem]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for problem in problems { counts[problem.severity.rawValue + " " + problem.kind, default: 0] += 1 }
        return counts
    }

    @Test("every set loads and checks", arguments: sets)
    func checks(set: String) throws {
        guard let problems = try Self.check(set) else { return }
        if ProcessInfo.processInfo.environment["STRCHECK_DUMP"] != nil { for p in problems where p.kind != "untranslated" && !p.kind.hasPrefix("state-") { print(p) } }
        let errors = problems.filter { $0.severity == .error }
        switch set {
        case "mastodon":
            // sl drops the author: "Objavil/a" for "Post from %@".
            #expect(errors.map(\.description) == ["mastodon:Scene.Thread.Title:sl: error: placeholder-count: 0 arguments (none); the source has 1 (1: %@)"])
        case "cot-settingsporting":
            #expect(errors.isEmpty)
            #expect(problems.filter { $0.kind == "state-needs-review" }.count > 10 && problems.contains { $0.kind == "state-new" })
        case "baobab", "gnome-clocks":
            // msgfmt -c accepts every file of both sets.
            #expect(!problems.contains { $0.kind == "format-mismatch" })
        default:
            #expect(errors.isEmpty, "\(errors.prefix(5).map(\.description))")
        }
        print(set, Self.summary(problems).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
    }
}
