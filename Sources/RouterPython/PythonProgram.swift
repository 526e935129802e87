import RouterKit

// A child's Python program, read for `PythonRuntime`: lexed and parsed (PythonLexer,
// PythonParser), then checked before it runs for what can be known from the text alone: names
// that are never given a value (with "did you mean"), the van's methods, imports, `break` outside
// a loop, `return` outside a function, functions defined inside other code. These are refused
// with the line and what to write instead, as the block compiler refuses them, so a typo is a
// message before the van moves rather than a crash halfway.

public struct PythonProgram: Sendable {
    public let source: String
    let module: [PyStmt]

    /// Functions a child may try that this game does not offer, with what to use instead
    /// (`program.python.advice.*`).
    static let refusedBuiltins: [String: Words] = [
        "input": "giveValue", "float": "wholeNumbersDivide",
        "dict": "useList", "set": "useList", "tuple": "useList",
        "open": "usePrint", "eval": "writeCode", "exec": "writeCode",
        "sorted": "sortWithLoop", "reversed": "walkBackwards", "enumerate": "countPositions", "zip": "countBothLists",
        "map": "useFor", "filter": "useForWithIf", "round": "wholeNumbers", "type": "compareValues",
        "isinstance": "compareValues", "chr": "quoteText", "ord": "compareText",
    ].mapValues { Words.say("program.python.advice." + $0) }

    public static func parse(_ source: String) throws(ProgramError) -> PythonProgram {
        let module = try PythonParser.module(of: source)
        var checker = PythonChecker(module)
        try checker.check(module, inFunction: nil, inLoop: false, topLevel: true)
        return PythonProgram(source: source, module: module)
    }

    /// A `while` or `for` loop with nothing inside but `pass`: it never moves the van (a `while`
    /// would only spin until the step cap), so the run is refused before it starts, in the same
    /// words the block interpreter uses for an empty loop. (`pass` in an `if` or a `def` is a
    /// fine placeholder in Python and is left alone.)
    public var emptyLoop: Interpreter.CompileError? {
        func search(_ body: [PyStmt]) -> Interpreter.CompileError? {
            for statement in body {
                switch statement {
                case .whileLoop(_, let inner, let at), .forLoop(_, _, let inner, let at):
                    if inner.allSatisfy({ if case .pass = $0 { true } else { false } }) {
                        let isWhile = if case .whileLoop = statement { true } else { false }
                        return Interpreter.CompileError(words: Interpreter.ohDear(Interpreter.emptyLoop(while: isWhile), line: at.line),
                                                        block: .line(at.line))
                    }
                    if let found = search(inner) { return found }
                case .ifElse(let branches, let otherwise, _):
                    for (_, inner) in branches { if let found = search(inner) { return found } }
                    if let found = search(otherwise ?? []) { return found }
                case .def(_, _, let inner, _): if let found = search(inner) { return found }
                default: break
                }
            }
            return nil
        }
        return search(module)
    }

    /// The same program as a block tree, when it keeps to what blocks can say (no lists, `print`,
    /// parameters, `return`, …): for the block count, the toolbox check and the Python view.
    public func blockProgram() throws(ProgramError) -> Program { try PythonCompiler.compile(module) }
}

/// The checks made before a run (see the top of this file).
struct PythonChecker {
    /// Every name the program gives a value to anywhere (flow-insensitive, as a first check).
    private var bound: Set<String> = []
    private var functions: [String: Int] = [:]
    private var vanNames: Set<String> = []
    private var importsVan = false

    init(_ module: [PyStmt]) {
        for statement in module {
            if case .def(let name, _, _, let at) = statement, functions[name] == nil { functions[name] = at.line }
        }
        survey(module)
        bound.formUnion(functions.keys)
    }

    private mutating func survey(_ body: [PyStmt]) {
        for statement in body {
            switch statement {
            case .assign(let names, let value, _):
                bound.formUnion(names)
                if names.count == 1, case .call(let maker, _, _) = value, Self.makesVan(maker) { vanNames.formUnion(names) }
            case .augmented(let name, _, _, _): bound.insert(name)
            case .forLoop(let name, _, let inner, _):
                bound.insert(name)
                survey(inner)
            case .whileLoop(_, let inner, _): survey(inner)
            case .ifElse(let branches, let otherwise, _):
                for (_, inner) in branches { survey(inner) }
                survey(otherwise ?? [])
            case .def(let name, let parameters, let inner, _):
                bound.insert(name)
                bound.formUnion(parameters)
                survey(inner)
            case .importFrom(let module, let names, _):
                bound.formUnion(names)
                if module == "van", names.contains("Van") { importsVan = true }
            case .importModule(let name, _):
                bound.insert(name)
                if name == "van" { importsVan = true }
            case .global, .expression, .pass, .breakLoop, .continueLoop, .returnValue, .setItem: break
            }
        }
    }

    static func makesVan(_ maker: PyExpr) -> Bool {
        switch maker {
        case .name("Van", _), .attribute(.name("van", _), "Van", _): true
        default: false
        }
    }

    private var van: String { vanNames.sorted().first ?? "my_van" }

