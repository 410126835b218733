import ICUKit

/// `icukit tour`: a short guided run through what ICUKit can do, on built-in samples.
/// Each part is in `TourCommand+<Part>.swift`.
struct TourCommand: CLICommand {
    static let spec = CommandSpec(
        Self.self,
        name: "tour",
        abstract: "A guided tour of ICUKit's capabilities on built-in multilingual samples.",
        options: { [] }
    )

    init(_ arguments: ParsedArguments) {}

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
        try stringsTour()
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

