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

/// `msgfmt` from GNU gettext, when installed.
let msgfmtPath = ["/usr/bin/msgfmt", "/usr/local/bin/msgfmt"].first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite("Real .po files against msgfmt", .enabled(if: realSetsExist && msgfmtPath != nil))
struct GettextAgainstMsgfmtTests {
    @Test("each real .po reads as msgfmt compiles it: the .mo msgfmt writes gives the same translations, fuzzy and untranslated left out")
    func poMatchesMsgfmt() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: realSetsFolder).map { realSetsFolder + "/" + $0 }
        var compared = 0
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasSuffix(".po") {
                let po = folder + "/" + name
                let mo = FileManager.default.temporaryDirectory.appendingPathComponent("strio-\(UUID().uuidString).mo").path
                defer { try? FileManager.default.removeItem(atPath: mo) }
                let process = Process()
                process.executableURL = URL(fileURLWithPath: msgfmtPath!)
                process.arguments = ["-o", mo, po]
                try process.run()
                process.waitUntilExit()
                try #require(process.terminationStatus == 0)
                let fromPO = try StringCatalog(contentsOf: po)
                let fromMO = try StringCatalog(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: mo))), format: .mo, language: fromPO.languages.last, file: mo)
                let language = try #require(fromPO.languages.last)
                #expect(fromMO.gettextPluralForms == fromPO.gettextPluralForms, "\(po)")
                for key in fromPO.keys {
                    let translation = fromPO[key]?.localizations[language]
                    let fuzzy = translation?.unit?.state == .needsReview || translation?.variations?.cases.values.contains { $0.unit?.state == .needsReview } == true
                    if translation == nil || fuzzy {
                        #expect(fromMO[key] == nil, "\(po): \(key)")
                    } else {
                        #expect(fromMO[key]?.localizations == fromPO[key]?.localizations, "\(po): \(key)")
                    }
                }
                compared += 1
            }
        }
        #expect(compared >= 15)
    }
}
