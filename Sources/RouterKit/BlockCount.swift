// Rapid Router's block count (reference §5), quirks included because the algorithm score is
// computed from it and model solutions were counted this way:
// - the chain under start (start itself not counted), plus 1 + body for each procedure definition;
// - loops count their condition and body; `if` counts every condition and every branch;
//   `not` counts its operand;
// - quirk: `logic_compare` counts only its left operand (1 + left);
// - quirk: `variables_get` and `math_number` count 2 each.
// A plain number in a block's own field (repeat TIMES, set/increment VALUE) is part of that block
// and counts nothing; any other expression there (from Python's `range(n)`, `x = y + 1`) counts
// as the blocks it would take. An until loop is stored as while-not: its `not` is not a block.
// Python-only pieces (True/False, `and`/`or`, coordinates) count 1 each.

extension Program {
    /// The number of blocks the original would count for this program.
    public var blockCount: Int {
        main.reduce(0) { $0 + BlockCounter.count($1) }
            + procedures.reduce(0) { total, procedure in total + 1 + procedure.body.reduce(0) { $0 + BlockCounter.count($1) } }
    }

    /// How many blocks of each toolbox type the program uses (under start and in procedures).
    /// Python-only pieces with no block (True/False, and/or, coordinates) are not listed.
    public var blockUses: [BlockType: Int] {
        var uses: [BlockType: Int] = [:]
        if !procedures.isEmpty { uses[.declareProc] = procedures.count }
        for statement in main + procedures.flatMap(\.body) { BlockCounter.uses(statement, into: &uses) }
        return uses
    }

    /// Refuses a program that uses a block the level does not offer, or more of one than its
    /// limit. An empty toolbox means the level restricts nothing (Python-only levels, test levels).
    public func checkToolbox(_ toolbox: [ToolboxEntry]) throws(ProgramError) {
        guard !toolbox.isEmpty else { return }
        let offered = Dictionary(toolbox.map { ($0.block, $0.limit) }, uniquingKeysWith: { a, b in
            switch (a, b) {
            case (nil, _), (_, nil): return nil
            case (let x?, let y?): return max(x, y)
            }
        })
        for (block, used) in blockUses.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let entry = offered[block] else {
                throw ProgramError(.notInToolbox, words: .say("program.blocks.notOffered", ["block": .code(block.rawValue)]))
            }
            if let limit = entry, used > limit {
                throw ProgramError(.overLimit, words: .say("program.blocks.overLimit", ["count": .code(used), "block": .code(block.rawValue),
                                                                          "limit": .code(limit)]))
            }
        }
    }
}

enum BlockCounter {
    static func count(_ statement: Statement) -> Int {
        switch statement {
        case .action, .call: return 1
        case .repeatTimes(let times, let body, _): return 1 + field(times) + count(body)
        case .repeatWhile(let test, let until, let body, _):
            if until, case .not(let inner, _) = test { return 1 + count(inner) + count(body) }
            return 1 + count(test) + count(body)
        case .ifElse(let branches, let otherwise, _):
            return 1 + branches.reduce(0) { $0 + count($1.condition) + count($1.body) } + count(otherwise ?? [])
        case .setVariable(_, let value, _), .increment(_, let value, _): return 1 + field(value)
        }
    }

    static func count(_ statements: [Statement]) -> Int { statements.reduce(0) { $0 + count($1) } }

    static func count(_ condition: Condition) -> Int {
        switch condition {
        case .atDestination, .roadExists, .deadEnd, .trafficLight, .cowCrossing, .constant: return 1
        case .missing: return 0
        case .not(let inner, _): return 1 + count(inner)
        case .and(let a, let b, _), .or(let a, let b, _): return 1 + count(a) + count(b)
        case .compare(_, let left, _, _): return 1 + count(left)  // quirk: the right operand is not counted
        }
    }

    static func count(_ expression: Expression) -> Int {
        switch expression {
        case .number, .variable: return 2  // quirk
        case .arithmetic(_, let a, let b, _): return 1 + count(a) + count(b)
        case .coordinate: return 1
        case .missing: return 0
        }
    }

    /// A block's own number field counts nothing; an expression plugged in counts as blocks.
    private static func field(_ value: Expression) -> Int {
        if case .number = value { return 0 }
        return count(value)
    }

    // MARK: uses per block type

    static func uses(_ statement: Statement, into uses: inout [BlockType: Int]) {
        func add(_ type: BlockType) { uses[type, default: 0] += 1 }
        switch statement {
        case .action(let action, _):
            if let type = BlockType(rawValue: action.rawValue) { add(type) }
        case .repeatTimes(let times, let body, _):
            add(.controlsRepeat)
            if case .number = times {} else { self.uses(times, into: &uses) }
            for inner in body { self.uses(inner, into: &uses) }
        case .repeatWhile(let test, let until, let body, _):
            add(until ? .controlsRepeatUntil : .controlsRepeatWhile)
            if until, case .not(let inner, _) = test { self.uses(inner, into: &uses) } else { self.uses(test, into: &uses) }
            for inner in body { self.uses(inner, into: &uses) }
        case .ifElse(let branches, let otherwise, _):
            add(.controlsIf)
            for branch in branches {
                self.uses(branch.condition, into: &uses)
                for inner in branch.body { self.uses(inner, into: &uses) }
            }
            for inner in otherwise ?? [] { self.uses(inner, into: &uses) }
        case .call: add(.callProc)
        case .setVariable(_, let value, _), .increment(_, let value, _):
            if case .setVariable = statement { add(.variablesNumericSet) } else { add(.variablesIncrement) }
            if case .number = value {} else { self.uses(value, into: &uses) }
        }
    }

    static func uses(_ condition: Condition, into uses: inout [BlockType: Int]) {
        func add(_ type: BlockType) { uses[type, default: 0] += 1 }
        switch condition {
        case .atDestination: add(.atDestination)
        case .roadExists: add(.roadExists)
        case .deadEnd: add(.deadEnd)
        case .trafficLight: add(.trafficLight)
        case .cowCrossing: add(.cowCrossing)
        case .constant, .missing: break
        case .not(let inner, _):
            add(.logicNegate)
            self.uses(inner, into: &uses)
        case .and(let a, let b, _), .or(let a, let b, _):
            self.uses(a, into: &uses)
            self.uses(b, into: &uses)
        case .compare(_, let a, let b, _):
            add(.logicCompare)
            self.uses(a, into: &uses)
            self.uses(b, into: &uses)
        }
    }

    static func uses(_ expression: Expression, into uses: inout [BlockType: Int]) {
        switch expression {
        case .number: uses[.mathNumber, default: 0] += 1
        case .variable: uses[.variablesGet, default: 0] += 1
        case .arithmetic(_, let a, let b, _):
            uses[.mathArithmetic, default: 0] += 1
            self.uses(a, into: &uses)
            self.uses(b, into: &uses)
        case .coordinate, .missing: break
        }
    }
}
