import Foundation
import Testing
@testable import RouterKit

/// The engine's problems with programs, levels, imports and class locks are catalogue words
/// (`program.blocks.*`, `program.xml.*`, `program.size.*`, `program.level.*`, `program.import.*`,
/// `program.locks.*`): their English is what it was when it was written in Swift, every key is in
/// the English catalogue, and another language (the pseudo-language, made from the catalogue) says
/// them in its own words rather than in English.
@Suite struct ProblemWordsTests {
    /// `en-XA` wraps every catalogue message in ⟦ ⟧: text said through the catalogue shows them.
    static var pseudo: TextLanguage? { TextLanguage(code: "en-XA") }

    static func programError(_ read: () throws -> Program) -> ProgramError? {
        do {
            _ = try read()
            return nil
        } catch let error as ProgramError {
            return error
        } catch {
            return nil
        }
    }

    /// Words whose English is `english`, with every key in the English catalogue, said by the
    /// pseudo-language through the catalogue.
    static func check(_ words: Words, _ english: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(words.english == english, sourceLocation: sourceLocation)
        #expect(words.untranslated(in: .english) == [], sourceLocation: sourceLocation)
        let pseudo = try #require(Self.pseudo, sourceLocation: sourceLocation)
        #expect(words.text(in: pseudo).hasPrefix("⟦"), "\(words.text(in: pseudo))", sourceLocation: sourceLocation)
    }

