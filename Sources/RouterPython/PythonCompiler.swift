import RouterKit

// Python step 3: the syntax tree → the program tree. Supported (Rapid Router's Python):
//   from van import Van            my_van = Van()            (any name for the van; other imports refused)
//   my_van.move_forwards() turn_left() turn_right() turn_around() wait() deliver() sound_horn()
//   queries: at_dead_end() at_destination() at_traffic_light('RED'|'GREEN') at_red_traffic_light()
//            at_green_traffic_light() is_road('FORWARD'|'LEFT'|'RIGHT') is_road_forward() is_road_left()
//            is_road_right() is_animal_crossing()
//   coordinates: x, y = my_van.get_current_coordinate()   (or get_previous_coordinate())
//                my_van.get_current_coordinate()[0]        ([0] is x, [1] is y)
//   while c:   if c: / elif c: / else:   for i in range(n):   for i in range(a, b):
//   def name():  and calls  name()      (top level only, no parameters; defined anywhere in the file)
//   not and or, == != < <= > >=, True False, pass, # comments, global (accepted and ignored)
//   whole-number variables: x = e, x += e, x -= e, x *= e, x //= e, x %= e; + - * / // % ** (/ is //)
// Python beyond this (lists, `print`, parameters, `return`, `break`, …) runs in PythonRuntime;
// here it is refused as having no block, which means no block count.
// Variables are global, as in blocks. A `for` whose counter is read anywhere becomes
// `i = a` + `while i < b:` + `i += 1` (the end is re-checked each time round); otherwise it is a
// repeat block. Every node's id is `BlockID.line(n)`.

extension Program {
    public static func parse(python source: String) throws(ProgramError) -> Program {
        try PythonCompiler.compile(try PythonParser.module(of: source))
    }
}

struct PythonCompiler {
    static let actions = Dictionary(uniqueKeysWithValues: VanAction.allCases.map { ($0.rawValue, $0) })
    static let simpleQueries: [String: @Sendable (BlockID) -> Condition] = [
        "at_dead_end": { .deadEnd(id: $0) }, "at_destination": { .atDestination(id: $0) },
        "at_red_traffic_light": { .trafficLight(.red, id: $0) }, "at_green_traffic_light": { .trafficLight(.green, id: $0) },
        "is_road_forward": { .roadExists(.forward, id: $0) }, "is_road_left": { .roadExists(.left, id: $0) },
        "is_road_right": { .roadExists(.right, id: $0) }, "is_animal_crossing": { .cowCrossing(id: $0) },
    ]
    static let coordinates = ["get_current_coordinate": true, "get_previous_coordinate": false]
    /// Python functions a child may try; named in the error rather than "no procedure called print".
    static let builtins: Set = ["print", "input", "len", "range", "int", "str", "abs", "min", "max", "sum", "open", "exec", "eval"]
    static var methods: [String] {
        Array(actions.keys) + Array(simpleQueries.keys) + Array(coordinates.keys) + ["at_traffic_light", "is_road"]
    }

    var vanNames: Set<String> = []
    var importsVan = false
    var procedures: [String: Int] = [:]
    var variables: Set<String> = []
    var readNames: Set<String> = []

    static func compile(_ module: [PyStmt]) throws(ProgramError) -> Program {
        var compiler = PythonCompiler()
        try compiler.survey(module, topLevel: true)
        reads(in: module, into: &compiler.readNames)
        var main: [Statement] = [], defined: [Procedure] = []
        for statement in module {
            if case .def(let name, let parameters, let body, let at) = statement {
                guard parameters.isEmpty else {
                    throw fail(at, .say("program.python.noParameters", ["name": .code(name)]))
                }
                defined.append(Procedure(name: name, body: try compiler.block(body, topLevel: false), id: .line(at.line)))
            } else {
                main += try compiler.block([statement], topLevel: true)
            }
        }
        return Program(main: main, procedures: defined)
    }

