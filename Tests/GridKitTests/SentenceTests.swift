import GridKit
import Testing

/// Error messages read as sentences wherever they are shown (API answers, CLI lines).
@Suite struct SentenceTests {
    @Test(arguments: [
        ("cell (1, 2) is taken", "Cell (1, 2) is taken."),
        ("Already a sentence.", "Already a sentence."),
        ("is the database running?", "Is the database running?"),
        ("trailing space \n", "Trailing space."),
        ("", ""),
        ("élan is lost", "Élan is lost."),
    ])
    func aMessageBecomesOneSentence(text: String, expected: String) {
        #expect(text.asSentence == expected)
    }
}
