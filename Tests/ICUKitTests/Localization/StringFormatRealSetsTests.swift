import FoundationEssentials
import Testing
import ICUKit

/// Every key of the real localization sets (read where they are kept, never copied here)
/// formats in every language; skipped when the sets are absent (CI's clone).
@Suite struct StringFormatRealSetsTests {
    static let root = "/work/shared/data/l10n"

    static var sets: [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        return names.sorted().compactMap { name -> String? in
            let folder = root + "/" + name
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
            if let catalog = files.first(where: { $0.hasSuffix(".xcstrings") }) { return folder + "/" + catalog }
            return folder
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: root))) func everyKeyFormatsInEveryLanguage() throws {
        #expect(Self.sets.count == 8)
        for path in Self.sets {
            let strings = LocalizedStrings(try StringCatalog(contentsOf: path))
            let catalog = strings.catalog
            var formatted = 0
            for language in catalog.languages {
                for key in catalog.keys {
                    let arguments: [StringArgument] = catalog.argumentKinds(of: key, language: language).map { kind in
                        switch kind {
                        case .integer?, .unsignedInteger?, .character?, .pointer?: return 3
                        case .double?: return 2.5
                        case .string?, nil: return "Anna"
                        }
                    }
                    do {
                        for device in ["other", "iphone", "mac"] {
                            let value = try strings.format(key, arguments, language: language, device: device, isolate: true)
                            #expect(!value.isEmpty || key.isEmpty, "\(path) \(language) \(key)")
                        }
                        formatted += 1
                    } catch {
                        Issue.record("\(path) \(language): \(error)")
                    }
                }
            }
            #expect(formatted == catalog.keys.count * catalog.languages.count)
        }
    }
}
