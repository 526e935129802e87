import Foundation
import GridKit

// Tessera's JSON block program: what the page's editor edits and what the API takes as
// `{"program": {...}}`. One object per block, block `type`s named as Rapid Router names them.
//
//     {"blocks": [                                  ← the chain under the start block, in order
//        {"type": "move_forwards", "id": "b1"},
//        {"type": "controls_repeat", "id": "b2", "times": 3, "do": [{"type": "turn_left"}]},
//        {"type": "controls_repeat_while", "condition": {"type": "road_exists", "direction": "FORWARD"},
//         "do": [...]},                             ← also "controls_repeat_until" (same keys)
//        {"type": "controls_if", "branches": [{"condition": {...}, "do": [...]}, ...], "else": [...]},
//        {"type": "call_proc", "name": "zigzag"},
//        {"type": "variables_numeric_set", "name": "n", "value": 3},
//        {"type": "variables_increment", "name": "n", "value": -1}],
//      "procedures": [{"name": "zigzag", "id": "p1", "do": [...]}],   ← declare_proc blocks
//      "detached": 0}                               ← top-level blocks not joined to start
//
// Statements: move_forwards turn_left turn_right turn_around wait deliver sound_horn (no keys);
//   controls_repeat (times: 0…1000 or a number expression, do); controls_repeat_while and
//   controls_repeat_until (condition, do); controls_if (branches ≥ 1, optional else — present, even
//   empty, means the block has an else); call_proc (name); variables_numeric_set and
//   variables_increment (name, value: a number or a number expression).
// Conditions: at_destination, dead_end, cow_crossing; road_exists (direction FORWARD|LEFT|RIGHT);
//   traffic_light (colour RED|GREEN); logic_negate (condition); logic_compare (op EQ|NEQ|LT|LTE|GT|GTE,
//   a, b: number expressions); logic_operation (op AND|OR, a, b: conditions); logic_boolean (value).
// Number expressions: math_number (value); variables_get (name); math_arithmetic (op ADD|MINUS|
//   MULTIPLY|DIVIDE|POWER|MODULO, a, b); van_coordinate (which current|previous, part x|y).
// Every block may have "id" (a string, 1…64 characters; the editor keeps them unique, but a tree
// from Python shares "line:N" among a line's blocks, so repeats are accepted). Missing ids are
// made up in document order: the n-th block is "bn" ("bn_2" if the document already uses "bn").
// A condition or number left out (or null) is an empty socket: the program reads, and running it
// is a compile error ("missing condition"), as in the editor. Unknown keys and block types are
// refused with the path, e.g.
// "blocks[2].do[0]: unknown block type 'fly'". Bounds: 500 blocks, nesting 32, names 40
// characters, numbers −1,000,000…1,000,000, 256 KB of JSON.

/// JSON → tree. A reference type would do as well; a struct with `mutating` keeps it Sendable-simple.
struct BlockJSONReader {
    private var blocks = 0
    private var explicitIDs: Set<String> = []
    private var seenIDs: Set<String> = []

    static func program(_ value: JSONValue) throws(ProgramError) -> Program {
        var reader = BlockJSONReader()
        reader.collectIDs(value, depth: 0)
        let top = try reader.object(value, path: "program", allowed: ["blocks", "procedures", "detached"])
        guard let blocksValue = top["blocks"], blocksValue != .null else { throw fail("program", say("needsBlocks")) }
        let main = try reader.statements(blocksValue, path: "blocks", depth: 1)
        var procedures: [Procedure] = []
        if let list = top["procedures"], list != .null {
            guard case .array(let items) = list else { throw fail("procedures", say("notList", ["kind": kind(list)])) }
            for (index, item) in items.enumerated() {
                procedures.append(try reader.procedure(item, path: "procedures[\(index)]"))
            }
        }
        var detached = 0
        if let value = top["detached"], value != .null {
            detached = try reader.integer(value, path: "detached", range: 0...ProgramLimits.maxBlocks)
        }
        return Program(main: main, procedures: procedures, detachedBlocks: detached)
    }

