import RouterKit

// The "Python view": a program shown as Python in Rapid Router's style, so a child can see the
// code behind their blocks. It is written to be read back by our own Python front end: parsing the
// view gives the same tree (ids aside), with one exception — a repeat-until loop comes back as
// `while not …:`, which runs the same but is a repeat-while block around a not block.
// Names that are not Python identifiers ("go round") are made into ones ("go_round").

extension Program {
    /// The program as Python: `from van import Van`, `my_van = Van()`, the procedures, then the
    /// steps under start.
    public var pythonView: String {
        var writer = PythonViewWriter(program: self)
        return writer.write()
    }
}

struct PythonViewWriter {
    static let van = "my_van"
    private static let reserved: Set<String> = PythonLexer.keywords.union(["Van", "van", "my_van", "range", "print"])

    let program: Program
    private var lines: [String] = []
    /// The name `for` loops count with: "count", unless the program has a variable called that.
    private let counter: String

    init(program: Program) {
        self.program = program
        var used: Set<String> = []
        for statement in program.main + program.procedures.flatMap(\.body) { Self.variables(in: statement, into: &used) }
        var name = "count", suffix = 1
        while used.contains(name) {
            suffix += 1
            name = "count\(suffix)"
        }
        counter = name
    }

    mutating func write() -> String {
        lines = ["from van import Van", "\(Self.van) = Van()"]
        for procedure in program.procedures {
            lines.append("")
            lines.append("def \(Self.identifier(procedure.name))():")
            var assigned: Set<String> = []
            for statement in procedure.body { Self.variables(in: statement, into: &assigned, assignedOnly: true) }
            if !assigned.isEmpty { lines.append("    global " + assigned.map(Self.identifier).sorted().joined(separator: ", ")) }
            body(procedure.body, indent: 1)
        }
        if !program.main.isEmpty {
            lines.append("")
            for statement in program.main { self.statement(statement, indent: 0) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func body(_ statements: [Statement], indent: Int) {
        if statements.isEmpty { lines.append(String(repeating: "    ", count: indent) + "pass") }
        for statement in statements { self.statement(statement, indent: indent) }
    }

    private mutating func statement(_ statement: Statement, indent: Int) {
        let pad = String(repeating: "    ", count: indent)
        switch statement {
        case .action(let action, _): lines.append("\(pad)\(Self.van).\(action.rawValue)()")
        case .repeatTimes(let times, let body, _):
            lines.append("\(pad)for \(counter) in range(\(Self.expression(times, 0))):")
            self.body(body, indent: indent + 1)
        case .repeatWhile(let test, _, let body, _):
            lines.append("\(pad)while \(Self.condition(test, 0)):")
            self.body(body, indent: indent + 1)
        case .ifElse(let branches, let otherwise, _):
            for (index, branch) in branches.enumerated() {
                lines.append("\(pad)\(index == 0 ? "if" : "elif") \(Self.condition(branch.condition, 0)):")
                body(branch.body, indent: indent + 1)
            }
            if let otherwise {
                lines.append("\(pad)else:")
                body(otherwise, indent: indent + 1)
            }
        case .call(let name, _): lines.append("\(pad)\(Self.identifier(name))()")
        case .setVariable(let name, let value, _): lines.append("\(pad)\(Self.identifier(name)) = \(Self.expression(value, 0))")
        case .increment(let name, let value, _): lines.append("\(pad)\(Self.identifier(name)) += \(Self.expression(value, 0))")
        }
    }

    // MARK: conditions: or 1, and 2, not 3, comparison 4, call 5

    private static func condition(_ condition: Condition, _ needed: Int) -> String {
        let (text, level): (String, Int) = switch condition {
        case .atDestination: ("\(van).at_destination()", 5)
        case .deadEnd: ("\(van).at_dead_end()", 5)
        case .cowCrossing: ("\(van).is_animal_crossing()", 5)
        case .roadExists(let direction, _): ("\(van).is_road_\(direction.rawValue.lowercased())()", 5)
        case .trafficLight(let colour, _): ("\(van).at_traffic_light('\(colour.rawValue)')", 5)
        case .constant(let truth, _): (truth ? "True" : "False", 5)
        case .missing: ("False", 5)
        case .not(let inner, _): ("not \(self.condition(inner, 3))", 3)
        // Left-associative: the right side keeps its brackets so the tree's shape survives.
        case .and(let a, let b, _): ("\(self.condition(a, 2)) and \(self.condition(b, 3))", 2)
        case .or(let a, let b, _): ("\(self.condition(a, 1)) or \(self.condition(b, 2))", 1)
        case .compare(let op, let a, let b, _):
            ("\(expression(a, 1)) \(comparison(op)) \(expression(b, 1))", 4)
        }
        return level < needed ? "(\(text))" : text
    }

    private static func comparison(_ op: ComparisonOperator) -> String {
        switch op {
        case .equal: "=="
        case .notEqual: "!="
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        }
    }

    // MARK: numbers: + - 1, * // % 2, unary minus 3, ** 4, atom 5

    private static func expression(_ expression: Expression, _ needed: Int) -> String {
        let (text, level): (String, Int) = switch expression {
        case .number(let n, _): (String(n), n < 0 ? 3 : 5)
        case .variable(let name, _): (identifier(name), 5)
        case .missing: ("0", 5)
        case .coordinate(let current, let xPart, _):
            ("\(van).get_\(current ? "current" : "previous")_coordinate()[\(xPart ? 0 : 1)]", 5)
        case .arithmetic(let op, let a, let b, _):
            switch op {
            case .add: ("\(self.expression(a, 1)) + \(self.expression(b, 2))", 1)
            case .subtract: ("\(self.expression(a, 1)) - \(self.expression(b, 2))", 1)
            case .multiply: ("\(self.expression(a, 2)) * \(self.expression(b, 3))", 2)
            case .divide: ("\(self.expression(a, 2)) // \(self.expression(b, 3))", 2)
            case .modulo: ("\(self.expression(a, 2)) % \(self.expression(b, 3))", 2)
            // Right-associative, and its left side must be an atom (`(-2) ** 2`).
            case .power: ("\(self.expression(a, 5)) ** \(self.expression(b, 3))", 4)
            }
        }
        return level < needed ? "(\(text))" : text
    }

    // MARK: names

    /// A Python identifier for a block name: other characters become "_", a leading digit or a
    /// reserved word gets an extra "_".
    static func identifier(_ name: String) -> String {
        var result = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
        if result.isEmpty || result.first?.isNumber == true { result = "_" + result }
        if reserved.contains(result) { result += "_" }
        return result
    }

    private static func variables(in statement: Statement, into names: inout Set<String>, assignedOnly: Bool = false) {
        func walk(_ expression: Expression) {
            guard !assignedOnly else { return }
            switch expression {
            case .variable(let name, _): names.insert(identifier(name))
            case .arithmetic(_, let a, let b, _): walk(a); walk(b)
            case .number, .coordinate, .missing: break
            }
        }
        func walk(_ condition: Condition) {
            switch condition {
            case .compare(_, let a, let b, _): walk(a); walk(b)
            case .not(let inner, _): walk(inner)
            case .and(let a, let b, _), .or(let a, let b, _): walk(a); walk(b)
            default: break
            }
        }
        func walk(_ statements: [Statement]) {
            for statement in statements { variables(in: statement, into: &names, assignedOnly: assignedOnly) }
        }
        switch statement {
        case .action, .call: break
        case .repeatTimes(let times, let body, _): walk(times); walk(body)
        case .repeatWhile(let test, _, let body, _): walk(test); walk(body)
        case .ifElse(let branches, let otherwise, _):
            for branch in branches { walk(branch.condition); walk(branch.body) }
            walk(otherwise ?? [])
        case .setVariable(let name, let value, _), .increment(let name, let value, _):
            names.insert(assignedOnly ? name : identifier(name))
            walk(value)
        }
    }
}
