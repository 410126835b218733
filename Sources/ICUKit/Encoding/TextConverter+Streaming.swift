internal import CICU

extension TextConverter {
    /// Decodes chunk by chunk; see ``TextConverter/makeDecoder(lossy:)``. Not thread-safe:
    /// use one per stream. Error offsets are exact, except for BOCU-1 and SCSU, where an
    /// invalid sequence split between two chunks may be reported a few bytes later.
    public final class StreamingDecoder {
        let backend: Backend
        let handle: Decoding
        let lossy: Bool
        var state = DecodeState()
        /// Bytes of a code unit (or surrogate pair) split at the end of the last chunk (UTF-16/32 only).
        var carry: [UInt8] = []
        let unitSize: Int
        let canonicalName: String
        var littleEndian: Bool? = nil

        init(backend: Backend, lossy: Bool) {
            self.backend = backend
            switch backend {
            case .icu(let pool): canonicalName = pool.canonicalName
            case .table(let page): canonicalName = page.name
            }
            if case .icu(let pool) = backend {
                let name = pool.canonicalName.uppercased()
                unitSize = name.hasPrefix("UTF-32") ? 4 : name.hasPrefix("UTF-16") || name.hasPrefix("UTF16") ? 2 : 1
            } else {
                unitSize = 1
            }
            switch backend {
            case .icu(let pool): handle = .icu(pool.take())
            case .table(let page): handle = .table(page)
            }
            self.lossy = lossy
        }

        deinit { if case .icu(let pool) = backend, case .icu(let converter) = handle { pool.give(converter) } }

        /// Bytes consumed so far.
        public var byteOffset: Int { state.consumed }
        /// Whether a sequence has been replaced with U+FFFD so far.
        public var usedLossy: Bool { state.replacements > 0 }

        /// Decodes the next chunk; pass `isFinal: true` with the last one (possibly empty)
        /// so that a sequence cut off at the end is reported.
        ///
        /// ```swift
        /// let decoder = TextConverter.utf8.makeDecoder()
        /// try decoder.decode([0xC3])                     // ""
        /// try decoder.decode([0xA9], isFinal: true)      // "é"
        /// ```
        /// - Throws: ``TextConversionError/invalidBytes(byteOffset:length:)`` with the
        ///   offset counted from the start of the stream (unless lossy).
        ///
        /// The corresponding C function is `ucnv_toUnicode`.
        public func decode<Bytes: Collection<UInt8>>(_ chunk: Bytes, isFinal: Bool = false) throws(TextConversionError) -> String {
            UTF16Transcoding.string(try decodeUTF16(chunk, isFinal: isFinal))
        }

        /// Decodes the next chunk to UTF-16 code units, for text that goes straight on to
        /// an encoder (``StreamingEncoder/encode(utf16:isFinal:)``) without becoming a
        /// `String`: `convert` re-encodes this way, with no UTF-8 round trip.
        ///
        /// ```swift
        /// let decoder = try TextConverter(encodingName: "windows-1251").makeDecoder()
        /// try decoder.decodeUTF16([0xC0], isFinal: true)  // [0x0410] (А)
        /// ```
        /// - Throws: as ``decode(_:isFinal:)``.
        ///
        /// The corresponding C function is `ucnv_toUnicode`.
        public func decodeUTF16<Bytes: Collection<UInt8>>(_ chunk: Bytes, isFinal: Bool = false) throws(TextConversionError) -> [UInt16] {
            var copy = carry.isEmpty ? Array(chunk) : carry + Array(chunk)
            carry = []
            if unitSize > 1 && !isFinal && copy.count % unitSize != 0 {
                // Hand ICU whole code units only: with a unit split between two calls, ICU's
                // UTF-16 converter reports an error after it one byte late.
                carry = Array(copy.suffix(copy.count % unitSize))
                copy.removeLast(carry.count)
            }
            if unitSize == 2 && !isFinal {
                // Nor a pair split after its high surrogate (ICU then reports an error in
                // the next unit one byte late too).
                if littleEndian == nil, copy.count >= 2 {
                    littleEndian = canonicalName.uppercased().contains("LE") || (copy[0] == 0xFF && copy[1] == 0xFE)
                }
                if let littleEndian, copy.count >= 2 {
                    // The last unit's high byte (0xD8…0xDB: a high surrogate), and the one before's.
                    let highByte = littleEndian ? copy[copy.count - 1] : copy[copy.count - 2]
                    let previousHighByte = copy.count >= 4 ? (littleEndian ? copy[copy.count - 3] : copy[copy.count - 4]) : 0
                    // Unless the unit before it is a high surrogate too: that one is then
                    // unpaired, and ICU must see the unit after it in this call to report it
                    // at its own offset (carried, ICU holds it and reports one byte late:
                    // "4F DA DA DA" cut after 4 bytes, for example).
                    if highByte & 0xFC == 0xD8 && previousHighByte & 0xFC != 0xD8 {
                        carry = Array(copy.suffix(2)) + carry
                        copy.removeLast(2)
                    }
                }
            }
            var units: [UInt16] = []
            units.reserveCapacity(copy.count + 4)
            var state = self.state
            let handle = self.handle, lossy = self.lossy
            let result = copy.withUnsafeBytes { buffer in
                Result { () throws(TextConversionError) in
                    try handle.decode(buffer, flush: isFinal, lossy: lossy, state: &state) { units.append(contentsOf: $0) }
                }
            }
            self.state = state
            try result.get()
            if isFinal { handle.reset() }
            return units
        }
    }