    // MARK: ids

    /// Explicit ids first, so made-up ones never collide with them.
    private mutating func collectIDs(_ value: JSONValue, depth: Int) {
        guard depth < 600 else { return }
        switch value {
        case .object(let fields):
            if case .string(let id)? = fields["id"] { explicitIDs.insert(id) }
            for child in fields.values { collectIDs(child, depth: depth + 1) }
        case .array(let items):
            for child in items { collectIDs(child, depth: depth + 1) }
        default: break
        }
    }

    private mutating func blockID(_ fields: JSONObject, path: String) throws(ProgramError) -> BlockID {
        blocks += 1
        guard blocks <= ProgramLimits.maxBlocks else {
            let problem = Self.say("tooManyBlocks", ["limit": .number(ProgramLimits.maxBlocks)])
            throw ProgramError(.tooLarge, words: .say("program.blocks.at", ["path": .verbatim(path), "problem": problem]), path: path)
        }
        if let value = fields["id"], value != .null {
            guard case .string(let id) = value, (1...64).contains(id.count) else {
                throw Self.fail(path + ".id", Self.say("idLength"))
            }
            seenIDs.insert(id)
            return BlockID(id)
        }
        let candidate = BlockIDs.made(ordinal: blocks, avoiding: explicitIDs.union(seenIDs))
        seenIDs.insert(candidate)
        return BlockID(candidate)
    }

    // MARK: blocks

    private mutating func procedure(_ value: JSONValue, path: String) throws(ProgramError) -> Procedure {
        let fields = try object(value, path: path, allowed: ["type", "id", "name", "do"])
        if let type = fields["type"], type != .string(BlockType.declareProc.rawValue) {
            throw Self.fail(path + ".type", Self.say("procedureType"))
        }
        let id = try blockID(fields, path: path)
        let name = try self.name(fields["name"], path: path + ".name", allowEmpty: true)
        let body = try statements(fields["do"] ?? .array([]), path: path + ".do", depth: 2)
        return Procedure(name: name, body: body, id: id)
    }

    private mutating func statements(_ value: JSONValue, path: String, depth: Int) throws(ProgramError) -> [Statement] {
        if value == .null { return [] }
        guard case .array(let items) = value else { throw Self.fail(path, Self.say("notBlockList", ["kind": Self.kind(value)])) }
        var result: [Statement] = []
        for (index, item) in items.enumerated() {
            result.append(try statement(item, path: "\(path)[\(index)]", depth: depth))
        }
        return result
    }

