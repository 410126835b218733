extension MessageFormatter {
    /// Patterns whose sub-messages nest this deep or deeper are refused: ICU's parser and its
    /// `MessageFormat::format` recurse once per level (and overflow the stack on deep
    /// enough patterns). The level is ICU's: 0 for the whole message, 1 for a plural,
    /// select or choice sub-message in it.
    static let nestingLimit = 199

    /// The deepest sub-message nesting level ICU's `MessagePattern` reaches in `units`, read
    /// without recursion so a hugely nested pattern is measured before any ICU call.
    ///
    /// The scan follows MessagePattern's grammar (its quoting in message text and in
    /// simple argument styles, argument names and types, and the plural, select and choice
    /// styles), so on a pattern ICU accepts the result is ICU's own level (the largest value
    /// of a `MSG_START` part). Where the pattern has an error ICU reports, the scan stops
    /// there too, or reads on past a value ICU would reject (a choice number, a missing
    /// `other`): the result is never below the depth ICU's parser reaches.
    static func nestingDepth(_ units: [UInt16]) -> Int {
        /// The argument type a message fragment sits in: it decides which characters an
        /// apostrophe quotes and which end the fragment.
        enum Parent { case none, choice, plural, select }
        enum Frame {
            case message(Parent)
            /// A choice style; `afterMessage` once one of its fragments is parsed.
            case choice(afterMessage: Bool)
            /// A plural, selectordinal (`plural`) or select style.
            case cases(plural: Bool)
        }
        let apostrophe: UInt16 = 0x27, open: UInt16 = 0x7B, close: UInt16 = 0x7D, pipe: UInt16 = 0x7C, pound: UInt16 = 0x23
        let count = units.count
        var stack: [Frame] = [.message(.none)]
        var level = 0
        var deepest = 0
        var index = 0

        func skipWhiteSpace(_ start: Int) -> Int {
            var index = start
            while index < count, isPatternWhiteSpace(units[index]) { index += 1 }
            return index
        }
        func skipIdentifier(_ start: Int) -> Int {
            var index = start
            while index < count, !isPatternWhiteSpace(units[index]), !isPatternSyntax(units[index]) { index += 1 }
            return index
        }
        func skipDouble(_ start: Int) -> Int {
            var index = start
            while index < count {
                let c = units[index]
                let number = (c >= 0x30 && c <= 0x39) || c == 0x2B || c == 0x2D || c == 0x2E || c == 0x65 || c == 0x45 || c == 0x221E
                guard number else { break }
                index += 1
            }
            return index
        }
        func nextApostrophe(from start: Int) -> Int? {
            var index = start
            while index < count {
                if units[index] == apostrophe { return index }
                index += 1
            }
            return nil
        }
        func enter(_ parent: Parent) {
            stack.append(.message(parent))
            level += 1
            deepest = max(deepest, level)
        }

        while let frame = stack.last {
            switch frame {
            case .message(let parent):
                guard index < count else { return deepest }
                let c = units[index]
                index += 1
                if c == apostrophe {
                    guard index < count else { continue }
                    let next = units[index]
                    if next == apostrophe {
                        index += 1
                    } else if next == open || next == close || (parent == .choice && next == pipe) || (parent == .plural && next == pound) {
                        // Quoted literal text up to a lone apostrophe ('' inside stays text).
                        while true {
                            guard let end = nextApostrophe(from: index + 1) else {
                                index = count
                                break
                            }
                            if end + 1 < count, units[end + 1] == apostrophe {
                                index = end + 1
                            } else {
                                index = end + 1
                                break
                            }
                        }
                    }
                } else if c == open {
                    // An argument: name, then `}` or `, type` and `}` or `, style`.
                    index = skipWhiteSpace(index)
                    let nameStart = index
                    index = skipIdentifier(index)
                    guard index > nameStart else { return deepest }
                    index = skipWhiteSpace(index)
                    guard index < count else { return deepest }
                    if units[index] == close {
                        index += 1
                        continue
                    }
                    guard units[index] == 0x2C else { return deepest }  // ,
                    index = skipWhiteSpace(index + 1)
                    let typeStart = index
                    while index < count, (units[index] | 0x20) >= 0x61, (units[index] | 0x20) <= 0x7A { index += 1 }
                    let type = units[typeStart..<index].map { $0 | 0x20 }
                    index = skipWhiteSpace(index)
                    guard index < count, !type.isEmpty, units[index] == 0x2C || units[index] == close else { return deepest }
                    let complex: Frame? = switch String(decoding: type, as: UTF16.self) {
                    case "choice": .choice(afterMessage: false)
                    case "plural", "selectordinal": .cases(plural: true)
                    case "select": .cases(plural: false)
                    default: nil
                    }
                    if units[index] == close {
                        guard complex == nil else { return deepest }
                        index += 1
                        continue
                    }
                    index += 1
                    if let complex {
                        stack.append(complex)
                        continue
                    }
                    // A simple style: text with nested braces; an apostrophe quotes up to the next one.
                    var nested = 0
                    while true {
                        guard index < count else { return deepest }
                        let s = units[index]
                        index += 1
                        if s == apostrophe {
                            guard let end = nextApostrophe(from: index) else { return deepest }
                            index = end + 1
                        } else if s == open {
                            nested += 1
                        } else if s == close {
                            if nested == 0 { break }
                            nested -= 1
                        }
                    }
                } else if parent != .none, c == close || (parent == .choice && c == pipe) {
                    // The end of a fragment: a choice style reads its terminator itself.
                    if parent == .choice { index -= 1 }
                    stack.removeLast()
                    level -= 1
                }
            case .choice(let afterMessage):
                if afterMessage {
                    guard index < count else { return deepest }
                    if units[index] == close {
                        index += 1
                        stack.removeLast()
                        continue
                    }
                    index = skipWhiteSpace(index + 1)  // after |
                } else {
                    index = skipWhiteSpace(index)
                    guard index < count, units[index] != close else { return deepest }
                }
                let numberStart = index
                index = skipDouble(index)
                guard index > numberStart else { return deepest }
                index = skipWhiteSpace(index)
                guard index < count, units[index] == pound || units[index] == 0x3C || units[index] == 0x2264 else { return deepest }
                index += 1
                stack[stack.count - 1] = .choice(afterMessage: true)
                enter(.choice)
            case .cases(let plural):
                index = skipWhiteSpace(index)
                guard index < count else { return deepest }
                if units[index] == close {
                    index += 1
                    stack.removeLast()
                    continue
                }
                let selectorStart = index
                if plural, units[index] == 0x3D {  // =
                    index = skipDouble(index + 1)
                    guard index > selectorStart + 1 else { return deepest }
                } else {
                    index = skipIdentifier(index)
                    guard index > selectorStart else { return deepest }
                    if plural, index - selectorStart == 6, index < count,
                        units[selectorStart...index].elementsEqual("offset:".utf16)
                    {
                        let valueStart = skipWhiteSpace(index + 1)
                        index = skipDouble(valueStart)
                        guard index > valueStart else { return deepest }
                        continue
                    }
                }
                index = skipWhiteSpace(index)
                guard index < count, units[index] == open else { return deepest }
                index += 1
                enter(plural ? .plural : .select)
            }
        }
        return deepest
    }

    /// Pattern_White_Space, as ICU's `PatternProps` reads one UTF-16 unit.
    @inline(__always)
    private static func isPatternWhiteSpace(_ unit: UInt16) -> Bool {
        (unit >= 0x09 && unit <= 0x0D) || unit == 0x20 || unit == 0x85 || unit == 0x200E || unit == 0x200F || unit == 0x2028 || unit == 0x2029
    }

    /// Pattern_Syntax, as ICU's `PatternProps` reads one UTF-16 unit (a surrogate is not).
    @inline(__always)
    private static func isPatternSyntax(_ unit: UInt16) -> Bool {
        if unit < 0x80 {
            return (unit >= 0x21 && unit <= 0x2F) || (unit >= 0x3A && unit <= 0x40) || (unit >= 0x5B && unit <= 0x5E)
                || unit == 0x60 || (unit >= 0x7B && unit <= 0x7E)
        }
        guard let scalar = Unicode.Scalar(unit) else { return false }
        return scalar.properties.isPatternSyntax
    }
}
