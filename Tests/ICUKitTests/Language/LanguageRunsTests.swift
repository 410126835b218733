import ICUKit
import Testing

/// LanguageRecognizer.languageRuns: sentence-based runs, merged, covering the text.
@Suite("LanguageRecognizer runs")
struct LanguageRunsTests {
    let recognizer = LanguageRecognizer()

    @Test("a paragraph that switches language splits at the sentence where it switches")
    func switches() {
        let german = "Alle Menschen sind frei und gleich an Würde und Rechten geboren. Sie sind mit Vernunft und Gewissen begabt. "
        let english = "All human beings are born free and equal in dignity and rights. They are endowed with reason and conscience. "
        let french = "Tous les êtres humains naissent libres et égaux en dignité et en droits."
        let text = german + english + french
        let runs = recognizer.languageRuns(in: text)
        #expect(runs.map { $0.language?.bcp47 ?? "und" } == ["de", "en", "fr"])
        #expect(runs.map(\.utf8Offsets) == [0..<german.utf8.count, german.utf8.count..<(german + english).utf8.count,
                                           (german + english).utf8.count..<text.utf8.count])
        #expect(String(text[runs[1].range]) == english)
    }

    @Test("runs cover the text without gaps; empty text has none")
    func coverage() {
        #expect(recognizer.languageRuns(in: "").isEmpty)
        let text = "Hello there, how are you today? 12345. Très bien, merci beaucoup pour votre aide!"
        let runs = recognizer.languageRuns(in: text)
        #expect(runs.first?.utf8Offsets.lowerBound == 0 && runs.last?.utf8Offsets.upperBound == text.utf8.count)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.utf8Offsets.upperBound == $1.utf8Offsets.lowerBound })
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.language != $1.language })
        let digits = recognizer.languageRuns(in: "123 456.")
        #expect(digits.count == 1 && digits[0].language == nil)
    }
}