    private mutating func statement(_ value: JSONValue, path: String, depth: Int) throws(ProgramError) -> Statement {
        guard depth <= ProgramLimits.maxDepth else { throw Self.fail(path, Self.nestedTooDeep) }
        let (type, fields) = try typed(value, path: path)
        if let action = VanAction(rawValue: type) {
            try check(fields, path: path, type: type, allowed: [])
            return .action(action, id: try blockID(fields, path: path))
        }
        switch type {
        case "controls_repeat":
            try check(fields, path: path, type: type, allowed: ["times", "do"])
            let id = try blockID(fields, path: path)
            guard let times = fields["times"] else { throw Self.fail(path, Self.say("needsTimes")) }
            let count: Expression = if times.isNumber {
                .number(try integer(times, path: path + ".times", range: ProgramLimits.timesRange), id: id)
            } else {
                try expression(times, path: path + ".times", depth: depth + 1, owner: id)
            }
            return .repeatTimes(count, body: try statements(fields["do"] ?? .null, path: path + ".do", depth: depth + 1), id: id)
        case "controls_repeat_while", "controls_repeat_until":
            try check(fields, path: path, type: type, allowed: ["condition", "do"])
            let id = try blockID(fields, path: path)
            let until = type == "controls_repeat_until"
            let test = try condition(fields["condition"], path: path + ".condition", depth: depth + 1, owner: id)
            let body = try statements(fields["do"] ?? .null, path: path + ".do", depth: depth + 1)
            return .repeatWhile(until ? .not(test, id: id) : test, until: until, body: body, id: id)
        case "controls_if":
            try check(fields, path: path, type: type, allowed: ["branches", "else"])
            let id = try blockID(fields, path: path)
            guard case .array(let items)? = fields["branches"], !items.isEmpty else {
                throw Self.fail(path + ".branches", Self.say("needsBranches"))
            }
            var branches: [Branch] = []
            for (index, item) in items.enumerated() {
                let branchPath = "\(path).branches[\(index)]"
                let branch = try object(item, path: branchPath, allowed: ["condition", "do"])
                let test = try condition(branch["condition"], path: branchPath + ".condition", depth: depth + 1, owner: id)
                branches.append(Branch(test, try statements(branch["do"] ?? .null, path: branchPath + ".do", depth: depth + 1)))
            }
            var otherwise: [Statement]?
            if let elseValue = fields["else"], elseValue != .null {
                otherwise = try statements(elseValue, path: path + ".else", depth: depth + 1)
            }
            return .ifElse(branches: branches, otherwise: otherwise, id: id)
        case "call_proc":
            try check(fields, path: path, type: type, allowed: ["name"])
            let id = try blockID(fields, path: path)
            return .call(try name(fields["name"], path: path + ".name", allowEmpty: true), id: id)
        case "variables_numeric_set", "variables_increment":
            try check(fields, path: path, type: type, allowed: ["name", "value"])
            let id = try blockID(fields, path: path)
            let variable = try name(fields["name"], path: path + ".name", allowEmpty: false)
            let amount: Expression = if fields["value"]?.isNumber == true {
                .number(try integer(fields["value"] ?? .null, path: path + ".value", range: ProgramLimits.numberRange), id: id)
            } else {
                try expression(fields["value"], path: path + ".value", depth: depth + 1, owner: id)
            }
            return type == "variables_increment" ? .increment(variable, by: amount, id: id) : .setVariable(variable, amount, id: id)
        default:
            throw Self.fail(path, Self.misplaced(type, wanted: "actionOrControl"))
        }
    }

    private mutating func condition(_ value: JSONValue?, path: String, depth: Int, owner: BlockID) throws(ProgramError) -> Condition {
        guard let value, value != .null else { return .missing(id: owner) }
        guard depth <= ProgramLimits.maxDepth else { throw Self.fail(path, Self.nestedTooDeep) }
        let (type, fields) = try typed(value, path: path)
        switch type {
        case "at_destination", "dead_end", "cow_crossing":
            try check(fields, path: path, type: type, allowed: [])
            let id = try blockID(fields, path: path)
            return type == "at_destination" ? .atDestination(id: id) : type == "dead_end" ? .deadEnd(id: id) : .cowCrossing(id: id)
        case "road_exists":
            try check(fields, path: path, type: type, allowed: ["direction"])
            let id = try blockID(fields, path: path)
            return .roadExists(try choice(fields["direction"], path: path + ".direction", as: RelativeDirection.self), id: id)
        case "traffic_light":
            try check(fields, path: path, type: type, allowed: ["colour"])
            let id = try blockID(fields, path: path)
            return .trafficLight(try choice(fields["colour"], path: path + ".colour", as: TrafficColour.self).colour, id: id)
        case "logic_negate":
            try check(fields, path: path, type: type, allowed: ["condition"])
            let id = try blockID(fields, path: path)
            return .not(try condition(fields["condition"], path: path + ".condition", depth: depth + 1, owner: id), id: id)
        case "logic_operation":
            try check(fields, path: path, type: type, allowed: ["op", "a", "b"])
            let id = try blockID(fields, path: path)
            let isAnd = try choice(fields["op"], path: path + ".op", as: LogicOperator.self) == .and
            let a = try condition(fields["a"], path: path + ".a", depth: depth + 1, owner: id)
            let b = try condition(fields["b"], path: path + ".b", depth: depth + 1, owner: id)
            return isAnd ? .and(a, b, id: id) : .or(a, b, id: id)
        case "logic_compare":
            try check(fields, path: path, type: type, allowed: ["op", "a", "b"])
            let id = try blockID(fields, path: path)
            let op = try choice(fields["op"], path: path + ".op", as: ComparisonOperator.self)
            let a = try expression(fields["a"], path: path + ".a", depth: depth + 1, owner: id)
            return .compare(op, a, try expression(fields["b"], path: path + ".b", depth: depth + 1, owner: id), id: id)
        case "logic_boolean":
            try check(fields, path: path, type: type, allowed: ["value"])
            let id = try blockID(fields, path: path)
            guard case .bool(let truth)? = fields["value"] else { throw Self.fail(path + ".value", Self.say("notTrueOrFalse")) }
            return .constant(truth, id: id)
        default:
            throw Self.fail(path, Self.misplaced(type, wanted: "condition"))
        }
    }

