import RouterKit

// Python step 2's result: the syntax tree PythonParser builds, which the block compiler
// (PythonCompiler) and the Python runtime (PythonRuntime) both read. Every node keeps where it
// came from, so every message can name its line.

indirect enum PyExpr: Hashable, Sendable {
    case name(String, PySource)
    case number(Int, PySource)
    case string(String, PySource)
    case bool(Bool, PySource)
    case none(PySource)
    /// `[a, b]`; also the right side of `x, y = a, b` (a tuple, read as a list).
    case list([PyExpr], PySource)
    /// `a[i:j]` (either end may be missing; no step).
    case slice(PyExpr, PyExpr?, PyExpr?, PySource)
    /// `a < b <= c`: the operators and the operands (one more than the operators), each operand
    /// evaluated once, as Python does.
    case chain([String], [PyExpr], PySource)
    case call(PyExpr, [PyExpr], PySource)
    case attribute(PyExpr, String, PySource)
    case index(PyExpr, PyExpr, PySource)
    case negate(PyExpr, PySource)
    case not(PyExpr, PySource)
    /// `+ - * / // % **` and `and` / `or`.
    case binary(String, PyExpr, PyExpr, PySource)
    case compare(String, PyExpr, PyExpr, PySource)

    var at: PySource {
        switch self {
        case .name(_, let at), .number(_, let at), .string(_, let at), .bool(_, let at), .call(_, _, let at),
             .attribute(_, _, let at), .index(_, _, let at), .negate(_, let at), .not(_, let at),
             .binary(_, _, _, let at), .compare(_, _, _, let at), .none(let at), .list(_, let at), .slice(_, _, _, let at),
             .chain(_, _, let at):
            return at
        }
    }

    /// The expression as the child would have written it, for error messages.
    var text: String {
        switch self {
        case .name(let name, _): return name
        case .number(let n, _): return String(n)
        case .string(let s, _): return "'\(s)'"
        case .bool(let b, _): return b ? "True" : "False"
        case .call(let callee, let args, _): return "\(callee.text)(\(args.map(\.text).joined(separator: ", ")))"
        case .attribute(let base, let name, _): return "\(base.text).\(name)"
        case .index(let base, let index, _): return "\(base.text)[\(index.text)]"
        case .negate(let e, _): return "-\(e.text)"
        case .not(let e, _): return "not \(e.text)"
        case .binary(let op, let a, let b, _), .compare(let op, let a, let b, _): return "\(a.text) \(op) \(b.text)"
        case .none: return "None"
        case .list(let items, _): return "[\(items.map(\.text).joined(separator: ", "))]"
        case .slice(let base, let from, let to, _): return "\(base.text)[\(from?.text ?? ""):\(to?.text ?? "")]"
        case .chain(let ops, let operands, _):
            return zip(ops, operands.dropFirst()).reduce(operands.first?.text ?? "") { "\($0) \($1.0) \($1.1.text)" }
        }
    }
}

indirect enum PyStmt: Sendable {
    case expression(PyExpr, PySource)
    /// `x = e`, or `x, y = e` (two targets).
    case assign([String], PyExpr, PySource)
    /// `x += e` and friends; the operator without `=`.
    case augmented(String, String, PyExpr, PySource)
    case pass(PySource)
    case importFrom(String, [String], PySource)
    case importModule(String, PySource)
    case global([String], PySource)
    case ifElse([(PyExpr, [PyStmt])], [PyStmt]?, PySource)
    case whileLoop(PyExpr, [PyStmt], PySource)
    case forLoop(String, PyExpr, [PyStmt], PySource)
    case def(String, [String], [PyStmt], PySource)
    case breakLoop(PySource)
    case continueLoop(PySource)
    case returnValue(PyExpr?, PySource)
    /// `a[i] = e`, `a[i] += e`: the list, the index, the operator (`=` or `+`, `-`, …) and the value.
    case setItem(PyExpr, PyExpr, String, PyExpr, PySource)

    var at: PySource {
        switch self {
        case .expression(_, let at), .assign(_, _, let at), .augmented(_, _, _, let at), .pass(let at),
             .importFrom(_, _, let at), .importModule(_, let at), .global(_, let at), .ifElse(_, _, let at),
             .whileLoop(_, _, let at), .forLoop(_, _, _, let at), .def(_, _, _, let at), .breakLoop(let at),
             .continueLoop(let at), .returnValue(_, let at), .setItem(_, _, _, _, let at):
            return at
        }
    }
}

enum PythonWords {
    /// Python words a child may meet elsewhere, each with what to write here instead
    /// (`program.python.advice.*`).
    static let unsupported: [String: Words] = [
        "class": "useFunctions", "try": "checkFirst", "except": "checkFirst", "finally": "putAfter",
        "with": "writeInside", "lambda": "defineFunction", "del": "giveNewValue", "raise": "printThenReturn",
        "assert": "checkAndPrint", "yield": "buildList", "async": "ordinaryFunctions", "await": "ordinaryFunctions",
        "nonlocal": "useGlobal", "is": "compareWithEquals",
    ].mapValues { Words.say("program.python.advice." + $0) }

    static func refusal(_ word: String) -> Words { refusal(word, advice: unsupported[word]) }

    /// "`word` isn't part of the Python used in this game", and what to use instead when known.
    static func refusal(_ word: String, advice: Words?) -> Words {
        guard let advice else { return .say("program.python.notInThisPython", ["name": .code(word)]) }
        return .say("program.python.notInThisPythonUse", ["name": .code(word), "advice": advice])
    }
}
