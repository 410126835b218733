internal import CICU

/// A maximal run of text in one script (UAX #24): Common and Inherited characters
/// (spaces, punctuation, digits, combining marks) join the run around them, a character
/// whose `Script_Extensions` include the run's script stays in it, and paired brackets
/// get the script of the text they were opened in.
///
/// ```swift
/// let runs = ScriptRun.runs(in: "Hello, Мир! 123")
/// runs.map(\.script)      // ["Latn", "Cyrl"]
/// runs.map(\.utf8Offsets) // [0..<7, 7..<18]
/// ```
public struct ScriptRun: Sendable, Hashable {
    /// The run in the string it came from.
    public let range: Range<String.Index>
    /// The same run as UTF-8 byte offsets.
    public let utf8Offsets: Range<Int>
    /// The run's script as an ISO 15924 code; `Zyyy` only for text made entirely of
    /// Common (and Inherited) characters.
    public let script: String

    /// The script runs of `text`, in order, covering all of it.
    ///
    /// ```swift
    /// ScriptRun.runs(in: "日本語 text").map(\.script)  // ["Hani", "Latn"]
    /// ```
    public static func runs(in text: String) -> [ScriptRun] {
        var runs: [ScriptRun] = []
        forEachRun(in: text) { start, end, script in
            let utf8 = text.utf8
            runs.append(ScriptRun(
                range: utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end),
                utf8Offsets: start..<end, script: ScalarProperties.scriptCode(script)))
        }
        return runs
    }

    /// Calls `body` with the UTF-8 offsets and ICU script value of each run.
    static func forEachRun(in text: String, _ body: (Int, Int, Int32) -> Void) {
        var runStart = 0
        var runScript = USCRIPT_COMMON
        var offset = 0
        // Open brackets: the closing bracket they expect and the script they were opened in.
        var brackets: [(close: Int32, script: Int32)] = []
        for scalar in text.unicodeScalars {
            let c = Int32(bitPattern: scalar.value)
            let length = scalar.utf8.count
            defer { offset += length }
            var script: Int32
            if c < 0x80 {
                script = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A ? ScriptRun.latin : USCRIPT_COMMON
            } else {
                script = ICU.uscript_getScript(c)
            }
            if script == USCRIPT_COMMON || script == USCRIPT_INHERITED {
                switch u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE) {
                case U_BPT_OPEN:
                    if brackets.count == 64 { brackets.removeFirst() }
                    brackets.append((u_getBidiPairedBracket(c), runScript))
                    continue
                case U_BPT_CLOSE:
                    if let match = brackets.lastIndex(where: { $0.close == c }) {
                        script = brackets[match].script
                        brackets.removeSubrange(match...)
                    }
                default: break
                }
            }
            if script == USCRIPT_COMMON || script == USCRIPT_INHERITED || script == runScript { continue }
            if runScript == USCRIPT_COMMON {
                runScript = script
                for i in brackets.indices where brackets[i].script == USCRIPT_COMMON { brackets[i].script = script }
                continue
            }
            if c >= 0x80 && uscript_hasScript(c, runScript) != 0 { continue }
            body(runStart, offset, runScript)
            runStart = offset
            runScript = script
        }
        if offset > runStart { body(runStart, offset, runScript) }
    }

    private static let latin: Int32 = ICU.uscript_getScript(0x61)
}
