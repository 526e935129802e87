import Foundation
import Testing
@testable import RouterKit

/// Tiny levels built in code for the program tests.
enum ProgramTestLevels {
    static let everyBlock = BlockType.allCases.filter { $0 != .start }.map { ToolboxEntry($0) }

    /// A road through `squares` in order (each joined to the next), the van at the first facing the
    /// second, the house at the last.
    static func road(_ squares: [(Int, Int)], toolbox: [ToolboxEntry] = everyBlock, python: Bool = false) -> Level {
        let nodes = squares.indices.map { i in
            RoadNode(Coordinate(x: squares[i].0, y: squares[i].1),
                     connections: [i - 1, i + 1].filter { squares.indices.contains($0) })
        }
        let first = nodes[0].coordinate, second = nodes[1].coordinate
        let heading = Heading.allCases.first { first.moved($0) == second } ?? .east
        return Level(id: "test", name: "test", road: nodes, originHeading: heading,
                     destinations: [nodes[nodes.count - 1].coordinate], toolbox: toolbox,
                     scoring: LevelScoring(routeMax: 10, algorithmMax: 10, modelSolutions: [4]),
                     blocklyEnabled: !python, pythonEnabled: python)
    }

    static func straight(_ length: Int = 5, toolbox: [ToolboxEntry] = everyBlock) -> Level {
        road((0..<length).map { ($0, 3) }, toolbox: toolbox)
    }

    /// East along y = 3 to x = 2, then north to (2, 5).
    static let corner = road([(0, 3), (1, 3), (2, 3), (2, 4), (2, 5)])
}

@Suite struct InterpreterTests {
    typealias Levels = ProgramTestLevels

    func run(_ python: String, on level: Level = Levels.straight()) throws -> RunResult {
        try RouterGame.run(try Program.parse(python: python), on: level)
    }

    static let header = "from van import Van\nmy_van = Van()\n"

    @Test func theSameProgramThreeWaysGivesTheSameTreeAndTheSameEvents() throws {
        let python = Self.header + """
        def go():
            my_van.move_forwards()

        go()
        my_van.turn_left()
        while not my_van.at_destination():
            if my_van.is_road_forward():
                my_van.move_forwards()
            else:
                my_van.turn_left()
        """
        let json = """
        {"blocks": [{"type": "call_proc", "name": "go"}, {"type": "turn_left"},
          {"type": "controls_repeat_while", "condition": {"type": "logic_negate", "condition": {"type": "at_destination"}},
           "do": [{"type": "controls_if", "branches": [{"condition": {"type": "road_exists", "direction": "FORWARD"},
                   "do": [{"type": "move_forwards"}]}], "else": [{"type": "turn_left"}]}]}],
         "procedures": [{"name": "go", "do": [{"type": "move_forwards"}]}]}
        """
        let xml = """
        <xml><block type="start"><next><block type="call_proc"><field name="NAME">go</field><next>
          <block type="turn_left"><next><block type="controls_repeat_while">
            <value name="condition"><block type="logic_negate"><value name="BOOL"><block type="at_destination"/></value></block></value>
            <statement name="body"><block type="controls_if"><mutation else="1"/>
              <value name="IF0"><block type="road_exists"><field name="CHOICE">FORWARD</field></block></value>
              <statement name="DO0"><block type="move_forwards"/></statement>
              <statement name="ELSE"><block type="turn_left"/></statement></block></statement>
          </block></next></block></next></block></next></block>
          <block type="declare_proc"><field name="NAME">go</field><statement name="DO"><block type="move_forwards"/></statement></block></xml>
        """
        let programs = [try Program.parse(python: python), try Program.parse(json: json), try Program.parse(blocklyXML: xml)]
        #expect(programs[0].erasingIDs() == programs[1].erasingIDs())
        #expect(programs[1].erasingIDs() == programs[2].erasingIDs())
        let results = try programs.map { try RouterGame.run($0, on: Levels.corner) }
        #expect(results[0].outcome.success)
        for result in results.dropFirst() {
            #expect(result.events.map(\.kind) == results[0].events.map(\.kind))
            #expect(result.events.map(\.time) == results[0].events.map(\.time))
            #expect(result.blockCount == results[0].blockCount)
        }
        // Events name the block (or line) that ran.
        #expect(results[0].events.first?.block == BlockID.line(4))
    }

    @Test func moreThanTenThousandStepsIsAnInfiniteLoop() throws {
        let result = try run(Self.header + "n = 0\nwhile True:\n    n += 1\n")
        #expect(result.outcome.failure == .queryInfiniteLoop)
        #expect(result.outcome.message.contains("Check your `while` loops"))
        #expect(result.events.count == 1)
    }

    @Test func recursionIsBoundedByTheCallDepth() throws {
        let result = try run(Self.header + "def again():\n    again()\n\nagain()\n")
        #expect(result.outcome.failure == .queryInfiniteLoop)
        #expect(result.outcome.message.contains("more than 100 deep"))
        #expect(result.outcome.failingBlock == BlockID.line(4))
    }