    /// Encodes piece by piece; see ``TextConverter/makeEncoder(lossy:)``. Not thread-safe.
    public final class StreamingEncoder {
        let backend: Backend
        let handle: Decoding
        let lossy: Bool
        var state = EncodeState()

        init(backend: Backend, lossy: Bool) {
            self.backend = backend
            switch backend {
            case .icu(let pool): handle = .icu(pool.take())
            case .table(let page): handle = .table(page)
            }
            self.lossy = lossy
        }

        deinit { if case .icu(let pool) = backend, case .icu(let converter) = handle { pool.give(converter) } }

        /// Whether a character has been replaced with a substitute so far.
        public var usedLossy: Bool { state.replacements > 0 }

        /// Encodes the next piece of text; pass `isFinal: true` with the last one so that
        /// stateful encodings (ISO-2022-JP) return to their initial state.
        ///
        /// ```swift
        /// let encoder = try TextConverter(encodingName: "windows-1252").makeEncoder()
        /// try encoder.encode("€", isFinal: true)   // [0x80]
        /// ```
        /// - Throws: ``TextConversionError/unencodable(utf8Offset:scalar:)`` with the
        ///   offset counted in this piece (unless lossy).
        ///
        /// The corresponding C function is `ucnv_fromUnicode`.
        public func encode(_ text: String, isFinal: Bool = false) throws(TextConversionError) -> [UInt8] {
            let base = state.consumed
            let units = Array(text.utf16)
            var output: [UInt8] = []
            output.reserveCapacity(units.count + 8)
            var state = self.state
            let handle = self.handle, lossy = self.lossy
            let result = units.withUnsafeBufferPointer { buffer in
                Result { () throws(TextConversionError) in
                    try handle.encode(buffer, flush: isFinal, lossy: lossy, state: &state) { output.append(contentsOf: $0) }
                }
            }
            self.state = state
            if case .failure(let error) = result { throw TextConverter.mapUnencodable(error, in: text, utf16Base: base) }
            return output
        }

        /// Encodes the next piece of text given as UTF-16 code units (as
        /// ``StreamingDecoder/decodeUTF16(_:isFinal:)`` returns them): no `String` is made.
        ///
        /// ```swift
        /// let encoder = try TextConverter(encodingName: "Shift_JIS").makeEncoder()
        /// try encoder.encode(utf16: Array("日本".utf16), isFinal: true)  // [0x93, 0xFA, 0x96, 0x7B]
        /// ```
        /// - Throws: ``TextConversionError/unencodable(utf8Offset:scalar:)`` with the
        ///   offset counted in this piece's UTF-8 form (unless lossy); an unpaired surrogate
        ///   is unencodable.
        ///
        /// The corresponding C function is `ucnv_fromUnicode`.
        public func encode(utf16 units: [UInt16], isFinal: Bool = false) throws(TextConversionError) -> [UInt8] {
            let base = state.consumed
            var output: [UInt8] = []
            output.reserveCapacity(units.count + units.count / 2 + 8)
            var state = self.state
            let handle = self.handle, lossy = self.lossy
            let result = units.withUnsafeBufferPointer { buffer in
                Result { () throws(TextConversionError) in
                    try handle.encode(buffer, flush: isFinal, lossy: lossy, state: &state) { output.append(contentsOf: $0) }
                }
            }
            self.state = state
            if case .failure(let error) = result {
                throw TextConverter.mapUnencodable(error, in: String(decoding: units, as: UTF16.self), utf16Base: base)
            }
            return output
        }
    }
}
