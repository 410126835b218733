import Testing

@testable import icukit

/// The CLI's number writer against `String(value)`.
@Suite("Output buffer decimals")
struct OutputBufferTests {
    @Test("appendDecimal writes what String(value) writes")
    func decimals() {
        var random = SplitMix(state: 1127)
        var values = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 65_535, Int(Int32.max), Int.max, Int.min, -1, -9, -10, -100, Int.min + 1]
        values += (0..<2000).map { _ in Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0...63, using: &random) }
        for value in values {
            var bytes: [UInt8] = [0x78]
            OutputBuffer.appendDecimal(value, to: &bytes)
            #expect(bytes == [0x78] + Array(String(value).utf8), "\(value)")
        }
    }
}