    @Test func ifElifElseRunsTheFirstTrueBranch() throws {
        let program = { (n: Int) in Self.header + """
            n = \(n)
            if n == 1:
                my_van.turn_left()
            elif n == 2 or n == 5:
                my_van.move_forwards()
            else:
                my_van.turn_right()
            """ }
        let moved = try run(program(2))
        #expect(moved.outcome.actions == 1 && moved.outcome.failure == .outOfInstructions)
        let crashed = try run(program(3))
        #expect(crashed.outcome.failure == .crash)
        #expect(crashed.outcome.failingBlock == BlockID.line(9))
    }

    @Test func repeatUntilAndWhileDriveToTheHouse() throws {
        let until = #"{"blocks": [{"type": "controls_repeat_until", "condition": {"type": "at_destination"}, "do": [{"type": "move_forwards"}]}]}"#
        let result = try RouterGame.run(try Program.parse(json: until), on: Levels.straight(6))
        #expect(result.outcome.success)
        #expect(result.outcome.actions == 4)
        #expect(result.blockCount == 3)
        let counted = try run(Self.header + "n = 0\nwhile n < 3:\n    my_van.move_forwards()\n    n += 1\n")
        #expect(counted.outcome.success)
        let repeated = try run(Self.header + "for count in range(2):\n    for count in range(3):\n        my_van.wait()\n")
        #expect(repeated.outcome.actions == 6)
    }

    @Test func theFirstFailingActionEndsTheRun() throws {
        let json = #"{"blocks": [{"type": "move_forwards", "id": "a"}, {"type": "turn_left", "id": "bad"}, {"type": "move_forwards", "id": "c"}]}"#
        let result = try RouterGame.run(try Program.parse(json: json), on: Levels.straight())
        #expect(result.outcome.failure == .crash)
        #expect(result.outcome.failingBlock == BlockID("bad"))
        #expect(!result.events.contains { $0.block == BlockID("c") })
        #expect(result.score.total == 0)
    }

    @Test func coordinatesAndArithmetic() throws {
        let program = Self.header + """
        x, y = my_van.get_current_coordinate()
        steps = (5 - x) * 2 // 2 - 1
        for i in range(steps):
            my_van.move_forwards()
        if my_van.get_previous_coordinate()[0] == 3 and y % 2 == 1 and 2 ** 3 == 8:
            pass
            my_van.deliver()
        """
        let result = try run(program)
        #expect(result.outcome.success, "\(result.outcome.message)")
    }

    @Test(arguments: [
        (Self.header + "x = y + 1\ny = 2\n", "The variable 'y' has no value yet. Set it before you use it.", 3),
        (Self.header + "z = 0\nx = 7 // z\n", "Your program tried to divide by zero, which can't be done.", 4),
        (Self.header + "x = 1000000 ** 5\n", "A number in your program got too big to work with.", 3),
        (Self.header + "x = 2 ** -1\n", "A negative power isn't a whole number, so it can't be used here.", 3),
    ])
    func arithmeticProblemsStopTheRunNamingTheLine(python: String, message: String, line: Int) throws {
        let result = try run(python)
        #expect(result.outcome.failure == .compileError)
        #expect(result.outcome.message == message)
        #expect(result.outcome.failingBlock == BlockID.line(line))
    }

    @Test func wholeNumberArithmeticIsPythons() throws {
        let id = BlockID("x")
        #expect(try Machine.apply(.divide, -7, 2, id) == -4)
        #expect(try Machine.apply(.divide, 7, -2, id) == -4)
        #expect(try Machine.apply(.divide, 6, 3, id) == 2)
        #expect(try Machine.apply(.modulo, -7, 2, id) == 1)
        #expect(try Machine.apply(.modulo, 7, -2, id) == -1)
        #expect(try Machine.apply(.power, 2, 10, id) == 1024)
        #expect(try Machine.apply(.power, 0, 0, id) == 1)
        #expect(try Machine.apply(.power, -1, 1_000_001, id) == -1)
        #expect(throws: Machine.Failure.self) { try Machine.apply(.divide, Int.min, -1, id) }
        #expect(throws: Machine.Failure.self) { try Machine.apply(.power, 2, 63, id) }
        #expect(throws: Machine.Failure.self) { try Machine.apply(.add, Int.max, 1, id) }
        #expect(throws: Machine.Failure.self) { try Machine.apply(.modulo, 1, 0, id) }
    }

