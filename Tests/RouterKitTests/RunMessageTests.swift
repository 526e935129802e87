import Foundation
import Testing
@testable import RouterKit
@testable import RouterPython

/// The words a run ends with, as a child reads them beside the map: no coordinates, distances
/// counted along the road in the moves the child would add, and Python's words on Python levels.
@Suite struct RunMessageTests {
    static let crashTail = " Follow the road on the map to see which way it goes."
    static let pythonHeader = "from van import Van\nmy_van = Van()\n"

    static func level(_ id: String) throws -> Level {
        try #require(LevelCatalog.level(id: id), "level \(id)")
    }

    /// Runs `actions` on one of our levels and ends the run.
    static func end(_ id: String, _ actions: [VanAction]) throws -> RunOutcome {
        var van = try VanSimulation(level: try level(id))
        for (index, action) in actions.enumerated() where !van.isOver { _ = van.perform(action, block: BlockID("b\(index)")) }
        return van.finish()
    }

    /// Runs `actions` on level `id` (as `end`) and checks the run fails with `failure`, in the words `says`.
    @discardableResult
    static func expectEnd(_ id: String, _ actions: [VanAction], failure: RunFailure, says message: String,
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> RunOutcome {
        let outcome = try end(id, actions)
        #expect(outcome.failure == failure, sourceLocation: sourceLocation)
        #expect(outcome.message == message, sourceLocation: sourceLocation)
        return outcome
    }

    static func python(_ id: String, _ code: String) throws -> RunOutcome {
        try RouterGame.run(try Program.parse(python: pythonHeader + code), on: try level(id)).outcome
    }

    /// "(4, 3)", "(4,3)", "(-1, 0)": what a message must never show.
    static func namesACoordinate(_ text: String) -> Bool {
        text.range(of: #"\(\s*-?\d+\s*,\s*-?\d+\s*\)"#, options: .regularExpression) != nil
    }

    // MARK: Representative sentences on our levels

    @Test func level4StoppingShortSaysHowManySquaresAreLeft() throws {
        let outcome = try Self.expectEnd("4", [.moveForwards, .turnLeft, .moveForwards], failure: .outOfInstructions,
            says: "The van stopped 5 squares before the house. Add more moves to finish the journey.")
        #expect(outcome.position == Coordinate(x: 2, y: 3))  // the machine-readable place stays in its own field
    }

    @Test func level1CrashCountsTheMovesThatWorked() throws {
        try Self.expectEnd("1", [.moveForwards, .moveForwards, .moveForwards], failure: .crash,
            says: "The van drove off the road and crashed after 2 moves: there is no road ahead of it there.\(Self.crashTail)")
    }

    @Test func level30RedLight() throws {
        try Self.expectEnd("30", Array(repeating: .moveForwards, count: 5), failure: .throughRedLight,
            says: "The van drove through a red light after 4 moves! Wait until it turns green, then drive on.")
    }

    @Test func level45Cow() throws {
        try Self.expectEnd("45", [.moveForwards, .moveForwards], failure: .collisionWithCow,
            says: "The van ran into a cow after 1 move! Sound the horn to move it off the road.")
    }

    @Test func level47OutOfFuelOnTheLongWayRound() throws {
        // Straight on past the turning, round the corner: the tank (8) is empty two squares on.
        try Self.expectEnd("47", Array(repeating: .moveForwards, count: 7) + [.turnLeft, .moveForwards, .moveForwards], failure: .outOfFuel,
            says: "The van ran out of fuel after 9 moves, 7 squares away from the house. Try to find a shorter route.")
    }

    @Test func fuelSpentWaitingIsNamed() throws {
        try Self.expectEnd("1", Array(repeating: .wait, count: 60), failure: .outOfFuel,
            says: "The van ran out of fuel before it had moved at all. Waiting and sounding the horn use fuel too: only wait when you need to.")
    }

    @Test func level8WrongTurnAtTheJunction() throws {
        let outcome = try Self.end("8", [.moveForwards, .moveForwards, .turnRight, .moveForwards])
        #expect(outcome.message == "The van went the wrong way: it stopped 7 squares away from the house. Find the road that leads to the house.")
    }

    @Test func level11AHousePassedWithoutDelivering() throws {
        try Self.expectEnd("11", [.moveForwards, .moveForwards, .turnLeft, .moveForwards, .moveForwards, .turnRight,
                                  .moveForwards, .moveForwards, .turnLeft, .moveForwards, .deliver], failure: .undeliveredDestinations,
            says: "1 house is still waiting for its parcel. The van drove past it without delivering. Stop at each house and deliver there.")
    }

    @Test func anEmptyProgramSaysTheVanDidNotMove() throws {
        #expect(try Self.end("1", []).message == "The van didn't move! The house is 2 squares away: add moves to drive it there.")
        #expect(try Self.end("12", []).message
            == "All 3 houses are still waiting for their parcels. The nearest one is 4 squares away. Stop at each house and deliver there.")
    }

    @Test func deliveringAwayFromAHouseSaysHowFarItIs() throws {
        let outcome = try Self.end("11", [.moveForwards, .deliver])
        #expect(outcome.message == "The van tried to deliver 4 squares before a house that is still waiting, but there is no house there. Deliver when the van is at a house.")
    }

    @Test func successNamesNoPlace() throws {
        #expect(try Self.end("1", [.moveForwards, .moveForwards]).message == "Delivered! The van stopped at the house.")
    }

    // MARK: Python levels speak Python

    @Test func anEmptyWhileLoopSpeaksPython() throws {
        let outcome = try Self.python("51", "while True:\n    pass\n")
        #expect(outcome.failure == .compileError && outcome.failingBlock == BlockID.line(3))
        #expect(outcome.message == "Oh dear! Line 3: the `while` loop has nothing inside but `pass`, so the van would never move. \(Interpreter.fillLoop)")
        #expect(!outcome.message.contains("block"))
    }

    @Test(arguments: [
        ("for count in range(3):\n    pass\n", "Line 3: the `for` loop has nothing inside but `pass`"),
        ("def hill():\n    pass\n\nhill()\n", "Line 3: `def hill():` has nothing inside but `pass`"),
        ("if my_van.is_road_forward():\n    pass\n", "Line 3: a part of this `if` has nothing inside but `pass`"),
        ("if my_van.is_road_forward():\n    my_van.move_forwards()\nelse:\n    pass\n", "Line 3: the `else` of this `if` has nothing inside but `pass`"),
        ("while True:\n    my_van.wait()\n    my_van.wait()\n", nil),
    ])
    func pythonMistakesNeverTalkAboutBlocks(code: String, words: String?) throws {
        let outcome = try Self.python("56", code)
        if let words { #expect(outcome.message.contains(words), "\(outcome.message)") }
        #expect(!outcome.message.localizedCaseInsensitiveContains("block"), "\(outcome.message)")
    }

    @Test func blockProgramsKeepTheBlocksWording() throws {
        let json = #"{"blocks": [{"type": "controls_repeat_while", "id": "w", "condition": {"type": "road_exists", "direction": "FORWARD"}}]}"#
        let outcome = try RouterGame.run(try Program.parse(json: json), on: try Self.level("21")).outcome
        #expect(outcome.message == "Oh dear! A repeat while loop has nothing inside it. Put some blocks in it, or take it away.")
    }

    // MARK: Every level, every way to fail

    @Test func noRunMessageOnAnyLevelNamesACoordinate() throws {
        let tries: [[VanAction]] = [[], [.deliver], [.turnLeft], [.turnRight], [.turnAround, .moveForwards],
                                    [.moveForwards, .turnLeft], [.moveForwards, .turnRight], [.moveForwards, .deliver, .deliver]]
            + (1...14).map { Array(repeating: .moveForwards, count: $0) }
            + [Array(repeating: .wait, count: 60), [.soundHorn, .moveForwards, .moveForwards, .moveForwards]]
        var seen = Set<RunFailure>()
        for level in LevelCatalog.levels {
            for actions in tries {
                let outcome = try Self.end(level.id, actions)
                if let failure = outcome.failure { seen.insert(failure) }
                #expect(!Self.namesACoordinate(outcome.message), "level \(level.id) \(actions): \(outcome.message)")
            }
        }
        // The sweep met every kind of failure the van itself can have.
        #expect(seen.isSuperset(of: [.crash, .collisionWithCow, .outOfFuel, .throughRedLight, .deliverAtNonDestination,
                                     .outOfInstructions, .undeliveredDestinations]))
        for failure in RunFailure.allCases { #expect(!Self.namesACoordinate(failure.defaultMessage)) }
    }

    // MARK: The levels' own words

    @Test func noLevelTextNamesAGoButton() {
        // The page's run button is "Play" (and "Go on" while stepping); "Go" is not a button.
        for level in LevelCatalog.levels {
            for text in [level.lesson, level.hint] {
                #expect(text.range(of: #"\bGo\b"#, options: .regularExpression) == nil, "level \(level.id): \(text)")
                #expect(text.range(of: #"(?i)\b(press|click|tap)\s+(the\s+)?'?(go|run|start)\b"#, options: .regularExpression) == nil,
                        "level \(level.id): \(text)")
            }
        }
    }

    @Test func level1SaysTheCountItsSolutionDrives() throws {
        let level = try Self.level("1")
        let solution = try LevelSolutionTests.solution(for: level)
        let moves = solution.main.filter { if case .action(.moveForwards, _) = $0 { true } else { false } }.count
        #expect(moves == 2 && level.road.count - 2 == 2)  // two road squares between the depot and the house
        #expect(level.lesson.contains("two road squares between the van and the house"))
        #expect(!level.lesson.contains("one square") || level.lesson.contains("Each 'Move forwards' block under Start drives it one square"))
    }
}
