import Foundation
import Testing
@testable import RouterKit

@Suite struct BlockCountTests {
    func count(_ json: String) throws -> Int { try Program.parse(json: json).blockCount }

    @Test func theChainUnderStartCountsOneEachAndStartItselfNothing() throws {
        #expect(try count(#"{"blocks": []}"#) == 0)
        #expect(try count(#"{"blocks": [{"type": "move_forwards"}, {"type": "turn_left"}, {"type": "deliver"}]}"#) == 3)
    }

    @Test func loopsCountTheirConditionAndBodyAndTimesIsAField() throws {
        #expect(try count(#"{"blocks": [{"type": "controls_repeat", "times": 5, "do": [{"type": "wait"}, {"type": "wait"}]}]}"#) == 3)
        #expect(try count(#"{"blocks": [{"type": "controls_repeat_while", "condition": {"type": "road_exists", "direction": "LEFT"}, "do": [{"type": "wait"}]}]}"#) == 3)
        // The until loop's implicit not is not a block…
        #expect(try count(#"{"blocks": [{"type": "controls_repeat_until", "condition": {"type": "at_destination"}, "do": [{"type": "wait"}]}]}"#) == 3)
        // …but a real not block counts, with its operand.
        #expect(try count(#"{"blocks": [{"type": "controls_repeat_while", "condition": {"type": "logic_negate", "condition": {"type": "at_destination"}}, "do": [{"type": "wait"}]}]}"#) == 4)
    }

    @Test func ifCountsEveryConditionAndEveryBranch() throws {
        let json = """
        {"blocks": [{"type": "controls_if", "branches": [
            {"condition": {"type": "dead_end"}, "do": [{"type": "turn_around"}]},
            {"condition": {"type": "traffic_light", "colour": "RED"}, "do": [{"type": "wait"}, {"type": "wait"}]}],
          "else": [{"type": "move_forwards"}]}]}
        """
        #expect(try count(json) == 1 + 2 + 3 + 1)
    }

    @Test func proceduresCountOnePlusTheirBodyAndCallsOne() throws {
        let json = #"{"blocks": [{"type": "call_proc", "name": "p"}, {"type": "call_proc", "name": "p"}], "procedures": [{"name": "p", "do": [{"type": "wait"}, {"type": "wait"}]}]}"#
        #expect(try count(json) == 2 + 1 + 2)
    }

    @Test func quirksCompareCountsOnlyItsLeftAndNumbersAndVariablesCountTwo() throws {
        // 1 (if) + compare 1 + left variables_get 2 (right math_number not counted) + body 1
        let compare = """
        {"blocks": [{"type": "controls_if", "branches": [{"condition": {"type": "logic_compare", "op": "LT",
          "a": {"type": "variables_get", "name": "n"}, "b": {"type": "math_number", "value": 3}}, "do": [{"type": "wait"}]}]}]}
        """
        #expect(try count(compare) == 1 + 1 + 2 + 1)
        // A set block's VALUE field is part of it; an expression plugged in counts: 1 + (1 + 2 + 2).
        #expect(try count(#"{"blocks": [{"type": "variables_numeric_set", "name": "n", "value": 4}]}"#) == 1)
        let plugged = #"{"blocks": [{"type": "variables_increment", "name": "n", "value": {"type": "math_arithmetic", "op": "ADD", "a": {"type": "variables_get", "name": "n"}, "b": {"type": "math_number", "value": 1}}}]}"#
        #expect(try count(plugged) == 1 + 1 + 2 + 2)
    }

    @Test func blocklyXMLCountsTheSame() throws {
        let xml = """
        <xml><block type="start"><next><block type="controls_repeat_until">
          <value name="condition"><block type="logic_compare"><field name="OP">EQ</field>
            <value name="A"><block type="math_number"><field name="NUM">1</field></block></value>
            <value name="B"><block type="variables_get"><field name="NAME">n</field></block></value></block></value>
          <statement name="body"><block type="move_forwards"/></statement></block></next></block>
          <block type="declare_proc"><field name="NAME">p</field><statement name="DO"><block type="wait"/></statement></block></xml>
        """
        #expect(try Program.parse(blocklyXML: xml).blockCount == (1 + (1 + 2) + 1) + (1 + 1))
    }

    @Test func pythonCountsAsTheBlocksItWouldTake() throws {
        let python = "from van import Van\nv = Van()\nfor i in range(3):\n    v.move_forwards()\nn = 2\nwhile n > 0 and not v.at_destination():\n    n -= 1\n"
        // repeat 1 + move 1; set 1; while 1 + and 1 + (compare 1 + n 2) + (not 1 + at_destination 1) + increment 1 + (-1: field) 0
        #expect(try Program.parse(python: python).blockCount == 2 + 1 + (1 + 1 + 3 + 2 + 1))
    }

    @Test func usesPerBlockTypeForTheToolbox() throws {
        let json = """
        {"blocks": [{"type": "controls_repeat", "times": 2, "do": [{"type": "move_forwards"}, {"type": "call_proc", "name": "p"}]},
          {"type": "controls_repeat_until", "condition": {"type": "logic_compare", "op": "GT", "a": {"type": "variables_get", "name": "n"},
           "b": {"type": "math_number", "value": 0}}, "do": [{"type": "variables_increment", "name": "n", "value": -1}]}],
         "procedures": [{"name": "p", "do": [{"type": "move_forwards"}]}]}
        """
        let uses = try Program.parse(json: json).blockUses
        #expect(uses == [.controlsRepeat: 1, .moveForwards: 2, .callProc: 1, .declareProc: 1, .controlsRepeatUntil: 1,
                         .logicCompare: 1, .variablesGet: 1, .mathNumber: 1, .variablesIncrement: 1])
    }
}
