import Foundation
import ICUKit
import Testing

/// ICU's own command-line converter, the oracle for round trips (Debian `icu-devtools`).
func uconv(_ arguments: [String], input: Data) throws -> (status: Int32, output: Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/uconv")
    process.arguments = arguments
    let stdin = Pipe(), stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, output)
}

/// The labelled real files of the shared evaluation data (uchardet's test files).
struct DevFile {
    let path: String
    let language: String
    let label: String

    static let directory = "/work/shared/data/encoding/dev"

    static let all: [DevFile] = {
        guard let manifest = try? String(contentsOfFile: "/work/shared/data/encoding/manifest.csv", encoding: .utf8) else { return [] }
        return manifest.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
            let fields = line.split(separator: ",").map(String.init)
            guard fields.count >= 4 else { return nil }
            return DevFile(path: directory + "/" + fields[0], language: fields[3], label: String(fields[1].split(separator: "/").last!))
        }
    }()

    /// The label as a converter name; nil where ICU 72 has no converter (VISCII,
    /// ISO-8859-16: ICUKit's own tables, which uconv cannot check).
    var icuName: String? {
        switch label {
        case "viscii", "iso-8859-16": nil
        case "maccentraleurope": "x-mac-centraleurroman"
        case "uhc": "windows-949"
        default: label
        }
    }
}

/// The offset of the `.invalidBytes` error `body` throws, if it throws one.
func invalidOffset(_ body: () throws -> Void) -> Int? {
    do { try body() } catch {
        if let error = error as? TextConversionError, case .invalidBytes(let offset, _) = error { return offset }
    }
    return nil
}

@Suite("TextConverter")
struct TextConverterTests {
    @Test("aliases resolve to ICU's preferred names; unknown names throw")
    func aliases() throws {
        #expect(try TextConverter(encodingName: "latin1").name == "ISO-8859-1")
        #expect(try TextConverter(encodingName: "cp1252").name == "windows-1252")
        #expect(try TextConverter(encodingName: "sjis").name == "Shift_JIS")
        #expect(try TextConverter(encodingName: "euc-jp").name == "EUC-JP")
        #expect(try TextConverter(encodingName: "gbk").name == "GBK")
        #expect(try TextConverter(encodingName: "KOI8-U").name == "KOI8-U")
        #expect(try TextConverter(encodingName: "cp866").name == "IBM866")
        #expect(throws: TextConversionError.unknownEncoding("no-such-charset")) { try TextConverter(encodingName: "no-such-charset") }
        #expect(throws: TextConversionError.unknownEncoding("")) { try TextConverter(encodingName: "") }
        #expect(TextConverter.availableEncodings.count > 100)
        #expect(try TextConverter(encodingName: "latin10").name == "ISO-8859-16")
        #expect(try TextConverter(encodingName: "viscii").name == "VISCII")
    }

    @Test("every real dev file decodes as uconv decodes it, and encodes back to its bytes")
    func realFilesAgreeWithUconv() throws {
        #expect(DevFile.all.count == 77)
        var checked = 0
        for file in DevFile.all {
            guard let name = file.icuName else { continue }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
            let converter = try TextConverter(encodingName: name)
            let text = try converter.decode(bytes)
            let oracle = try uconv(["-f", name, "-t", "UTF-8", "--callback", "stop"], input: bytes)
            #expect(oracle.status == 0, "\(file.path)")
            #expect(text.utf8.elementsEqual(oracle.output), "\(file.path) decodes differently from uconv")
            let encoded = try converter.encode(text)
            if name.hasPrefix("iso-2022") || name == "utf-16" || name == "utf-32" {
                // Stateful, or a BOM in the platform's byte order: the bytes chosen may
                // differ; the text must not.
                #expect(try converter.decode(encoded) == text, "\(file.path)")
            } else {
                #expect(encoded.elementsEqual(bytes), "\(file.path) does not round-trip")
                let oracleBytes = try uconv(["-f", "UTF-8", "-t", name], input: Data(text.utf8))
                #expect(oracleBytes.output.elementsEqual(encoded), "\(file.path) encodes differently from uconv")
            }
            checked += 1
        }
        #expect(checked == 73)
    }

