import Foundation
import Testing
import ICUKit

/// The real localization sets of public projects kept outside the repository (never
/// copied into it); the suite is skipped where the folder is absent, as in CI's clone.
let realSetsFolder = "/work/shared/data/l10n"
let realSetsExist = FileManager.default.fileExists(atPath: realSetsFolder)

@Suite("StringCatalog on real projects' files", .enabled(if: realSetsExist))
struct StringCatalogRealDataTests {
    /// Each set as one path: its `.xcstrings` file or its folder.
    static func sets() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: realSetsFolder).sorted().compactMap { name in
            let folder = realSetsFolder + "/" + name
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
            if let catalog = files.first(where: { $0.hasSuffix(".xcstrings") }) { return folder + "/" + catalog }
            return folder
        }
    }

    @Test("every set loads without error, every file of it too, with keys in every language")
    func everySetLoads() throws {
        let sets = try Self.sets()
        #expect(sets.count >= 8)
        for path in sets {
            let catalog = try StringCatalog(contentsOf: path)
            #expect(!catalog.keys.isEmpty, "\(path)")
            #expect(catalog.languages.count >= 2, "\(path)")
            for language in catalog.languages {
                #expect(catalog.entries.contains { $0.localizations[language] != nil }, "\(path) \(language)")
            }
        }
        let files = FileManager.default.enumerator(atPath: realSetsFolder)?.compactMap { $0 as? String } ?? []
        var read = 0
        for file in files where StringCatalog.FileFormat(fileName: file) != nil {
            _ = try StringCatalog(contentsOf: realSetsFolder + "/" + file)
            read += 1
        }
        #expect(read >= 43)
    }
}
