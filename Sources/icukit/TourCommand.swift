import ArgumentParser
import ICUKit

/// `icukit tour`: a short guided run through what ICUKit can do, on built-in samples.
/// Each part is in `TourCommand+<Part>.swift`.
struct TourCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tour",
        abstract: "A guided tour of ICUKit's capabilities on built-in multilingual samples."
    ).leaf

    func run() throws {
        CLI.print("ICUKit on ICU \(ICUVersion.icu), Unicode \(ICUVersion.unicode)\n")
        try segmentationTour()
        try collationTour()
        try encodingTour()
        try bidiTour()
        try calendarTour()
        try datesTour()
        try numbersAndLocalesTour()
        try spoofTour()
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

