import Foundation
import Testing
@testable import RouterKit

@Suite struct ProgramJSONTests {
    static let example = """
    {"blocks": [
       {"type": "move_forwards", "id": "m1"},
       {"type": "controls_repeat", "times": 3, "do": [{"type": "turn_left"}]},
       {"type": "controls_repeat_while", "condition": {"type": "road_exists", "direction": "FORWARD"},
        "do": [{"type": "move_forwards"}]},
       {"type": "controls_if", "branches": [
          {"condition": {"type": "traffic_light", "colour": "RED"}, "do": [{"type": "wait"}]},
          {"condition": {"type": "logic_negate", "condition": {"type": "dead_end"}}, "do": [{"type": "call_proc", "name": "zigzag"}]}],
        "else": [{"type": "deliver"}]},
       {"type": "variables_numeric_set", "name": "n", "value": 3},
       {"type": "variables_increment", "name": "n", "value": {"type": "math_arithmetic", "op": "MULTIPLY",
          "a": {"type": "variables_get", "name": "n"}, "b": {"type": "math_number", "value": 2}}}],
     "procedures": [{"name": "zigzag", "id": "p1", "do": [{"type": "turn_right"}]}],
     "detached": 0}
    """

    @Test func theDocumentedExampleReadsIntoTheTreeWithIDsMadeUpInDocumentOrder() throws {
        let program = try Program.parse(json: Self.example)
        let expected = Program(main: [
            .action(.moveForwards, id: BlockID("m1")),
            .repeatTimes(.number(3, id: BlockID("b2")), body: [.action(.turnLeft, id: BlockID("b3"))], id: BlockID("b2")),
            .repeatWhile(.roadExists(.forward, id: BlockID("b5")), until: false, body: [.action(.moveForwards, id: BlockID("b6"))], id: BlockID("b4")),
            .ifElse(branches: [
                Branch(.trafficLight(.red, id: BlockID("b8")), [.action(.wait, id: BlockID("b9"))]),
                Branch(.not(.deadEnd(id: BlockID("b11")), id: BlockID("b10")), [.call("zigzag", id: BlockID("b12"))]),
            ], otherwise: [.action(.deliver, id: BlockID("b13"))], id: BlockID("b7")),
            .setVariable("n", .number(3, id: BlockID("b14")), id: BlockID("b14")),
            .increment("n", by: .arithmetic(.multiply, .variable("n", id: BlockID("b17")), .number(2, id: BlockID("b18")), id: BlockID("b16")), id: BlockID("b15")),
        ], procedures: [Procedure(name: "zigzag", body: [.action(.turnRight, id: BlockID("b20"))], id: BlockID("p1"))])
        #expect(program == expected)
    }

    @Test func encodingAndReadingBackGivesTheSameTree() throws {
        let program = try Program.parse(json: Self.example)
        let again = try Program.parse(json: program.jsonData())
        #expect(again == program)
        // Through Codable too (the API's {"program": {...}}).
        struct Body: Codable { var program: Program }
        let data = try JSONEncoder().encode(Body(program: program))
        #expect(try JSONDecoder().decode(Body.self, from: data).program == program)
    }

