import ICUKit

extension TourCommand {
    /// Look-alike identifiers: skeletons, confusable kinds, restriction levels, an index.
    func spoofTour() throws {
        CLI.print("\n== Spoof checking (UTS #39): icukit spoof skeleton|confusable|check|index ==\n")
        let checker = try SpoofChecker()
        for (real, fake) in [("paypal", "раураl"), ("scope", "ѕсоре"), ("google", "ｇｏｏｇｌｅ"), ("modern", "rnodern")] {
            let kinds = try checker.areConfusable(real, fake)
            CLI.print("  \(fake) → skeleton \(try checker.skeleton(fake)); confusable with \(real): \(kinds.isEmpty ? "no" : kinds.names.joined(separator: ", "))")
        }
        for identifier in ["pаypal", "abc日本語カナ", "a1২", "Ελληνικά"] {
            let result = try checker.check(identifier)
            let level = result.restrictionLevel?.name ?? "?"
            CLI.print("  check \(identifier): \(result.passed ? "passes" : "fails " + result.failures.failureNames.joined(separator: ", ")) (\(level))")
        }
        let index = try ConfusableIndex(["paypal", "alice", "scope", "bob"])
        CLI.print("  an index of [paypal, alice, scope, bob] finds for аlice: \(try index.matches(for: "аlice"))")
    }
}
