internal import CICU

/// The `ubidi_` calls that take a `UErrorCode *`. Given a `UBiDi` that ICUKit analysed
/// with valid UTF-16, they fail only when memory runs out.
extension ICU {
    /// Opens an empty `UBiDi`. The C function is `ubidi_open`.
    @inline(__always)
    static func ubidi_open() throws(ICUError) -> OpaquePointer {
        guard let bidi = CICU.ubidi_open() else { throw ICUError(U_MEMORY_ALLOCATION_ERROR, operation: "ubidi_open") }
        return bidi
    }

    /// Runs the bidi algorithm on one paragraph of `text` (which must outlive the
    /// analysis). The C function is `ubidi_setPara`.
    @inline(__always)
    static func ubidi_setPara(_ bidi: OpaquePointer, _ text: UnsafeBufferPointer<UInt16>, _ paragraphLevel: UInt8) {
        var status = U_ZERO_ERROR
        CICU.ubidi_setPara(bidi, text.baseAddress, Int32(text.count), paragraphLevel, nil, &status)
        requireSuccess(status, "ubidi_setPara")
    }

    /// The embedding level of each UTF-16 unit of the analysed text. The C function is
    /// `ubidi_getLevels`.
    @inline(__always)
    static func ubidi_getLevels(_ bidi: OpaquePointer) -> UnsafePointer<UInt8>? {
        var status = U_ZERO_ERROR
        let levels = CICU.ubidi_getLevels(bidi, &status)
        requireSuccess(status, "ubidi_getLevels")
        return levels
    }

    /// The number of runs of the analysed text. The C function is `ubidi_countRuns`.
    @inline(__always)
    static func ubidi_countRuns(_ bidi: OpaquePointer) -> Int32 {
        var status = U_ZERO_ERROR
        let count = CICU.ubidi_countRuns(bidi, &status)
        requireSuccess(status, "ubidi_countRuns")
        return count
    }

    /// Writes the analysed text in visual order into `destination` (which must hold it)
    /// and returns its length. The C function is `ubidi_writeReordered`.
    @inline(__always)
    static func ubidi_writeReordered(_ bidi: OpaquePointer, _ destination: UnsafeMutableBufferPointer<UInt16>, _ options: UInt16) -> Int32 {
        var status = U_ZERO_ERROR
        let length = CICU.ubidi_writeReordered(bidi, destination.baseAddress, Int32(destination.count), options, &status)
        requireSuccess(status, "ubidi_writeReordered")
        return length
    }
}
