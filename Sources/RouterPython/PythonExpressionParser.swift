import RouterKit

// Python step 2, continued: expressions, in Python's precedence (or, and, not, comparisons, + -,
// * / // %, unary minus, **, calls/attributes/indexing, atoms). Each returns the depth of the tree
// it built, so a long `1 + 1 + …` or deep brackets are refused before they can exhaust the stack.

extension PythonParser {
    // MARK: expressions (each returns the tree's depth too, so a long `1 + 1 + …` is bounded)

    mutating func test() throws(ProgramError) -> PyExpr {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= ProgramLimits.maxDepth else { throw fail(peek, .say("program.python.nestedTooDeeply")) }
        return try binary(level: 0).expr
    }

    /// Precedence levels, loosest first: or, and, (not), comparisons, + -, * / // %.
    static let levels: [[String]] = [["or"], ["and"], [], ["==", "!=", "<", "<=", ">", ">="], ["+", "-"], ["*", "/", "//", "%"]]

    mutating func binary(level: Int) throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        if level == 2 { return try notTest() }
        if level == 3 { return try comparison() }
        if level == Self.levels.count { return try unary() }
        var left = try binary(level: level + 1)
        while Self.levels[level].contains(peek.text), peek.kind == .op || peek.kind == .name {
            let op = peek
            advance()
            let right = try binary(level: level + 1)
            let depth = max(left.depth, right.depth) + 1
            guard depth <= ProgramLimits.maxDepth else { throw fail(op, .say("program.python.expressionTooLong")) }
            left = (.binary(op.text, left.expr, right.expr, op.at), depth)
        }
        return left
    }

    /// The comparison operator at `peek` (`not in` is two words), or nil.
    var comparisonOperator: String? {
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
    mutating func comparison() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
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
            guard depth <= ProgramLimits.maxDepth else { throw fail(token, .say("program.python.expressionTooLong")) }
        }
        switch operators.count {
        case 0: return first
        case 1: return (.compare(operators[0], operands[0], operands[1], at), depth)
        default: return (.chain(operators, operands, at), depth)
        }
    }

    mutating func notTest() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        guard peek.kind == .name, peek.text == "not" else { return try binary(level: 3) }
        let token = peek
        advance()
        return try nested(token) { (p: inout PythonParser) throws(ProgramError) in
            let inner = try p.notTest()
            return (.not(inner.expr, token.at), inner.depth + 1)
        }
    }

    mutating func unary() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        guard peek.kind == .op, peek.text == "-" || peek.text == "+" else { return try power() }
        let token = peek
        advance()
        return try nested(token) { (p: inout PythonParser) throws(ProgramError) in
            let inner = try p.unary()
            return token.text == "+" ? inner : (.negate(inner.expr, token.at), inner.depth + 1)
        }
    }

    mutating func nested(_ token: PyToken, _ body: (inout PythonParser) throws(ProgramError) -> (expr: PyExpr, depth: Int))
        throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= ProgramLimits.maxDepth else { throw fail(token, .say("program.python.nestedTooDeeply")) }
        let result = try body(&self)
        guard result.depth <= ProgramLimits.maxDepth else { throw fail(token, .say("program.python.expressionTooLong")) }
        return result
    }

    mutating func power() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
        let base = try postfix()
        guard peek.kind == .op, peek.text == "**" else { return base }
        let op = peek
        advance()
        let exponent = try unary()
        let depth = max(base.depth, exponent.depth) + 1
        guard depth <= ProgramLimits.maxDepth else { throw fail(op, .say("program.python.expressionTooLong")) }
        return (.binary("**", base.expr, exponent.expr, op.at), depth)
    }

    mutating func postfix() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
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
                            throw fail(peek, .say("program.python.namedArguments", ["name": .code(peek.text)]))
                        }
                        if peek.kind == .op, peek.text == "*" || peek.text == "**" {
                            throw fail(peek, .say("program.python.starArgument", ["star": .code(peek.text)]))
                        }
                        guard arguments.count < PythonLimits.maxArguments else {
                            throw fail(peek, .say("program.python.argumentLimit", ["limit": .code(PythonLimits.maxArguments)]))
                        }
                        arguments.append(try test())
                    } while accept(",")
                    try expect(")", .say("program.python.closeCall", ["code": .code(expr.text)]))
                }
                expr = .call(expr, arguments, token.at)
            case ".":
                expr = .attribute(expr, try name(.say("program.python.wanted.nameAfterDot")).text, token.at)
            default:
                let start: PyExpr? = peek.kind == .op && peek.text == ":" ? nil : try test()
                if accept(":") {
                    let end: PyExpr? = peek.kind == .op && (peek.text == "]" || peek.text == ":") ? nil : try test()
                    if peek.kind == .op, peek.text == ":" {
                        throw fail(peek, .say("program.python.sliceStep"))
                    }
                    try expect("]", .say("program.python.closeSquare", ["code": .code(expr.text)]))
                    expr = .slice(expr, start, end, token.at)
                } else if let start {
                    try expect("]", .say("program.python.closeSquare", ["code": .code(expr.text)]))
                    expr = .index(expr, start, token.at)
                } else {
                    throw fail(token, .say("program.python.emptySquareBrackets"))
                }
            }
            depth += 1
            guard depth <= ProgramLimits.maxDepth else { throw fail(token, .say("program.python.expressionTooLong")) }
        }
        return (expr, depth)
    }

    mutating func atom() throws(ProgramError) -> (expr: PyExpr, depth: Int) {
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
                        throw fail(peek, .say("program.python.listLiteralLimit", ["limit": .code(PythonLimits.maxListLiteral)]))
                    }
                    items.append(try test())
                    if peek.kind == .name, peek.text == "for" {
                        throw fail(peek, .say("program.python.comprehension"))
                    }
                } while accept(",")
                try expect("]", .say("program.python.closeList"))
            }
            return (.list(items, token.at), 1)
        case .name where !PythonLexer.keywords.contains(token.text):
            advance()
            return (.name(token.text, token.at), 1)
        case .op where token.text == "(":
            advance()
            let inner = try test()
            try expect(")", .say("program.python.bracketNotClosed"))
            return (inner, 1)
        case .newline, .end:
            throw fail(token, .say("program.python.lineEndsEarly"))
        default:
            throw fail(token, token.text.isEmpty ? .say("program.python.somethingMissing") : .say("program.python.cantBeUsedHere", ["token": .code(token.text)]))
        }
    }
}
