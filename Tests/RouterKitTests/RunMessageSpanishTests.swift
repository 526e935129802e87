import Foundation
import Languages
import Testing
@testable import RouterKit
@testable import RouterPython

/// The words a run ends with and the Python checker's explanations, in Spanish: every failure
/// kind, the scoring words and the refusals, each with its numbers, line and suggestion, and no
/// English left outside the code (Python keywords and `my_van` methods stay English).
@Suite struct RunMessageSpanishTests {
    static let header = "from van import Van\nmy_van = Van()\n"

    /// English words a Spanish sentence must not hold once its code (`…` and '…') is taken out.
    static let english: Set<String> = [
        "the", "van", "house", "houses", "move", "moves", "square", "squares", "road", "your", "you", "program",
        "is", "isn't", "and", "with", "it", "there", "can't", "only", "use", "line", "write", "or", "of",
        "to", "at", "in", "on", "not", "be", "can", "value", "values", "list", "text", "number", "numbers",
        "function", "procedure", "loop", "loops", "did", "mean", "give", "try", "shorter", "route", "oh", "dear",
        "delivered", "crashed", "fuel", "light", "red", "cow", "horn", "wait", "blocks", "block", "score", "offer",
    ]

    /// The English words in `text` outside code. Code is `…`, '…' and, in the block readers' and
    /// level checks' problems, "…" (JSON keys), <…> (XML elements), CAPITALS (Blockly field
    /// names and values: OP AND, CHOICE RED) and block types (math_number). "van" before a
    /// preposition is Spanish ("they go").
    static func englishWords(_ text: String) -> [String] {
        let code = #"`[^`]*`|'[^']*'|"[^"]*"|<[^>]*>|\b[A-Z][A-Z_]+\b|\b[a-z]+_[a-z_]+\b|\bvan (?=(a|al|de|del|desde|en|hacia|por)\b)"#
        let prose = text.replacingOccurrences(of: code, with: " ", options: .regularExpression)
        return prose.lowercased().split { !$0.isLetter && $0 != "'" }.map(String.init).filter {
            english.contains($0) && $0 != "no"  // "no" is Spanish too
        }
    }

    static func level(_ id: String) throws -> Level { try #require(LevelCatalog.level(id: id), "level \(id)") }

    // MARK: Every run message

    static let distance = HouseDistance(squares: 2, onTheWay: true, waiting: 1)
    static let behind = HouseDistance(squares: 3, onTheWay: false, waiting: 2)
    static let here = HouseDistance(squares: 0, onTheWay: true, waiting: 1)

    static let standard: [RunMessage] = RunFailure.allCases.map { RunMessage.standard($0) }
    static let crashes: [RunMessage] = VanAction.allCases.flatMap { action -> [RunMessage] in
        [.crash(action: action, movesDone: 0), .crash(action: action, movesDone: 3)]
    }
    static let cows: [RunMessage] = [.cow(.white, movesDone: 0), .cow(.brown, movesDone: 1), .cow(.pigeon, movesDone: 4)]
    static let fuel: [RunMessage] = [true, false].flatMap { electric -> [RunMessage] in
        [.fuel(movesDone: 0, idle: 0, distance: nil, electric: electric),
         .fuel(movesDone: 5, idle: 2, distance: distance, electric: electric),
         .fuel(movesDone: 1, idle: 0, distance: behind, electric: electric)]
    }
    static let lightsAndDeliveries: [RunMessage] = [
        .redLight(movesDone: 0), .redLight(movesDone: 2),
        .deliver(again: true, distance: nil), .deliver(again: false, distance: nil), .deliver(again: false, distance: distance),
        .deliver(again: false, distance: behind),
    ]
    static let endings: [RunMessage] = [
        .end(movesDone: 3, distance: nil, passed: false), .end(movesDone: 0, distance: distance, passed: false),
        .end(movesDone: 4, distance: distance, passed: false), .end(movesDone: 4, distance: behind, passed: false),
        .end(movesDone: 6, distance: distance, passed: true), .end(movesDone: 6, distance: behind, passed: true),
        .undelivered(waiting: 2, total: 2, passed: 0, distance: behind), .undelivered(waiting: 3, total: 3, passed: 3, distance: behind),
        .undelivered(waiting: 1, total: 3, passed: 1, distance: behind), .undelivered(waiting: 2, total: 4, passed: 1, distance: behind),
        .undelivered(waiting: 1, total: 2, passed: 0, distance: here), .undelivered(waiting: 2, total: 3, passed: 0, distance: nil),
        .delivered(houses: 1), .delivered(houses: 3),
    ]
    static var everyMessage: [RunMessage] {
        var all = standard + crashes
        all += cows + fuel
        all += lightsAndDeliveries + endings
        return all
    }

    @Test(arguments: everyMessage) func everyRunMessageIsSpanish(_ message: RunMessage) {
        let spanish = RunWords.text(message, in: .spanish)
        #expect(Self.englishWords(spanish).isEmpty, "\(spanish)")
        #expect(spanish != RunWords.text(message, in: .english))
        // The numbers the English gives are given in Spanish too.
        let digits = { (text: String) in text.filter(\.isNumber).sorted() }
        #expect(digits(spanish) == digits(RunWords.text(message, in: .english)), "\(spanish)")
    }

    @Test func aCrashOnLevel1SaysWhenAndWhereInSpanish() throws {
        let program = try Program.parse(python: Self.header + "my_van.move_forwards()\nmy_van.move_forwards()\nmy_van.move_forwards()\n")
        let result = try RouterGame.run(program, on: try Self.level("1"), language: .spanish)
        #expect(result.outcome.failure == .crash)
        #expect(result.outcome.message == "La furgoneta se ha salido de la carretera y se ha chocado después de 2 movimientos:"
                + " ahí no hay carretera delante de ella. Sigue la carretera en el mapa para ver hacia dónde va.")
        // The last event says the same sentence as the outcome; the score says why there is none.
        guard case .end(let end) = result.events.last?.kind else { Issue.record("no end event"); return }
        #expect(end.message == result.outcome.message)
        #expect(result.score.message == "Esta vez no hay puntos: primero tiene que funcionar la entrega.")
    }