    @Test(arguments: [
        (#"{"blocks": [{"type": "controls_repeat", "id": "r", "times": 2, "do": []}]}"#, "r", "repeat loop has nothing inside it"),
        (#"{"blocks": [{"type": "controls_repeat_while", "id": "w", "condition": {"type": "dead_end"}}]}"#, "w", "repeat while loop has nothing inside it"),
        (#"{"blocks": [{"type": "controls_repeat_until", "id": "u", "condition": {"type": "dead_end"}}]}"#, "u", "repeat until loop has nothing inside it"),
        (#"{"blocks": [{"type": "controls_if", "id": "i", "branches": [{"condition": {"type": "dead_end"}, "do": []}]}]}"#, "i", "if block has an empty part"),
        (#"{"blocks": [{"type": "controls_if", "id": "i", "branches": [{"condition": {"type": "dead_end"}, "do": [{"type": "wait"}]}], "else": []}]}"#, "i", "else part is empty"),
        (#"{"blocks": [{"type": "controls_repeat_while", "id": "w", "do": [{"type": "wait"}]}]}"#, "w", "missing its condition"),
        (#"{"blocks": [{"type": "controls_if", "id": "i", "branches": [{"condition": {"type": "logic_negate", "id": "n"}, "do": [{"type": "wait"}]}]}]}"#, "n", "missing its condition"),
        (#"{"blocks": [{"type": "controls_if", "id": "i", "branches": [{"condition": {"type": "logic_compare", "id": "c", "op": "LT", "a": {"type": "math_number", "value": 1}}, "do": [{"type": "wait"}]}]}]}"#, "c", "missing a number"),
        (#"{"blocks": [{"type": "variables_numeric_set", "id": "s", "name": "n"}]}"#, "s", "missing a number"),
        (#"{"blocks": [], "procedures": [{"id": "p", "name": "", "do": [{"type": "wait"}]}]}"#, "p", "procedure has no name"),
        (#"{"blocks": [], "procedures": [{"id": "p", "name": "a", "do": [{"type": "wait"}]}, {"id": "q", "name": "a", "do": [{"type": "wait"}]}]}"#, "q", "Two procedures are called 'a'"),
        (#"{"blocks": [], "procedures": [{"id": "p", "name": "a", "do": []}]}"#, "p", "The procedure 'a' has nothing inside it"),
        (#"{"blocks": [{"type": "call_proc", "id": "c", "name": "nowhere"}]}"#, "c", "There is no procedure called 'nowhere'"),
        (#"{"blocks": [{"type": "call_proc", "id": "c", "name": ""}]}"#, "c", "doesn't say which procedure"),
    ])
    func compileErrorsStopBeforeTheVanMoves(json: String, block: String, words: String) throws {
        let result = try RouterGame.run(try Program.parse(json: json), on: Levels.straight())
        #expect(result.outcome.failure == .compileError)
        #expect(result.outcome.message.hasPrefix("Oh dear! "))
        #expect(result.outcome.message.contains(words), "\(result.outcome.message)")
        #expect(result.outcome.failingBlock == BlockID(block))
        #expect(result.events.map(\.kind.type) == ["end"])
    }

    @Test func aPythonCompileErrorSaysTheLine() throws {
        let result = try run(Self.header + "for count in range(3):\n    pass\n")
        #expect(result.outcome.message == "Oh dear! Line 3: the `for` loop has nothing inside but `pass`, so it would repeat nothing. \(Interpreter.fillLoop)")
    }

    @Test func detachedBlocksStopTheRun() throws {
        let xml = #"<xml><block type="start"><next><block type="move_forwards"/></next></block><block type="turn_left"/></xml>"#
        let result = try RouterGame.run(try Program.parse(blocklyXML: xml), on: Levels.straight())
        #expect(result.outcome.failure == .detachedBlocks)
        #expect(result.outcome.message == "Make sure your blocks are connected to the Start block.")
    }

    @Test func theToolboxAndItsLimitsAreEnforcedBeforeRunning() throws {
        let level = Levels.straight(toolbox: [ToolboxEntry(.moveForwards, limit: 2), ToolboxEntry(.controlsRepeat)])
        let three = Program(main: Array(repeating: .action(.moveForwards, id: BlockID("m")), count: 3))
        #expect(throws: ProgramError(.overLimit, "The program uses 3 move_forwards blocks; this level allows 2.")) {
            try RouterGame.run(three, on: level)
        }
        let turn = Program(main: [.action(.turnLeft, id: BlockID("t"))])
        #expect(throws: ProgramError(.notInToolbox, "This level doesn't offer the turn_left block, but the program uses it.")) {
            try RouterGame.run(turn, on: level)
        }
        let looped = try Program.parse(json: #"{"blocks": [{"type": "controls_repeat", "times": 3, "do": [{"type": "move_forwards"}]}]}"#)
        #expect(try RouterGame.run(looped, on: level).outcome.success)
        // A Python-only level does not limit blocks.
        var python = level
        python.blocklyEnabled = false
        python.pythonEnabled = true
        #expect(try RouterGame.run(turn, on: python).outcome.failure == .crash)
    }

    @Test func aSuccessfulRunIsScoredAndEncodes() throws {
        let result = try run(Self.header + "for count in range(3):\n    my_van.move_forwards()\n")
        #expect(result.outcome.success)
        #expect(result.blockCount == 2)
        #expect(result.score.max == 20 && result.score.total > 0)
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(RunResult.self, from: data) == result)
    }
}
