// Python step 2: tokens → the syntax tree of PythonSyntax.swift (recursive descent, Python's
// precedence). The children's subset is understood (lists, slices without a step, `break`,
// `continue`, `return`, `in`, chained comparisons, …); everything else is refused by name with
// what to write instead (PythonWords), so a child learns what to change rather than reading
// "syntax error".

struct PythonParser {
    private var tokens: [PyToken]
    private var position = 0
    /// How many `test()`/unary levels are open: bounds the parser's own recursion.
    private var nesting = 0

    init(tokens: [PyToken]) { self.tokens = tokens }

    mutating func module() throws(ProgramError) -> [PyStmt] {
        var body: [PyStmt] = []
        while peek.kind != .end { body.append(try statement(depth: 0)) }
        return body
    }

    // MARK: statements

    private mutating func statement(depth: Int) throws(ProgramError) -> PyStmt {
        let token = peek
        if token.kind == .indent {
            throw fail(token, "this line is indented, but the line above it doesn't end with `:`")
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
            case "elif", "else": throw fail(token, "`\(token.text)` needs an `if` just above it, at the same indentation")
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
            return .importModule(try name("a module name after `import`").text, token.at)
        case (.name, "from"):
            advance()
            let module = try name("a module name after `from`").text
            try expect("import", "write `from \(module) import …`")
            var names = [try name("a name after `import`").text]
            while accept(",") { names.append(try name("a name after `,`").text) }
            return .importFrom(module, names, token.at)
        case (.name, "global"):
            advance()
            var names = [try name("a variable name after `global`").text]
            while accept(",") { names.append(try name("a variable name after `,`").text) }
            return .global(names, token.at)
        default: break
        }
        let first = try test()
        if peek.text == ",", peek.kind == .op {
            // `x, y = my_van.get_current_coordinate()`
            var targets = [first]
            while accept(",") { targets.append(try test()) }
            try expect("=", "a list of names must be followed by `=`")
            let value = try tupleOrTest()
            var names: [String] = []
            for target in targets {
                guard case .name(let n, _) = target else { throw fail(token, "only names can be given values: `\(target.text)` isn't a name") }
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
                throw fail(token, "only a variable name can be given a value, not `\(first.text)`")
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
            guard items.count < PythonLimits.maxListLiteral else { throw fail(peek, "a list written out in the program can have at most \(PythonLimits.maxListLiteral) items") }
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
        let variable = try name("a loop variable after `for`, as in `for count in range(3):`").text
        try expect("in", "write `for \(variable) in range(…):`")
        let iterable = try test()
        let body = try suite(after: "for", depth: depth)
        return .forLoop(variable, iterable, body, start.at)
    }

    private mutating func defStatement(depth: Int) throws(ProgramError) -> PyStmt {
        let start = peek
        advance()
        let procedure = try name("a procedure name after `def`")
        try expect("(", "write `def \(procedure.text)():`")
        var parameters: [String] = []
        if !accept(")") {
            repeat { parameters.append(try name("a parameter name").text) } while accept(",")
            try expect(")", "close the brackets: `def \(procedure.text)(…):`")
        }
        let body = try suite(after: "def", depth: depth)
        return .def(procedure.text, parameters, body, start.at)
    }

    /// `: NEWLINE INDENT statements DEDENT`, or one simple statement on the same line.
    private mutating func suite(after keyword: String, depth: Int) throws(ProgramError) -> [PyStmt] {
        if peek.kind == .op, peek.text == "=" { throw fail(peek, "to compare two things use `==`, not `=`") }
        try expect(":", "`\(keyword)` needs a colon `:` at the end of its line")
        guard depth + 1 <= ProgramLimits.maxDepth else {
            throw fail(peek, "the program is nested more than \(ProgramLimits.maxDepth) levels deep")
        }
        if peek.kind != .newline {
            let single = try simpleStatement()
            try endOfLine()
            return [single]
        }
        advance()
        guard peek.kind == .indent else {
            throw fail(peek, "the lines inside `\(keyword)` must be indented (use 4 spaces)")
        }
        advance()
        var body: [PyStmt] = []
        while peek.kind != .dedent, peek.kind != .end { body.append(try statement(depth: depth + 1)) }
        if peek.kind == .dedent { advance() }
        return body
    }

    // MARK: expressions (each returns the tree's depth too, so a long `1 + 1 + …` is bounded)

    private mutating func test() throws(ProgramError) -> PyExpr {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= ProgramLimits.maxDepth else { throw fail(peek, "this expression is nested too deeply; split it up") }
        return try binary(level: 0).expr
    }

    /// Precedence levels, loosest first: or, and, (not), comparisons, + -, * / // %.
    private static let levels: [[String]] = [["or"], ["and"], [], ["==", "!=", "<", "<=", ">", ">="], ["+", "-"], ["*", "/", "//", "%"]]

    private mutating func binary(level: Int) throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        if level == 2 { return try notTest() }
        if level == 3 { return try comparison() }
        if level == Self.levels.count { return try unary() }
        var left = try binary(level: level + 1)
        while Self.levels[level].contains(peek.text), peek.kind == .op || peek.kind == .name {
            let op = peek
            advance()
            let right = try binary(level: level + 1)
            let depth = max(left.depth, right.depth) + 1
            guard depth <= ProgramLimits.maxDepth else { throw fail(op, "this expression is too long; split it into steps") }
            left = (.binary(op.text, left.expr, right.expr, op.at), depth)
        }
        return left
    }

    /// The comparison operator at `peek` (`not in` is two words), or nil.
    private var comparisonOperator: String? {
        if peek.kind == .op, Self.levels[3].contains(peek.text) { return peek.text }
        guard peek.kind == .name else { return nil }
        if peek.text == "in" { return "in" }
        if peek.text == "is" { return "is" }
        if peek.text == "not", position + 1 < tokens.count, tokens[position + 1].kind == .name, tokens[position + 1].text == "in" {
            return "not in"
        }
        return nil
    }

    /// `a < b`, `a in b`, `a not in b`, and chains `a < b < c` (each operand evaluated once).
    private mutating func comparison() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        let first = try binary(level: 4)
        var operands = [first.expr], operators: [String] = [], depth = first.depth, at = first.expr.at
        while let op = comparisonOperator {
            let token = peek
            if op == "is" { throw fail(token, PythonWords.refusal("is")) }
            advance()
            if op == "not in" { advance() }
            if operators.isEmpty { at = token.at }
            let right = try binary(level: 4)
            operators.append(op)
            operands.append(right.expr)
            depth = max(depth, right.depth) + 1
            guard depth <= ProgramLimits.maxDepth else { throw fail(token, "this expression is too long; split it into steps") }
        }
        switch operators.count {
        case 0: return first
        case 1: return (.compare(operators[0], operands[0], operands[1], at), depth)
        default: return (.chain(operators, operands, at), depth)
        }
    }

