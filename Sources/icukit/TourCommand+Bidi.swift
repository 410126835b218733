import ICUKit

extension TourCommand {
    /// Mixed-direction text in visual order, and a template isolated with FSI…PDI.
    func bidiTour() throws {
        CLI.print("\n== Bidirectional text: icukit bidi [--format text|json|visual], icukit bidi isolate ==\n")
        let mixed = "WWDC is a fun conference مؤتمر"
        for direction in [BidiParagraph.Direction.auto, .rightToLeft] {
            let paragraph = try BidiParagraph(mixed, direction: direction)
            let runs = paragraph.visualRuns.map { "\($0.direction.rawValue):\(mixed[$0.range])" }.joined(separator: " | ")
            CLI.print("  \(direction.rawValue): paragraph \(paragraph.direction.rawValue), visual runs \(runs)")
            CLI.print("        as a terminal without bidi should show it: \(paragraph.visualString())")
        }
        let name = "سارة"
        let broken = try Bidi.format("%@ has the highest score: %d!", [name, "12"], isolating: false)
        let isolated = try Bidi.format("%@ has the highest score: %d!", [name, "12"])
        CLI.print("\nA template that starts with an Arabic name:")
        CLI.print("  plain substitution makes the sentence \(Bidi.baseDirection(of: broken).rawValue): \(try BidiParagraph(broken).visualString())")
        CLI.print("  FSI…PDI isolation keeps it \(Bidi.baseDirection(of: isolated).rawValue):     \(try BidiParagraph(isolated).visualString())")
        CLI.print("  Hebrew paragraph: \(try BidiParagraph("שלום עולם (Hello) 123").visualString())")
    }
}
