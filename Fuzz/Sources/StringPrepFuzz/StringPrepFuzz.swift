// StringPrepFuzz: arbitrary bytes through every StringPrep profile (the first byte picks
// the profile and whether unassigned code points are allowed; the rest is the text).
//
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - invalid UTF-8 throws .invalidUTF8 with the offset firstInvalidOffset reports;
// - a failure is .prohibited, .unassigned or .bidi whose UTF-8 offset is the start of a
//   scalar of the input and whose scalar is that scalar (never .icu, never a crash);
// - .unassigned never comes with allowUnassigned;
// - a prepared string prepares again without error.
import ICUKit
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let control = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let profiles = StringPrep.Profile.allCases
    let profile = profiles[Int(control & 0x7F) % profiles.count]
    let options = StringPrep.Options(allowUnassigned: control & 0x80 != 0)
    let prep: StringPrep
    do { prep = try StringPrep(profile) } catch { fatalError("StringPrep(\(profile)): \(error)") }

    guard let text = String(validating: bytes, as: UTF8.self) else {
        let offset = UTF8Decoding.firstInvalidOffset(in: bytes)!
        do {
            _ = try prep.prepare(utf8: bytes, options: options)
            fatalError("invalid UTF-8 accepted")
        } catch {
            expect(error == .invalidUTF8(InvalidUTF8Error(byteOffset: offset)), "\(error), expected offset \(offset)")
        }
        return 0
    }
    func check(_ scalar: Unicode.Scalar, _ offset: Int, _ kind: String) {
        var position = 0
        for candidate in text.unicodeScalars {
            if position == offset {
                expect(candidate == scalar, "\(profile) \(kind): scalar \(scalar) is not the input's \(candidate) at \(offset)")
                return
            }
            position += candidate.utf8.count
        }
        fatalError("\(profile) \(kind): offset \(offset) is not a scalar boundary of the input")
    }
    do {
        let prepared = try prep.prepare(text, options: options)
        do { _ = try prep.prepare(prepared, options: options) } catch {
            fatalError("\(profile): the prepared string fails again: \(error)")
        }
    } catch .prohibited(let scalar, let offset) {
        check(scalar, offset, "prohibited")
    } catch .unassigned(let scalar, let offset) {
        expect(!options.allowUnassigned, "unassigned reported with allowUnassigned")
        check(scalar, offset, "unassigned")
    } catch .bidi(let scalar, let offset) {
        check(scalar, offset, "bidi")
    } catch {
        fatalError("\(profile): unexpected error \(error)")
    }
    return 0
}
