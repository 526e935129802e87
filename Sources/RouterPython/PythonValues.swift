import Foundation
import RouterKit

// The values a child's Python program works with in `PythonRuntime`: whole numbers, text,
// True/False, None, lists (shared when assigned, as in Python), `range`, functions, and the van.
// Everything is bounded (`PythonLimits`), so a program from the network cannot fill the memory.

/// The bounds of the Python runtime, beside the program-size bounds of `ProgramLimits`.
public enum PythonLimits {
    /// Items in one list (and characters in one piece of text).
    public static let maxListItems = 10_000
    public static let maxTextLength = 10_000
    /// List items and text characters made over a whole run (a conservative total: what is made
    /// counts even after it is thrown away), so no run holds more than a few megabytes.
    public static let maxCellsMade = 200_000
    public static let maxCharactersMade = 2_000_000
    /// Units of work over a run: an item or a byte of text read by a comparison, a search, an
    /// index into text, a slice or `print` (a few milliseconds' worth).
    public static let maxWork = 5_000_000
    /// Functions calling functions (recursion included).
    public static let maxCallDepth = 50
    /// Statement bodies and expressions open at once, over all calls: what the runtime's own
    /// stack holds (a few kilobytes each at most, on its 16 MB thread).
    public static let maxNesting = 1_500
    /// `print` output kept: lines and characters per line.
    public static let maxOutputLines = 200
    public static let maxOutputLineLength = 200
    /// Items in a list written out in the program, and values in one call.
    static let maxListLiteral = 1_000
    static let maxArguments = 20
}

/// A list, shared by every name it is given to (`b = a; b.append(1)` changes `a` too).
final class PyList {
    var items: [PyValue]
    init(_ items: [PyValue]) { self.items = items }
}

/// A function defined with `def`.
final class PyFunction {
    let name: String
    let parameters: [String]
    let body: [PyStmt]
    let line: Int
    /// Names the function gives values to (parameters included) and that are not declared
    /// `global`: Python's rule for which names are the function's own.
    let locals: Set<String>
    let globals: Set<String>

    init(name: String, parameters: [String], body: [PyStmt], line: Int) {
        self.name = name
        self.parameters = parameters
        self.body = body
        self.line = line
        var assigned = Set(parameters), declared: Set<String> = []
        Self.survey(body, assigned: &assigned, globals: &declared)
        locals = assigned.subtracting(declared)
        globals = declared
    }

    private static func survey(_ body: [PyStmt], assigned: inout Set<String>, globals: inout Set<String>) {
        for statement in body {
            switch statement {
            case .assign(let names, _, _): assigned.formUnion(names)
            case .augmented(let name, _, _, _): assigned.insert(name)
            case .global(let names, _): globals.formUnion(names)
            case .forLoop(let name, _, let inner, _):
                assigned.insert(name)
                survey(inner, assigned: &assigned, globals: &globals)
            case .whileLoop(_, let inner, _): survey(inner, assigned: &assigned, globals: &globals)
            case .ifElse(let branches, let otherwise, _):
                for (_, inner) in branches { survey(inner, assigned: &assigned, globals: &globals) }
                survey(otherwise ?? [], assigned: &assigned, globals: &globals)
            case .def(let name, _, _, _): assigned.insert(name)
            case .importFrom(_, let names, _): assigned.formUnion(names)
            case .importModule(let name, _): assigned.insert(name)
            case .expression, .pass, .breakLoop, .continueLoop, .returnValue, .setItem: break
            }
        }
    }
}

enum PyValue {
    case int(Int)
    case str(String)
    case bool(Bool)
    case none
    case list(PyList)
    /// A pair from `get_current_coordinate()`: read-only, shown as `(x, y)`.
    case tuple([PyValue])
    case range(Int, Int, Int)
    case function(PyFunction)
    /// `print`, `len`, … by name.
    case builtin(String)
    /// `van` after `import van`, the class `Van`, and a van made with `Van()`.
    case vanModule, vanClass, van

    /// The kind of value, in the words of Python's error messages.
    var typeName: Words {
        let kind = switch self {
        case .int: "wholeNumber"
        case .str: "text"
        case .bool: "trueOrFalse"
        case .none: "none"
        case .list: "list"
        case .tuple: "pair"
        case .range: "range"
        case .function, .builtin: "function"
        case .vanModule: "vanModule"
        case .vanClass: "vanClass"
        case .van: "van"
        }
        return .say("program.python.kind." + kind)
    }

    /// What reading the whole value costs (see `PythonRuntime.charge`): items, or bytes of text.
    var size: Int {
        switch self {
        case .str(let s): s.utf8.count
        case .list(let list): list.items.count
        case .tuple(let items): items.count
        default: 1
        }
    }

    var truthy: Bool {
        switch self {
        case .int(let n): n != 0
        case .str(let s): !s.isEmpty
        case .bool(let b): b
        case .none: false
        case .list(let list): !list.items.isEmpty
        case .tuple(let items): !items.isEmpty
        case .range(let start, let stop, let step): Self.rangeCount(start, stop, step) > 0
        case .function, .builtin, .vanModule, .vanClass, .van: true
        }
    }