    /// Names first (flow-insensitive): the van's names, procedures, variables ever given a value.
    private mutating func survey(_ statements: [PyStmt], topLevel: Bool) throws(ProgramError) {
        for statement in statements {
            switch statement {
            case .importFrom(let module, let names, _) where module == "van" && names == ["Van"]: importsVan = true
            case .assign(let targets, .call(.name("Van", _), _, _), _) where targets.count == 1: vanNames.formUnion(targets)
            case .assign(let targets, _, _): variables.formUnion(targets)
            case .augmented(let target, _, _, _): variables.insert(target)
            case .ifElse(let branches, let otherwise, _):
                for (_, body) in branches { try survey(body, topLevel: false) }
                try survey(otherwise ?? [], topLevel: false)
            case .whileLoop(_, let body, _): try survey(body, topLevel: false)
            case .forLoop(let variable, _, let body, _):
                variables.insert(variable)
                try survey(body, topLevel: false)
            case .def(let name, _, let body, let at):
                guard topLevel else { throw Self.fail(at, .say("program.python.procedureAtTopLevel")) }
                guard name.count <= ProgramLimits.maxNameLength else {
                    throw Self.fail(at, .say("program.python.procedureNameLength", ["limit": .code(ProgramLimits.maxNameLength)]))
                }
                if let first = procedures[name] {
                    throw Self.fail(at, .say("program.python.procedureDefinedTwice", ["name": .code(name), "line": .code(first)]))
                }
                procedures[name] = at.line
                try survey(body, topLevel: false)
            default: break
            }
        }
    }

    // MARK: statements

    func block(_ statements: [PyStmt], topLevel: Bool) throws(ProgramError) -> [Statement] {
        var result: [Statement] = []
        for statement in statements {
            switch statement {
            case .pass, .global: break
            case .importFrom(let module, let names, let at):
                guard module == "van", names == ["Van"] else { throw Self.fail(at, .say("program.python.onlyVanImport")) }
                guard topLevel else { throw Self.fail(at, .say("program.python.importAtTop")) }
            case .importModule(_, let at):
                throw Self.fail(at, .say("program.python.onlyVanImport"))
            case .def(_, _, _, let at):
                throw Self.fail(at, .say("program.python.procedureAtTopLevel"))
            case .expression(let expression, let at):
                result.append(try call(expression, at))
            case .assign(let targets, let value, let at):
                result += try assignment(targets, value, at)
            case .augmented(let target, let op, let value, let at):
                try checkVariableName(target, at)
                let id = BlockID.line(at.line)
                let amount = try self.expression(value)
                switch op {
                case "+": result.append(.increment(target, by: amount, id: id))
                case "-": result.append(.increment(target, by: Self.negated(amount, id: id), id: id))
                default:
                    let operation: ArithmeticOperator = op == "*" ? .multiply : op == "%" ? .modulo : .divide
                    result.append(.setVariable(target, .arithmetic(operation, .variable(target, id: id), amount, id: id), id: id))
                }
            case .ifElse(let branches, let otherwise, let at):
                var compiled: [Branch] = []
                for (test, body) in branches { compiled.append(Branch(try condition(test), try block(body, topLevel: false))) }
                let elseBody: [Statement]? = if let otherwise { try block(otherwise, topLevel: false) } else { nil }
                result.append(.ifElse(branches: compiled, otherwise: elseBody, id: .line(at.line)))
            case .whileLoop(let test, let body, let at):
                result.append(.repeatWhile(try condition(test), until: false, body: try block(body, topLevel: false), id: .line(at.line)))
            case .breakLoop(let at): throw Self.noBlock(.code("`break`"), at)
            case .continueLoop(let at): throw Self.noBlock(.code("`continue`"), at)
            case .returnValue(let value, let at):
                throw Self.noBlock(value == nil ? .code("`return`") : .say("program.python.what.returnValue"), at)
            case .setItem(let base, _, _, _, let at): throw Self.noBlock(.say("program.python.what.setItem", ["name": .code(base.text)]), at)
            case .forLoop(let variable, let iterable, let body, let at):
                result += try forLoop(variable, iterable, try block(body, topLevel: false), reads: readNames.contains(variable), at)
            }
        }
        return result
    }

    /// A line that is a call: a van action or a procedure.
    func call(_ expression: PyExpr, _ at: PySource) throws(ProgramError) -> Statement {
        let id = BlockID.line(at.line)
        switch expression {
        case .call(.attribute(let base, let method, _), let arguments, _):
            try checkVan(base, method: method, at)
            if let action = Self.actions[method] {
                guard arguments.isEmpty else { throw Self.fail(at, Self.noArguments(method)) }
                return .action(action, id: id)
            }
            if Self.simpleQueries[method] != nil || method == "at_traffic_light" || method == "is_road" {
                throw Self.fail(at, .say("program.python.asksQuestion", ["code": .code(expression.text)]))
            }
            if Self.coordinates[method] != nil {
                throw Self.fail(at, .say("program.python.givesPosition", ["code": .code(expression.text)]))
            }
            throw Self.fail(at, Self.noSuchMethod(expression.text, method))
        case .call(.name(let name, _), let arguments, _):
            if procedures[name] != nil {
                guard arguments.isEmpty else { throw Self.fail(at, Self.noArguments(name)) }
                return .call(name, id: id)
            }
            if Self.actions[name] != nil { throw Self.fail(at, .say("program.python.vanDoesIt", ["name": .code(name), "van": .code(van)])) }
            if name == "Van" { throw Self.fail(at, .say("program.python.nameTheVan")) }
            if Self.builtins.contains(name) { throw Self.noBlock(.code("`\(name)`"), at) }
            let advice = Self.suggest(name, among: Array(procedures.keys))
            throw Self.fail(at, .say("program.python.noProcedure", ["name": .code(name), "advice": Self.orDefine(name, advice)]))
        case .attribute:
            throw Self.fail(at, .say("program.python.needsBrackets", ["code": .code(expression.text)]))
        default:
            throw Self.fail(at, .say("program.python.doesNothing", ["code": .code(expression.text)]))
        }
    }