    @Test func englishIsAsBeforeWhenAskedOrByDefault() throws {
        let program = try Program.parse(python: Self.header + "my_van.move_forwards()\nmy_van.move_forwards()\nmy_van.move_forwards()\n")
        let asked = try RouterGame.run(program, on: try Self.level("1"), language: .english)
        let plain = try RouterGame.run(program, on: try Self.level("1"))
        #expect(asked == plain)
        #expect(plain.outcome.message.hasPrefix("The van drove off the road and crashed after 2 moves"))
    }

    @Test func aDeliveryAndItsScoreInSpanish() throws {
        let level = try Self.level("1")
        let program = try Program.parse(python: Self.header + "my_van.move_forwards()\nmy_van.move_forwards()\n")
        let result = try RouterGame.run(program, on: level, language: .spanish)
        #expect(result.outcome.success)
        #expect(result.outcome.message == "¡Entregado! La furgoneta ha parado en la casa.")
        #expect(Self.englishWords(result.score.message).isEmpty, "\(result.score.message)")
    }

    @Test func everyScoringSentenceIsSpanish() {
        for english in [Scoring.shorterRouteMessage, Scoring.simplerProgramMessage, Scoring.shorterProgramMessage,
                        Scoring.acedMessage, Scoring.failedMessage, Scoring.noBlockCountMessage] {
            let words = Scoring.words(ofMessage: english)
            #expect(words.english == english)
            #expect(words.untranslated(in: .spanish) == [], "\(english)")
            let spanish = words.text(in: .spanish)
            #expect(spanish != english)
            #expect(Self.englishWords(spanish).isEmpty, "\(spanish)")
        }
    }

