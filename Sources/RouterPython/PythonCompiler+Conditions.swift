import RouterKit

// Python step 3, continued: conditions (a van's questions, comparisons, not/and/or) and whole-number
// expressions, from the syntax tree to the program tree. The statements are in PythonCompiler.swift.
extension PythonCompiler {
    func condition(_ expression: PyExpr) throws(ProgramError) -> Condition {
        let at = expression.at, id = BlockID.line(expression.at.line)
        switch expression {
        case .bool(let truth, _): return .constant(truth, id: id)
        case .not(let inner, _): return .not(try condition(inner), id: id)
        case .binary("and", let a, let b, _): return .and(try condition(a), try condition(b), id: id)
        case .binary("or", let a, let b, _): return .or(try condition(a), try condition(b), id: id)
        case .chain: throw Self.fail(at, .say("program.python.compareTwo"))
        case .compare(let op, let a, let b, _):
            let operators: [String: ComparisonOperator] = ["==": .equal, "!=": .notEqual, "<": .less, "<=": .lessOrEqual,
                                                           ">": .greater, ">=": .greaterOrEqual]
            guard let comparison = operators[op] else { throw Self.noBlock(.code("`\(op)`"), at) }
            return .compare(comparison, try self.expression(a), try self.expression(b), id: id)
        case .call(.attribute(let base, let method, _), let arguments, _):
            try checkVan(base, method: method, at)
            if let query = Self.simpleQueries[method] {
                guard arguments.isEmpty else { throw Self.fail(at, Self.noArguments(method)) }
                return query(id)
            }
            if method == "at_traffic_light" || method == "is_road" {
                let choices = method == "is_road" ? ["FORWARD", "LEFT", "RIGHT"] : ["RED", "GREEN"]
                guard arguments.count == 1, case .string(let text, _) = arguments[0], choices.contains(text.uppercased()) else {
                    throw Self.fail(at, Self.writeChoice(method, choices))
                }
                if method == "is_road" { return .roadExists(RelativeDirection(rawValue: text.uppercased()) ?? .forward, id: id) }
                return .trafficLight(text.uppercased() == "RED" ? .red : .green, id: id)
            }
            if Self.actions[method] != nil {
                throw Self.fail(at, .say("program.python.movesTheVan", ["code": .code(expression.text)]))
            }
            if Self.coordinates[method] != nil { throw Self.fail(at, .say("program.python.isAPosition", ["code": .code(expression.text)])) }
            throw Self.fail(at, Self.noSuchMethod(expression.text, method))
        default:
            throw Self.fail(at, .say("program.python.notTrueOrFalse", ["code": .code(expression.text)]))
        }
    }

    func expression(_ expression: PyExpr) throws(ProgramError) -> Expression {
        let at = expression.at, id = BlockID.line(expression.at.line)
        switch expression {
        case .number(let n, _): return .number(n, id: id)
        case .name(let name, _):
            if vanNames.contains(name) { throw Self.fail(at, .say("program.python.vanNotANumber", ["name": .code(name)])) }
            if procedures[name] != nil { throw Self.fail(at, .say("program.python.callProcedureAlone", ["name": .code(name)])) }
            guard variables.contains(name) else {
                throw Self.fail(at, Self.noValue(name, suggestion: Self.suggest(name, among: Array(variables))))
            }
            return .variable(name, id: id)
        case .negate(.number(let n, _), _): return .number(-n, id: id)
        case .negate(let inner, _): return Self.negated(try self.expression(inner), id: id)
        case .binary(let op, let a, let b, _):
            let operators: [String: ArithmeticOperator] = ["+": .add, "-": .subtract, "*": .multiply, "/": .divide,
                                                           "//": .divide, "%": .modulo, "**": .power]
            guard let operation = operators[op] else { throw Self.fail(at, .say("program.python.truthNotANumber", ["code": .code(expression.text)])) }
            return .arithmetic(operation, try self.expression(a), try self.expression(b), id: id)
        case .index(.call(.attribute(let base, let method, _), let arguments, _), .number(let part, _), _)
            where Self.coordinates[method] != nil && (part == 0 || part == 1) && arguments.isEmpty:
            try checkVan(base, method: method, at)
            return .coordinate(current: Self.coordinates[method] ?? true, xPart: part == 0, id: id)
        case .index:
            throw Self.fail(at, .say("program.python.indexOnlyCoordinate", ["van": .code(van)]))
        case .string: throw Self.fail(at, .say("program.python.quotedText"))
        case .bool, .not, .compare, .chain: throw Self.fail(at, .say("program.python.truthNotANumber", ["code": .code(expression.text)]))
        case .none: throw Self.noBlock(.code("`None`"), at)
        case .list: throw Self.noBlock(.say("program.python.kind.list"), at)
        case .slice: throw Self.noBlock(.say("program.python.what.slice"), at)
        case .call(.attribute(_, let method, _), _, _) where Self.coordinates[method] != nil:
            throw Self.fail(at, .say("program.python.coordinateParts", ["code": .code(expression.text)]))
        case .call, .attribute: throw Self.fail(at, .say("program.python.notANumber", ["code": .code(expression.text)]))
        }
    }
}
