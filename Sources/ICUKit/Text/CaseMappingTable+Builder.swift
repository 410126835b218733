internal import CICU

/// Building a table from ICU's answers, and the references the tests compare it with.
extension CaseMappingTable {
    /// The candidates where ``Builder/value(_:)`` and ``compute(_:_:_:_:)`` differ.
    static func builderMismatches(_ operation: Operation) throws(TextTransformError) -> Int {
        let handle = try CaseMapHandle.handle(locale: "", options: operation == .fold ? UInt32(U_FOLD_CASE_DEFAULT) : 0)
        let call = Self.call(operation, handle.shared.pointer)
        let candidates: [ClosedRange<Int32>]
        do { candidates = try NormalizationEngine.ranges("[[:Changes_When_Casemapped:][:Changes_When_Casefolded:][:Cased:][:Case_Ignorable:]]") } catch { throw .icu(error) }
        let builder = Builder(operation, call)
        defer { builder.deallocate() }
        let probes = Probes(call)
        var count = 0
        for range in candidates {
            for c in range where builder.value(c) != compute(c, operation, call, probes) { count += 1 }
        }
        return count
    }

    /// Asks ICU for table values: each code point alone and in the probe contexts, in
    /// buffers allocated once (a table asks about several thousand code points, five calls
    /// each).
    struct Builder {
        let operation: Operation
        let call: ICUCall
        let probes: Probes
        private let input = UnsafeMutablePointer<CChar>.allocate(capacity: 64)
        private let output = UnsafeMutablePointer<CChar>.allocate(capacity: 256)
        private let alone = UnsafeMutablePointer<CChar>.allocate(capacity: 256)

        init(_ operation: Operation, _ call: @escaping ICUCall) {
            self.operation = operation
            self.call = call
            probes = Probes(call)
        }

        func deallocate() {
            input.deallocate()
            output.deallocate()
            alone.deallocate()
        }

        private static func equal(_ a: UnsafePointer<CChar>, _ b: UnsafePointer<CChar>, _ count: Int) -> Bool {
            for i in 0..<count where a[i] != b[i] { return false }
            return true
        }

        /// ICU's mapping of the `count` bytes at `input` into `output`; nil on failure.
        private func map(_ count: Int) -> Int? {
            let (length, failure) = call(output, 256, input, Int32(count))
            return failure == nil ? Int(length) : nil
        }