    @Test("every byte of single-byte code pages decodes as uconv does (or fails at its offset)")
    func singleByteTables() throws {
        for name in ["windows-1251", "KOI8-U", "IBM866", "windows-874", "windows-1258", "ISO-8859-7", "x-mac-cyrillic", "windows-1252"] {
            let converter = try TextConverter(encodingName: name)
            for byte in 0x80...0xFF {
                let oracle = try uconv(["-f", name, "-t", "UTF-8", "--callback", "stop"], input: Data([0x41, UInt8(byte)]))
                do {
                    let text = try converter.decode([0x41, UInt8(byte)])
                    #expect(oracle.status == 0 && Array(text.utf8) == Array(oracle.output), "\(name) 0x\(String(byte, radix: 16))")
                } catch TextConversionError.invalidBytes(let offset, let length) {
                    #expect(oracle.status != 0, "\(name) 0x\(String(byte, radix: 16)) decodes in uconv")
                    #expect(offset == 1 && length == 1)
                }
            }
        }
    }

    @Test("ISO-8859-16 and VISCII (built-in tables) against glibc's iconv, which has both")
    func extraCodePages() throws {
        for (name, text) in [("ISO-8859-16", "Științele și tehnica, Łódź, Zürich, € 5"), ("VISCII", "Tiếng Việt có dấu: Ẳ ẵ ỹ Ỵ")] {
            let converter = try TextConverter(encodingName: name)
            let bytes = try converter.encode(text)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/iconv")
            process.arguments = ["-f", name, "-t", "UTF-8"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(bytes))
            try input.fileHandleForWriting.close()
            let decoded = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(String(decoding: decoded, as: UTF8.self) == text, "\(name)")
            #expect(try converter.decode(bytes) == text)
            #expect(throws: TextConversionError.unencodable(utf8Offset: 1, scalar: "ж")) { try converter.encode("aж") }
            let stream = converter.makeDecoder()
            #expect(try stream.decode(bytes.prefix(3)) + stream.decode(bytes.dropFirst(3), isFinal: true) == text)
        }
        let iso16 = try TextConverter(encodingName: "ISO-8859-16")
        #expect(try iso16.decode([0xAA, 0xBA]) == "Șș")
    }

    @Test("strict decoding reports the byte offset of the first invalid sequence")
    func strictOffsets() throws {
        let utf8 = TextConverter.utf8
        #expect(throws: TextConversionError.invalidBytes(byteOffset: 2, length: 1)) { try utf8.decode([0x61, 0x62, 0xFF, 0x63]) }
        #expect(throws: TextConversionError.invalidBytes(byteOffset: 3, length: 1)) { try utf8.decode([0x61, 0xC3, 0xA9, 0xC3]) }
        let sjis = try TextConverter(encodingName: "Shift_JIS")
        #expect(throws: TextConversionError.invalidBytes(byteOffset: 3, length: 1)) { try sjis.decode([0x41, 0x82, 0xA0, 0x82]) }
        let cp1253 = try TextConverter(encodingName: "windows-1253")
        #expect(throws: TextConversionError.invalidBytes(byteOffset: 3, length: 1)) { try cp1253.decode(Array("caf".utf8) + [0xD2, 0x41]) }
        let cp1252 = try TextConverter(encodingName: "windows-1252")
        #expect(try cp1252.decode([]) == "")
        #expect(try cp1252.decode([0x80]) == "€")
        let utf16 = try TextConverter(encodingName: "UTF-16LE")
        #expect(throws: TextConversionError.self) { try utf16.decode([0x41, 0x00, 0x00, 0xD8]) }  // unpaired surrogate
        #expect(throws: TextConversionError.self) { try utf16.decode([0x41]) }  // odd length
        #expect(utf8.isValid([0xE2, 0x82, 0xAC]))
        #expect(!utf8.isValid([0xE2, 0x82]))
    }

