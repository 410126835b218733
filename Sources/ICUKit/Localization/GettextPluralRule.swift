/// A gettext `Plural-Forms` rule, such as
/// `nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);`,
/// evaluated exactly as GNU gettext evaluates it: C's operators and precedence (`?:`, `||`,
/// `&&`, `==` `!=`, `<` `>` `<=` `>=`, `+` `-`, `*` `/` `%`, unary `!`, parentheses), the
/// variable `n` and decimal constants, all in unsigned 64-bit arithmetic that wraps
/// (`n-1` at 0 is 2⁶⁴−1), `&&` and `||` short-circuiting.
///
/// Two cases GNU leaves to the machine: a division or remainder by zero raises `SIGFPE`
/// in GNU's run time (and `msgfmt -c` rejects such an expression), so ``index(for:)`` gives
/// 0 there and ``value(for:)`` gives `nil`; a value at or above `nplurals` selects form 0,
/// as GNU's `plural_lookup` does.
///
/// ```swift
/// let rule = try GettextPluralRule("nplurals=2; plural=(n != 1);")
/// rule.count              // 2
/// rule.index(for: 1)      // 0
/// rule.index(for: 5)      // 1
/// ```
public struct GettextPluralRule: Sendable, Hashable {
    /// The number of plural forms (`nplurals`).
    public let count: Int
    /// The expression after `plural=`, as written.
    public let expression: String
    /// The expression's nodes, each after its operands; the last is the whole expression.
    /// A flat list rather than a tree: nothing to release piecemeal when parsing fails, and
    /// no recursion to evaluate a chain like `n+n+…+n` of any length.
    private let nodes: [Node]

    struct Node: Sendable, Hashable {
        enum Kind: Sendable, Hashable {
            case n, number(UInt64), not, binary(Operator), conditional
        }
        var kind: Kind
        /// Indices in ``nodes`` of the operands (as many as the kind takes).
        var first = 0, second = 0, third = 0
    }

    enum Operator: Sendable, Hashable {
        case or, and, equal, notEqual, less, greater, lessEqual, greaterEqual, plus, minus, times, divide, remainder
    }

    /// Parses a `Plural-Forms` header value (`nplurals=N; plural=EXPRESSION;`).
    ///
    /// ```swift
    /// let polish = try GettextPluralRule("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
    /// polish.index(for: 22)   // 1
    /// ```
    /// - Throws: ``StringsError`` (`.malformed`) when `nplurals` or `plural` is missing or
    ///   the expression is not one GNU gettext parses.
    public init(_ header: String) throws(StringsError) {
        let bytes = Array(header.utf8)
        func value(after name: String) -> ArraySlice<UInt8>? {
            let marker = Array(name.utf8)
            guard marker.count <= bytes.count else { return nil }
            for start in 0...(bytes.count - marker.count) where bytes[start..<start + marker.count].elementsEqual(marker) {
                // "plural=" must not match inside "nplurals=".
                if start > 0, name == "plural", bytes[start - 1] == UInt8(ascii: "n") { continue }
                var index = start + marker.count
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                return bytes[(index + 1)...]
            }
            return nil
        }
        guard var counting = value(after: "nplurals") else { throw StringsError(.malformed, "Plural-Forms without nplurals= (\(header))") }
        while let first = counting.first, first == 0x20 || first == 0x09 { counting = counting.dropFirst() }
        let digits = counting.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard !digits.isEmpty, let count = Int(String(decoding: digits, as: UTF8.self)), count > 0 else {
            throw StringsError(.malformed, "nplurals is not a positive number (\(header))")
        }
        guard let expression = value(after: "plural") else { throw StringsError(.malformed, "Plural-Forms without plural= (\(header))") }
        var parser = Parser(bytes: Array(expression))
        try parser.parse()
        self.count = count
        self.expression = String(decoding: expression[..<(expression.startIndex + parser.end)], as: UTF8.self).trimmingSpaces
        self.nodes = parser.nodes
    }

    /// The form index for `n` (0 ..< ``count``): the expression's value, or 0 when it is
    /// out of range or divides by zero.
    ///
    /// ```swift
    /// try GettextPluralRule("nplurals=2; plural=n>1;").index(for: 0)   // 0
    /// ```
    public func index(for n: UInt64) -> Int {
        guard let value = value(for: n), value < UInt64(count) else { return 0 }
        return Int(value)
    }