    /// A whole number for arithmetic (True and False count as 1 and 0, as in Python).
    var number: Int? {
        switch self {
        case .int(let n): n
        case .bool(let b): b ? 1 : 0
        default: nil
        }
    }

    /// `str(value)`, what `print` shows.
    var text: String {
        if case .str(let s) = self { return s }
        return repr
    }

    /// How the value looks inside a list: text in quotes. Lists inside lists are shown at most
    /// `reprDepth` deep (`[...]` below, which also ends a list that holds itself) and the text
    /// stops growing once it passes the longest text a program may make.
    var repr: String {
        var budget = PythonLimits.maxTextLength
        return repr(depth: 0, budget: &budget)
    }

    static let reprDepth = 10

    private func repr(depth: Int, budget: inout Int) -> String {
        let text: String
        switch self {
        case .int(let n): text = String(n)
        case .str(let s):
            let quote: Character = s.contains("'") && !s.contains("\"") ? "\"" : "'"
            text = String(quote) + s.replacingOccurrences(of: "\n", with: "\\n") + String(quote)
        case .bool(let b): text = b ? "True" : "False"
        case .none: text = "None"
        case .list(let list): text = Self.join(list.items, "[", "]", depth: depth, budget: &budget)
        case .tuple(let items): text = Self.join(items, "(", ")", depth: depth, budget: &budget)
        case .range(let start, let stop, let step): text = step == 1 ? "range(\(start), \(stop))" : "range(\(start), \(stop), \(step))"
        case .function(let f): text = "<function \(f.name)>"
        case .builtin(let name): text = "<function \(name)>"
        case .vanModule: text = "<module van>"
        case .vanClass: text = "<class Van>"
        case .van: text = "<Van>"
        }
        budget -= text.utf8.count
        return text
    }

    private static func join(_ items: [PyValue], _ open: String, _ close: String, depth: Int, budget: inout Int) -> String {
        guard depth < reprDepth else { return open + "..." + close }
        var parts: [String] = []
        for item in items {
            guard budget > 0 else {
                parts.append("…")
                break
            }
            parts.append(item.repr(depth: depth + 1, budget: &budget))
        }
        return open + parts.joined(separator: ", ") + close
    }

    /// Python's `==`: numbers (and True/False) by value, text by its characters, lists item by
    /// item (at most `reprDepth` lists deep: deeper, or a list inside itself, counts as different).
    func equals(_ other: PyValue, depth: Int = 0) -> Bool {
        if let a = number, let b = other.number { return a == b }
        switch (self, other) {
        case (.str(let a), .str(let b)): return a == b
        case (.none, .none), (.vanModule, .vanModule), (.vanClass, .vanClass), (.van, .van): return true
        case (.list(let a), .list(let b)):
            if a === b { return true }
            guard depth < Self.reprDepth, a.items.count == b.items.count else { return false }
            return zip(a.items, b.items).allSatisfy { $0.equals($1, depth: depth + 1) }
        case (.tuple(let a), .tuple(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.equals($1, depth: depth + 1) }
        case (.range(let a1, let a2, let a3), .range(let b1, let b2, let b3)): return (a1, a2, a3) == (b1, b2, b3)
        case (.function(let a), .function(let b)): return a === b
        case (.builtin(let a), .builtin(let b)): return a == b
        default: return false
        }
    }

    /// How many numbers `range(start, stop, step)` holds (step is never 0).
    static func rangeCount(_ start: Int, _ stop: Int, _ step: Int) -> Int {
        if step > 0 {
            guard start < stop else { return 0 }
            let (span, overflow) = stop.subtractingReportingOverflow(start)
            return overflow ? Int.max : (span - 1) / step + 1
        }
        guard start > stop, step < 0 else { return 0 }
        let (span, overflow) = start.subtractingReportingOverflow(stop)
        return overflow ? Int.max : (span - 1) / (0 &- step) + 1
    }

    /// The i-th number of a range (`i` already checked to be in it; cannot overflow then).
    static func rangeItem(_ start: Int, _ step: Int, _ i: Int) -> Int { start &+ step &* i }
}

/// What `print` wrote: at most `maxOutputLines` lines of at most `maxOutputLineLength`
/// characters; later lines are counted and dropped, and the last line says so.
struct PythonOutput {
    private(set) var lines: [String] = []
    private var dropped = 0

    mutating func write(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard lines.count < PythonLimits.maxOutputLines else {
                dropped += 1
                continue
            }
            // Counted in Unicode scalars, as the API contract's maxLength counts.
            let limit = PythonLimits.maxOutputLineLength, scalars = line.unicodeScalars
            lines.append(scalars.count > limit ? String(String.UnicodeScalarView(scalars.prefix(limit - 1))) + "…" : String(line))
        }
    }

    /// The lines; when some were dropped, the last kept line gives way to one saying how many.
    var finished: [String] {
        guard dropped > 0 else { return lines }
        return lines.prefix(PythonLimits.maxOutputLines - 1) + [droppedNote?.english ?? ""]
    }

    /// The last line's words when some lines were dropped (said in the run's language at the end).
    var droppedNote: Words? {
        guard dropped > 0 else { return nil }
        let kept = PythonLimits.maxOutputLines - 1
        let more = dropped + lines.count - kept
        return .say("program.python.linesNotShown", ["count": .number(more), "kept": .code(kept)])
    }
}
