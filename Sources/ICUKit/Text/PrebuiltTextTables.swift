internal import CICU
internal import CICUTextTables

/// The tables of the text fast paths (``NormalizationEngine`` per form,
/// ``NormalizationFastTable``, ``CaseMappingTable`` per operation) as bytes generated from
/// ICU by `Scripts/build-text-tables.sh` and embedded in the executable as constant data
/// (`Sources/CICUTextTables`): a table made from them points into those bytes, so a process
/// pays no table building, only the page faults of the blocks it reads.
///
/// The bytes are used only when the running ICU has the Unicode version and ICU major
/// version they were made from; with any other ICU (or bytes that do not parse) every
/// table is built from ICU's answers on first use, as the builders do. The test
/// `PrebuiltTextTablesTests` compares the embedded bytes with freshly built tables.
///
/// Layout (little endian): `"ICUKTXT1"`, Unicode version and ICU version (4 bytes each),
/// section count (UInt32), 4 bytes zero; per section its name (16 bytes, ASCII, zero
/// padded), offset from the start and length in bytes (UInt32 each); the sections, each
/// starting at a multiple of 64.
///
/// `Sendable` notes: the bytes are constant data, never written.
struct PrebuiltTextTables: @unchecked Sendable {
    static let magic = Array("ICUKTXT1".utf8)
    static let alignment = 64

    let bytes: UnsafeRawBufferPointer
    /// Name (16 bytes), offset, length per section.
    private let directory: UnsafeRawBufferPointer
    private let count: Int

    /// The embedded tables when they were made by the running ICU's version, else `nil`.
    static let embedded: PrebuiltTextTables? = {
        var count = 0
        let start = icukit_text_tables(&count)!
        guard let tables = PrebuiltTextTables(UnsafeRawBufferPointer(start: start, count: count)),
              tables.madeBy == running else { return nil }
        return tables
    }()

    /// The running ICU's Unicode version and major version, as in a header.
    static var running: [UInt8] {
        var versions = [UInt8](repeating: 0, count: 8)
        versions.withUnsafeMutableBufferPointer { u_getUnicodeVersion($0.baseAddress) }
        var icu = [UInt8](repeating: 0, count: 4)
        icu.withUnsafeMutableBufferPointer { u_getVersion($0.baseAddress) }
        versions[4] = icu[0]
        return versions
    }

    /// The 8 version bytes of the header.
    var madeBy: [UInt8] { Array(bytes[8..<16]) }

    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 24, bytes.starts(with: Self.magic),
              let base = bytes.baseAddress, Int(bitPattern: base) % Self.alignment == 0 else { return nil }
        let count = Int(bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        guard 24 + 24 * count <= bytes.count else { return nil }
        self.bytes = bytes
        self.count = count
        directory = UnsafeRawBufferPointer(rebasing: bytes[24..<(24 + 24 * count)])
        for index in 0..<count {
            let offset = Int(directory.loadUnaligned(fromByteOffset: 24 * index + 16, as: UInt32.self))
            let length = Int(directory.loadUnaligned(fromByteOffset: 24 * index + 20, as: UInt32.self))
            guard offset % Self.alignment == 0, offset + length <= bytes.count else { return nil }
        }
    }

    /// The section `name` as `count` elements of `T` (any count when `nil`), or `nil` when
    /// it is missing or of another size. The memory is constant: never written through the
    /// mutable pointer (the tables' fields have the type of the ones they build).
    func section<T>(_ name: String, _ type: T.Type, count expected: Int? = nil) -> UnsafeMutableBufferPointer<T>? {
        let key = Self.name(name)
        for index in 0..<count where directory[(24 * index)..<(24 * index + 16)].elementsEqual(key) {
            let offset = Int(directory.loadUnaligned(fromByteOffset: 24 * index + 16, as: UInt32.self))
            let length = Int(directory.loadUnaligned(fromByteOffset: 24 * index + 20, as: UInt32.self))
            guard length % MemoryLayout<T>.stride == 0, expected.map({ $0 * MemoryLayout<T>.stride == length }) ?? true else { return nil }
            let start = UnsafeMutableRawPointer(mutating: bytes.baseAddress! + offset)
            return UnsafeMutableBufferPointer(start: start.assumingMemoryBound(to: T.self), count: length / MemoryLayout<T>.stride)
        }
        return nil
    }

    static func name(_ name: String) -> [UInt8] {
        Array(name.utf8.prefix(16)) + [UInt8](repeating: 0, count: max(0, 16 - name.utf8.count))
    }

    /// Collects sections and lays them out as the embedded bytes.
    struct Writer {
        private var sections: [(name: String, bytes: [UInt8])] = []

        mutating func add<T>(_ name: String, _ buffer: UnsafeMutableBufferPointer<T>) {
            sections.append((name, Array(UnsafeRawBufferPointer(buffer))))
        }

        mutating func add(_ name: String, values: [UInt64]) {
            sections.append((name, values.withUnsafeBytes { Array($0) }))
        }

        /// The bytes, with the running ICU's versions in the header.
        func bytes() -> [UInt8] {
            func padded(_ n: Int) -> Int { (n + PrebuiltTextTables.alignment - 1) / PrebuiltTextTables.alignment * PrebuiltTextTables.alignment }
            var out = PrebuiltTextTables.magic + PrebuiltTextTables.running
            func append(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) } }
            append(UInt32(sections.count))
            append(0)
            var offset = padded(24 + 24 * sections.count)
            for section in sections {
                out += PrebuiltTextTables.name(section.name)
                append(UInt32(offset))
                append(UInt32(section.bytes.count))
                offset = padded(offset + section.bytes.count)
            }
            for section in sections {
                out += [UInt8](repeating: 0, count: padded(out.count) - out.count)
                out += section.bytes
            }
            return out
        }
    }

    /// Every table built from ICU's answers (not from the embedded bytes), as bytes to embed.
    static func build() throws(TextTransformError) -> [UInt8] {
        var writer = Writer()
        for form in [Normalizer.Form.nfc, .nfd, .nfkc, .nfkd, .nfkcCasefold] {
            do throws(ICUError) { try NormalizationEngine(form: form).write(to: &writer) } catch { throw .icu(error) }
        }
        do throws(ICUError) { try NormalizationFastTable().write(to: &writer) } catch { throw .icu(error) }
        for operation in [CaseMappingTable.Operation.upper, .lower, .fold] {
            try CaseMappingTable(operation).write(to: &writer)
        }
        return writer.bytes()
    }
}
