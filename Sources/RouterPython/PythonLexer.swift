import RouterKit

// Python in Rapid Router's style, step 1: text → tokens, with Python's indentation rules
// (INDENT/DEDENT tokens, lines joined inside brackets). Spaces only: a tab in indentation is an
// error that says so, because mixed tabs and spaces are the classic invisible beginner mistake.

struct PySource: Hashable, Sendable {
    var line: Int
    var column: Int
}

struct PyToken: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case name, number, string, op, newline, indent, dedent, end }
    var kind: Kind
    var text: String
    var at: PySource
    /// For `.number`.
    var value: Int = 0
}

enum PythonLexer {
    static let keywords: Set<String> = [
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
        "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
        "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
    ]

    /// Longest first, so `//=` wins over `//` and `/`.
    private static let operators = ["//=", "**", "//", "==", "!=", "<=", ">=", "+=", "-=", "*=", "%=", "->",
                                    "(", ")", "[", "]", ":", ",", ".", "+", "-", "*", "/", "%", "<", ">", "="]

    static func tokenize(_ source: String) throws(ProgramError) -> [PyToken] {
        var tokens: [PyToken] = []
        var indents = [0]
        var brackets: [(Character, PySource)] = []
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let chars = Array(rawLine.last == "\r" ? rawLine.dropLast() : rawLine)
            var i = 0
            if brackets.isEmpty {
                // Indentation only matters at the start of a logical line.
                while i < chars.count, chars[i] == " " || chars[i] == "\t" {
                    if chars[i] == "\t" {
                        throw error(lineNumber, i + 1, .say("program.python.tabs"))
                    }
                    i += 1
                }
                if i == chars.count || chars[i] == "#" { continue }  // blank or comment-only line
                let indent = i
                let top = indents.last ?? 0
                if indent > top {
                    indents.append(indent)
                    tokens.append(PyToken(kind: .indent, text: "", at: PySource(line: lineNumber, column: 1)))
                } else if indent < top {
                    while let last = indents.last, indent < last {
                        indents.removeLast()
                        tokens.append(PyToken(kind: .dedent, text: "", at: PySource(line: lineNumber, column: 1)))
                    }
                    guard indents.last == indent else {
                        throw error(lineNumber, 1, .say("program.python.indentMismatch"))
                    }
                }
            }
            while i < chars.count {
                let c = chars[i]
                let at = PySource(line: lineNumber, column: i + 1)
                if c == " " || c == "\t" { i += 1; continue }
                if c == "#" { break }
                if c == "\\" { throw error(lineNumber, i + 1, .say("program.python.backslashLine")) }
                if c.isASCII && (c.isLetter || c == "_") {
                    var j = i
                    while j < chars.count, chars[j].isASCII && (chars[j].isLetter || chars[j].isNumber || chars[j] == "_") { j += 1 }
                    if j < chars.count, chars[j] == "'" || chars[j] == "\"", j - i <= 2, chars[i..<j].allSatisfy({ "fFrRbBuU".contains($0) }) {
                        throw error(lineNumber, i + 1, .say("program.python.prefixedText", ["prefix": .code(String(chars[i..<j]))]))
                    }
                    tokens.append(PyToken(kind: .name, text: String(chars[i..<j]), at: at))
                    i = j
                } else if c.isASCII && c.isNumber {
                    var j = i
                    while j < chars.count, chars[j].isASCII && (chars[j].isNumber || chars[j] == "_" || chars[j].isLetter) { j += 1 }
                    if j < chars.count, chars[j] == "." {
                        throw error(lineNumber, i + 1, .say("program.python.decimalPoint"))
                    }
                    let text = String(chars[i..<j])
                    let digits = text.replacingOccurrences(of: "_", with: "")
                    guard !text.hasSuffix("_"), digits.allSatisfy(\.isNumber), let value = Int(digits) else {
                        throw error(lineNumber, i + 1, .say("program.python.notWholeNumber", ["text": .code(text)]))
                    }
                    guard ProgramLimits.numberRange.contains(value) else {
                        throw error(lineNumber, i + 1, .say("program.python.numberRange"))
                    }
                    tokens.append(PyToken(kind: .number, text: text, at: at, value: value))
                    i = j
                } else if c == "'" || c == "\"" {
                    var j = i + 1, text = ""
                    while j < chars.count, chars[j] != c {
                        if chars[j] == "\\" {
                            // The escapes a child meets first; anything else is refused rather than guessed.
                            guard j + 1 < chars.count, let escaped = Self.escapes[chars[j + 1]] else {
                                throw error(lineNumber, j + 1, .say("program.python.backslashEscape"))
                            }
                            text.append(escaped)
                            j += 2
                            continue
                        }
                        text.append(chars[j])
                        j += 1
                    }
                    guard j < chars.count else { throw error(lineNumber, i + 1, .say("program.python.textNeverClosed", ["quote": .code(c)])) }
                    if j == i + 1, j + 1 < chars.count, chars[j + 1] == c {
                        throw error(lineNumber, i + 1, .say("program.python.tripleQuotes"))
                    }
                    tokens.append(PyToken(kind: .string, text: text, at: at))
                    i = j + 1
                } else if c == "{" || c == "}" {
                    throw error(lineNumber, i + 1, .say("program.python.braces"))
                } else if c == "." && i + 1 < chars.count && chars[i + 1].isASCII && chars[i + 1].isNumber {
                    throw error(lineNumber, i + 1, .say("program.python.leadingPoint"))
                } else if let op = operators.first(where: { matches($0, chars, i) }) {
                    if op == "(" || op == "[" { brackets.append((Character(op), at)) }
                    if op == ")" || op == "]" {
                        guard let open = brackets.popLast() else {
                            throw error(lineNumber, i + 1, .say("program.python.closingWithoutOpening", ["bracket": .code(op)]))
                        }
                        guard (open.0 == "(") == (op == ")") else {
                            throw error(lineNumber, i + 1, .say("program.python.closesOther", ["bracket": .code(op), "open": .code(open.0), "line": .code(open.1.line)]))
                        }
                    }
                    tokens.append(PyToken(kind: .op, text: op, at: at))
                    i += op.count
                } else {
                    throw error(lineNumber, i + 1, .say("program.python.badCharacter", ["character": .code(c)]))
                }
            }
            if brackets.isEmpty, let last = tokens.last, last.kind != .newline, last.kind != .indent, last.kind != .dedent {
                tokens.append(PyToken(kind: .newline, text: "", at: PySource(line: lineNumber, column: chars.count + 1)))
            }
        }
        if let open = brackets.last {
            throw error(open.1.line, open.1.column, .say("program.python.neverClosed", ["bracket": .code(open.0)]))
        }
        let endLine = max(1, lines.count)
        for _ in indents.dropFirst() { tokens.append(PyToken(kind: .dedent, text: "", at: PySource(line: endLine, column: 1))) }
        tokens.append(PyToken(kind: .end, text: "", at: PySource(line: endLine, column: 1)))
        return tokens
    }

    static let escapes: [Character: Character] = ["n": "\n", "t": "\t", "\\": "\\", "'": "'", "\"": "\""]

    private static func matches(_ op: String, _ chars: [Character], _ i: Int) -> Bool {
        var j = i
        for c in op {
            guard j < chars.count, chars[j] == c else { return false }
            j += 1
        }
        return true
    }

    static func error(_ line: Int, _ column: Int, _ message: Words) -> ProgramError {
        ProgramError(.python, words: .say("program.line", ["line": .code(line), "problem": message.asSentence]), line: line, column: column)
    }
}
