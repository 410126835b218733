internal import CICU
internal import CICUTranslit

// The ICU functions behind transliteration (Text/Transliterator and its engine).

extension ICU {
    /// Why `utrans_openU` opened nothing: ICU's failure and where it found it in the rules.
    struct TransliteratorOpenFailure: Error {
        let error: ICUError
        let parseError: CICU_UParseError

        /// ICU does not know the ID (or cannot build it): `U_INVALID_ID`, `U_PARSE_ERROR`,
        /// `U_ILLEGAL_ARGUMENT_ERROR`, `U_MISSING_RESOURCE_ERROR`, or a rule-syntax error.
        var isUnknownID: Bool {
            let code = error.code
            return code == U_INVALID_ID || code == U_PARSE_ERROR || code == U_ILLEGAL_ARGUMENT_ERROR
                || code == U_MISSING_RESOURCE_ERROR || code > 0x10000
        }
    }

    /// Opens the transliterator of UTF-16 `id` in `direction`, from UTF-16 `rules` when
    /// given (then `id` is only its name). The C function is `utrans_openU`.
    static func utrans_openU(
        _ id: UnsafeBufferPointer<UInt16>, _ direction: Int32, rules: UnsafeBufferPointer<UInt16>?
    ) throws(TransliteratorOpenFailure) -> OpaquePointer {
        var parseError = CICU_UParseError()
        var status = U_ZERO_ERROR
        let opened: OpaquePointer? = if let rules {
            CICU.utrans_openU(id.baseAddress, Int32(id.count), direction, rules.baseAddress ?? id.baseAddress, Int32(rules.count), &parseError, &status)
        } else {
            CICU.utrans_openU(id.baseAddress, Int32(id.count), direction, nil, -1, &parseError, &status)
        }
        guard let opened, !status.isFailure else {
            if let opened { CICU.utrans_close(opened) }
            throw TransliteratorOpenFailure(error: ICUError(status, operation: "utrans_openU"), parseError: parseError)
        }
        return opened
    }

    /// A copy of `transliterator`. The C function is `utrans_clone`.
    static func utrans_clone(_ transliterator: OpaquePointer) throws(ICUError) -> OpaquePointer {
        var status = U_ZERO_ERROR
        guard let copy = CICU.utrans_clone(transliterator, &status), !status.isFailure else {
            throw ICUError(status.isFailure ? status : U_MEMORY_ALLOCATION_ERROR, operation: "utrans_clone")
        }
        return copy
    }

    /// Every system transliterator ID. The C functions are `utrans_openIDs` and `uenum_unext`.
    static func utrans_openIDs() -> [String] {
        var status = U_ZERO_ERROR
        guard let ids = CICU.utrans_openIDs(&status), !status.isFailure else { return [] }
        defer { uenum_close(ids) }
        var result: [String] = []
        while true {
            var length: Int32 = 0
            guard let units = CICU.uenum_unext(ids, &length, &status), !status.isFailure else { break }
            result.append(UTF16Transcoding.string(UnsafeBufferPointer(start: units, count: Int(length))))
        }
        return result
    }

    /// Transliterates UTF-8 `source` with `transliterator`, growing the text to at most
    /// `maxLength` UTF-16 code units and working on at most `maxWork`: the text (free it
    /// with `icukit_translit_free`) and the outcome (`ICUKIT_TRANSLIT_OK` or
    /// `ICUKIT_TRANSLIT_TOO_LARGE`). The C function is `icukit_transliterate`.
    static func icukit_transliterate(
        _ transliterator: OpaquePointer, _ source: UnsafeBufferPointer<UInt8>, maxLength: Int32, maxWork: Int64
    ) throws(ICUError) -> (text: OpaquePointer, outcome: Int32) {
        var status = U_ZERO_ERROR
        var outcome: Int32 = 0
        let result = source.withMemoryRebound(to: CChar.self) { bytes in
            CICUTranslit.icukit_transliterate(UnsafeRawPointer(transliterator), bytes.baseAddress, Int32(bytes.count),
                                              maxLength, maxWork, &outcome, &status)
        }
        guard let result, !status.isFailure else {
            if let result { icukit_translit_free(result) }
            throw ICUError(status.isFailure ? status : U_MEMORY_ALLOCATION_ERROR, operation: "Transliterator::filteredTransliterate")
        }
        return (result, outcome)
    }
}
