internal import CICU

/// A direction in bidirectional text.
public enum BidiDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right (even embedding levels).
    case leftToRight = "ltr"
    /// Right to left (odd embedding levels).
    case rightToLeft = "rtl"

    /// The direction of an embedding level: even levels are left to right.
    public init(level: UInt8) { self = level & 1 == 0 ? .leftToRight : .rightToLeft }
}

/// A run of text at one embedding level, in logical or visual order.
public struct BidiRun: Sendable, Hashable {
    /// The run's range in the analysed string.
    public let range: Range<String.Index>
    /// UTF-8 offsets of the run from the start of the analysed string.
    public let utf8Range: Range<Int>
    /// The direction the run is displayed in.
    public let direction: BidiDirection
    /// The run's embedding level (UAX #9).
    public let level: UInt8
}
