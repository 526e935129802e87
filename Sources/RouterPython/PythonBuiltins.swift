import RouterKit

// PythonRuntime's expressions: operators, indexing, the built-in functions a child uses
// (`print`, `len`, `str`, `int`, `range`, `abs`, `min`, `max`, `sum`, `list`), list methods
// (`append`, `pop`), and the van's methods, which drive the simulation.

enum PythonBuiltins {
    static let names: Set<String> = ["print", "len", "str", "int", "range", "abs", "min", "max", "sum", "list", "bool"]
}

extension PythonRuntime {
    mutating func evaluate(_ expression: PyExpr) throws(Stopped) -> PyValue {
        try nest()
        defer { nesting -= 1 }
        switch expression {
        case .number(let n, _): return .int(n)
        case .string(let s, _): return .str(s)
        case .bool(let b, _): return .bool(b)
        case .none: return .none
        case .name(let name, let at): return try lookup(name, at)
        case .list(let items, _):
            var values: [PyValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try evaluate(item)) }
            try made(cells: values.count)
            return .list(PyList(values))
        case .negate(let inner, _): return try binary("-", .int(0), try evaluate(inner))
        case .not(let inner, _): return .bool(!(try evaluate(inner).truthy))
        case .binary("and", let a, let b, _):
            let left = try evaluate(a)
            return left.truthy ? try evaluate(b) : left
        case .binary("or", let a, let b, _):
            let left = try evaluate(a)
            return left.truthy ? left : try evaluate(b)
        case .binary(let op, let a, let b, _): return try binary(op, try evaluate(a), try evaluate(b))
        case .compare(let op, let a, let b, _): return .bool(try compare(op, try evaluate(a), try evaluate(b)))
        case .chain(let ops, let operands, _):
            guard var left = try operands.first.map({ e throws(Stopped) in try evaluate(e) }) else { return .bool(true) }
            for (op, operand) in zip(ops, operands.dropFirst()) {
                let right = try evaluate(operand)
                guard try compare(op, left, right) else { return .bool(false) }
                left = right
            }
            return .bool(true)
        case .index(let base, let index, _):
            let container = try evaluate(base)
            return try item(of: container, at: try evaluate(index), named: base.text)
        case .slice(let base, let from, let to, _):
            let container = try evaluate(base)
            let start = try from.map { e throws(Stopped) in try evaluate(e) }
            let end = try to.map { e throws(Stopped) in try evaluate(e) }
            return try slice(container, start, end, named: base.text)
        case .attribute(let base, let name, _):
            let value = try evaluate(base)
            if case .vanModule = value, name == "Van" { return .vanClass }
            throw fail(.say("program.python.needsBrackets", ["code": .code(expression.text)]))
        case .call(let callee, let arguments, _):
            var values: [PyValue] = []
            if case .attribute(let base, let method, _) = callee {
                let target = try evaluate(base)
                for argument in arguments { values.append(try evaluate(argument)) }
                return try callMethod(method, on: target, values, named: base.text)
            }
            let function = try evaluate(callee)
            for argument in arguments { values.append(try evaluate(argument)) }
            switch function {
            case .function(let f): return try call(f, values)
            case .builtin(let name): return try builtin(name, values)
            case .vanClass:
                guard values.isEmpty else { throw fail(.say("program.python.makeVan")) }
                return .van
            default: throw fail(.say("program.python.notCallable", ["code": .code(callee.text), "kind": function.typeName]))
            }
        }
    }

    // MARK: operators

    mutating func binary(_ op: String, _ a: PyValue, _ b: PyValue) throws(Stopped) -> PyValue {
        if let x = a.number, let y = b.number {
            let operation: ArithmeticOperator? = switch op {
            case "+": .add
            case "-": .subtract
            case "*": .multiply
            case "/", "//": .divide
            case "%": .modulo
            case "**": .power
            default: nil
            }
            guard let operation else { throw fail(.say("program.python.notForNumbers", ["op": .code(op)])) }
            do { return .int(try Machine.apply(operation, x, y, .line(line))) } catch { throw fail(error.message) }
        }
        switch (op, a, b) {
        case ("+", .str(let x), .str(let y)):
            try made(characters: x.unicodeScalars.count + y.unicodeScalars.count)
            return .str(x + y)
        case ("+", .list(let x), .list(let y)):
            try made(cells: x.items.count + y.items.count)
            return .list(PyList(x.items + y.items))
        case ("*", .str(let s), _), ("*", _, .str(let s)):
            guard let times = (a.number ?? b.number) else { break }
            guard !s.isEmpty, times > 0 else { return .str("") }
            try made(characters: s.unicodeScalars.count * min(times, PythonLimits.maxTextLength + 1))
            return .str(String(repeating: s, count: times))
        case ("*", .list(let list), _), ("*", _, .list(let list)):
            guard let times = (a.number ?? b.number) else { break }
            guard !list.items.isEmpty, times > 0 else { return .list(PyList([])) }
            try made(cells: list.items.count * min(times, PythonLimits.maxListItems + 1))
            return .list(PyList(Array([[PyValue]](repeating: list.items, count: times).joined())))
        case ("+", .str, _), ("+", _, .str):
            throw fail(.say("program.python.joinText"))
        case ("%", .str, _):
            throw fail(.say("program.python.percentText"))
        default: break
        }
        throw fail(.say("program.python.operatorKinds", ["op": .code(op), "left": a.typeName, "right": b.typeName]))
    }

    mutating func compare(_ op: String, _ a: PyValue, _ b: PyValue) throws(Stopped) -> Bool {
        switch op {
        case "==", "!=":
            try charge(a.size + b.size)
            return a.equals(b) == (op == "==")
        case "in", "not in":
            try charge(a.size + b.size)
            let found: Bool
            switch b {
            case .list(let list): found = list.items.contains { a.equals($0) }
            case .tuple(let items): found = items.contains { a.equals($0) }
            case .range(let start, let stop, let step):
                guard let n = a.number else { found = false; break }
                let inside = step > 0 ? (start <= n && n < stop) : (stop < n && n <= start)
                // Int.min % -1 would trap; its remainder is 0.
                let (remainder, overflow) = (n &- start).remainderReportingOverflow(dividingBy: step)
                found = inside && (overflow || remainder == 0)
            case .str(let text):
                guard case .str(let part) = a else { throw fail(.say("program.python.inText", ["kind": a.typeName])) }
                found = part.isEmpty || text.contains(part)
            default: throw fail(.say("program.python.looksInside", ["op": .code(op), "kind": b.typeName]))
            }
            return op == "in" ? found : !found
        default:
            let order: Bool
            if let x = a.number, let y = b.number {
                order = op == "<" ? x < y : op == "<=" ? x <= y : op == ">" ? x > y : x >= y
            } else if case .str(let x) = a, case .str(let y) = b {
                try charge(a.size + b.size)
                let (p, q) = (Array(x.unicodeScalars.map(\.value)), Array(y.unicodeScalars.map(\.value)))
                order = op == "<" ? p.lexicographicallyPrecedes(q) : op == "<=" ? !q.lexicographicallyPrecedes(p)
                    : op == ">" ? q.lexicographicallyPrecedes(p) : !p.lexicographicallyPrecedes(q)
            } else {
                throw fail(.say("program.python.cantCompare", ["op": .code(op), "left": a.typeName, "right": b.typeName]))
            }
            return order
        }
    }

    // MARK: items

    /// A Python index (negative counts from the end) checked against `count`.
    mutating func position(_ index: PyValue, count: Int, of name: String) throws(Stopped) -> Int {
        guard let i = index.number else { throw fail(.say("program.python.positionsWhole", ["name": .code(name), "kind": index.typeName])) }
        let position = i < 0 ? count + i : i
        guard (0..<count).contains(position) else {
            throw fail(count == 0 ? .say("program.python.emptyNoPosition", ["name": .code(name), "index": .code(i)])
                       : .say("program.python.positionOutside", ["name": .code(name), "count": .number(count), "last": .code(count - 1),
                                                                 "index": .code(i)]))
        }
        return position
    }

    mutating func item(of container: PyValue, at index: PyValue, named name: String) throws(Stopped) -> PyValue {
        if case .str = container { try charge(container.size) }
        switch container {
        case .list(let list): return list.items[try position(index, count: list.items.count, of: name)]
        case .tuple(let items): return items[try position(index, count: items.count, of: name)]
        case .str(let text):
            let characters = Array(text.unicodeScalars)
            return .str(String(characters[try position(index, count: characters.count, of: name)]))
        case .range(let start, let stop, let step):
            return .int(PyValue.rangeItem(start, step, try position(index, count: PyValue.rangeCount(start, stop, step), of: name)))
        default: throw fail(.say("program.python.noItems", ["name": .code(name), "kind": container.typeName]))
        }
    }

    mutating func slice(_ container: PyValue, _ from: PyValue?, _ to: PyValue?, named name: String) throws(Stopped) -> PyValue {
        func bound(_ value: PyValue?, _ count: Int, _ otherwise: Int) throws(Stopped) -> Int {
            guard let value, !value.equals(.none) else { return otherwise }
            guard let n = value.number else { throw fail(.say("program.python.sliceEnds", ["name": .code(name)])) }
            return min(max(n < 0 ? count + n : n, 0), count)
        }
        try charge(container.size)
        switch container {
        case .list(let list):
            let (a, b) = (try bound(from, list.items.count, 0), try bound(to, list.items.count, list.items.count))
            try made(cells: max(0, b - a))
            return .list(PyList(a < b ? Array(list.items[a..<b]) : []))
        case .str(let text):
            let characters = Array(text.unicodeScalars)
            let (a, b) = (try bound(from, characters.count, 0), try bound(to, characters.count, characters.count))
            try made(characters: max(0, b - a))
            return .str(a < b ? String(String.UnicodeScalarView(characters[a..<b])) : "")
        default: throw fail(.say("program.python.onlySlices", ["name": .code(name), "kind": container.typeName]))
        }
    }

    // MARK: bounds

    /// Work proportional to the size of what an operation reads (comparing, searching, indexing
    /// text, slicing, printing), so a program cannot make each of its 10,000 steps long.
    mutating func charge(_ units: Int) throws(Stopped) {
        work += units
        guard work <= PythonLimits.maxWork else {
            throw fail(.say("program.python.tooMuchWork"))
        }
    }

    mutating func made(cells: Int) throws(Stopped) {
        try made(cells, atOnce: PythonLimits.maxListItems, inAll: PythonLimits.maxCellsMade, tally: \.cellsMade,
                 tooLong: Self.listTooLong,
                 tooMuch: .say("program.python.tooManyItemsInAll", ["limit": .code(PythonLimits.maxCellsMade)]))
    }

    mutating func made(characters: Int) throws(Stopped) {
        try made(characters, atOnce: PythonLimits.maxTextLength, inAll: PythonLimits.maxCharactersMade, tally: \.charactersMade,
                 tooLong: .say("program.python.textTooLong", ["limit": .code(PythonLimits.maxTextLength)]),
                 tooMuch: .say("program.python.tooMuchTextInAll", ["limit": .code(PythonLimits.maxCharactersMade)]))
    }

    /// "a list can hold at most 10000 items in this game".
    static var listTooLong: Words { .say("program.python.listTooLong", ["limit": .code(PythonLimits.maxListItems)]) }

    /// `count` new list items or characters: at most `atOnce` in one value, `inAll` over the run.
    private mutating func made(_ count: Int, atOnce: Int, inAll: Int, tally: WritableKeyPath<PythonRuntime, Int>,
                               tooLong: Words, tooMuch: Words) throws(Stopped) {
        guard count <= atOnce else { throw fail(tooLong) }
        self[keyPath: tally] += count
        try charge(count)
        guard self[keyPath: tally] <= inAll else { throw fail(tooMuch) }
    }
}
