import Foundation
import GridKit

/// Tree → JSON, the inverse of the reader (ids are always written, so reading it back gives the
/// same tree).
enum BlockJSONWriter {
    static func program(_ program: Program) -> JSONValue {
        .object(["blocks": statements(program.main),
                 "procedures": .array(program.procedures.map {
                     .object(["id": .string($0.id.value), "name": .string($0.name), "do": statements($0.body)])
                 }),
                 "detached": .int(program.detachedBlocks)])
    }

    static func statements(_ list: [Statement]) -> JSONValue { .array(list.map(statement)) }

    private static func block(_ type: String, _ id: BlockID, _ fields: JSONObject = [:]) -> JSONValue {
        let all: JSONObject = ["type": .string(type), "id": .string(id.value)]
        return .object(all.merging(fields.filter { $1 != .null }))
    }

    static func statement(_ statement: Statement) -> JSONValue {
        switch statement {
        case .action(let action, let id): return block(action.rawValue, id)
        case .repeatTimes(let times, let body, let id):
            return block("controls_repeat", id, ["times": field(times), "do": statements(body)])
        case .repeatWhile(let test, let until, let body, let id):
            // An until loop is stored as while-not; write the condition the child snapped in.
            if until, case .not(let inner, _) = test {
                return block("controls_repeat_until", id, ["condition": condition(inner), "do": statements(body)])
            }
            return block("controls_repeat_while", id, ["condition": condition(test), "do": statements(body)])
        case .ifElse(let branches, let otherwise, let id):
            let list = branches.map { branch -> JSONValue in
                var fields: JSONObject = ["do": statements(branch.body)]
                let test = condition(branch.condition)
                if test != .null { fields["condition"] = test }
                return .object(fields)
            }
            return block("controls_if", id, ["branches": .array(list), "else": otherwise.map(statements) ?? .null])
        case .call(let name, let id): return block("call_proc", id, ["name": .string(name)])
        case .setVariable(let name, let value, let id):
            return block("variables_numeric_set", id, ["name": .string(name), "value": field(value)])
        case .increment(let name, let value, let id):
            return block("variables_increment", id, ["name": .string(name), "value": field(value)])
        }
    }

    /// A plain number in a block's own field (repeat TIMES, set/increment VALUE) is written bare.
    private static func field(_ value: Expression) -> JSONValue {
        if case .number(let n, _) = value { return .int(n) }
        return expression(value)
    }

    static func condition(_ condition: Condition) -> JSONValue {
        switch condition {
        case .atDestination(let id): return block("at_destination", id)
        case .deadEnd(let id): return block("dead_end", id)
        case .cowCrossing(let id): return block("cow_crossing", id)
        case .roadExists(let direction, let id): return block("road_exists", id, ["direction": .string(direction.rawValue)])
        case .trafficLight(let colour, let id): return block("traffic_light", id, ["colour": .string(colour.rawValue)])
        case .not(let inner, let id): return block("logic_negate", id, ["condition": self.condition(inner)])
        case .and(let a, let b, let id):
            return block("logic_operation", id, ["op": .string("AND"), "a": self.condition(a), "b": self.condition(b)])
        case .or(let a, let b, let id):
            return block("logic_operation", id, ["op": .string("OR"), "a": self.condition(a), "b": self.condition(b)])
        case .compare(let op, let a, let b, let id):
            return block("logic_compare", id, ["op": .string(op.rawValue), "a": expression(a), "b": expression(b)])
        case .constant(let truth, let id): return block("logic_boolean", id, ["value": .bool(truth)])
        case .missing: return .null
        }
    }

    static func expression(_ expression: Expression) -> JSONValue {
        switch expression {
        case .number(let n, let id): return block("math_number", id, ["value": .int(n)])
        case .variable(let name, let id): return block("variables_get", id, ["name": .string(name)])
        case .arithmetic(let op, let a, let b, let id):
            return block("math_arithmetic", id, ["op": .string(op.rawValue), "a": self.expression(a), "b": self.expression(b)])
        case .coordinate(let current, let xPart, let id):
            return block("van_coordinate", id, ["which": .string(current ? "current" : "previous"),
                                                 "part": .string(xPart ? "x" : "y")])
        case .missing: return .null
        }
    }
}
