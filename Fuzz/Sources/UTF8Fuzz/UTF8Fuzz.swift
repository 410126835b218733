// UTF8Fuzz: arbitrary bytes through UTF8Decoding, strict and lossy.
//
// Properties checked (a violation calls fatalError, which libFuzzer reports as a crash):
// - strict decoding succeeds exactly when the standard library validates the bytes, and
//   then gives back the same bytes, the same string as lossy decoding, and no
//   firstInvalidOffset;
// - when it throws InvalidUTF8Error, 0 <= byteOffset < size, the prefix before byteOffset
//   decodes strictly, no longer prefix that ends at most 4 bytes further does (so
//   byteOffset is exactly the end of the longest valid prefix), and firstInvalidOffset
//   agrees;
// - lossy decoding never throws and equals String(decoding:as:); it is also checked on a
//   non-contiguous collection (a lazy map), which takes the generic path.
import FuzzSupport
import ICUKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let reference = String(validating: bytes, as: UTF8.self)

    let lossy: String
    do {
        lossy = try UTF8Decoding.decode(bytes, lossy: true)
    } catch {
        fatalError("lossy decoding threw \(error)")
    }
    expect(lossy == String(decoding: bytes, as: UTF8.self), "lossy decoding differs from String(decoding:as:)")
    do {
        let generic = try UTF8Decoding.decode(bytes.lazy.map { $0 }, lossy: true)
        expect(generic == lossy, "lossy decoding of a lazy collection differs")
    } catch {
        fatalError("lossy decoding of a lazy collection threw \(error)")
    }

    do {
        let text = try UTF8Decoding.decode(bytes)
        expect(reference != nil, "strict decoding accepted bytes the standard library rejects")
        expect(Array(text.utf8) == bytes, "strict decoding changed the bytes")
        expect(text == lossy, "strict and lossy decoding differ on valid input")
        expect(UTF8Decoding.firstInvalidOffset(in: bytes) == nil, "firstInvalidOffset on valid input")
    } catch {
        let offset = error.byteOffset  // typed throws: always InvalidUTF8Error
        expect(reference == nil, "strict decoding rejected valid UTF-8 at \(offset)")
        expect(offset >= 0 && offset < size, "byteOffset \(offset) out of 0..<\(size)")
        expect(UTF8Decoding.firstInvalidOffset(in: bytes) == offset, "firstInvalidOffset disagrees with \(offset)")
        do {
            let prefix = try UTF8Decoding.decode(bytes[..<offset])
            expect(Array(prefix.utf8) == Array(bytes[..<offset]), "prefix decoding changed the bytes")
        } catch {
            fatalError("the prefix before byteOffset \(offset) is invalid at \(error.byteOffset)")
        }
        for end in (offset + 1)...min(size, offset + 4) {
            expect(String(validating: bytes[..<end], as: UTF8.self) == nil,
                         "byteOffset \(offset) but the prefix of \(end) bytes is valid")
        }
        // The error is the same on a non-contiguous collection.
        do {
            _ = try UTF8Decoding.decode(bytes.lazy.map { $0 })
            fatalError("strict decoding of a lazy collection accepted invalid bytes")
        } catch {
            expect(error.byteOffset == offset, "lazy collection: byteOffset \(error.byteOffset) != \(offset)")
        }
    }
    return 0
}

