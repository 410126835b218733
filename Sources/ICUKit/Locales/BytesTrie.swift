/// A reader for ICU's `BytesTrie` serialization, the compact byte-sequence → integer map
/// that ICU's `langInfo` resource uses for likely subtags and for language distances.
///
/// The format (ICU's `bytestrie.h`): a node's lead byte says what it is.
/// - `0x00…0x0F`: a branch over `lead + 1` input bytes (`0` means the count follows in the
///   next byte). Branches longer than 5 are a binary search: a split byte, a jump delta for
///   the "less than" half, then the "greater or equal" half. The last ≤ 5 bytes are listed
///   linearly, each followed by a value: a final value, or a jump delta to its sub-node.
/// - `0x10…0x1F`: a linear match of `lead - 0x0F` bytes.
/// - `0x20…0xFF`: a value, `lead >> 1` being its lead, bit 0 set when it is final (no
///   further input can match); an intermediate value is followed by the next node.
///
/// Values take 1 to 5 bytes (`lead >> 1` below `0x51`: `lead - 0x10`; below `0x6C`: one more
/// byte; below `0x7E`: two more; `0x7E`: three; `0x7F`: four). Jump deltas likewise
/// (below `0xC0`: the byte itself; below `0xF0`: one more; below `0xFE`: two; `0xFE`:
/// three; `0xFF`: four).
///
/// ```swift
/// var trie = BytesTrie(bytes)
/// if trie.next(0x2A).hasNext { … }   // "*"
/// ```
/// Sendable notes: the bytes are an immutable copy that lives as long as the process
/// (see ``LocaleMatchData``); a `BytesTrie` is a cursor and is copied, never shared.
struct BytesTrie {
    /// The outcome of one `next` step, with ICU's `UStringTrieResult` numbering.
    struct Result: Equatable {
        let raw: UInt8
        static let noMatch = Result(raw: 0)
        static let noValue = Result(raw: 1)
        static let finalValue = Result(raw: 2)
        static let intermediateValue = Result(raw: 3)
        /// More input may continue the match.
        var hasNext: Bool { raw & 1 != 0 }
        /// The input so far has a value.
        var hasValue: Bool { raw >= 2 }
    }

    /// A saved position (ICU's `getState64`).
    struct State: Equatable {
        let position: Int
        let remaining: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int  // -1 once no further input can match
    private var remaining: Int  // remaining bytes of a linear match, minus one; -1 outside one

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        position = 0
        remaining = -1
    }

    var state: State { State(position: position, remaining: remaining) }

    mutating func reset(to state: State) {
        position = state.position
        remaining = state.remaining
    }

    /// The value at the current position; valid after a result that `hasValue`.
    var value: Int32 {
        let lead = Int(bytes[position])
        return readValue(position + 1, lead >> 1)
    }

    /// Consumes one input byte.
    mutating func next(_ input: UInt8) -> Result {
        guard position >= 0 else { return .noMatch }
        if remaining >= 0 {
            // Inside a linear-match node.
            if bytes[position] == input {
                position += 1
                remaining -= 1
                return remaining < 0 ? valueResult(at: position) : .noValue
            }
            stop()
            return .noMatch
        }
        var pos = position
        while true {
            let node = Int(bytes[pos])
            pos += 1
            if node < 0x10 {
                return branchNext(pos, node, input)
            } else if node < 0x20 {
                let length = node - 0x10  // match length minus one
                if bytes[pos] == input {
                    pos += 1
                    remaining = length - 1
                    position = pos
                    return remaining < 0 ? valueResult(at: pos) : .noValue
                }
                break
            } else if node & 1 != 0 {
                break  // final value: nothing more matches
            } else {
                pos = skipValue(pos, node)  // intermediate value, then the next node
            }
        }
        stop()
        return .noMatch
    }

    private mutating func stop() { position = -1 }

    private func valueResult(at pos: Int) -> Result {
        let node = bytes[pos]
        guard node >= 0x20 else { return .noValue }
        return node & 1 != 0 ? .finalValue : .intermediateValue
    }

