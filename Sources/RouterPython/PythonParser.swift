import RouterKit

// Python step 2: tokens → the syntax tree of PythonSyntax.swift (recursive descent, Python's
// precedence). The children's subset is understood (lists, slices without a step, `break`,
// `continue`, `return`, `in`, chained comparisons, …); everything else is refused by name with
// what to write instead (PythonWords), so a child learns what to change rather than reading
// "syntax error".

struct PythonParser {
    var tokens: [PyToken]
    var position = 0
    /// How many `test()`/unary levels are open: bounds the parser's own recursion.
    var nesting = 0

    init(tokens: [PyToken]) { self.tokens = tokens }

    /// A whole program's statements, read by both Python front ends (the block compiler and the
    /// runtime) after the same limits: at most `maxPythonBytes` and `maxPythonLines`.
    static func module(of source: String) throws(ProgramError) -> [PyStmt] {
        guard source.utf8.count <= ProgramLimits.maxPythonBytes else {
            throw ProgramError(.tooLarge, words: .say("program.python.tooManyKilobytes", ["limit": .code(ProgramLimits.maxPythonBytes / 1024)]))
        }
        let lineCount = source.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        guard lineCount <= ProgramLimits.maxPythonLines else {
            throw ProgramError(.tooLarge, words: .say("program.python.tooManyLines", ["limit": .code(ProgramLimits.maxPythonLines)]))
        }
        var parser = PythonParser(tokens: try PythonLexer.tokenize(source))
        return try parser.module()
    }

    mutating func module() throws(ProgramError) -> [PyStmt] {
        var body: [PyStmt] = []
        while peek.kind != .end { body.append(try statement(depth: 0)) }
        return body
    }

    // MARK: statements

    private mutating func statement(depth: Int) throws(ProgramError) -> PyStmt {
        let token = peek
        if token.kind == .indent {
            throw fail(token, .say("program.python.unexpectedIndent"))
        }
        if token.kind == .name {
            switch token.text {
            case "if": return try ifStatement(depth: depth)
            case "while":
                advance()
                let test = try self.test()
                let body = try suite(after: "while", depth: depth)
                return .whileLoop(test, body, token.at)
            case "for": return try forStatement(depth: depth)
            case "def": return try defStatement(depth: depth)
            case "elif", "else": throw fail(token, .say("program.python.needsIf", ["word": .code(token.text)]))
            case let word where PythonWords.unsupported[word] != nil:
                throw fail(token, PythonWords.refusal(word))
            default: break
            }
        }
        let result = try simpleStatement()
        try endOfLine()
        return result
    }

    private mutating func simpleStatement() throws(ProgramError) -> PyStmt {
        let token = peek
        switch (token.kind, token.text) {
        case (.name, "pass"):
            advance()
            return .pass(token.at)
        case (.name, "break"):
            advance()
            return .breakLoop(token.at)
        case (.name, "continue"):
            advance()
            return .continueLoop(token.at)
        case (.name, "return"):
            advance()
            if peek.kind == .newline || peek.kind == .end { return .returnValue(nil, token.at) }
            return .returnValue(try tupleOrTest(), token.at)
        case (.name, let word) where PythonWords.unsupported[word] != nil:
            throw fail(token, PythonWords.refusal(word))
        case (.name, "import"):
            advance()
            return .importModule(try name(.say("program.python.wanted.moduleAfterImport")).text, token.at)
        case (.name, "from"):
            advance()
            let module = try name(.say("program.python.wanted.moduleAfterFrom")).text
            try expect("import", .say("program.python.writeFromImport", ["module": .code(module)]))
            var names = [try name(.say("program.python.wanted.nameAfterImport")).text]
            while accept(",") { names.append(try name(.say("program.python.wanted.nameAfterComma")).text) }
            return .importFrom(module, names, token.at)
        case (.name, "global"):
            advance()
            var names = [try name(.say("program.python.wanted.variableAfterGlobal")).text]
            while accept(",") { names.append(try name(.say("program.python.wanted.variableAfterComma")).text) }
            return .global(names, token.at)
        default: break
        }
        let first = try test()
        if peek.text == ",", peek.kind == .op {
            // `x, y = my_van.get_current_coordinate()`
            var targets = [first]
            while accept(",") { targets.append(try test()) }
            try expect("=", .say("program.python.namesThenEquals"))
            let value = try tupleOrTest()
            var names: [String] = []
            for target in targets {
                guard case .name(let n, _) = target else { throw fail(token, .say("program.python.onlyNamesGetValues", ["code": .code(target.text)])) }
                names.append(n)
            }
            return .assign(names, value, token.at)
        }
        if peek.kind == .op, ["=", "+=", "-=", "*=", "//=", "%="].contains(peek.text) {
            let op = peek.text
            advance()
            if case .index(let base, let index, _) = first {
                return .setItem(base, index, op == "=" ? "=" : String(op.dropLast()), try tupleOrTest(), token.at)
            }
            guard case .name(let target, _) = first else {
                throw fail(token, .say("program.python.onlyVariablesGetValues", ["code": .code(first.text)]))
            }
            let value = try tupleOrTest()
            return op == "=" ? .assign([target], value, token.at) : .augmented(target, String(op.dropLast()), value, token.at)
        }
        return .expression(first, token.at)
    }