    @Test("lossy decoding and encoding replace, and say so; strict encoding reports the UTF-8 offset")
    func lossy() throws {
        let (text, used) = try TextConverter.utf8.decodeReportingLoss([0x61, 0xFF, 0x62], lossy: true)
        #expect(text == "a\u{FFFD}b" && used)
        let (clean, unused) = try TextConverter.utf8.decodeReportingLoss(Array("é".utf8), lossy: true)
        #expect(clean == "é" && !unused)
        let latin1 = try TextConverter(encodingName: "latin1")
        #expect(try latin1.encode("aé€b", lossy: true) == [0x61, 0xE9, 0x3F, 0x62])
        #expect(throws: TextConversionError.unencodable(utf8Offset: 3, scalar: "€")) { try latin1.encode("aé€b") }
        #expect(throws: TextConversionError.unencodable(utf8Offset: 0, scalar: "😀")) { try latin1.encode("😀") }
        let jis = try TextConverter(encodingName: "ISO-2022-JP")
        let bytes = try jis.encode("日本語とหก", lossy: true)
        #expect(try jis.decode(bytes) == "日本語と??")
    }

    @Test("streaming: any chunking decodes like the whole; errors carry stream offsets")
    func streaming() throws {
        let text = String(repeating: "日本語のテキスト、English and カタカナ。\n", count: 40)
        for name in ["Shift_JIS", "EUC-JP", "GB18030", "UTF-16BE", "ISO-2022-JP", "UTF-8"] {
            let converter = try TextConverter(encodingName: name)
            let bytes = try converter.encode(text, lossy: true)
            let whole = try converter.decode(bytes)
            for chunk in [1, 2, 3, 7, 64, 1000] {
                let decoder = converter.makeDecoder()
                var out = ""
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + chunk)
                    out += try decoder.decode(bytes[start..<end], isFinal: end == bytes.count)
                    start = end
                }
                #expect(out == whole, "\(name) in chunks of \(chunk)")
            }
            let encoder = converter.makeEncoder()
            var again: [UInt8] = []
            for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
                again += try encoder.encode(String(piece) + "\n")
            }
            again += try encoder.encode("", isFinal: true)
            #expect(try converter.decode(again) == text + "\n", "\(name) encoded in pieces")
        }
        let decoder = TextConverter.utf8.makeDecoder()
        #expect(try decoder.decode([0x61, 0x62, 0xE3]) == "ab")
        #expect(throws: TextConversionError.invalidBytes(byteOffset: 2, length: 1)) { try decoder.decode([0x41]) }
        // A lone high surrogate whose bytes straddle two chunks (EncodingFuzz regression).
        let utf16: [UInt8] = [0x41, 0x00, 0x42, 0x00, 0xA5, 0xD9, 0xA1, 0xBC]
        let wide = try TextConverter(encodingName: "UTF-16LE")
        #expect(throws: TextConversionError.invalidBytes(byteOffset: 4, length: 2)) { try wide.decode(utf16) }
        for cut in 1..<utf16.count {
            let stream = wide.makeDecoder()
            #expect(throws: TextConversionError.invalidBytes(byteOffset: 4, length: 2), "cut \(cut)") {
                _ = try stream.decode(utf16[..<cut]) + stream.decode(utf16[cut...], isFinal: true)
            }
        }
        // A multi-byte prefix cut between two chunks, then a bad byte: ICU reads the cut-off
        // bytes again after the bad lead byte, so the error stays at the lead byte whatever
        // the cut (EncodingFuzz regression: GB18030 "81 30 | 81 20" was reported one byte late).
        let prefixes: [(String, [UInt8])] = [
            ("GB18030", [0x81, 0x30, 0x81, 0x20]), ("GB18030", [0x84, 0x31, 0xA5, 0x29]), ("GB18030", [0x81, 0x30, 0x20]),
            ("Shift_JIS", [0x81, 0x20]), ("EUC-JP", [0x8F, 0xA1, 0x20]), ("Big5", [0xA4, 0x20]), ("EUC-KR", [0xB0, 0x20]),
            ("UTF-8", [0xF0, 0x9F, 0x98, 0x20]),
        ]
        for (name, bad) in prefixes {
            let converter = try TextConverter(encodingName: name)
            let bytes: [UInt8] = [0x61, 0x62] + bad + [0x63]
            let whole = invalidOffset { _ = try converter.decode(bytes) }
            #expect(whole == 2, "\(name) \(bad)")
            for cut in 0...bytes.count {
                let stream = converter.makeDecoder()
                let offset = invalidOffset { _ = try stream.decode(bytes[..<cut]) + stream.decode(bytes[cut...], isFinal: true) }
                #expect(offset == whole, "\(name) \(bad) cut \(cut)")
            }
        }
        // BOCU-1 "Ext" (EncodingFuzz regression): ICU's BOCU-1 converter reports a shorter
        // invalid sequence when it straddles two calls, so a stream names a later byte of
        // the same sequence (a documented limitation of the stateful compression schemes).
        let bocu = try TextConverter(encodingName: "BOCU-1")
        let bocuBytes: [UInt8] = [0x45, 0x78, 0x74]
        let wholeOffset = invalidOffset { _ = try bocu.decode(bocuBytes) }
        #expect(wholeOffset != nil)
        for cut in 1..<3 {
            let stream = bocu.makeDecoder()
            let offset = invalidOffset { _ = try stream.decode(bocuBytes[..<cut]) + stream.decode(bocuBytes[cut...], isFinal: true) }
            #expect(offset != nil && wholeOffset != nil && offset! >= wholeOffset! && offset! <= wholeOffset! + 2, "cut \(cut)")
        }
        let truncated = TextConverter.utf8.makeDecoder()
        _ = try truncated.decode([0x61, 0xE3, 0x81])
        #expect(throws: TextConversionError.invalidBytes(byteOffset: 1, length: 2)) { try truncated.decode([], isFinal: true) }
    }
}