    /// The expression's raw value for `n`, `nil` when it divides by zero.
    ///
    /// ```swift
    /// try GettextPluralRule("nplurals=2; plural=n-1;").value(for: 0)   // 18446744073709551615
    /// ```
    public func value(for n: UInt64) -> UInt64? {
        // Every node is evaluated once, in order; a division by zero makes its node's value
        // nil, and only a branch actually taken (or an operand `&&`/`||` does not skip)
        // carries that nil upward, so the result is the short-circuit evaluation's.
        withUnsafeTemporaryAllocation(of: UInt64?.self, capacity: nodes.count) { values in
            for (index, node) in nodes.enumerated() {
                let value: UInt64?
                switch node.kind {
                case .n: value = n
                case .number(let constant): value = constant
                case .not: value = values[node.first].map { $0 == 0 ? 1 : 0 }
                case .conditional:
                    value = values[node.first].flatMap { $0 != 0 ? values[node.second] : values[node.third] }
                case .binary(let op): value = Self.apply(op, values[node.first], values[node.second])
                }
                values.initializeElement(at: index, to: value)
            }
            return values[nodes.count - 1]
        }
    }

    private static func apply(_ op: Operator, _ left: UInt64?, _ right: UInt64?) -> UInt64? {
        guard let a = left else { return nil }
        if op == .or, a != 0 { return 1 }
        if op == .and, a == 0 { return 0 }
        guard let b = right else { return nil }
        switch op {
        case .or, .and: return b != 0 ? 1 : 0
        case .equal: return a == b ? 1 : 0
        case .notEqual: return a != b ? 1 : 0
        case .less: return a < b ? 1 : 0
        case .greater: return a > b ? 1 : 0
        case .lessEqual: return a <= b ? 1 : 0
        case .greaterEqual: return a >= b ? 1 : 0
        case .plus: return a &+ b
        case .minus: return a &- b
        case .times: return a &* b
        case .divide: return b == 0 ? nil : a / b
        case .remainder: return b == 0 ? nil : a % b
        }
    }

    /// A recursive-descent parser of GNU's plural grammar; the expression ends at `;`, a
    /// newline or the end of the text, as GNU's lexer ends it.
    struct Parser {
        let bytes: [UInt8]
        var index = 0
        var depth = 0
        var nodes: [Node] = []
        var end: Int { index }

        private func fail(_ message: String) -> StringsError {
            StringsError(.malformed, "plural expression: \(message) at column \(index + 1) of \"\(String(decoding: bytes.prefix { $0 != UInt8(ascii: ";") && $0 != 0x0A }, as: UTF8.self))\"")
        }

        private mutating func peek() -> UInt8? {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            guard index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != 0x0A, bytes[index] != 0 else { return nil }
            return bytes[index]
        }

        private mutating func take(_ text: String) -> Bool {
            guard peek() != nil else { return false }
            let pattern = Array(text.utf8)
            guard index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) else { return false }
            // "<" must not take the first half of "<=", nor "!" of "!=", nor "=" alone.
            if pattern.count == 1, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "="), "<>!".utf8.contains(pattern[0]) { return false }
            index += pattern.count
            return true
        }

        /// Parses the expression into ``nodes``.
        mutating func parse() throws(StringsError) {
            _ = try conditional()
            guard peek() == nil else { throw fail("unexpected character") }
        }

        /// Appends a node and gives its index.
        private mutating func add(_ kind: Node.Kind, _ first: Int = 0, _ second: Int = 0, _ third: Int = 0) -> Int {
            nodes.append(Node(kind: kind, first: first, second: second, third: third))
            return nodes.count - 1
        }

        private mutating func conditional() throws(StringsError) -> Int {
            depth += 1
            defer { depth -= 1 }
            guard depth < 200 else { throw fail("nesting too deep") }
            let condition = try binary(0)
            guard take("?") else { return condition }
            let then = try conditional()
            guard take(":") else { throw fail("expected ':'") }
            let otherwise = try conditional()
            return add(.conditional, condition, then, otherwise)
        }

        private static let levels: [[(String, Operator)]] = [
            [("||", .or)], [("&&", .and)], [("==", .equal), ("!=", .notEqual)],
            [("<=", .lessEqual), (">=", .greaterEqual), ("<", .less), (">", .greater)],
            [("+", .plus), ("-", .minus)], [("*", .times), ("/", .divide), ("%", .remainder)],
        ]

        private mutating func binary(_ level: Int) throws(StringsError) -> Int {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level + 1)
            outer: while true {
                for (symbol, op) in Self.levels[level] where take(symbol) {
                    let right = try binary(level + 1)
                    left = add(.binary(op), left, right)
                    continue outer
                }
                return left
            }
        }

        private mutating func unary() throws(StringsError) -> Int {
            guard let byte = peek() else { throw fail("unexpected end of the expression") }
            switch byte {
            case UInt8(ascii: "!"):
                index += 1
                depth += 1
                defer { depth -= 1 }
                guard depth < 200 else { throw fail("nesting too deep") }
                let operand = try unary()
                return add(.not, operand)
            case UInt8(ascii: "n"):
                index += 1
                return add(.n)
            case UInt8(ascii: "("):
                index += 1
                let inner = try conditional()
                guard take(")") else { throw fail("expected ')'") }
                return inner
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var value: UInt64 = 0
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    value = value &* 10 &+ UInt64(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
                return add(.number(value))
            default:
                throw fail("unexpected character")
            }
        }
    }
}