    func assignment(_ targets: [String], _ value: PyExpr, _ at: PySource) throws(ProgramError) -> [Statement] {
        let id = BlockID.line(at.line)
        if case .call(.name("Van", _), let arguments, _) = value {
            guard importsVan else { throw Self.fail(at, .say("program.python.importVanFirst")) }
            guard arguments.isEmpty, targets.count == 1 else { throw Self.fail(at, .say("program.python.makeVan")) }
            return []
        }
        for target in targets { try checkVariableName(target, at) }
        let coordinate: Bool? = if case .call(.attribute(let base, let method, _), let arguments, _) = value,
                                   let current = Self.coordinates[method] {
            try { () throws(ProgramError) -> Bool in
                try checkVan(base, method: method, at)
                guard arguments.isEmpty else { throw Self.fail(at, Self.noArguments(method)) }
                return current
            }()
        } else { nil }
        if targets.count == 2 {
            guard let current = coordinate else {
                throw Self.fail(at, .say("program.python.unpackOnlyCoordinate", ["van": .code(van)]))
            }
            return [.setVariable(targets[0], .coordinate(current: current, xPart: true, id: id), id: id),
                    .setVariable(targets[1], .coordinate(current: current, xPart: false, id: id), id: id)]
        }
        guard targets.count == 1 else { throw Self.fail(at, .say("program.python.twoNamesAtMost")) }
        if coordinate != nil {
            throw Self.fail(at, .say("program.python.coordinateUnpack", ["code": .code(value.text)]))
        }
        return [.setVariable(targets[0], try expression(value), id: id)]
    }

    func forLoop(_ variable: String, _ iterable: PyExpr, _ body: [Statement], reads: Bool, _ at: PySource)
        throws(ProgramError) -> [Statement] {
        let id = BlockID.line(at.line)
        guard case .call(.name("range", _), let arguments, _) = iterable, (1...2).contains(arguments.count) else {
            throw Self.fail(at, .say("program.python.loopsCountWithRange", ["name": .code(variable)]))
        }
        let start = arguments.count == 2 ? try expression(arguments[0]) : .number(0, id: id)
        let end = try expression(arguments[arguments.count - 1])
        if reads {
            try checkVariableName(variable, at)
            return [.setVariable(variable, start, id: id),
                    .repeatWhile(.compare(.less, .variable(variable, id: id), end, id: id), until: false,
                                 body: body + [.increment(variable, by: .number(1, id: id), id: id)], id: id)]
        }
        let count: Expression
        switch (start, end) {
        case (.number(let a, _), .number(let b, _)):
            guard ProgramLimits.timesRange.contains(max(0, b - a)) else { throw Self.fail(at, .say("program.python.loopLimit")) }
            count = .number(max(0, b - a), id: id)
        case (.number(0, _), _): count = end
        default: count = .arithmetic(.subtract, end, start, id: id)
        }
        return [.repeatTimes(count, body: body, id: id)]
    }

    // MARK: helpers

    var van: String { vanNames.sorted().first ?? "my_van" }

    func checkVan(_ base: PyExpr, method: String, _ at: PySource) throws(ProgramError) {
        guard case .name(let name, _) = base else { throw Self.fail(at, .say("program.python.onlyTheVanHas", ["method": .code(method)])) }
        guard !vanNames.contains(name) else { return }
        if vanNames.isEmpty { throw Self.fail(at, .say("program.python.makeVanFirst", ["name": .code(name)])) }
        let suggestion = Self.suggest(name, among: Array(vanNames))
        let advice = suggestion.isEmpty ? .say("program.python.advice.theVanIs", ["van": .code(van)]) : suggestion
        throw Self.fail(at, .say("program.python.notTheVan", ["name": .code(name), "advice": advice]))
    }