        /// The table value of `c`: as ``CaseMappingTable/compute(_:_:_:_:)``.
        func value(_ c: Int32) -> UInt32 {
            if c >= 0xD800 && c <= 0xDFFF { return 0 }
            // Σ's lowercase depends on its neighbours (Final_Sigma), whatever the probes show.
            if operation == .lower && c == 0x3A3 { return complicated }
            var own: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            let ownLength = withUnsafeMutableBytes(of: &own) { bytes in
                var length = 0
                UTF8.encode(Unicode.Scalar(UInt32(c))!) { bytes[length] = $0; length += 1 }
                return length
            }
            withUnsafeBytes(of: own) { UnsafeMutableRawPointer(input).copyMemory(from: $0.baseAddress!, byteCount: ownLength) }
            guard let aloneLength = map(ownLength) else { return complicated }
            UnsafeMutableRawPointer(alone).copyMemory(from: output, byteCount: aloneLength)
            for context in probes.contexts {
                // before + own + after, and ICU's mapping of it against the parts' mappings.
                var count = 0
                for byte in context.before { input[count] = CChar(bitPattern: byte); count += 1 }
                withUnsafeBytes(of: own) { UnsafeMutableRawPointer(input + count).copyMemory(from: $0.baseAddress!, byteCount: ownLength) }
                count += ownLength
                for byte in context.after { input[count] = CChar(bitPattern: byte); count += 1 }
                guard let length = map(count),
                      length == context.mappedBefore.count + aloneLength + context.mappedAfter.count else { return complicated }
                var offset = 0
                for byte in context.mappedBefore {
                    guard output[offset] == CChar(bitPattern: byte) else { return complicated }
                    offset += 1
                }
                guard Self.equal(output + offset, alone, aloneLength) else { return complicated }
                offset += aloneLength
                for byte in context.mappedAfter {
                    guard output[offset] == CChar(bitPattern: byte) else { return complicated }
                    offset += 1
                }
            }
            let same = aloneLength == ownLength
                && withUnsafeBytes(of: own) { Self.equal(alone, $0.baseAddress!.assumingMemoryBound(to: CChar.self), ownLength) }
            if same { return 0 }
            // One scalar of at most four bytes (ICU writes valid UTF-8: the lead byte says).
            guard aloneLength >= 1, aloneLength <= 4 else { return complicated }
            let lead = UInt8(bitPattern: alone[0])
            let scalarLength = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard scalarLength == aloneLength else { return complicated }
            var value: UInt32 = 0
            for i in 0..<aloneLength { value |= UInt32(UInt8(bitPattern: alone[i])) << (8 * i) }
            return value
        }
    }
    /// ICU's result for `bytes` (for table building and tests; small inputs).
    static func icu(_ bytes: [UInt8], _ call: ICUCall) -> [UInt8]? {
        var capacity = bytes.count * 3 + 16
        while true {
            var out = [UInt8](repeating: 0, count: capacity)
            let (length, failure) = bytes.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer { dest in
                    source.withMemoryRebound(to: CChar.self) { s in
                        dest.withMemoryRebound(to: CChar.self) { d in
                            call(d.baseAddress!, Int32(d.count), s.baseAddress, Int32(s.count))
                        }
                    }
                }
            }
            if let failure {
                if failure.isBufferOverflow && Int(length) > capacity { capacity = Int(length); continue }
                return nil
            }
            return Array(out[..<Int(length)])
        }
    }

    static func utf8(_ c: Int32) -> [UInt8] {
        guard let scalar = Unicode.Scalar(UInt32(c)) else { return [] }
        return Array(UTF8.encode(scalar)!)
    }

    /// Probe contexts (before, after): the mapping of a code point must not change
    /// between them. After a cased letter at the end of the text (Final_Sigma's shape),
    /// after I before a dot above (After_I, Not_Before_Dot), after a soft-dotted i before
    /// an accent (After_Soft_Dotted, More_Above), after a cased letter and a
    /// case-ignorable before a cased letter. (No Σ in them: Σ's own lowercase depends on
    /// its neighbours, which is Σ's complication, handled in `compute`.)
    static let contexts: [([UInt8], [UInt8])] = [
        (Array("A".utf8), []), (Array("I".utf8), Array("\u{307}".utf8)),
        (Array("i".utf8), Array("\u{301}".utf8)), (Array("a'".utf8), Array("A".utf8)),
    ]

    /// ICU's mappings of the probe contexts' own parts, computed once per table.
    struct Probes {
        let contexts: [(before: [UInt8], after: [UInt8], mappedBefore: [UInt8], mappedAfter: [UInt8])]
        init(_ call: ICUCall) {
            contexts = CaseMappingTable.contexts.map { ($0.0, $0.1, CaseMappingTable.icu($0.0, call) ?? [], CaseMappingTable.icu($0.1, call) ?? []) }
        }
    }

    /// The table value of one code point, asked of ICU: the plain reference for
    /// ``Builder/value(_:)``, which a test compares with it on every candidate.
    static func compute(_ c: Int32, _ operation: Operation, _ call: ICUCall, _ probes: Probes) -> UInt32 {
        if c >= 0xD800 && c <= 0xDFFF { return 0 }
        // Σ's lowercase depends on its neighbours (Final_Sigma), whatever the probes show.
        if operation == .lower && c == 0x3A3 { return complicated }
        let own = utf8(c)
        guard let alone = icu(own, call) else { return complicated }
        for context in probes.contexts {
            guard let whole = icu(context.before + own + context.after, call),
                  whole == context.mappedBefore + alone + context.mappedAfter else { return complicated }
        }
        if alone == own { return 0 }
        let scalars = String(decoding: alone, as: UTF8.self).unicodeScalars
        guard scalars.count == 1, alone.count <= 4 else { return complicated }
        var value: UInt32 = 0
        for (i, byte) in alone.enumerated() { value |= UInt32(byte) << (8 * i) }
        return value
    }

    /// The number of code points (of 1,114,112, surrogates aside) that ICU maps, alone,
    /// otherwise than the table says (a test of the candidate sets; the contexts are
    /// tested on whole texts).
    func mismatches() -> Int {
        let call = Self.call(operation, handle.shared.pointer)
        var count = 0
        for c in Int32(0)...0x10FFFF where c < 0xD800 || c > 0xDFFF {
            let stored = value(UInt32(c))
            if stored == Self.complicated { continue }
            let own = Self.utf8(c)
            var expected = own
            if stored != 0 { expected = (0..<Self.valueLength(stored)).map { UInt8(truncatingIfNeeded: stored >> (8 * $0)) } }
            if Self.icu(own, call) != expected { count += 1 }
        }
        return count
    }
}