    @Test func blockJSONProblems() throws {
        let samples: [(String, String)] = [
            (#"{"blocks": [{"type": "fly"}]}"#, "blocks[0]: unknown block type 'fly'"),
            (#"{"blocks": [{"type": "at_destination"}]}"#, "blocks[0]: 'at_destination' is a condition; an action or control block is needed here"),
            (#"{"blocks": [{"type": "wait", "colour": 1}]}"#, "blocks[0]: unknown key 'colour' for wait (it has id, type)"),
            (#"{"blocks": [{"type": "controls_repeat", "times": 1001}]}"#, "blocks[0].times: 1001 is out of range (0…1000)"),
            (#"{"blocks": [{"type": "controls_repeat", "times": 2.5}]}"#, "blocks[0].times: 2.5 is not a whole number in range"),
            (#"{"blocks": [{"type": "call_proc", "name": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}]}"#, "blocks[0].name: names are at most 40 characters"),
            (#"{"blocks": 3}"#, "blocks: should be a list of blocks, not a number"),
            (#"{"blocks": [{"type": "road_exists"}]}"#, "blocks[0]: 'road_exists' is a condition; an action or control block is needed here"),
            (#"{"blocks": [{"type": "controls_if", "branches": [{"condition": {"type": "road_exists", "direction": "UP"}}]}]}"#,
             #"blocks[0].branches[0].condition.direction: should be one of "FORWARD", "LEFT", "RIGHT""#),
            (#"{"blocks": [{"type": "variables_numeric_set", "name": "n", "value": {"type": "wait"}}]}"#,
             "blocks[0].value: 'wait' is a step of the program; a number block is needed here"),
            (#"{"blocks": [{"type": "variables_numeric_set", "name": "n", "value": {"type": "math_arithmetic", "op": "ADD", "a": 1}}]}"#,
             #"blocks[0].value.a: a number here is a math_number block: {"type": "math_number", "value": …}"#),
            (#"{"blocks": [{"type": "start"}]}"#, #"blocks[0]: 'start' can't go here (procedures go in "procedures")"#),
            (#"{}"#, #"program: needs "blocks" (a list, maybe empty)"#),
            ("[1", "The program is not valid JSON."),
        ]
        for (json, english) in samples {
            let error = try #require(Self.programError { try Program.parse(json: json) }, "\(json)")
            let words = try #require(error.words, "\(json) has no words")
            #expect(error.message == english)
            try Self.check(words, english)
        }
        let tooBig = try #require(Self.programError { try Program.parse(json: String(repeating: " ", count: 300 * 1024) + "{}") })
        try Self.check(try #require(tooBig.words), "The program is too large (more than 256 KB of JSON).")
    }

    @Test func blocklyXMLProblems() throws {
        let samples: [(String, String)] = [
            (#"<xml><block type="start"/><block type="start"/></xml>"#, "The program has 2 start blocks; it needs exactly one."),
            ("<xml></xml>", "The program has no start block."),
            ("<nope/>", "A Blockly program is an <xml> element holding <block> elements."),
            (#"<xml><block type="start" id="s"><next><block type="fly" id="f"/></next></block></xml>"#,
             "Block fly (id 'f') is not a block this game knows."),
            (#"<xml><block type="start"><next><block type="controls_repeat" id="r"><field name="TIMES">x</field></block></next></block></xml>"#,
             "Block controls_repeat (id 'r') has TIMES 'x'; it should be a whole number from 0 to 1000."),
            (#"<!DOCTYPE x><xml/>"#, "The program may not contain <!DOCTYPE> or <!ENTITY> declarations."),
        ]
        for (xml, english) in samples {
            let error = try #require(Self.programError { try Program.parse(blocklyXML: xml) }, "\(xml)")
            #expect(error.message == english)
            try Self.check(try #require(error.words, "\(xml) has no words"), english)
        }
    }

    @Test func levelValidationProblems() throws {
        let at = Coordinate(x: 1, y: 3), other = Coordinate(x: 2, y: 3)
        let samples: [(LevelError, String)] = [
            (.tooMany(.roadTiles, count: 81, limit: 80), "The level has 81 road tiles; at most 80 are allowed."),
            (.tooMany(.toolbox, count: 31, limit: 30), "The level has 31 toolbox blocks; at most 30 are allowed."),
            (.oneWayConnection(tile: 1, at: at, to: 2, toAt: other),
             "Road tile 1 at (1, 3) connects to tile 2 at (2, 3), but tile 2 does not connect back."),
            (.tooManyConnections(tile: 0, at: at, count: 5), "Road tile 0 at (1, 3) lists 5 connections; a tile has at most 4 neighbours."),
            (.badLightTiming(light: 0, at: at, field: "startTime", value: -1), "Traffic light 0 at (1, 3) has startTime -1; use 0…999."),
            (.badLightTiming(light: 2, at: at, field: "redDuration", value: 0), "Traffic light 2 at (1, 3) has redDuration 0; use 1…999."),
            (.badCowCount(group: 1, min: 3, max: 2), "Cow group 1 has minCows 3 and maxCows 2; use 0 ≤ minCows ≤ maxCows ≤ 80."),
            (.badToolboxLimit(.moveForwards, 0), "The toolbox limits move_forwards to 0 uses; use 1…999, or no limit."),
            (.badModelSolution(0), "A model solution has 0 blocks; use 1…999."),
            (.noRoadFromOrigin(origin: at, heading: .east),
             "The van starts at (1, 3) facing E, but there is no road from there in that direction."),
            (.decorOffGrid(name: "tree", at: Coordinate(x: 12, y: 0)), #"The decoration "tree" at (12, 0) is off the grid."#),
            (.noRoad, "The level has no road: add at least the start tile and one more."),
        ]
        for (error, english) in samples {
            #expect(error.description == english)
            try Self.check(error.words, english)
        }
    }

    /// Every case, every part: no key is missing from the English catalogue.
    @Test func everyLevelErrorIsInTheCatalogue() {
        let at = Coordinate(x: 0, y: 0)
        let parts: [LevelPart] = [.roadTiles, .destinations, .trafficLights, .cowSquares, .decor, .toolbox, .modelSolutions]
        let all: [LevelError] = parts.map { .tooMany($0, count: 99, limit: 1) } + [
            .noRoad, .tileOffGrid(tile: 0, at: at), .duplicateTile(tile: 1, at: at, sameAs: 0),
            .tooManyConnections(tile: 0, at: at, count: 5), .unknownConnection(tile: 0, at: at, to: 9),
            .connectionToItself(tile: 0, at: at), .repeatedConnection(tile: 0, at: at, to: 1),
            .notNeighbours(tile: 0, at: at, to: 1, toAt: at), .oneWayConnection(tile: 0, at: at, to: 1, toAt: at),
            .noRoadFromOrigin(origin: at, heading: .north), .noDestination, .destinationOffRoad(at),
            .duplicateDestination(at), .unreachableDestination(at), .lightOffRoad(light: 0, at: at),
            .lightNotOnRoad(light: 0, at: at, heading: .south), .duplicateLight(light: 0, at: at, heading: .west),
            .badLightTiming(light: 0, at: at, field: "startTime", value: -1),
            .badLightTiming(light: 0, at: at, field: "greenDuration", value: 0), .emptyCowGroup(group: 0),
            .badCowCount(group: 0, min: 2, max: 1), .cowOffRoad(group: 0, at: at), .badFuel(0), .emptyToolbox,
            .duplicateToolboxBlock(.wait), .badToolboxLimit(.wait, 0), .badRouteMax(5), .badAlgorithmMax(5),
            .badModelSolution(0), .decorOffGrid(name: "x", at: at),
        ]
        for error in all {
            #expect(error.words.untranslated(in: .english) == [], "\(error.code)")
            #expect(!error.description.contains("{"), "\(error.code): \(error.description)")
        }
    }

    @Test func importProblems() throws {
        try Self.check(LevelImport.ImportError.unrecognised.words,
                       "the file is neither a Rapid Router fixture (a list of {model, pk, fields}) nor a level-editor save")
        try Self.check(LevelImport.ImportError.tooLarge(limit: LevelImport.maxBytes).words, "the file is larger than 8 MB")
        #expect(LevelImport.ImportError.tooLarge(limit: LevelImport.maxBytes).description == "the file is larger than 8 MB")

        let save = #"{"name": "Mine", "path": "[]", "origin": "{}", "destinations": "[]"}"#
        let result = try LevelImport.parse(Data(save.utf8))
        let problem = try #require(result.problems.first)
        #expect(problem.description == "Mine: path: missing or not a list of road tiles")
        try Self.check(problem.words, "missing or not a list of road tiles")
        let pseudo = try #require(Self.pseudo)
        #expect(problem.message(in: pseudo).hasPrefix("⟦"))
        // The answer's shape is unchanged: {level, field, message}, the message in English.
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(problem)) as? [String: String]
        #expect(encoded == ["level": "Mine", "field": "path", "message": "missing or not a list of road tiles"])
        let decoded = try JSONDecoder().decode(LevelImport.Problem.self, from: JSONEncoder().encode(problem))
        #expect(decoded.description == problem.description)
    }

    @Test func classLockProblems() throws {
        guard case .failure(let episode) = ClassLocks.make(id: "c", episodes: [99], levels: []) else {
            Issue.record("episode 99 was accepted")
            return
        }
        let last = LevelCatalog.episodes.map(\.number).max() ?? 0
        try Self.check(episode.words, "There is no episode 99; episodes go from 1 to \(last).")
        #expect(episode.message == episode.words.english)
        guard case .failure(let level) = ClassLocks.make(id: "c", episodes: [], levels: ["custom-abc"]) else {
            Issue.record("a custom level was accepted")
            return
        }
        try Self.check(level.words, "There is no level 'custom-abc' among ours; only our levels can be locked.")
    }
}