    func checkVariableName(_ name: String, _ at: PySource) throws(ProgramError) {
        if vanNames.contains(name) { throw Self.fail(at, .say("program.python.vanNameForNumbers", ["name": .code(name)])) }
        if procedures[name] != nil { throw Self.fail(at, .say("program.python.procedureNameForNumbers", ["name": .code(name)])) }
        guard name.count <= ProgramLimits.maxNameLength else {
            throw Self.fail(at, .say("program.python.nameLength", ["limit": .code(ProgramLimits.maxNameLength)]))
        }
    }

    static func negated(_ value: Expression, id: BlockID) -> Expression {
        if case .number(let n, let numberID) = value { return .number(-n, id: numberID) }
        return .arithmetic(.subtract, .number(0, id: id), value, id: id)
    }

    /// Every name read anywhere (a `for` counter read anywhere must really be counted).
    static func reads(in statements: [PyStmt], into names: inout Set<String>) {
        func walk(_ e: PyExpr) {
            switch e {
            case .name(let n, _): names.insert(n)
            case .number, .string, .bool, .none: break
            case .list(let items, _): items.forEach(walk)
            case .chain(_, let operands, _): operands.forEach(walk)
            case .slice(let base, let from, let to, _): walk(base); from.map(walk); to.map(walk)
            case .call(let f, let args, _): walk(f); args.forEach(walk)
            case .attribute(let base, _, _), .negate(let base, _), .not(let base, _): walk(base)
            case .index(let a, let b, _), .binary(_, let a, let b, _), .compare(_, let a, let b, _): walk(a); walk(b)
            }
        }
        for statement in statements {
            switch statement {
            case .expression(let e, _), .assign(_, let e, _): walk(e)
            case .augmented(let target, _, let e, _): names.insert(target); walk(e)
            case .pass, .importFrom, .importModule, .global, .breakLoop, .continueLoop: break
            case .returnValue(let e, _): e.map(walk)
            case .setItem(let base, let index, _, let value, _): walk(base); walk(index); walk(value)
            case .def(_, _, let body, _): reads(in: body, into: &names)
            case .ifElse(let branches, let otherwise, _):
                for (test, body) in branches { walk(test); reads(in: body, into: &names) }
                reads(in: otherwise ?? [], into: &names)
            case .whileLoop(let test, let body, _): walk(test); reads(in: body, into: &names)
            case .forLoop(_, let iterable, let body, _): walk(iterable); reads(in: body, into: &names)
            }
        }
    }

    /// "; did you mean `move_forwards`?" when a known name is a small typo away, else "".
    static func suggest(_ word: String, among candidates: [String]) -> Words {
        let best = candidates.map { ($0, distance(word, $0)) }.min { ($0.1, $0.0) < ($1.1, $1.0) }
        // A one-letter name is not a typo of another one-letter name.
        guard let best, best.1 <= max(1, min(3, word.count / 3)), best.1 < min(word.count, best.0.count) else { return .nothing }
        return .say("program.python.advice.didYouMean", ["name": .code(best.0)])
    }

    /// "; did you mean `…`?", else " (define it with `def name():`)".
    static func orDefine(_ name: String, _ suggestion: Words) -> Words {
        suggestion.isEmpty ? .say("program.python.advice.defineIt", ["name": .code(name)]) : suggestion
    }

    /// "`name` has no value", with a suggestion, else how to give it one.
    static func noValue(_ name: String, suggestion: Words) -> Words {
        let advice = suggestion.isEmpty ? .say("program.python.advice.giveItOne", ["name": .code(name)]) : suggestion
        return .say("program.python.noValue", ["name": .code(name), "advice": advice])
    }

    /// "`call` — the van has no `method`", with a suggestion among the van's methods.
    static func noSuchMethod(_ call: String, _ method: String) -> Words {
        .say("program.python.vanHasNoMethod", ["call": .code(call), "method": .code(method), "advice": suggest(method, among: methods)])
    }

    /// "`call()` takes nothing between its brackets".
    static func noArguments(_ call: String) -> Words { .say("program.python.noArguments", ["call": .code(call)]) }

    /// "write `is_road('FORWARD' or 'LEFT' or 'RIGHT')`".
    static func writeChoice(_ method: String, _ choices: [String]) -> Words {
        .say("program.python.writeChoice", ["method": .code(method), "choices": Words.either(choices.map { "'\($0)'" })])
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(60)), b = Array(b.prefix(60))
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where i <= a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...max(1, b.count) where j <= b.count {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }

    /// Python the runtime runs but the block tree cannot hold (so it has no block count).
    static func noBlock(_ what: Words, _ at: PySource) -> ProgramError {
        fail(at, .say("program.python.noBlock", ["what": what]))
    }

    static func fail(_ at: PySource, _ message: Words) -> ProgramError {
        PythonLexer.error(at.line, at.column, message)
    }
}
