import ICUKit

/// `icukit scripts`: script runs and the resolved script set of each document.
struct ScriptsCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "scripts",
        abstract: "Show the script runs of text and whether it mixes scripts (UTS #39).",
        discussion: """
            One JSON line per document: {"runs":[{"start":0,"end":5,"script":"Latn"},…],\
            "resolvedScripts":[…],"mixedScript":false}. Runs follow UAX #24 (Common and \
            Inherited characters join the run around them, paired brackets stay together) \
            with UTF-8 byte offsets and ISO 15924 codes. resolvedScripts is the UTS #39 §5.1 \
            resolved script set (empty when the text has only Common/Inherited characters); \
            when that set is empty (mixedScript true) it lists the scripts the text uses instead.
            """,
        options: { DocumentInput.options }
    )


    var input: DocumentInput

    init(_ arguments: ParsedArguments) throws(UsageError) {
        input = try DocumentInput(arguments)
    }

    func run() throws {
        try input.forEachDocument { document, out throws(CLIFailure) in
            var line = "{\"runs\":["
            for (index, run) in ScriptRun.runs(in: document).enumerated() {
                if index > 0 { line += "," }
                line += "{\"start\":\(run.utf8Offsets.lowerBound),\"end\":\(run.utf8Offsets.upperBound),\"script\":\"\(run.script)\"}"
            }
            let resolved = ResolvedScriptSet(document)
            line += "],\"resolvedScripts\":" + JSON.array(resolved.isMixedScript ? resolved.scriptsUsed : resolved.scripts)
            line += ",\"mixedScript\":\(resolved.isMixedScript)}\n"
            out.append(line)
        }
    }
}
