// SpoofFuzz: arbitrary bytes as identifiers (one per line) through SpoofChecker and a
// ConfusableIndex built from the lines.
//
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - a line with invalid UTF-8 throws .invalidUTF8 with the offset firstInvalidOffset reports,
//   from skeleton(utf8:), check(utf8:) and matches(utf8:);
// - a skeleton is NFD; two lines are confusable exactly when their skeletons are equal
//   (byte for byte), symmetrically, and a line is confusable with itself;
// - check: passed iff no failure; a level is always reported; ASCII level iff all ASCII;
//   a level looser than highly restrictive fails the restriction-level check (default
//   checker) and a single-script checker fails every level looser than single script;
// - the index built from the valid lines finds each line (itself included), and every
//   match has the line's skeleton; identical lines are indexed once.
import FuzzSupport
import ICUKit

let checker = try! SpoofChecker()
let singleScript = try! SpoofChecker(restrictionLevel: .singleScript)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(16).map { Array($0) }
    func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }
    var valid: [String] = []
    for line in lines {
        guard let text = String(validating: line, as: UTF8.self) else {
            let expected = IdentifierError.invalidUTF8(InvalidUTF8Error(byteOffset: UTF8Decoding.firstInvalidOffset(in: line)!))
            do { _ = try checker.skeleton(utf8: line); fatalError("skeleton accepted invalid UTF-8") } catch { expect(error == expected, "skeleton: \(error)") }
            do { _ = try checker.check(utf8: line); fatalError("check accepted invalid UTF-8") } catch { expect(error == expected, "check: \(error)") }
            continue
        }
        valid.append(text)
        do {
            let skeleton = try checker.skeleton(text)
            let isNFD = try Normalizer.nfd.isNormalized(skeleton)
            expect(isNFD, "skeleton not NFD")
            let selfKinds = try checker.areConfusable(text, text)
            expect(!selfKinds.isEmpty, "not confusable with itself")
            let result = try checker.check(text)
            expect(result.passed == result.failures.isEmpty, "passed disagrees with failures")
            guard let level = result.restrictionLevel else { fatalError("no restriction level") }
            expect((level == .ascii) == text.utf8.allSatisfy { $0 < 0x80 }, "ASCII level \(level)")
            expect(result.failures.contains(.restrictionLevel) == (level > .highlyRestrictive), "level \(level) vs failures \(result.failures)")
            let strict = try singleScript.check(text)
            expect(strict.failures.contains(.restrictionLevel) == (level > .singleScript), "single-script checker, level \(level)")
        } catch {
            fatalError("valid identifier failed: \(error)")
        }
    }
    do {
        let skeletons = try valid.map { try checker.skeleton($0) }
        for i in valid.indices {
            for j in valid.indices where j > i {
                let kinds = try checker.areConfusable(valid[i], valid[j])
                expect(kinds.isEmpty != same(skeletons[i], skeletons[j]), "areConfusable disagrees with skeletons")
                let reverse = try checker.areConfusable(valid[j], valid[i])
                expect(kinds == reverse, "areConfusable not symmetric")
            }
        }
        let index = try ConfusableIndex(valid, checker: checker)
        var distinct: [String] = []
        for text in valid where !distinct.contains(where: { same($0, text) }) { distinct.append(text) }
        expect(index.count == distinct.count, "index count \(index.count), distinct \(distinct.count)")
        for (text, skeleton) in zip(valid, skeletons) {
            let matches = try index.matches(for: text)
            expect(matches.contains { same($0, text) }, "index does not find the line itself")
            for match in matches {
                let matchSkeleton = try checker.skeleton(match)
                expect(same(matchSkeleton, skeleton), "a match with another skeleton")
            }
            let expected = distinct.filter { candidate in (try? checker.skeleton(candidate)).map { same($0, skeleton) } ?? false }
            expect(matches.count == expected.count, "index found \(matches.count), expected \(expected.count)")
        }
        for line in lines where String(validating: line, as: UTF8.self) == nil {
            do { _ = try index.matches(utf8: line); fatalError("matches accepted invalid UTF-8") } catch { expect(error == .invalidUTF8(InvalidUTF8Error(byteOffset: UTF8Decoding.firstInvalidOffset(in: line)!)), "matches: \(error)") }
        }
    } catch {
        fatalError("valid identifiers failed: \(error)")
    }
    return 0
}
