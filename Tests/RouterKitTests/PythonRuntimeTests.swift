import Foundation
import Testing
@testable import RouterKit
@testable import RouterPython

/// Real Python for children (`PythonRuntime`): one test per thing a child uses, the bounds, the
/// refusals, and the runtime agreeing with the block interpreter wherever both can run a program.
@Suite struct PythonRuntimeTests {
    static let header = "from van import Van\nmy_van = Van()\n"
    typealias Levels = ProgramTestLevels

    /// A Python-only level: a straight road of `length` squares.
    static func pythonLevel(_ length: Int = 5) -> Level {
        Levels.road((0..<length).map { ($0, 3) }, toolbox: [ToolboxEntry(.moveForwards)], python: true)
    }

    func run(_ body: String, on level: Level = pythonLevel()) throws -> RunResult {
        try RouterGame.run(try PythonProgram.parse(Self.header + body), on: level)
    }

    func output(_ body: String) throws -> [String] {
        let result = try run(body)
        #expect(result.outcome.failure != .compileError, "\(result.outcome.message)")
        return result.output
    }

    // MARK: what a child writes

    @Test func printWritesLinesToTheOutput() throws {
        #expect(try output("print('Hello')\nprint('a', 1, True, None)\nprint()\nprint('two\\nlines')\n")
                == ["Hello", "a 1 True None", "", "two", "lines"])
        #expect(try run("my_van.move_forwards()\n").output == [])
        #expect(try RouterGame.run(try Program.parse(json: #"{"blocks": []}"#), on: Levels.straight()).output == [])
    }

    @Test func variablesArithmeticAndText() throws {
        #expect(try output("""
        n = 7
        print(n // 2, n % 3, -n // 2, 2 ** 10, n / 2, n - 10)
        name = 'van'
        print('my ' + name + ' ' + str(n) + '!', len(name), int('42') + 1, str(True))
        n += 1
        n *= 2
        print(n, abs(-3), min(4, 2, 9), max([1, 5, 3]), sum([1, 2, 3]))
        """) == ["3 1 -4 1024 3 -3", "my van 7! 3 43 True", "16 3 2 5 6"])
    }

    @Test func lists() throws {
        #expect(try output("""
        stops = [3, 1, 4]
        stops.append(1)
        print(stops, len(stops), stops[0], stops[-1], stops[1:3])
        stops[0] = 9
        total = 0
        for s in stops:
            total += s
        print(total, 4 in stops, 7 not in stops, stops.pop(), stops)
        empty = []
        also = empty
        also.append('x')
        print(empty, ['a', "it's"] + [[1]], [0] * 3, list(range(3)))
        """) == ["[3, 1, 4, 1] 4 3 1 [1, 4]", "15 True True 1 [9, 1, 4]", "['x'] ['a', \"it's\", [1]] [0, 0, 0] [0, 1, 2]"])
    }

    @Test func rangesLoopsBreakAndContinue() throws {
        #expect(try output("""
        for i in range(3):
            print(i)
        for i in range(10, 4, -3):
            print(i)
        n = 0
        while True:
            n += 1
            if n % 2 == 0:
                continue
            if n > 5:
                break
            print('odd', n)
        for letter in 'ab':
            print(letter)
        """) == ["0", "1", "2", "10", "7", "odd 1", "odd 3", "odd 5", "a", "b"])
    }

    @Test func functionsWithParametersReturnAndScope() throws {
        #expect(try output("""
        count = 0
        def double(x):
            y = x * 2
            return y
        def bump(by):
            global count
            count += by
        def nothing():
            pass
        def area(w, h):
            return w * h
        bump(double(3))
        bump(area(2, 5))
        print(count, nothing(), double(area(1, 2)))
        """) == ["16 None 4"])
        // A variable changed inside a function is the function's own, as in Python.
        let result = try run("count = 0\ndef bump():\n    count += 1\nbump()\n")
        #expect(result.outcome.failure == .compileError)
        #expect(result.outcome.message.hasPrefix("Line 5: `count` has no value yet inside `bump`"))
        #expect(result.outcome.message.contains("add `global count`"))
        #expect(result.outcome.failingBlock == .line(5))
        let wrongCount = try run("def go(a, b):\n    pass\ngo(1)\n")
        #expect(wrongCount.outcome.message == "Line 5: `go` takes 2 values (`a`, `b`), but it was given 1.")
    }

    @Test func logicComparisonsAndIn() throws {
        #expect(try output("""
        a = 3
        print(1 < a <= 3, 1 < a < 2, a == 3 and a != 4, not a, a or 9, 0 or 9, 'an' in 'van', 'x' in ['x'])
        if a > 5:
            print('big')
        elif a > 2:
            print('middle')
        else:
            print('small')
        """) == ["True False True False 3 9 True True", "middle"])
    }

    @Test func theVanDrivesWithTheSameEventsAsBlocks() throws {
        let body = "def go(n):\n    for i in range(n):\n        my_van.move_forwards()\nsteps = [1, 2]\nfor s in steps:\n    go(s)\n"
        let result = try run(body, on: Levels.straight())
        let blocks = try RouterGame.run(try Program.parse(python: Self.header + "for i in range(3):\n    my_van.move_forwards()\n"),
                                        on: Levels.straight())
        #expect(result.outcome.success)
        #expect(result.events.map(\.kind) == blocks.events.map(\.kind))
        #expect(result.events.first?.block == .line(5))
        let x = try output("x, y = my_van.get_current_coordinate()\nprint(x, y, my_van.get_previous_coordinate(), my_van.is_road('FORWARD'))\n")
        #expect(x == ["1 3 (0, 3) True"])
    }

    // MARK: bounds

    @Test func theStepCapEndsEndlessLoops() throws {
        // A loop with nothing inside but `pass` is refused before the van starts, in Python's words.
        let empty = try run("while True:\n    pass\n")
        #expect(empty.outcome.failure == .compileError && empty.outcome.failingBlock == .line(3))
        #expect(empty.outcome.message == "Oh dear! Line 3: the `while` loop has nothing inside but `pass`, so the van would never move. \(Interpreter.fillLoop)")
        #expect(try output("def later():\n    pass\nif True:\n    pass\nlater()\n") == [])
        for body in ["while True:\n    n = 1\n", "while True:\n    x = 1\n", "def f():\n    f()\nwhile True:\n    f()\n", "while True:\n    print('hi')\n"] {
            let result = try run(body)
            #expect(result.outcome.failure == .queryInfiniteLoop, "\(body)")
        }
        let result = try run("n = 0\nwhile True:\n    n += 1\n")
        #expect(result.outcome.message == "Your program ran more than 10000 steps without finishing. Check your `while` loops: does each one stop?")
        #expect(result.output.count <= PythonLimits.maxOutputLines)
    }

    @Test func recursionIsCapped() throws {
        let result = try run("def down(n):\n    return down(n + 1)\ndown(0)\n")
        #expect(result.outcome.failure == .queryInfiniteLoop)
        #expect(result.outcome.message == "Line 4: your functions call each other (or themselves) more than 50 deep. Check that each one stops calling.")
        // Deep nesting inside deep recursion stops with a message too (the runtime's own stack is bounded).
        let ifs = (0..<30).map { String(repeating: "    ", count: $0 + 1) + "if True:\n" }.joined()
        let deep = "def f(n):\n" + ifs + String(repeating: "    ", count: 31) + "if n < 49:\n"
            + String(repeating: "    ", count: 32) + "x = " + String(repeating: "0 + ", count: 20) + "f(n + 1)\nf(0)\n"
        #expect(try run(deep).outcome.message.hasSuffix("your program goes too deep: functions call functions inside loops, ifs and long expressions. Make it flatter, or call less deep."))
        // Recursion that stops is fine.
        #expect(try output("def fact(n):\n    if n <= 1:\n        return 1\n    return n * fact(n - 1)\nprint(fact(20))\n") == ["2432902008176640000"])
    }

    @Test func numbersNeverTrap() throws {
        let big = try run("n = 2 ** 62\nn = n * 4\n")
        #expect(big.outcome.failure == .compileError)
        #expect(big.outcome.message == "Line 4: A number in your program got too big to work with.")
        #expect(try run("print(1 // 0)\n").outcome.message == "Line 3: Your program tried to divide by zero, which can't be done.")
        #expect(try output("m = -(2 ** 62) * 2\nprint(m + 5 in range(5, m, -1), 3 in range(1, 10, 2), 4 in range(1, 10, 2))\n") == ["True True False"])
        #expect(try run("n = 2 ** 63\n").outcome.message == "Line 3: A number in your program got too big to work with.")
        #expect(try run("n = -(2 ** 62) * 2\nm = -n\n").outcome.message == "Line 4: A number in your program got too big to work with.")
    }

    @Test func memoryIsBounded() throws {
        let long = try run("a = [0] * 9999\na.append(1)\na.append(2)\n")
        #expect(long.outcome.message == "Line 5: a list can hold at most 10000 items in this game.")
        #expect(try run("a = [0] * 20000\n").outcome.message == "Line 3: a list can hold at most 10000 items in this game.")
        #expect(try run("s = 'ab' * 6000\n").outcome.message == "Line 3: text can be at most 10000 characters long in this game.")
        let many = try run("a = [0] * 9000\nfor i in range(30):\n    b = a + []\n")
        #expect(many.outcome.message.contains("more than 200000 list items in all"))
        let text = try run("s = 'x' * 9000\nfor i in range(300):\n    t = s + 'y'\n")
        #expect(text.outcome.message.contains("characters of text in all"))
        // Each step reading long text or lists costs work too, so 10,000 of them stay quick.
        let busy = try run("s = 'ab' * 4999\na = [0] * 9999\nwhile True:\n    c = s[9000]\n    b = 5 in a\n")
        #expect(busy.outcome.message.hasSuffix("your program did too much work with long lists or text; use shorter ones, or fewer of them."))
        // A list inside itself prints and compares without end, as Python's `[[...]]`.
        #expect(try output("a = [1]\na.append(a)\nb = [1]\nb.append(b)\nprint(a == a, a == b, len(str(a)) < 200)\n") == ["True False True"])
        let huge = try output("a = [0] * 2000\nb = [a] * 100\nprint(b)\n")
        #expect(huge.count == 1 && huge[0].hasPrefix("[[0, 0") && huge[0].hasSuffix("…"))
        #expect(try run("a = [0] * 2000\nb = [a] * 100\ns = str(b)\n").outcome.message == "Line 5: text can be at most 10000 characters long in this game.")
        #expect(try run("a = [1]\nprint(a[3])\n").outcome.message == "Line 4: `a` has 1 item, so positions go from 0 to 0 (or -1 to -1 from the end); 3 is outside.")
    }

    @Test func outputIsBounded() throws {
        let result = try run("for i in range(500):\n    print(i)\nprint('x' * 300)\n")
        #expect(result.output.count == 200)
        #expect(result.output[198] == "198")
        #expect(result.output[199] == "… and 302 more lines not shown: only the first 199 lines are kept.")
        let wide = try run("print('x' * 300)\n").output
        #expect(wide.count == 1 && wide[0].count == 200 && wide[0].hasSuffix("…"))
    }

    // MARK: refusals

    @Test(arguments: [
        ("class Truck:\n    pass\n", "Line 3: `class` isn't part of the Python used in this game; use functions (`def`) and lists instead."),
        ("f = lambda x: x\n", "Line 3: `lambda` isn't part of the Python used in this game; define a function with `def` instead."),
        ("try:\n    pass\nexcept:\n    pass\n", "Line 3: `try` isn't part of the Python used in this game; check with `if` before doing something that could go wrong."),
        ("import os\n", "Line 3: only `from van import Van` can be imported."),
        ("d = {'a': 1}\n", "Line 3: dictionaries and sets (`{…}`) aren't part of the Python used in this game; use a list `[…]` instead."),
        ("x = 1.5\n", "Line 3: only whole numbers can be used here (no decimal point)."),
        ("a = [1, 2]\nb = a[::2]\n", "Line 4: slices with a step (`[a:b:step]`) aren't part of the Python used in this game; use a `for` loop over `range(a, b, step)`."),
        ("print(f'hi')\n", "Line 3: `f` before quotes isn't part of the Python used in this game; join text with `+` and `str()`, as in `'I have ' + str(n)`."),
        ("print('a', end='')\n", "Line 3: named arguments (`end=…`) aren't part of the Python used in this game; give the values in order."),
        ("x = float(3)\n", "Line 3: `float` isn't part of the Python used in this game; only whole numbers are used here: `//` divides into whole numbers."),
        ("n = input()\n", "Line 3: `input` isn't part of the Python used in this game; give the value in the program instead, as in `n = 3`."),
        ("if x is None:\n    pass\n", "Line 3: `is` isn't part of the Python used in this game; compare with `==` instead."),
        ("a = [i for i in range(3)]\n", "Line 3: list comprehensions (`[… for …]`) aren't part of the Python used in this game; start with `[]` and `append` in a `for` loop."),
        ("break\n", "Line 3: `break` can only be used inside a `while` or `for` loop."),
        ("return 3\n", "Line 3: `return` can only be used inside a function (`def`)."),
        ("my_van.fly()\n", "Line 3: `my_van.fly()` — the van has no `fly`."),
        ("my_van.move_forward()\n", "Line 3: `my_van.move_forward()` — the van has no `move_forward`; did you mean `move_forwards`?"),
        ("def zigzag(n):\n    pass\nzigzga(2)\n", "Line 5: there is no function called `zigzga`; did you mean `zigzag`?"),
        ("print(totl)\ntotal = 1\n", "Line 3: `totl` has no value; did you mean `total`?"),
        ("move_forwards()\n", "Line 3: `move_forwards()` is something the van does: write `my_van.move_forwards()`."),
        ("if True:\n    def inner():\n        pass\n", "Line 4: define functions at the top level, not indented inside other code."),
    ])
    func refusedFeaturesSayTheLineAndWhatToUse(body: String, message: String) {
        PythonTests.expectRefusal(body, says: message, by: PythonProgram.parse)
    }

    // MARK: levels and scores

    /// The program the Playwright test types on a Python Den level: `def` with a parameter, a
    /// list and `print`.
    static let denProgram = """
    from van import Van
    my_van = Van()

    def drive(squares):
        for i in range(squares):
            my_van.move_forwards()

    legs = [2, 1]
    for leg in legs:
        print('Leg ' + str(leg))
        drive(leg)
    print('Delivered!')
    """

    @Test func aPythonOnlyLevelScoresFullMarksWithoutAnAlgorithmScore() throws {
        let level = Self.pythonLevel()
        let result = try RouterGame.run(try PythonProgram.parse(Self.denProgram), on: level)
        #expect(result.outcome.success, "\(result.outcome.message)")
        #expect(result.output == ["Leg 2", "Leg 1", "Delivered!"])
        #expect(result.score.algorithmMax == 0 && result.score.max == level.scoring.routeMax)
        #expect(result.score.total == result.score.max && result.score.max == level.fullScore)
        #expect(result.score.message == Scoring.acedMessage)
    }

    @Test func pythonBeyondBlocksOnABlocksLevelSaysWhyThereIsNoAlgorithmScore() throws {
        var level = Levels.straight()
        level.pythonEnabled = true
        let result = try RouterGame.run(try PythonProgram.parse(Self.denProgram), on: level)
        #expect(result.outcome.success)
        #expect(result.score.algorithm == 0 && result.score.max == level.fullScore && level.fullScore == 20)
        #expect(result.score.message == "Blocks can't say everything this Python does (see line 4), so it gets no algorithm score: that score counts blocks.")
        // Python that blocks can say is counted and checked against the toolbox as before.
        let plain = try RouterGame.run(try PythonProgram.parse(Self.header + "for i in range(4):\n    my_van.move_forwards()\n"), on: level)
        #expect(plain.blockCount == 2 && plain.score.message != Scoring.noBlockCountMessage)
        #expect(throws: ProgramError.self) {
            try RouterGame.run(try PythonProgram.parse(Self.header + "my_van.move_forwards()\n"),
                               on: Levels.straight(toolbox: [ToolboxEntry(.turnLeft)]))
        }
    }

    /// The episode's own Python solutions run the same in the runtime as through the block tree.
    @Test(arguments: ["51", "52", "53", "54", "55", "56"])
    func ourPythonSolutionsRunTheSameInTheRuntime(id: String) throws {
        let level = try #require(LevelCatalog.level(id: id))
        let source = try #require(try LevelSolutionTests.python(for: id))
        let runtime = try RouterGame.run(try PythonProgram.parse(source), on: level)
        let blocks = try RouterGame.run(try Program.parse(python: source), on: level)
        #expect(runtime.events == blocks.events)
        #expect(runtime.outcome == blocks.outcome)
        #expect(runtime.blockCount == blocks.blockCount)
        #expect(runtime.score.total == runtime.score.max)
    }

    /// Random programs in the block subset: wherever the block interpreter runs one to a van's end
    /// (success or a driving failure), the runtime draws the same events. Left out: programs where
    /// the two languages differ by design: a `for` counter also changed by other code (a block
    /// loop re-reads its counter, Python's `range` does not) and procedures that change variables
    /// (global in blocks, the function's own in Python).
    @Test func generatedProgramsAgreeWithTheBlockInterpreter() throws {
        var random = TinyRandom(seed: 11)
        var compared = 0
        for _ in 0..<300 {
            var generator = ProgramSoup(random: random)
            let source = generator.program()
            random = generator.random
            let loopNames = source.split(separator: "\n").compactMap { line -> Substring? in
                let words = line.split(separator: " ")
                return words.first == "for" && words.count > 1 ? words[1] : nil
            }
            if source.contains("def hop") || loopNames.contains("i") || Set(loopNames).count != loopNames.count { continue }
            let level = Levels.corner
            let blocks = try RouterGame.run(try Program.parse(python: source), on: level)
            let runtime = try RouterGame.run(try PythonProgram.parse(source), on: level)
            let skipped: Set<RunFailure?> = [.compileError, .queryInfiniteLoop]
            guard !skipped.contains(blocks.outcome.failure), !skipped.contains(runtime.outcome.failure) else { continue }
            compared += 1
            #expect(runtime.events == blocks.events, "\(source)")
            #expect(runtime.outcome == blocks.outcome, "\(source)")
        }
        #expect(compared > 30)
    }
}