    @Test func blockProgramsProblemsAreSpanish() throws {
        // A repeat with nothing inside, and a variable read before it has a value.
        let empty = try Program.parse(json: Data(#"{"blocks": [{"type": "controls_repeat", "times": 3, "do": []}]}"#.utf8))
        let result = try RouterGame.run(empty, on: try Self.level("70"), language: .spanish)
        #expect(result.outcome.failure == .compileError)
        #expect(result.outcome.message.hasPrefix("¡Vaya! Un bloque «Repetir» no tiene nada dentro."), "\(result.outcome.message)")
        #expect(RunWords.text(.standard(.detachedBlocks), in: .spanish).contains("Inicio"))
    }

    // MARK: Python

    /// Problems Python is refused with before it runs (line, what to use instead, a suggestion).
    static let refused: [(code: String, line: Int, holds: String)] = [
        ("my_van.move_forward()\n", 3, "¿querías decir `move_forwards`?"),
        ("x = {1: 2}\n", 3, "usa una lista `[…]`"),
        ("class Road:\n    pass\n", 3, "usa funciones (`def`) y listas"),
        ("try:\n    my_van.move_forwards()\n", 3, "comprueba con `if`"),
        ("n = 1.5\n", 3, "números enteros"),
        ("if x = 3:\n    pass\n", 3, "usa `==`, no `=`"),
        ("squares = [n * n for n in range(3)]\n", 3, "`append`"),
        ("x = input()\n", 3, "como en `n = 3`"),
        ("my_van.move_forwards()\n  my_van.turn_left()\n", 4, "sangría"),
        ("print('hola'\n", 3, "no se cierra nunca"),
        ("mover()\n", 3, "`def mover():`"),
        ("for i in range(3):\n    pass\n", 3, "el bucle `for` solo tiene `pass`"),
    ]

    /// The run's message or the refusal's, in Spanish, on level 70 (Python only, so no toolbox).
    static func spanish(_ code: String, level id: String = "70") throws -> String {
        let level = try level(id)
        do {
            let run = try RouterGame.run(try PythonProgram.parse(header + code), on: level, language: .spanish)
            #expect(!run.outcome.success)
            return run.outcome.message
        } catch let error as ProgramError {
            #expect(error.words?.untranslated(in: .spanish) == [], "\(error.message(in: .spanish))")
            #expect(error.message(in: .english) == error.message)
            return error.message(in: .spanish)
        }
    }

    /// What a Python program's problem or run ends with, as words: the refusal, the empty loop,
    /// or the run's ending (on level 70).
    static func words(ofPython code: String) throws -> Words? {
        let program: PythonProgram
        do {
            program = try PythonProgram.parse(header + code)
        } catch {
            return error.words
        }
        if let empty = program.emptyLoop { return empty.words }
        var simulation = try VanSimulation(level: try level("70"))
        _ = PythonRuntime.run(program, on: &simulation)
        _ = simulation.finish()
        return simulation.words
    }

    @Test(arguments: 0..<refused.count) func pythonRefusalsInSpanish(_ index: Int) throws {
        let (code, line, holds) = Self.refused[index]
        let spanish = try Self.spanish(code)
        #expect(spanish.contains("Línea \(line)"), "\(spanish)")
        #expect(spanish.contains(holds), "\(spanish)")
        #expect(Self.englishWords(spanish).isEmpty, "\(spanish)")
    }

    @Test func aBlockTheLevelDoesNotOfferIsNamedInSpanish() throws {
        let spanish = try Self.spanish("my_van.turn_left()\n", level: "1")
        #expect(spanish.hasPrefix("Este nivel no ofrece el bloque"), "\(spanish)")
    }

    /// Problems found while the Python runs, said on their line.
    static let runtime: [(code: String, holds: String)] = [
        ("print(n)\n", "Línea 3: `n` no tiene valor: dale uno primero"),
        ("def f():\n    print(m)\nf()\nm = 1\n", "`m` todavía no tiene valor"),
        ("items = [1, 2]\nprint(items[5])\n", "`items` tiene 2 elementos"),
        ("print('a' + 1)\n", "`str(…)`"),
        ("def go(n):\n    my_van.move_forwards()\ngo()\n", "`go` lleva 1 valor (`n`)"),
        ("print(len(3))\n", "no un número entero"),
        ("x = 0\nwhile x < 1:\n    print(x)\n", "pasos sin terminar"),
    ]

    @Test(arguments: 0..<runtime.count) func pythonRuntimeProblemsInSpanish(_ index: Int) throws {
        let (code, holds) = Self.runtime[index]
        let spanish = try Self.spanish(code)
        #expect(spanish.contains(holds), "\(spanish)")
        #expect(Self.englishWords(spanish).isEmpty, "\(spanish)")
    }

    // MARK: The catalogues' program.* phrases

    static func programKeys(_ code: String) -> Set<String> {
        Set(Catalogues.current.catalogues[code]?.messages.keys.filter { $0.hasPrefix("program.") } ?? [])
    }

    /// Every phrase a program's problems are told with is in English and in Spanish.
    @Test func spanishHasEveryProgramPhraseEnglishHas() {
        let english = Self.programKeys("en")
        #expect(english.count > 200)
        #expect(english.subtracting(Self.programKeys("es")).sorted() == [])
        #expect(Self.programKeys("es").subtracting(english).sorted() == [])
    }

    /// Each translation keeps its English message's code, whatever the counts, and no English.
    @Test func theSpanishPhrasesKeepAllTheCode() throws {
        for key in Self.programKeys("en").sorted() {
            let english = try #require(Catalogues.current.catalogues["en"]?.messages[key])
            let spanish = try #require(Catalogues.current.catalogues["es"]?.messages[key], "\(key)")
            #expect(english.argumentNames == spanish.argumentNames, "\(key)")
            for count in ["1", "2"] {
                let arguments = Dictionary(uniqueKeysWithValues: english.argumentNames.map { ($0, MessageArgument.text(count)) })
                let (englishText, spanishText) = (TextLanguage.english.text(key, arguments), TextLanguage.spanish.text(key, arguments))
                #expect(englishText.filter { $0 == "`" }.count == spanishText.filter { $0 == "`" }.count, "\(key): \(spanishText)")
                #expect(Self.englishWords(spanishText).isEmpty, "\(key): \(spanishText)")
            }
        }
    }

    /// The failing programs above are told in phrases English and Spanish both have.
    @Test func failingProgramsUseNoPhraseAnyLanguageLacks() throws {
        let codes = Self.refused.map(\.code) + Self.runtime.map(\.code)
        for code in codes {
            let words = try #require(try Self.words(ofPython: code), "\(code)")
            #expect(words.untranslated(in: .english) == [], "\(code)")
            #expect(words.untranslated(in: .spanish) == [], "\(code)")
        }
        let empty = try Program.parse(json: Data(#"{"blocks": [{"type": "controls_repeat", "times": 3, "do": []}]}"#.utf8))
        let blocks = try #require(Interpreter.compileError(in: empty)?.words)
        #expect(blocks.untranslated(in: .english) == [] && blocks.untranslated(in: .spanish) == [])
        do {
            _ = try RouterGame.run(try PythonProgram.parse(Self.header + "my_van.turn_left()\n"), on: try Self.level("1"), language: .spanish)
            Issue.record("level 1 offers no turn_left block")
        } catch let error as ProgramError {
            #expect(error.words?.untranslated(in: .english) == [] && error.words?.untranslated(in: .spanish) == [])
        }
    }

    /// A key no catalogue has is found, in every language.
    @Test func aMissingPhraseIsFound() {
        let words = Words.say("program.line", ["line": .code(3), "problem": .say("program.python.noSuchThing")])
        #expect(words.untranslated(in: .english) == ["program.python.noSuchThing"])
        #expect(words.untranslated(in: .spanish) == ["program.python.noSuchThing"])
    }

    /// The advice tables and the kinds of value are said in Spanish too (they reach sentences as parts).
    @Test func everyAdviceAndKindOfValueIsInTheCatalog() {
        let advice = Array(PythonWords.unsupported.values) + Array(PythonProgram.refusedBuiltins.values)
        let kinds: [PyValue] = [.int(1), .str("a"), .bool(true), .none, .tuple([.int(1), .int(2)]), .range(0, 1, 1), .builtin("len"), .vanModule, .vanClass, .van]
        for words in advice + kinds.map(\.typeName) {
            #expect(words.untranslated(in: .english) == [], "\(words)")
            #expect(words.untranslated(in: .spanish) == [], "\(words.english)")
        }
    }

    /// A count chooses its words (one item, two items) in each language.
    @Test func countsChooseTheirWords() {
        let one = Words.say("program.python.positionOutside", ["name": .code("items"), "count": .number(1), "last": .code(0), "index": .code(3)])
        let two = Words.say("program.python.positionOutside", ["name": .code("items"), "count": .number(2), "last": .code(1), "index": .code(3)])
        #expect(one.english == "`items` has 1 item, so positions go from 0 to 0 (or -1 to -1 from the end); 3 is outside")
        #expect(two.english == "`items` has 2 items, so positions go from 0 to 1 (or -1 to -2 from the end); 3 is outside")
        #expect(one.text(in: .spanish).contains("1 elemento,") && two.text(in: .spanish).contains("2 elementos,"))
        // Big numbers are written as the program writes them, in every language.
        let many = Words.say("program.python.linesNotShown", ["count": .number(12345), "kept": .code(199)])
        #expect(many.english == "… and 12345 more lines not shown: only the first 199 lines are kept.")
        #expect(many.text(in: .spanish) == "… y 12345 líneas más que no se muestran: solo se guardan las 199 primeras.")
    }

    @Test func theConsolesNoteAboutLinesLeftOutIsSpanish() throws {
        let run = try RouterGame.run(try PythonProgram.parse(Self.header + "for i in range(300):\n    print(i)\n"), on: try Self.level("70"),
                                     language: .spanish)
        #expect(run.output.count == PythonLimits.maxOutputLines)
        #expect(run.output.last == "… y 101 líneas más que no se muestran: solo se guardan las 199 primeras.")
    }

    @Test func argumentsAreSaidAsTheyAre() {
        // Code that holds braces or an argument's name is not read again.
        #expect(Words.say("program.python.notANumber", ["code": .code("{code}")]).text(in: .spanish) == "`{code}` no es un número")
        #expect(Words.say("program.python.braces").english.contains("(`{…}`)"))
        #expect(Words.say("program.python.intText", ["text": .code("x")]).english == "`int('x')` can't turn that text into a whole number")
        #expect(Words.either(["'RED'", "'GREEN'", "'AMBER'"]).text(in: .spanish) == "'RED' o 'GREEN' o 'AMBER'")
    }
}