    mutating func check(_ body: [PyStmt], inFunction: String?, inLoop: Bool, topLevel: Bool) throws(ProgramError) {
        for statement in body {
            switch statement {
            case .expression(let e, let at):
                if case .attribute = e { throw fail(at, .say("program.python.needsBrackets", ["code": .code(e.text)])) }
                if case .name(let name, _) = e, functions[name] != nil {
                    throw fail(at, .say("program.python.needsBrackets", ["code": .code(name)]))
                }
                try check(e)
            case .assign(_, let value, _), .augmented(_, _, let value, _): try check(value)
            case .setItem(let base, let index, _, let value, _): try check(base); try check(index); try check(value)
            case .pass, .global: break
            case .importFrom(let module, let names, let at):
                guard module == "van", names == ["Van"] else { throw fail(at, .say("program.python.onlyVanImport")) }
            case .importModule(let module, let at):
                guard module == "van" else { throw fail(at, .say("program.python.onlyVanImport")) }
            case .ifElse(let branches, let otherwise, _):
                for (test, inner) in branches {
                    try check(test)
                    try check(inner, inFunction: inFunction, inLoop: inLoop, topLevel: false)
                }
                try check(otherwise ?? [], inFunction: inFunction, inLoop: inLoop, topLevel: false)
            case .whileLoop(let test, let inner, _):
                try check(test)
                try check(inner, inFunction: inFunction, inLoop: true, topLevel: false)
            case .forLoop(_, let iterable, let inner, _):
                try check(iterable)
                try check(inner, inFunction: inFunction, inLoop: true, topLevel: false)
            case .def(let name, let parameters, let inner, let at):
                guard topLevel else { throw fail(at, .say("program.python.functionAtTopLevel")) }
                if let first = functions[name], first != at.line {
                    throw fail(at, .say("program.python.functionDefinedTwice", ["name": .code(name), "line": .code(first)]))
                }
                if Set(parameters).count != parameters.count { throw fail(at, .say("program.python.sameParameter", ["name": .code(name)])) }
                try check(inner, inFunction: name, inLoop: false, topLevel: false)
            case .breakLoop(let at), .continueLoop(let at):
                guard inLoop else {
                    let word = if case .breakLoop = statement { "break" } else { "continue" }
                    throw fail(at, .say("program.python.outsideLoop", ["word": .code(word)]))
                }
            case .returnValue(let value, let at):
                guard inFunction != nil else { throw fail(at, .say("program.python.returnOutsideFunction")) }
                if let value { try check(value) }
            }
        }
    }

    /// Names read, calls and the van's methods in one expression.
    private func check(_ expression: PyExpr) throws(ProgramError) {
        switch expression {
        case .name(let name, let at): try checkName(name, at, called: false)
        case .number, .string, .bool, .none: break
        case .list(let items, _): for item in items { try check(item) }
        case .chain(_, let operands, _): for operand in operands { try check(operand) }
        case .slice(let base, let from, let to, _):
            try check(base)
            if let from { try check(from) }
            if let to { try check(to) }
        case .index(let a, let b, _), .binary(_, let a, let b, _), .compare(_, let a, let b, _):
            try check(a)
            try check(b)
        case .negate(let inner, _), .not(let inner, _): try check(inner)
        case .attribute(let base, _, _): try check(base)
        case .call(let callee, let arguments, let at):
            switch callee {
            case .name(let name, let nameAt):
                if name == "Van", !importsVan { throw fail(at, .say("program.python.importVanFirst")) }
                try checkName(name, nameAt, called: true)
            case .attribute(.name(let base, let baseAt), let method, _) where vanNames.contains(base) || !bound.contains(base):
                try checkName(base, baseAt, called: false)
                let methods = PythonCompiler.methods
                guard methods.contains(method) else {
                    throw fail(at, PythonCompiler.noSuchMethod(callee.text + "()", method))
                }
            default: try check(callee)
            }
            for argument in arguments { try check(argument) }
        }
    }

    private func checkName(_ name: String, _ at: PySource, called: Bool) throws(ProgramError) {
        if bound.contains(name) || PythonBuiltins.names.contains(name) { return }
        if let advice = PythonChecker.refusedAdvice(name) { throw fail(at, PythonWords.refusal(name, advice: advice)) }
        if PythonCompiler.actions[name] != nil || PythonCompiler.simpleQueries[name] != nil {
            throw fail(at, .say("program.python.vanDoesIt", ["name": .code(name), "van": .code(van)]))
        }
        if name == "Van" { throw fail(at, .say("program.python.importVanFirst")) }
        if called {
            let advice = PythonCompiler.suggest(name, among: Array(functions.keys) + Array(PythonBuiltins.names))
            throw fail(at, .say("program.python.noFunction", ["name": .code(name), "advice": PythonCompiler.orDefine(name, advice)]))
        }
        if !vanNames.isEmpty, let advice = Optional(PythonCompiler.suggest(name, among: Array(vanNames))), !advice.isEmpty {
            throw fail(at, .say("program.python.notTheVan", ["name": .code(name), "advice": advice]))
        }
        if vanNames.isEmpty, name.lowercased().contains("van") {
            throw fail(at, .say("program.python.makeVanFirst", ["name": .code(name)]))
        }
        throw fail(at, PythonCompiler.noValue(name, suggestion: PythonCompiler.suggest(name, among: Array(bound))))
    }

    static func refusedAdvice(_ name: String) -> Words? { PythonProgram.refusedBuiltins[name] }

    private func fail(_ at: PySource, _ message: Words) -> ProgramError { PythonCompiler.fail(at, message) }
}