    private mutating func expression(_ value: JSONValue?, path: String, depth: Int, owner: BlockID) throws(ProgramError) -> Expression {
        guard let value, value != .null else { return .missing(id: owner) }
        guard depth <= ProgramLimits.maxDepth else { throw Self.fail(path, Self.nestedTooDeep) }
        if value.isNumber { throw Self.fail(path, Self.say("numberIsBlock")) }
        let (type, fields) = try typed(value, path: path)
        switch type {
        case "math_number":
            try check(fields, path: path, type: type, allowed: ["value"])
            let id = try blockID(fields, path: path)
            return .number(try integer(fields["value"] ?? .null, path: path + ".value", range: ProgramLimits.numberRange), id: id)
        case "variables_get":
            try check(fields, path: path, type: type, allowed: ["name"])
            let id = try blockID(fields, path: path)
            return .variable(try name(fields["name"], path: path + ".name", allowEmpty: false), id: id)
        case "math_arithmetic":
            try check(fields, path: path, type: type, allowed: ["op", "a", "b"])
            let id = try blockID(fields, path: path)
            let op = try choice(fields["op"], path: path + ".op", as: ArithmeticOperator.self)
            let a = try expression(fields["a"], path: path + ".a", depth: depth + 1, owner: id)
            return .arithmetic(op, a, try expression(fields["b"], path: path + ".b", depth: depth + 1, owner: id), id: id)
        case "van_coordinate":
            try check(fields, path: path, type: type, allowed: ["which", "part"])
            let id = try blockID(fields, path: path)
            let which = try choice(fields["which"], path: path + ".which", as: CoordinateWhich.self)
            let part = try choice(fields["part"], path: path + ".part", as: CoordinatePart.self)
            return .coordinate(current: which == .current, xPart: part == .x, id: id)
        default:
            throw Self.fail(path, Self.misplaced(type, wanted: "numberBlock"))
        }
    }

    // MARK: pieces

