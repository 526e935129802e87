import Foundation
import Testing
@testable import RouterKit

@Suite struct BlocklyXMLTests {
    @Test func theReferenceExampleReads() throws {
        let xml = #"<xml><block type="start"><next><block type="controls_repeat"><field name="TIMES">3</field><statement name="DO"><block type="move_forwards"></block></statement><next><block type="turn_left"></block></next></block></next></block></xml>"#
        let program = try Program.parse(blocklyXML: xml)
        #expect(program == Program(main: [
            .repeatTimes(.number(3, id: BlockID("b2")), body: [.action(.moveForwards, id: BlockID("b3"))], id: BlockID("b2")),
            .action(.turnLeft, id: BlockID("b4")),
        ]))
        #expect(program.blockCount == 3)
    }

    @Test func everyBlockTypeProceduresAndDetachedBlocks() throws {
        let xml = """
        <xml xmlns="http://www.w3.org/1999/xhtml">
          <variables><variable id="v">n</variable></variables>
          <block type="start" id="s" deletable="false" x="10" y="20"><next>
            <block type="variables_numeric_set" id="set"><field name="NAME">n</field><field name="VALUE">0</field><next>
            <block type="controls_whileUntil" id="w"><field name="MODE">UNTIL</field>
              <value name="BOOL"><block type="at_destination" id="d"></block></value>
              <statement name="DO">
                <block type="controls_if" id="if"><mutation elseif="1" else="1"></mutation>
                  <value name="IF0"><block type="logic_negate" id="not"><value name="BOOL"><block type="road_exists" id="r"><field name="CHOICE">FORWARD</field></block></value></block></value>
                  <statement name="DO0"><block type="call_proc" id="c"><field name="NAME">turn</field></block></statement>
                  <value name="IF1"><block type="logic_compare" id="cmp"><field name="OP">LT</field>
                    <value name="A"><block type="variables_get" id="g"><field name="NAME">n</field></block></value>
                    <value name="B"><shadow type="math_number" id="sh"><field name="NUM">9</field></shadow>
                      <block type="math_arithmetic" id="ar"><field name="OP">POWER</field>
                        <value name="A"><block type="math_number" id="two"><field name="NUM">2</field></block></value>
                        <value name="B"><block type="math_number" id="three"><field name="NUM">3.0</field></block></value></block></value></block></value>
                  <statement name="DO1"><block type="traffic_light_wait_placeholder_is_not_here" id="none" disabled="true"></block></statement>
                  <statement name="ELSE"><block type="move_forwards" id="f"><next><block type="variables_increment" id="inc"><field name="NAME">n</field><field name="VALUE">1</field></block></next></block></statement>
                </block>
              </statement></block></next></block></next></block>
          <block type="declare_proc" id="p" x="300" y="20"><field name="NAME">turn</field>
            <statement name="DO"><block type="turn_left" id="tl"></block></statement></block>
          <block type="move_forwards" id="lost" x="500" y="500"></block>
        </xml>
        """
        // The DO1 block's type is unknown: refused, naming the block.
        #expect(throws: ProgramError(.invalidXML, "Block traffic_light_wait_placeholder_is_not_here (id 'none') is not a block this game knows.", block: BlockID("none"))) {
            try Program.parse(blocklyXML: xml)
        }
        let fixed = xml.replacingOccurrences(of: "traffic_light_wait_placeholder_is_not_here", with: "wait")
        let program = try Program.parse(blocklyXML: fixed)
        let id = { (value: String) in BlockID(value) }
        let expected = Program(main: [
            .setVariable("n", .number(0, id: id("set")), id: id("set")),
            .repeatWhile(.not(.atDestination(id: id("d")), id: id("w")), until: true, body: [
                .ifElse(branches: [
                    Branch(.not(.roadExists(.forward, id: id("r")), id: id("not")), [.call("turn", id: id("c"))]),
                    Branch(.compare(.less, .variable("n", id: id("g")),
                                    .arithmetic(.power, .number(2, id: id("two")), .number(3, id: id("three")), id: id("ar")), id: id("cmp")),
                           [.action(.wait, id: id("none"))]),
                ], otherwise: [.action(.moveForwards, id: id("f")), .increment("n", by: .number(1, id: id("inc")), id: id("inc"))], id: id("if")),
            ], id: id("w")),
        ], procedures: [Procedure(name: "turn", body: [.action(.turnLeft, id: id("tl"))], id: id("p"))], detachedBlocks: 1)
        #expect(program == expected)
    }

    @Test func stockAndRapidRouterLoopsAndAnIfWithoutMutation() throws {
        let xml = """
        <xml><block type="start"><next>
          <block type="controls_repeat_while"><value name="condition"><block type="logic_operation"><field name="OP">AND</field>
            <value name="A"><block type="cow_crossing"/></value><value name="B"><block type="dead_end"/></value></block></value>
            <statement name="body"><block type="sound_horn"/></statement><next>
          <block type="controls_repeat_until"><value name="condition"><block type="traffic_light"><field name="CHOICE">GREEN</field></block></value>
            <statement name="body"><block type="wait"/></statement><next>
          <block type="controls_if"><value name="IF0"><block type="at_destination"/></value><statement name="DO0"><block type="deliver"/></statement>
          </block></next></block></next></block></next></block></xml>
        """
        let program = try Program.parse(blocklyXML: xml).erasingIDs()
        let none = BlockID("")
        #expect(program.main == [
            .repeatWhile(.and(.cowCrossing(id: none), .deadEnd(id: none), id: none), until: false, body: [.action(.soundHorn, id: none)], id: none),
            .repeatWhile(.not(.trafficLight(.green, id: none), id: none), until: true, body: [.action(.wait, id: none)], id: none),
            .ifElse(branches: [Branch(.atDestination(id: none), [.action(.deliver, id: none)])], otherwise: nil, id: none),
        ])
    }

    @Test func emptySocketsAreMissingAndEmptyStatementsAreEmpty() throws {
        let xml = #"<xml><block type="start" id="s"><next><block type="controls_repeat_while" id="w"><value name="condition"><shadow type="at_destination"/></value></block></next></block></xml>"#
        let program = try Program.parse(blocklyXML: xml)
        #expect(program.main == [.repeatWhile(.missing(id: BlockID("w")), until: false, body: [], id: BlockID("w"))])
    }

    @Test(arguments: [
        (#"<xml><block type="move_forwards"/></xml>"#, "The program has no start block."),
        (#"<xml><block type="start"/><block type="start"/></xml>"#, "The program has 2 start blocks; it needs exactly one."),
        (#"<xml><block type="start"><next><block type="controls_repeat" id="r"><field name="TIMES">lots</field></block></next></block></xml>"#,
         "Block controls_repeat (id 'r') has TIMES 'lots'; it should be a whole number from 0 to 1000."),
        (#"<xml><block type="start"><next><block type="controls_repeat" id="r"></block></next></block></xml>"#, "Block controls_repeat (id 'r') has no TIMES field."),
        (#"<xml><block type="start"><next><block id="x"/></next></block></xml>"#, "A block (id 'x') has no type."),
        (#"<xml><block type="start"><next><block type="road_exists" id="q"><field name="CHOICE">UP</field></block></next></block></xml>"#,
         "Block road_exists (id 'q') is not a step of the program here."),
        (#"<xml><block type="start"><next><block type="controls_repeat_while" id="w"><value name="condition"><block type="move_forwards" id="m"/></value></block></next></block></xml>"#,
         "Block move_forwards (id 'm') is not a condition, but it is plugged in where a condition goes."),
        (#"<program><block type="start"/></program>"#, "A Blockly program is an <xml> element holding <block> elements."),
    ])
    func mistakesNameTheBlock(xml: String, message: String) {
        do {
            _ = try Program.parse(blocklyXML: xml)
            Issue.record("accepted \(xml)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func malformedXMLSaysWhere() {
        do {
            _ = try Program.parse(blocklyXML: "<xml><block type=\"start\"></xml>")
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidXML)
            #expect(error.message.hasPrefix("The program is not well-formed XML"))
        }
    }

    @Test func declarationsAndEntitiesAreRefusedBeforeParsing() {
        let laughs = """
        <?xml version="1.0"?><!DOCTYPE xml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
        <xml><block type="start"><next><block type="call_proc"><field name="NAME">&b;</field></block></next></block></xml>
        """
        let external = #"<!DOCTYPE xml [<!ENTITY x SYSTEM "file:///etc/passwd">]><xml><block type="start"/></xml>"#
        for xml in [laughs, external] {
            #expect(throws: ProgramError(.invalidXML, "The program may not contain <!DOCTYPE> or <!ENTITY> declarations.")) {
                try Program.parse(blocklyXML: xml)
            }
        }
        // Comments, processing instructions and quoted '>' are fine.
        #expect(throws: Never.self) {
            try Program.parse(blocklyXML: #"<?xml version="1.0"?><!-- a <comment> --><xml a="x>y"><block type="start"/></xml>"#)
        }
    }

    @Test func boundsOnSizeBlocksAndDepth() throws {
        let big = "<xml><block type=\"start\"/>" + String(repeating: " ", count: 270_000) + "</xml>"
        do { _ = try Program.parse(blocklyXML: big); Issue.record("accepted") } catch { #expect(error.code == .tooLarge) }

        func chain(_ count: Int) -> String {
            var xml = ""
            for _ in 0..<count { xml = "<block type=\"wait\"><next>\(xml)</next></block>" }
            return "<xml><block type=\"start\"><next>\(xml)</next></block></xml>"
        }
        #expect(try Program.parse(blocklyXML: chain(499)).main.count == 499)  // a long chain is not deep
        do { _ = try Program.parse(blocklyXML: chain(501)); Issue.record("accepted") } catch { #expect(error.code == .tooLarge) }

        func nested(_ depth: Int) -> String {
            var xml = "<block type=\"wait\"/>"
            for _ in 0..<depth { xml = "<block type=\"controls_repeat\"><field name=\"TIMES\">1</field><statement name=\"DO\">\(xml)</statement></block>" }
            return "<xml><block type=\"start\"><next>\(xml)</next></block></xml>"
        }
        _ = try Program.parse(blocklyXML: nested(31))
        do { _ = try Program.parse(blocklyXML: nested(32)); Issue.record("accepted") } catch { #expect(error.code == .tooLarge) }

        let deepJunk = "<xml>" + String(repeating: "<a>", count: 2000) + String(repeating: "</a>", count: 2000) + "</xml>"
        do { _ = try Program.parse(blocklyXML: deepJunk); Issue.record("accepted") } catch { #expect(error.code == .tooLarge) }
    }
}