    private mutating func notTest() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        guard peek.kind == .name, peek.text == "not" else { return try binary(level: 3) }
        let token = peek
        advance()
        return try nested(token) { (p: inout PythonParser) throws(ProgramError) in
            let inner = try p.notTest()
            return (.not(inner.expr, token.at), inner.depth + 1)
        }
    }

    private mutating func unary() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        guard peek.kind == .op, peek.text == "-" || peek.text == "+" else { return try power() }
        let token = peek
        advance()
        return try nested(token) { (p: inout PythonParser) throws(ProgramError) in
            let inner = try p.unary()
            return token.text == "+" ? inner : (.negate(inner.expr, token.at), inner.depth + 1)
        }
    }

    private mutating func nested(_ token: PyToken, _ body: (inout PythonParser) throws(ProgramError) -> (expr: PyExpr, depth: Int))
        throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= ProgramLimits.maxDepth else { throw fail(token, "this expression is nested too deeply; split it up") }
        let result = try body(&self)
        guard result.depth <= ProgramLimits.maxDepth else { throw fail(token, "this expression is too long; split it into steps") }
        return result
    }

    private mutating func power() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        let base = try postfix()
        guard peek.kind == .op, peek.text == "**" else { return base }
        let op = peek
        advance()
        let exponent = try unary()
        let depth = max(base.depth, exponent.depth) + 1
        guard depth <= ProgramLimits.maxDepth else { throw fail(op, "this expression is too long; split it into steps") }
        return (.binary("**", base.expr, exponent.expr, op.at), depth)
    }

    private mutating func postfix() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        var (expr, depth) = try atom()
        while peek.kind == .op, ["(", ".", "["].contains(peek.text) {
            let token = peek
            advance()
            switch token.text {
            case "(":
                var arguments: [PyExpr] = []
                if !accept(")") {
                    repeat {
                        if peek.kind == .op, peek.text == ")" { break }  // a trailing comma
                        if peek.kind == .name, position + 1 < tokens.count, tokens[position + 1].kind == .op, tokens[position + 1].text == "=" {
                            throw fail(peek, "named arguments (`\(peek.text)=…`) aren't part of the Python used in this game; give the values in order")
                        }
                        if peek.kind == .op, peek.text == "*" || peek.text == "**" {
                            throw fail(peek, "`\(peek.text)` before an argument isn't part of the Python used in this game; give the values one by one")
                        }
                        guard arguments.count < PythonLimits.maxArguments else {
                            throw fail(peek, "a call can take at most \(PythonLimits.maxArguments) values")
                        }
                        arguments.append(try test())
                    } while accept(",")
                    try expect(")", "close the brackets of `\(expr.text)(…)`")
                }
                expr = .call(expr, arguments, token.at)
            case ".":
                expr = .attribute(expr, try name("a name after `.`").text, token.at)
            default:
                let start: PyExpr? = peek.kind == .op && peek.text == ":" ? nil : try test()
                if accept(":") {
                    let end: PyExpr? = peek.kind == .op && (peek.text == "]" || peek.text == ":") ? nil : try test()
                    if peek.kind == .op, peek.text == ":" {
                        throw fail(peek, "slices with a step (`[a:b:step]`) aren't part of the Python used in this game; use a `for` loop over `range(a, b, step)`")
                    }
                    try expect("]", "close the square bracket: `\(expr.text)[…]`")
                    expr = .slice(expr, start, end, token.at)
                } else if let start {
                    try expect("]", "close the square bracket: `\(expr.text)[…]`")
                    expr = .index(expr, start, token.at)
                } else {
                    throw fail(token, "something is missing between the square brackets")
                }
            }
            depth += 1
            guard depth <= ProgramLimits.maxDepth else { throw fail(token, "this expression is too long; split it into steps") }
        }
        return (expr, depth)
    }

    private mutating func atom() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        let token = peek
        switch token.kind {
        case .number:
            advance()
            return (.number(token.value, token.at), 1)
        case .string:
            advance()
            return (.string(token.text, token.at), 1)
        case .name where token.text == "True" || token.text == "False":
            advance()
            return (.bool(token.text == "True", token.at), 1)
        case .name where token.text == "None":
            advance()
            return (.none(token.at), 1)
        case .name where PythonWords.unsupported[token.text] != nil:
            throw fail(token, PythonWords.refusal(token.text))
        case .op where token.text == "[":
            advance()
            var items: [PyExpr] = []
            if !accept("]") {
                repeat {
                    if peek.kind == .op, peek.text == "]" { break }  // a trailing comma
                    guard items.count < PythonLimits.maxListLiteral else {
                        throw fail(peek, "a list written out in the program can have at most \(PythonLimits.maxListLiteral) items")
                    }
                    items.append(try test())
                    if peek.kind == .name, peek.text == "for" {
                        throw fail(peek, "list comprehensions (`[… for …]`) aren't part of the Python used in this game; start with `[]` and `append` in a `for` loop")
                    }
                } while accept(",")
                try expect("]", "close the square bracket `]` of the list")
            }
            return (.list(items, token.at), 1)
        case .name where !PythonLexer.keywords.contains(token.text):
            advance()
            return (.name(token.text, token.at), 1)
        case .op where token.text == "(":
            advance()
            let inner = try test()
            try expect(")", "a bracket `(` is not closed")
            return (inner, 1)
        case .newline, .end:
            throw fail(token, "the line ends too early: something is missing at its end")
        default:
            throw fail(token, token.text.isEmpty ? "something is missing here" : "`\(token.text)` can't be used here")
        }
    }

    // MARK: tokens

    private var peek: PyToken { tokens[min(position, tokens.count - 1)] }

    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    private mutating func accept(_ text: String) -> Bool {
        guard peek.kind == .op || peek.kind == .name, peek.text == text else { return false }
        advance()
        return true
    }

    private mutating func expect(_ text: String, _ advice: String) throws(ProgramError) {
        guard accept(text) else { throw fail(peek, advice) }
    }

    private mutating func name(_ wanted: String) throws(ProgramError) -> PyToken {
        let token = peek
        guard token.kind == .name, !PythonLexer.keywords.contains(token.text) else { throw fail(token, "expected \(wanted)") }
        advance()
        return token
    }

    private mutating func endOfLine() throws(ProgramError) {
        guard peek.kind == .newline || peek.kind == .end else {
            if peek.kind == .op, peek.text == "=" { throw fail(peek, "to compare two things use `==`, not `=`") }
            throw fail(peek, "unexpected `\(peek.text)`: put one instruction per line")
        }
        advance()
    }

    private func fail(_ token: PyToken, _ message: String) -> ProgramError {
        PythonLexer.error(token.at.line, token.at.column, message)
    }
}
