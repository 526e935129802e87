import Foundation
import Testing
@testable import Languages

/// The message syntax and plural rules against the cases the pages' formatter is checked with too
/// (`Tests/Fixtures/words/messageformat-cases.json`, run in a browser by E2E/test_words.py).
@Suite struct MessageFormatTests {
    struct Case: Decodable, CustomTestStringConvertible {
        let lang: String
        let plural: [String: String]
        let message: String
        let args: [String: Argument]
        let expected: String
        var testDescription: String { "\(lang): \(message) \(args.mapValues(\.value))" }
    }

    enum Argument: Decodable {
        case text(String), number(Double)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
        }
        var value: MessageArgument { switch self { case .text(let text): .text(text); case .number(let number): .number(number) } }
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures/words/messageformat-cases.json")
        return (try? JSONDecoder().decode([Case].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test func theSharedCasesAreThere() { #expect(Self.cases.count >= 37) }

    @Test(arguments: cases)
    func formatsTheSharedCase(_ test: Case) throws {
        let message = try Message(test.message)
        let rules = try PluralRules(test.plural)
        #expect(message.format(test.args.mapValues(\.value), plural: rules, locale: Locale(identifier: test.lang)) == test.expected)
    }

    @Test func brokenMessagesSayWhatIsWrong() {
        for broken in ["{name", "a } b", "{count, plural, one {x}}", "{count, plural, one {x} other {y}", "{, plural}", "{n, date}"] {
            #expect(throws: Message.SyntaxError.self, "\(broken)") { try Message(broken) }
        }
    }

    @Test func pluralRulesReadCLDRsSyntax() throws {
        let arabic = try PluralRules(["zero": "n = 0", "one": "n = 1", "two": "n = 2", "few": "n % 100 = 3..10", "many": "n % 100 = 11..99"])
        #expect([0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111].map { arabic.category(of: Double($0)) }
            == ["zero", "one", "two", "few", "few", "many", "many", "other", "other", "few", "many"])
        let english = try PluralRules(["one": "i = 1 and v = 0"])
        #expect(english.category(of: 1) == "one" && english.category(of: 1.5) == "other" && english.category(of: 0) == "other")
        let french = try PluralRules(["one": "i = 0,1"])
        #expect(french.category(of: 0) == "one" && french.category(of: 1.5) == "one" && french.category(of: 2) == "other")
        let either = try PluralRules(["few": "n = 2 or n != 5 and n = 7..9"])
        #expect([2, 5, 7, 10].map { either.category(of: Double($0)) } == ["few", "other", "few", "other"])
        for broken in ["n == 1", "x = 1", "n = 1 and", "n % 0 = 1", "n = 5..2", "n ! 1"] {
            #expect(throws: PluralRules.Problem.self, "\(broken)") { try PluralRules(["one": broken]) }
        }
        #expect(throws: PluralRules.Problem.self) { try PluralRules(["several": "n = 3"]) }
    }

    @Test func thePseudoLanguageAccentsWrapsAndLengthensOnlyTheText() throws {
        let english = try Message("{count, plural, one {# square to {place}} other {# squares to {place}}}, Ann's turn")
        let pseudo = try Message(Pseudo.message(english))
        let rules = try PluralRules(["one": "i = 1 and v = 0"])
        let text = pseudo.format(["count": 2, "place": "Leeds"], plural: rules, locale: Locale(identifier: "en"))
        #expect(text.hasPrefix("⟦2 sqúáré... ".prefix(4)) && text.hasSuffix("⟧"))
        #expect(text.contains("sqúáréš") == false && text.contains("Leeds") && text.contains("Åññ's túrñ"))
        let quoted = try Message(Pseudo.message(try Message("Braces '{' and '}' and #")))
        #expect(quoted.format([:], plural: rules, locale: Locale(identifier: "en")).hasPrefix("⟦Bráçés { áñd } áñd #·~"))
    }
}
