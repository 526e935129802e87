import Foundation
import Testing
@testable import RouterKit
@testable import RouterPython

@Suite struct PythonTests {
    static let header = "from van import Van\nmy_van = Van()\n"
    let l = BlockID.line

    @Test func theSubsetReadsIntoTheTreeWithLineIDs() throws {
        let source = """
        from van import Van   # the van
        v = Van()

        def zigzag():
            v.turn_left(); 
        while not v.at_destination():
            if v.is_road('LEFT') or v.at_traffic_light('RED'):
                zigzag()
            elif (v.is_road_forward()
                  and not v.at_dead_end()):
                v.move_forwards()
            else: v.sound_horn()
        """.replacingOccurrences(of: "; ", with: "")
        let program = try Program.parse(python: source)
        #expect(program == Program(main: [
            .repeatWhile(.not(.atDestination(id: l(6)), id: l(6)), until: false, body: [
                .ifElse(branches: [
                    Branch(.or(.roadExists(.left, id: l(7)), .trafficLight(.red, id: l(7)), id: l(7)), [.call("zigzag", id: l(8))]),
                    Branch(.and(.roadExists(.forward, id: l(9)), .not(.deadEnd(id: l(10)), id: l(10)), id: l(10)), [.action(.moveForwards, id: l(11))]),
                ], otherwise: [.action(.soundHorn, id: l(12))], id: l(7)),
            ], id: l(6)),
        ], procedures: [Procedure(name: "zigzag", body: [.action(.turnLeft, id: l(5))], id: l(4))]))
    }

    @Test func loopsCoordinatesAndVariables() throws {
        let source = Self.header + """
        for count in range(2, 5):
            my_van.wait()
        for i in range(n):
            my_van.move_forwards()
            x = i * 2
        x, y = my_van.get_previous_coordinate()
        n = -my_van.get_current_coordinate()[1]
        n -= 2
        n //= 3
        """
        let program = try Program.parse(python: source).erasingIDs()
        let o = BlockID("")
        #expect(program.main == [
            .repeatTimes(.number(3, id: o), body: [.action(.wait, id: o)], id: o),
            // The counter is read inside, so the loop really counts.
            .setVariable("i", .number(0, id: o), id: o),
            .repeatWhile(.compare(.less, .variable("i", id: o), .variable("n", id: o), id: o), until: false, body: [
                .action(.moveForwards, id: o),
                .setVariable("x", .arithmetic(.multiply, .variable("i", id: o), .number(2, id: o), id: o), id: o),
                .increment("i", by: .number(1, id: o), id: o),
            ], id: o),
            .setVariable("x", .coordinate(current: false, xPart: true, id: o), id: o),
            .setVariable("y", .coordinate(current: false, xPart: false, id: o), id: o),
            .setVariable("n", .arithmetic(.subtract, .number(0, id: o), .coordinate(current: true, xPart: false, id: o), id: o), id: o),
            .increment("n", by: .number(-2, id: o), id: o),
            .setVariable("n", .arithmetic(.divide, .variable("n", id: o), .number(3, id: o), id: o), id: o),
        ])
    }

    @Test func theMistypedMethodMessage() {
        #expect(throws: ProgramError(.python, "Line 3: `my_van.move_forward()` — the van has no `move_forward`; did you mean `move_forwards`?", line: 3, column: 1)) {
            try Program.parse(python: Self.header + "my_van.move_forward()\n")
        }
    }

    @Test(arguments: [
        ("my_van.move_forwards()\n\tmy_van.turn_left()\n", "Line 4: indent with spaces, not tabs (this line has a tab at the start)."),
        ("while my_van.at_destination()\n    my_van.wait()\n", "Line 3: `while` needs a colon `:` at the end of its line."),
        ("if True:\n        my_van.wait()\n    my_van.wait()\n", "Line 5: this line's indentation doesn't line up with any line above it."),
        ("import os\n", "Line 3: only `from van import Van` can be imported."),
        ("from random import choice\n", "Line 3: only `from van import Van` can be imported."),
        ("zigzag()\n", "Line 3: there is no procedure called `zigzag` (define it with `def zigzag():`)."),
        ("def zigzag():\n    pass\nzigzga()\n", "Line 5: there is no procedure called `zigzga`; did you mean `zigzag`?"),
        ("move_forwards()\n", "Line 3: `move_forwards()` is something the van does: write `my_van.move_forwards()`."),
        ("my_van.at_destination()\n", "Line 3: `my_van.at_destination()` asks a question; use it in an `if` or a `while`."),
        ("if x = 3:\n    pass\n", "Line 3: to compare two things use `==`, not `=`."),
        ("x = 1.5\n", "Line 3: only whole numbers can be used here (no decimal point)."),
        ("while True:\n    break\n", "Line 4: `break` has no block, so this program can't be shown or counted as blocks."),
        ("if True:\n    def inner():\n        pass\n", "Line 4: define procedures at the top level, not indented inside other code."),
        ("my_van.move_forwards\n", "Line 3: `my_van.move_forwards` needs brackets to run: `my_van.move_forwards()`."),
        ("myvan.move_forwards()\n", "Line 3: `myvan` isn't the van; did you mean `my_van`?"),
        ("x = y + 1\n", "Line 3: `y` has no value: give it one first, as in `y = 0`."),
        ("if my_van.is_road('UP'):\n    pass\n", "Line 3: write `is_road('FORWARD' or 'LEFT' or 'RIGHT')`."),
        ("c = my_van.get_current_coordinate()\n", "Line 3: a coordinate is two numbers: write `x, y = my_van.get_current_coordinate()` or use `my_van.get_current_coordinate()[0]`."),
        ("while my_van.move_forwards():\n    pass\n", "Line 3: `my_van.move_forwards()` moves the van; it isn't a question for `if` or `while`."),
        ("if 1 < 2 < 3:\n    pass\n", "Line 3: compare two things at a time (join comparisons with `and`)."),
        ("def twice(n):\n    pass\n", "Line 3: procedures here take no parameters: write `def twice():`."),
        ("def a():\n    pass\ndef a():\n    pass\n", "Line 5: `a` is already defined on line 3; give each procedure its own name."),
        ("for i in [1, 2]:\n    pass\n", "Line 3: loops count with `range`: `for i in range(3):` or `range(1, 4)`."),
        ("for i in range(1, 10, 2):\n    pass\n", "Line 3: loops count with `range`: `for i in range(3):` or `range(1, 4)`."),
        ("my_van.turn_left(\n", "Line 3: this `(` is never closed."),
        ("    my_van.wait()\n", "Line 3: this line is indented, but the line above it doesn't end with `:`."),
        ("if True:\nmy_van.wait()\n", "Line 4: the lines inside `if` must be indented (use 4 spaces)."),
        ("my_van = 3\n", "Line 3: `my_van` is the van; use another name for numbers."),
        ("print('hello')\n", "Line 3: `print` has no block, so this program can't be shown or counted as blocks."),
    ])
    /// The block compiler's messages (`Program.parse(python:)`: the block count and the Python
    /// view). Python beyond blocks runs in the Python runtime (PythonRuntimeTests).
    func mistakesSayTheLineAndWhatToFix(body: String, message: String) {
        if let error = Self.expectRefusal(body, says: message, by: Program.parse(python:)) {
            #expect(error.line == Int(message.dropFirst(5).prefix { $0.isNumber }))
        }
    }

    /// Checks that `parse` refuses `header + body` as a Python mistake saying `message`: the
    /// mistake, or nil when `parse` accepted the program (recorded as an issue).
    @discardableResult
    static func expectRefusal<Parsed>(_ body: String, says message: String, by parse: (String) throws(ProgramError) -> Parsed,
                                      sourceLocation: SourceLocation = #_sourceLocation) -> ProgramError? {
        do {
            _ = try parse(header + body)
            Issue.record("accepted: \(body)", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.message == message, sourceLocation: sourceLocation)
            #expect(error.code == .python, sourceLocation: sourceLocation)
            return error
        }
    }

    @Test func vanNeedsTheImport() {
        #expect(throws: ProgramError.self) { try Program.parse(python: "my_van = Van()\nmy_van.wait()\n") }
        do { _ = try Program.parse(python: "my_van = Van()\n") } catch {
            #expect(error.message == "Line 1: add `from van import Van` at the top to use `Van()`.")
        }
    }

    @Test func bounds() throws {
        let long = Self.header + String(repeating: "my_van.wait()\n", count: 5000)
        do { _ = try Program.parse(python: long); Issue.record("accepted") } catch { #expect(error.code == .tooLarge) }
        let lines = Self.header + String(repeating: "\n", count: 2000)
        do { _ = try Program.parse(python: lines); Issue.record("accepted") } catch { #expect(error.code == .tooLarge) }

        func nested(_ depth: Int) -> String {
            (0..<depth).map { String(repeating: "    ", count: $0) + "while True:\n" }.joined()
                + String(repeating: "    ", count: depth) + "my_van.wait()\n"
        }
        _ = try Program.parse(python: Self.header + nested(32))
        #expect(throws: ProgramError.self) { try Program.parse(python: Self.header + nested(33)) }
        let brackets = "x = " + String(repeating: "(", count: 40) + "1" + String(repeating: ")", count: 40) + "\n"
        #expect(throws: ProgramError.self) { try Program.parse(python: brackets) }
        let sum = "x = " + Array(repeating: "1", count: 2000).joined(separator: " + ") + "\n"
        #expect(throws: ProgramError.self) { try Program.parse(python: sum) }
        let nots = "if " + String(repeating: "not ", count: 40) + "True:\n    pass\n"
        #expect(throws: ProgramError.self) { try Program.parse(python: nots) }
    }

    // MARK: the Python view

    @Test func theViewReadsLikeRapidRoutersPython() throws {
        let program = try Program.parse(json: ProgramJSONTests.example)
        #expect(program.pythonView == """
        from van import Van
        my_van = Van()

        def zigzag():
            my_van.turn_right()

        my_van.move_forwards()
        for count in range(3):
            my_van.turn_left()
        while my_van.is_road_forward():
            my_van.move_forwards()
        if my_van.at_traffic_light('RED'):
            my_van.wait()
        elif not my_van.at_dead_end():
            zigzag()
        else:
            my_van.deliver()
        n = 3
        n += n * 2

        """)
    }

    @Test func theViewReadsBackAsTheSameTree() throws {
        let sources = [
            Self.header + """
            def walk():
                global steps
                steps += 1
                my_van.move_forwards()

            count = 0
            steps = 0
            for count2 in range(count):
                my_van.wait()
            a = 2 - (3 - count) * (4 // 2) % 5
            b = (2 ** 3) ** 2 + 2 ** 3 ** 2 + (-2) ** 2 - -3 - (0 - a)
            x, y = my_van.get_current_coordinate()
            if (True or False) and not (steps >= 3 or x != y) or my_van.get_previous_coordinate()[1] <= -1:
                walk()
            else:
                pass
            while not (my_van.at_green_traffic_light() and my_van.is_animal_crossing()):
                for i in range(1, a + 1):
                    b += i
            """,
        ]
        var programs = try sources.map { try Program.parse(python: $0) }
        programs.append(try Program.parse(json: ProgramJSONTests.example))
        for program in programs {
            let view = program.pythonView
            let back = try Program.parse(python: view)
            #expect(back.erasingIDs() == program.erasingIDs(), "\(view)")
            #expect(back.pythonView == view)
        }
    }

    @Test func untilComesBackAsWhileNotAndNamesBecomeIdentifiers() throws {
        let json = """
        {"blocks": [{"type": "controls_repeat_until", "condition": {"type": "at_destination"}, "do": [{"type": "call_proc", "name": "go round"}]}],
         "procedures": [{"name": "go round", "do": [{"type": "variables_numeric_set", "name": "2nd", "value": 1}]}]}
        """
        let view = try Program.parse(json: json).pythonView
        #expect(view.contains("def go_round():\n    global _2nd\n    _2nd = 1\n"))
        #expect(view.contains("while not my_van.at_destination():\n    go_round()\n"))
        guard case .repeatWhile(let test, let until, _, _)? = try Program.parse(python: view).main.first else {
            Issue.record("no loop")
            return
        }
        #expect(!until)
        #expect(test.mappingIDs { _ in BlockID("") } == .not(.atDestination(id: BlockID("")), id: BlockID("")))
    }

    // MARK: generated programs

    /// Random programs from a small grammar: each must read, survive view → read and JSON → read
    /// unchanged, and run without trapping.
    @Test func generatedProgramsRoundTripAndRun() throws {
        var random = TinyRandom(seed: 7)
        for _ in 0..<300 {
            var generator = ProgramSoup(random: random)
            let source = generator.program()
            random = generator.random
            let program = try Program.parse(python: source)
            let view = program.pythonView
            let back = try Program.parse(python: view)
            #expect(back.erasingIDs() == program.erasingIDs(), "\(source)\n---\n\(view)")
            #expect(try Program.parse(json: program.jsonData()) == program)
            _ = try RouterGame.run(program, on: ProgramTestLevels.straight())
        }
    }
}

struct TinyRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func below(_ n: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(n))
    }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

struct ProgramSoup {
    var random: TinyRandom
    private var lines: [String] = []

    init(random: TinyRandom) { self.random = random }

    mutating func program() -> String {
        lines = ["from van import Van", "v = Van()", "x = 1", "a = 2", "i = 0"]
        let hasProcedure = random.below(2) == 0
        if hasProcedure {
            lines.append("def hop():")
            block(1, hasProcedure: false)
        }
        block(0, hasProcedure: hasProcedure)
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func block(_ indent: Int, hasProcedure: Bool) {
        for _ in 0..<(1 + random.below(3)) { statement(indent, hasProcedure: hasProcedure) }
    }

    private mutating func statement(_ indent: Int, hasProcedure: Bool) {
        let pad = String(repeating: "    ", count: indent)
        let choice = random.below(indent >= 3 ? 4 : 9)
        switch choice {
        case 0: lines.append(pad + "v." + random.pick(["move_forwards", "turn_left", "turn_right", "wait", "deliver", "sound_horn"]) + "()")
        case 1: lines.append(pad + random.pick(["x", "a", "i"]) + " " + random.pick(["=", "+=", "-=", "*=", "//=", "%="]) + " " + expression(2))
        case 2: lines.append(pad + (hasProcedure ? "hop()" : "pass"))
        case 3: lines.append(pad + random.pick(["x, a = v.get_current_coordinate()", "a, x = v.get_previous_coordinate()", "pass"]))
        case 4, 5:
            lines.append(pad + "if " + condition(2) + ":")
            block(indent + 1, hasProcedure: hasProcedure)
            if random.below(2) == 0 { lines.append(pad + "elif " + condition(2) + ":"); block(indent + 1, hasProcedure: hasProcedure) }
            if random.below(2) == 0 { lines.append(pad + "else:"); block(indent + 1, hasProcedure: hasProcedure) }
        case 6:
            lines.append(pad + "while " + condition(2) + ":")
            block(indent + 1, hasProcedure: hasProcedure)
        default:
            let range = random.below(2) == 0 ? expression(1) : expression(1) + ", " + expression(1)
            lines.append(pad + "for " + random.pick(["i", "count", "j"]) + " in range(" + range + "):")
            block(indent + 1, hasProcedure: hasProcedure)
        }
    }

    private mutating func expression(_ depth: Int) -> String {
        if depth == 0 || random.below(3) == 0 {
            return random.pick(["x", "a", "i", "0", "3", "-2", "v.get_current_coordinate()[0]", "v.get_previous_coordinate()[1]"])
        }
        let left = expression(depth - 1), right = expression(depth - 1)
        switch random.below(4) {
        case 0: return "(" + left + " " + random.pick(["+", "-", "*", "//", "%", "/"]) + " " + right + ")"
        case 1: return "-" + left
        default: return left + " " + random.pick(["+", "-", "*", "//", "%", "**"]) + " " + right
        }
    }

    private mutating func condition(_ depth: Int) -> String {
        if depth == 0 || random.below(3) == 0 {
            return random.pick(["v.at_destination()", "v.is_road('LEFT')", "v.is_road_forward()", "v.at_dead_end()",
                                "v.at_traffic_light('GREEN')", "v.at_red_traffic_light()", "v.is_animal_crossing()", "True",
                                expression(1) + " " + random.pick(["==", "!=", "<", "<=", ">", ">="]) + " " + expression(1)])
        }
        switch random.below(4) {
        case 0: return "not " + condition(depth - 1)
        case 1: return "(" + condition(depth - 1) + ")"
        default: return condition(depth - 1) + " " + random.pick(["and", "or"]) + " " + condition(depth - 1)
        }
    }
}
