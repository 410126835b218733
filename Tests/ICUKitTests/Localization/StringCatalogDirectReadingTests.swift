import Foundation
import Testing
@testable import ICUKit

/// The direct `.xcstrings` reader and the served tables of ``LocalizedStrings`` give what
/// the member-by-member reader and ``StringCatalog/format(_:_:language:device:width:isolate:)``
/// give: the same catalog for every file the direct reader accepts, the same string or
/// error for every key and language.
@Suite("Direct catalog reading and served tables")
struct StringCatalogDirectReadingTests {
    static let realSets = "/work/shared/data/l10n"

    static func sameAsMembers(_ bytes: [UInt8]) throws {
        var reader = XCStringsReader(bytes, file: "L.xcstrings")
        let members = Result { () throws(StringsError) in try reader.readMembers() }
        guard let direct = XCStringsDirectReader.read(bytes, file: "L.xcstrings") else { return }
        let expected = try members.get()
        #expect(direct == expected)
        #expect(direct.keys == expected.keys)
    }

    static func sameServed(_ catalog: StringCatalog) {
        let strings = LocalizedStrings(catalog)
        for key in catalog.keys {
            for language in catalog.languages + ["zz", "en-GB"] {
                for arguments: [StringArgument] in [[], [3, "Anna"]] {
                    let served = Result { () throws(StringsError) in try strings.format(key, arguments, language: language) }
                    let direct = Result { () throws(StringsError) in try catalog.format(key, arguments, language: language) }
                    #expect("\(served)" == "\(direct)", "\(key) \(language)")
                }
            }
        }
    }

    @Test("mutated catalogs: the direct reader's catalog, when it gives one, is the member reader's")
    func mutations() throws {
        let seed = Array(StringCatalogReadingTests.catalogJSON.utf8)
        try Self.sameAsMembers(seed)
        #expect(XCStringsDirectReader.read(seed, file: "") != nil)
        try StringFileMutationTests.mutations(of: seed, count: 2000) { try Self.sameAsMembers($0) }
    }

    @Test("a catalog written by ICUKit reads directly; its served strings equal format's")
    func written() throws {
        let catalog = try StringCatalog(bytes: Array(StringCatalogReadingTests.catalogJSON.utf8), format: .xcstrings)
        let written = try catalog.xcstrings()
        #expect(XCStringsDirectReader.read(written, file: "") != nil)
        try Self.sameAsMembers(written)
        Self.sameServed(catalog)
    }

    @Test("real catalogs: the same catalog, the same served strings", .enabled(if: FileManager.default.fileExists(atPath: realSets)))
    func realCatalogs() throws {
        let files = FileManager.default.enumerator(atPath: Self.realSets)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".xcstrings") }
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try StringCatalog.contents(of: Self.realSets + "/" + file)
            try Self.sameAsMembers(bytes)
            Self.sameServed(try StringCatalog(bytes: bytes, format: .xcstrings))
        }
    }
}
