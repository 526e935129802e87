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

    /// Functions a child may try that this game does not offer, with what to use instead.
    static let refusedBuiltins: [String: String] = [
        "input": "give the value in the program instead, as in `n = 3`",
        "float": "only whole numbers are used here: `//` divides into whole numbers",
        "dict": "use a list instead", "set": "use a list instead", "tuple": "use a list instead",
        "open": "use `print` to show things", "eval": "write the code out", "exec": "write the code out",
        "sorted": "sort with a loop, or keep the list in order as you `append`",
        "reversed": "walk the list backwards with `range(len(my_list) - 1, -1, -1)`",
        "enumerate": "count with `range(len(my_list))` and read `my_list[i]`",
        "zip": "count with `range(len(my_list))` and read both lists at `[i]`",
        "map": "use a `for` loop", "filter": "use a `for` loop with an `if`",
        "round": "only whole numbers are used here", "type": "compare values with `==`",
        "isinstance": "compare values with `==`", "chr": "write the text in quotes", "ord": "compare text with `==`",
    ]

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
                        let what: Words = if case .whileLoop = statement {
                            "the `while` loop has nothing inside but `pass`, so the van would never move."
                        } else {
                            "the `for` loop has nothing inside but `pass`, so it would repeat nothing."
                        }
                        return Interpreter.CompileError(words: "Oh dear! Line \(at.line): \(what) \(Words(Interpreter.fillLoop))", block: .line(at.line))
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
                if case .attribute = e { throw fail(at, "`\(e.text)` needs brackets to run: `\(e.text)()`") }
                if case .name(let name, _) = e, functions[name] != nil {
                    throw fail(at, "`\(name)` needs brackets to run: `\(name)()`")
                }
                try check(e)
            case .assign(_, let value, _), .augmented(_, _, let value, _): try check(value)
            case .setItem(let base, let index, _, let value, _): try check(base); try check(index); try check(value)
            case .pass, .global: break
            case .importFrom(let module, let names, let at):
                guard module == "van", names == ["Van"] else { throw fail(at, "only `from van import Van` can be imported") }
            case .importModule(let module, let at):
                guard module == "van" else { throw fail(at, "only `from van import Van` can be imported") }
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
                guard topLevel else { throw fail(at, "define functions at the top level, not indented inside other code") }
                if let first = functions[name], first != at.line {
                    throw fail(at, "`\(name)` is already defined on line \(first); give each function its own name")
                }
                if Set(parameters).count != parameters.count { throw fail(at, "each parameter of `\(name)` needs its own name") }
                try check(inner, inFunction: name, inLoop: false, topLevel: false)
            case .breakLoop(let at), .continueLoop(let at):
                guard inLoop else {
                    let word = if case .breakLoop = statement { "break" } else { "continue" }
                    throw fail(at, "`\(word)` can only be used inside a `while` or `for` loop")
                }
            case .returnValue(let value, let at):
                guard inFunction != nil else { throw fail(at, "`return` can only be used inside a function (`def`)") }
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
                if name == "Van", !importsVan { throw fail(at, "add `from van import Van` at the top to use `Van()`") }
                try checkName(name, nameAt, called: true)
            case .attribute(.name(let base, let baseAt), let method, _) where vanNames.contains(base) || !bound.contains(base):
                try checkName(base, baseAt, called: false)
                let methods = PythonCompiler.methods
                guard methods.contains(method) else {
                    throw fail(at, "`\(callee.text)()` — the van has no `\(method)`\(PythonCompiler.suggest(method, among: methods))")
                }
            default: try check(callee)
            }
            for argument in arguments { try check(argument) }
        }
    }

    private func checkName(_ name: String, _ at: PySource, called: Bool) throws(ProgramError) {
        if bound.contains(name) || PythonBuiltins.names.contains(name) { return }
        if let advice = PythonChecker.refusedAdvice(name) { throw fail(at, "`\(name)` isn't part of the Python used in this game; \(Words(advice))") }
        if PythonCompiler.actions[name] != nil || PythonCompiler.simpleQueries[name] != nil {
            throw fail(at, "`\(name)()` is something the van does: write `\(van).\(name)()`")
        }
        if name == "Van" { throw fail(at, "add `from van import Van` at the top to use `Van()`") }
        if called {
            let advice = PythonCompiler.suggest(name, among: Array(functions.keys) + Array(PythonBuiltins.names))
            throw fail(at, "there is no function called `\(name)`\(advice.isEmpty ? " (define it with `def \(name)():`)" : advice)")
        }
        if !vanNames.isEmpty, let advice = Optional(PythonCompiler.suggest(name, among: Array(vanNames))), !advice.isEmpty {
            throw fail(at, "`\(name)` isn't the van\(advice)")
        }
        if vanNames.isEmpty, name.lowercased().contains("van") {
            throw fail(at, "make the van first: `\(name) = Van()` (after `from van import Van`)")
        }
        let advice = PythonCompiler.suggest(name, among: Array(bound))
        throw fail(at, "`\(name)` has no value\(advice.isEmpty ? ": give it one first, as in `\(name) = 0`" : advice)")
    }

    static func refusedAdvice(_ name: String) -> String? { PythonProgram.refusedBuiltins[name] }

    private func fail(_ at: PySource, _ message: Words) -> ProgramError { PythonCompiler.fail(at, message) }
}
