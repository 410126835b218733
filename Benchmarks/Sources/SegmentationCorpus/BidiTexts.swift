// The bidi texts shared by BidiBenchmarks (wall time) and BidiInstructions (callgrind).
extension Corpus {
    /// 200 short UI strings: templates in English, Arabic and Hebrew filled with
    /// mixed-direction arguments.
    public static let bidiUIStrings: [String] = {
        let templates = [
            "%@ has the highest score: %@!", "Welcome back, %@", "%@ sent you %@ messages", "تم تحديث %@ بنجاح",
            "הקובץ %@ נשמר", "Download %@ (%@ MB)", "مرحبا %@، لديك %@ رسائل جديدة", "%@ הגיב לפוסט שלך",
        ]
        let arguments = ["سارة", "Sarah", "דוד", "12", "WWDC 2026", "محمد علي", "report.pdf", "3.5"]
        var strings: [String] = []
        for index in 0..<200 {
            var text = templates[index % templates.count]
            while let range = text.firstRange(of: "%@") {
                text.replaceSubrange(range, with: arguments[(index + strings.count + text.count) % arguments.count])
            }
            strings.append(text)
        }
        return strings
    }()

    /// One 64 KiB document of mixed Arabic, Hebrew and English paragraphs.
    public static let bidiDocument: String = {
        let paragraph = """
            The committee (اللجنة) met in Tel Aviv — תל אביב — on 3 June 2026 to review version 2.4.1 of the \
            standard. قال المتحدث: "نحن سعداء بالنتائج"، وأضاف أن 73% من المشاركين وافقوا. \
            ההצעה, שהוגשה על ידי "Unicode Consortium", תיבחן שוב בשנה הבאה (2027). \
            Numbers like 1,234.56 and ١٢٣٤ stay in order; brackets [مثل هذا] mirror.
            """
        var text = ""
        while text.utf8.count < 64 * 1024 { text += paragraph + " " }
        return text
    }()
}