    private mutating func branchNext(_ start: Int, _ count: Int, _ input: UInt8) -> Result {
        var pos = start
        var length = count
        if length == 0 {
            length = Int(bytes[pos])
            pos += 1
        }
        length += 1
        // Binary search down to at most five bytes.
        while length > 5 {
            let split = bytes[pos]
            pos += 1
            if input < split {
                length >>= 1
                pos = jumpByDelta(pos)
            } else {
                length -= length >> 1
                pos = skipDelta(pos)
            }
        }
        // Linear search over the last few bytes; each but the last carries a value.
        repeat {
            if input == bytes[pos] {
                pos += 1
                var node = Int(bytes[pos])
                if node & 1 != 0 {
                    position = pos  // leave the final value for `value`
                    return .finalValue
                }
                pos += 1
                node >>= 1
                let delta: Int
                (delta, pos) = readDelta(pos, node)
                pos += delta
                position = pos
                return valueResult(at: pos)
            }
            pos += 1
            length -= 1
            pos = skipValue(pos + 1, Int(bytes[pos]))
        } while length > 1
        if input == bytes[pos] {
            pos += 1
            position = pos
            return valueResult(at: pos)
        }
        stop()
        return .noMatch
    }

    /// Reads a value whose lead (already shifted right by one) is `lead`; `pos` is after the lead byte.
    private func readValue(_ pos: Int, _ lead: Int) -> Int32 {
        let b = bytes
        let value: Int
        if lead < 0x51 {
            value = lead - 0x10
        } else if lead < 0x6C {
            value = ((lead - 0x51) << 8) | Int(b[pos])
        } else if lead < 0x7E {
            value = ((lead - 0x6C) << 16) | (Int(b[pos]) << 8) | Int(b[pos + 1])
        } else if lead == 0x7E {
            value = (Int(b[pos]) << 16) | (Int(b[pos + 1]) << 8) | Int(b[pos + 2])
        } else {
            value = (Int(b[pos]) << 24) | (Int(b[pos + 1]) << 16) | (Int(b[pos + 2]) << 8) | Int(b[pos + 3])
        }
        return Int32(truncatingIfNeeded: value)
    }

    /// A branch's non-final value used as a jump delta: returns it and the position after it.
    private func readDelta(_ pos: Int, _ lead: Int) -> (Int, Int) {
        let b = bytes
        if lead < 0x51 { return (lead - 0x10, pos) }
        if lead < 0x6C { return (((lead - 0x51) << 8) | Int(b[pos]), pos + 1) }
        if lead < 0x7E { return (((lead - 0x6C) << 16) | (Int(b[pos]) << 8) | Int(b[pos + 1]), pos + 2) }
        if lead == 0x7E { return ((Int(b[pos]) << 16) | (Int(b[pos + 1]) << 8) | Int(b[pos + 2]), pos + 3) }
        return ((Int(b[pos]) << 24) | (Int(b[pos + 1]) << 16) | (Int(b[pos + 2]) << 8) | Int(b[pos + 3]), pos + 4)
    }

    private func skipValue(_ pos: Int, _ leadByte: Int) -> Int {
        if leadByte >= 0x51 << 1 {
            if leadByte < 0x6C << 1 { return pos + 1 }
            if leadByte < 0x7E << 1 { return pos + 2 }
            return pos + 3 + ((leadByte >> 1) & 1)
        }
        return pos
    }

    private func jumpByDelta(_ start: Int) -> Int {
        let b = bytes
        var pos = start
        var delta = Int(b[pos])
        pos += 1
        if delta < 0xC0 {
        } else if delta < 0xF0 {
            delta = ((delta - 0xC0) << 8) | Int(b[pos]); pos += 1
        } else if delta < 0xFE {
            delta = ((delta - 0xF0) << 16) | (Int(b[pos]) << 8) | Int(b[pos + 1]); pos += 2
        } else if delta == 0xFE {
            delta = (Int(b[pos]) << 16) | (Int(b[pos + 1]) << 8) | Int(b[pos + 2]); pos += 3
        } else {
            delta = (Int(b[pos]) << 24) | (Int(b[pos + 1]) << 16) | (Int(b[pos + 2]) << 8) | Int(b[pos + 3]); pos += 4
        }
        return pos + delta
    }

    private func skipDelta(_ start: Int) -> Int {
        let delta = Int(bytes[start])
        var pos = start + 1
        if delta >= 0xC0 {
            if delta < 0xF0 { pos += 1 } else if delta < 0xFE { pos += 2 } else { pos += 3 + (delta & 1) }
        }
        return pos
    }
}