    private func object(_ value: JSONValue, path: String, allowed: Set<String>) throws(ProgramError) -> JSONObject {
        guard case .object(let fields) = value else { throw Self.fail(path, Self.say("notObject", ["kind": Self.kind(value)])) }
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw Self.fail(path, Self.say("unknownKeyExpected", ["key": .verbatim(unknown), "keys": .code(allowed.sorted().joined(separator: ", "))]))
        }
        return fields
    }

    private func typed(_ value: JSONValue, path: String) throws(ProgramError) -> (String, JSONObject) {
        guard case .object(let fields) = value else { throw Self.fail(path, Self.say("notBlockObject", ["kind": Self.kind(value)])) }
        guard case .string(let type)? = fields["type"] else { throw Self.fail(path, Self.say("needsType")) }
        return (type, fields)
    }

    private func check(_ fields: JSONObject, path: String, type: String, allowed: Set<String>) throws(ProgramError) {
        let all = allowed.union(["type", "id"])
        if let unknown = fields.keys.sorted().first(where: { !all.contains($0) }) {
            let keys = Words.code(all.sorted().joined(separator: ", "))
            throw Self.fail(path, Self.say("unknownKey", ["key": .verbatim(unknown), "type": .verbatim(type), "keys": keys]))
        }
    }

    private func integer(_ value: JSONValue, path: String, range: ClosedRange<Int>) throws(ProgramError) -> Int {
        if case .number(let fraction) = value { throw Self.fail(path, Self.say("notWhole", ["number": .verbatim(fraction)])) }
        guard case .int(let number) = value else { throw Self.fail(path, Self.say("notWholeNumber", ["kind": Self.kind(value)])) }
        guard range.contains(number) else {
            throw Self.fail(path, Self.say("outOfRange", ["number": .number(number), "low": .number(range.lowerBound),
                                                          "high": .number(range.upperBound)]))
        }
        return number
    }

    private func name(_ value: JSONValue?, path: String, allowEmpty: Bool) throws(ProgramError) -> String {
        guard case .string(let text)? = value else { throw Self.fail(path, Self.say("needsName")) }
        guard allowEmpty || !text.isEmpty else { throw Self.fail(path, Self.say("emptyName")) }
        guard text.count <= ProgramLimits.maxNameLength else {
            throw Self.fail(path, Self.say("nameLength", ["limit": .number(ProgramLimits.maxNameLength)]))
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw Self.fail(path, Self.say("controlCharacters"))
        }
        return text
    }

    private func choice<T: RawRepresentable & CaseIterable>(_ value: JSONValue?, path: String, as: T.Type) throws(ProgramError) -> T
    where T.RawValue == String {
        let options = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .string(let text)? = value, let result = T(rawValue: text) else {
            throw Self.fail(path, Self.say("oneOf", ["options": .code(options)]))
        }
        return result
    }

    /// "blocks[2].do[0]: …": where, then what (the catalogue's `program.blocks.*` problems).
    static func fail(_ path: String, _ problem: Words) -> ProgramError {
        ProgramError(.invalidJSON, words: .say("program.blocks.at", ["path": .verbatim(path), "problem": problem]), path: path)
    }

    private static func say(_ key: String, _ arguments: [String: Words] = [:]) -> Words { .say("program.blocks." + key, arguments) }

    private static let nestedTooDeep = say("nestedTooDeep", ["limit": .number(ProgramLimits.maxDepth)])

    /// What a JSON value is, in words ("a list"): GridKit's `JSONValue.kind` is English only.
    private static func kind(_ value: JSONValue) -> Words {
        switch value {
        case .null: say("kind.null")
        case .bool: say("kind.bool")
        case .int, .number: say("kind.number")
        case .string, .relative: say("kind.string")
        case .array: say("kind.list")
        case .object: say("kind.object")
        }
    }

    /// "at_destination is a condition" reads better than "unknown block type" for a known block.
    private static func misplaced(_ type: String, wanted: String) -> Words {
        let kinds: [(String, Set<String>)] = [
            ("condition", ["at_destination", "dead_end", "cow_crossing", "road_exists", "traffic_light", "logic_negate",
                             "logic_operation", "logic_compare", "logic_boolean"]),
            ("numberBlock", ["math_number", "variables_get", "math_arithmetic", "van_coordinate"]),
            ("step", Set(VanAction.allCases.map(\.rawValue)).union(
                ["controls_repeat", "controls_repeat_while", "controls_repeat_until", "controls_if", "call_proc",
                 "variables_numeric_set", "variables_increment"])),
        ]
        if let kind = kinds.first(where: { $0.1.contains(type) }) {
            return say("misplaced", ["type": .verbatim(type), "kind": say("what." + kind.0), "wanted": say("what." + wanted)])
        }
        if type == "start" || type == "declare_proc" { return say("notHere", ["type": .verbatim(type)]) }
        return say("unknownType", ["type": .verbatim(type)])
    }
}

enum LogicOperator: String, CaseIterable { case and = "AND", or = "OR" }
enum CoordinateWhich: String, CaseIterable { case current, previous }
enum CoordinatePart: String, CaseIterable { case x, y }
/// `LightColour` as a closed list of choices (Level.swift's enum is not CaseIterable).
enum TrafficColour: String, CaseIterable {
    case red = "RED", green = "GREEN"
    var colour: LightColour { self == .red ? .red : .green }
}