    /// `e` or `e1, e2, …` (a tuple, read as a list) on the right of `=` and after `return`.
    private mutating func tupleOrTest() throws(ProgramError) -> PyExpr {
        let first = try test()
        guard peek.kind == .op, peek.text == "," else { return first }
        var items = [first]
        while accept(",") {
            guard items.count < PythonLimits.maxListLiteral else { throw fail(peek, .say("program.python.listLiteralLimit", ["limit": .code(PythonLimits.maxListLiteral)])) }
            items.append(try test())
        }
        return .list(items, first.at)
    }

    private mutating func ifStatement(depth: Int) throws(ProgramError) -> PyStmt {
        let start = peek
        advance()
        var branches = [(try test(), try suite(after: "if", depth: depth))]
        var otherwise: [PyStmt]?
        while peek.kind == .name, peek.text == "elif" {
            advance()
            branches.append((try test(), try suite(after: "elif", depth: depth)))
        }
        if peek.kind == .name, peek.text == "else" {
            advance()
            otherwise = try suite(after: "else", depth: depth)
        }
        return .ifElse(branches, otherwise, start.at)
    }

    private mutating func forStatement(depth: Int) throws(ProgramError) -> PyStmt {
        let start = peek
        advance()
        let variable = try name(.say("program.python.wanted.loopVariable")).text
        try expect("in", .say("program.python.writeFor", ["name": .code(variable)]))
        let iterable = try test()
        let body = try suite(after: "for", depth: depth)
        return .forLoop(variable, iterable, body, start.at)
    }

    private mutating func defStatement(depth: Int) throws(ProgramError) -> PyStmt {
        let start = peek
        advance()
        let procedure = try name(.say("program.python.wanted.procedureName"))
        try expect("(", .say("program.python.writeDef", ["name": .code(procedure.text)]))
        var parameters: [String] = []
        if !accept(")") {
            repeat { parameters.append(try name(.say("program.python.wanted.parameterName")).text) } while accept(",")
            try expect(")", .say("program.python.closeDef", ["name": .code(procedure.text)]))
        }
        let body = try suite(after: "def", depth: depth)
        return .def(procedure.text, parameters, body, start.at)
    }

    /// `: NEWLINE INDENT statements DEDENT`, or one simple statement on the same line.
    private mutating func suite(after keyword: String, depth: Int) throws(ProgramError) -> [PyStmt] {
        if peek.kind == .op, peek.text == "=" { throw fail(peek, .say("program.python.compareWithEquals")) }
        try expect(":", .say("program.python.needsColon", ["keyword": .code(keyword)]))
        guard depth + 1 <= ProgramLimits.maxDepth else {
            throw fail(peek, .say("program.python.nestedTooDeep", ["limit": .code(ProgramLimits.maxDepth)]))
        }
        if peek.kind != .newline {
            let single = try simpleStatement()
            try endOfLine()
            return [single]
        }
        advance()
        guard peek.kind == .indent else {
            throw fail(peek, .say("program.python.indentInside", ["keyword": .code(keyword)]))
        }
        advance()
        var body: [PyStmt] = []
        while peek.kind != .dedent, peek.kind != .end { body.append(try statement(depth: depth + 1)) }
        if peek.kind == .dedent { advance() }
        return body
    }

    // MARK: tokens

    var peek: PyToken { tokens[min(position, tokens.count - 1)] }

    mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    mutating func accept(_ text: String) -> Bool {
        guard peek.kind == .op || peek.kind == .name, peek.text == text else { return false }
        advance()
        return true
    }

    mutating func expect(_ text: String, _ advice: Words) throws(ProgramError) {
        guard accept(text) else { throw fail(peek, advice) }
    }

    mutating func name(_ wanted: Words) throws(ProgramError) -> PyToken {
        let token = peek
        guard token.kind == .name, !PythonLexer.keywords.contains(token.text) else { throw fail(token, .say("program.python.expected", ["what": wanted])) }
        advance()
        return token
    }

    mutating func endOfLine() throws(ProgramError) {
        guard peek.kind == .newline || peek.kind == .end else {
            if peek.kind == .op, peek.text == "=" { throw fail(peek, .say("program.python.compareWithEquals")) }
            throw fail(peek, .say("program.python.oneInstructionPerLine", ["token": .code(peek.text)]))
        }
        advance()
    }

    func fail(_ token: PyToken, _ message: Words) -> ProgramError {
        PythonLexer.error(token.at.line, token.at.column, message)
    }
}