/// Two high surrogates at the end of a chunk (EncodingFuzz): the first is unpaired, and a
/// stream must name it at the offset whole decoding names, for every cut.
@Suite("TextConverter streaming: unpaired high surrogates")
struct StreamingSurrogateTests {
    /// The byte offset an invalid-bytes error names, or nil when `body` succeeds.
    static func errorOffset(_ body: () throws -> Void) -> Int? {
        do {
            try body()
            return nil
        } catch {
            guard case .invalidBytes(let offset, _)? = error as? TextConversionError else { return -1 }
            return offset
        }
    }

    @Test("UTF-16 streams name an unpaired high surrogate where whole decoding does, for every cut", arguments: ["UTF-16LE", "UTF-16BE"])
    func twoHighSurrogates(encoding: String) throws {
        let converter = try TextConverter(encodingName: encoding)
        let units: [UInt16] = [0x0041, 0xDA4F, 0xDADA, 0xDADA, 0x0042]
        let little = encoding.hasSuffix("LE")
        let bytes = units.flatMap { little ? [UInt8($0 & 0xFF), UInt8($0 >> 8)] : [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let whole = Self.errorOffset { _ = try converter.decode(bytes) }
        #expect(whole == 2)
        for cut in 0...bytes.count {
            let decoder = converter.makeDecoder()
            let streamed = Self.errorOffset {
                _ = try decoder.decode(bytes[..<cut])
                _ = try decoder.decode(bytes[cut...], isFinal: true)
            }
            #expect(streamed == whole, "cut \(cut)")
        }
    }
}