    @Test func anUntilLoopIsStoredAsWhileNotAndWrittenBackAsUntil() throws {
        let json = #"{"blocks": [{"type": "controls_repeat_until", "id": "u", "condition": {"type": "at_destination", "id": "c"}, "do": [{"type": "move_forwards", "id": "m"}]}]}"#
        let program = try Program.parse(json: json)
        #expect(program.main == [.repeatWhile(.not(.atDestination(id: BlockID("c")), id: BlockID("u")), until: true,
                                              body: [.action(.moveForwards, id: BlockID("m"))], id: BlockID("u"))])
        let written = String(decoding: program.jsonData(), as: UTF8.self)
        #expect(written.contains("controls_repeat_until") && !written.contains("logic_negate"))
        #expect(try Program.parse(json: program.jsonData()) == program)
    }

    @Test func madeUpIDsNeverCollideWithGivenOnes() throws {
        let program = try Program.parse(json: #"{"blocks": [{"type": "wait"}, {"type": "wait", "id": "b1"}]}"#)
        #expect(program.main.map(\.id) == [BlockID("b1_2"), BlockID("b1")])
    }

    @Test func anEmptySocketIsAMissingConditionNotADecodingError() throws {
        let program = try Program.parse(json: #"{"blocks": [{"type": "controls_repeat_while", "id": "w", "do": [{"type": "wait"}]}]}"#)
        guard case .repeatWhile(let test, _, _, _)? = program.main.first else { Issue.record("not a while"); return }
        #expect(test == .missing(id: BlockID("w")))
    }

    @Test(arguments: [
        (#"{"blocks": [{"type": "wait"}, {"type": "wait"}, {"type": "controls_repeat", "times": 2, "do": [{"type": "fly"}]}]}"#,
         "blocks[2].do[0]: unknown block type 'fly'"),
        (#"{"blocks": [{"type": "at_destination"}]}"#, "blocks[0]: 'at_destination' is a condition; an action or control block is needed here"),
        (#"{"blocks": [{"type": "controls_repeat", "times": 1001, "do": []}]}"#, "blocks[0].times: 1001 is out of range (0…1000)"),
        (#"{"blocks": [{"type": "controls_repeat", "times": 2.5, "do": []}]}"#, "blocks[0].times: 2.5 is not a whole number in range"),
        (#"{"blocks": [{"type": "controls_if", "branches": [{"condition": {"type": "logic_compare", "op": "EQ", "a": 1}, "do": []}]}]}"#,
         "blocks[0].branches[0].condition.a: a number here is a math_number block: {\"type\": \"math_number\", \"value\": …}"),
        (#"{"blocks": [{"type": "wait", "tims": 3}]}"#, "blocks[0]: unknown key 'tims' for wait (it has id, type)"),
        (#"{"blocks": [{"type": "road_exists"}]}"#, "blocks[0]: 'road_exists' is a condition; an action or control block is needed here"),
        (#"{"blocks": [{"type": "controls_if", "branches": [{"condition": {"type": "road_exists", "direction": "UP"}, "do": []}]}]}"#,
         "blocks[0].branches[0].condition.direction: should be one of \"FORWARD\", \"LEFT\", \"RIGHT\""),
        (#"{"blocks": [{"type": "variables_numeric_set", "name": "n", "value": 2000000}]}"#, "blocks[0].value: 2000000 is out of range (-1000000…1000000)"),
        (#"{"blocks": [{"type": "call_proc", "name": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}]}"#, "blocks[0].name: names are at most 40 characters"),
        (#"{"blocks": [{"type": "wait", "id": ""}]}"#, "blocks[0].id: should be a string of 1 to 64 characters"),
        (#"{"blocks": {}}"#, "blocks: should be a list of blocks, not an object"),
        (#"{"procedures": []}"#, "program: needs \"blocks\" (a list, maybe empty)"),
        (#"{"blocks": [], "extra": 1}"#, "program: unknown key 'extra' (expected blocks, detached, procedures)"),
        (#"{"blocks": [{"type": "controls_if", "branches": []}]}"#, "blocks[0].branches: controls_if needs a list of at least one branch"),
    ])
    func mistakesAreReportedWithTheirPath(json: String, message: String) {
        #expect(throws: ProgramError.self) { try Program.parse(json: json) }
        do {
            _ = try Program.parse(json: json)
        } catch {
            #expect(error.message == message)
            #expect(error.code == .invalidJSON)
            #expect(error.path != nil)
        }
    }

    @Test func pythonOnlyPiecesHaveJSONForms() throws {
        let json = """
        {"blocks": [{"type": "controls_repeat_while", "id": "w", "condition": {"type": "logic_operation", "id": "o", "op": "OR",
            "a": {"type": "logic_boolean", "id": "t", "value": true},
            "b": {"type": "logic_compare", "id": "c", "op": "GTE", "a": {"type": "van_coordinate", "id": "v", "which": "previous", "part": "y"},
                  "b": {"type": "math_arithmetic", "id": "m", "op": "MODULO", "a": {"type": "math_number", "id": "n", "value": 7},
                        "b": {"type": "math_number", "id": "k", "value": 0}}}},
          "do": [{"type": "wait", "id": "z"}]}]}
        """
        let program = try Program.parse(json: json)
        let id = { (value: String) in BlockID(value) }
        #expect(program.main == [.repeatWhile(.or(.constant(true, id: id("t")),
            .compare(.greaterOrEqual, .coordinate(current: false, xPart: false, id: id("v")),
                     .arithmetic(.modulo, .number(7, id: id("n")), .number(0, id: id("k")), id: id("m")), id: id("c")), id: id("o")),
            until: false, body: [.action(.wait, id: id("z"))], id: id("w"))])
        #expect(try Program.parse(json: program.jsonData()) == program)
        #expect(throws: ProgramError.self) {
            try Program.parse(json: #"{"blocks": [{"type": "controls_repeat_while", "condition": {"type": "logic_boolean", "value": 1}, "do": []}]}"#)
        }
    }

    @Test func notJSONAtAll() {
        #expect(throws: ProgramError(.invalidJSON, "The program is not valid JSON.")) { try Program.parse(json: "{blocks") }
    }

    @Test func boundsOnBlocksDepthAndSize() throws {
        let many = Array(repeating: #"{"type": "wait"}"#, count: 501).joined(separator: ",")
        do {
            _ = try Program.parse(json: "{\"blocks\": [\(many)]}")
            Issue.record("501 blocks were accepted")
        } catch { #expect(error.code == .tooLarge) }
        _ = try Program.parse(json: "{\"blocks\": [\(Array(repeating: #"{"type": "wait"}"#, count: 500).joined(separator: ","))]}")

        func nested(_ depth: Int) -> String {
            var json = #"{"type": "wait"}"#
            for _ in 0..<depth { json = "{\"type\": \"controls_repeat\", \"times\": 1, \"do\": [\(json)]}" }
            return "{\"blocks\": [\(json)]}"
        }
        _ = try Program.parse(json: nested(31))
        #expect(throws: ProgramError.self) { try Program.parse(json: nested(32)) }

        let huge = Data(("{\"blocks\": [], \"detached\": 0" + String(repeating: " ", count: 300_000) + "}").utf8)
        do { _ = try Program.parse(json: huge); Issue.record("accepted") } catch { #expect(error.code == .tooLarge) }
    }

    @Test func codableReportsTheMessageAsADecodingError() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Program.self, from: Data(#"{"blocks": [{"type": "fly"}]}"#.utf8))
        }
    }
}
