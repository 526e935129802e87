import Foundation

// Runs a program tree against a `VanSimulation`, as the original's interpreter does (reference §4):
// a stack of commands, one pop per step; `while` pushes itself back after its body; `repeat` is a
// counted loop that starts afresh each time it is reached; `if` pushes the first branch whose
// condition holds. The first failing action ends the run (the simulation records it and its block);
// more than 10,000 steps is an infinite loop. Before running, the compile check finds what the
// original refuses with "Oh dear!": empty bodies, missing conditions, unnamed, duplicate or
// undefined procedures.
//
// Variables hold whole numbers and are global. Arithmetic never traps: overflow, division by zero
// and reading a variable that has no value stop the run with a message naming the problem. The
// failure kind for those is `.compileError` (the program is wrong, not the driving), with the
// block that went wrong.

public enum Interpreter {
    public static let stepLimit = 10_000
    /// Recursion is allowed (the step cap bounds it too), but not deeper than this.
    public static let callDepthLimit = 100

    /// A reason the original would refuse to start the program, and the block to highlight.
    public struct CompileError: Hashable, Sendable, Error, CustomStringConvertible {
        /// What to say, in any language (`Words`); `message` says it in English.
        public var words: Words
        public var block: BlockID?
        public var message: String { words.english }
        public var description: String { message }

        package init(words: Words, block: BlockID?) {
            self.words = words
            self.block = block
        }
    }

    // MARK: before running

    public static func compileError(in program: Program) -> CompileError? {
        var names: Set<String> = []
        for procedure in program.procedures {
            if procedure.name.trimmingCharacters(in: .whitespaces).isEmpty {
                return problem("A procedure has no name. Give every procedure a name.", procedure.id)
            }
            if !names.insert(procedure.name).inserted {
                return problem("Two procedures are called '\(procedure.name)'. Give each one its own name.", procedure.id)
            }
        }
        if let error = check(program.main, procedures: names) { return error }
        for procedure in program.procedures {
            if procedure.body.isEmpty {
                return problem("The procedure '\(procedure.name)' has nothing inside it. Put some blocks in it.",
                               python: "`def \(procedure.name)():` has nothing inside but `pass`. Write what the van should do inside it, indented.",
                               procedure.id)
            }
            if let error = check(procedure.body, procedures: names) { return error }
        }
        return nil
    }

    private static func check(_ statements: [Statement], procedures: Set<String>) -> CompileError? {
        for statement in statements {
            if let error = check(statement, procedures: procedures) { return error }
        }
        return nil
    }

    private static func check(_ statement: Statement, procedures: Set<String>) -> CompileError? {
        switch statement {
        case .action: return nil
        case .repeatTimes(let times, let body, let id):
            if let error = check(times, owner: id) { return error }
            if body.isEmpty {
                return problem("A repeat loop has nothing inside it. Put some blocks in it, or take it away.",
                               python: "the `for` loop has nothing inside but `pass`, so it would repeat nothing. \(Words(Self.fillLoop))", id)
            }
            return check(body, procedures: procedures)
        case .repeatWhile(let test, let until, let body, let id):
            if let error = check(test) { return error }
            if body.isEmpty {
                return problem(until ? "A repeat until loop has nothing inside it. Put some blocks in it, or take it away."
                               : "A repeat while loop has nothing inside it. Put some blocks in it, or take it away.",
                               python: "the `while` loop has nothing inside but `pass`, so the van would never move. \(Words(Self.fillLoop))", id)
            }
            return check(body, procedures: procedures)
        case .ifElse(let branches, let otherwise, let id):
            for branch in branches {
                if let error = check(branch.condition) { return error }
                if branch.body.isEmpty {
                    return problem("An if block has an empty part. Put blocks in every part, or take the part away.",
                                   python: "a part of this `if` has nothing inside but `pass`. Write what the van should do there, or take that part away.", id)
                }
                if let error = check(branch.body, procedures: procedures) { return error }
            }
            guard let otherwise else { return nil }
            if otherwise.isEmpty {
                return problem("An if block's else part is empty. Put blocks in it, or take it away.",
                               python: "the `else` of this `if` has nothing inside but `pass`. Write what the van should do there, or take the `else` away.", id)
            }
            return check(otherwise, procedures: procedures)
        case .call(let name, let id):
            if name.trimmingCharacters(in: .whitespaces).isEmpty {
                return problem("A call block doesn't say which procedure to call. Choose one.", id)
            }
            if !procedures.contains(name) { return problem("There is no procedure called '\(name)' to call. Define it first.", id) }
            return nil
        case .setVariable(_, let value, let id), .increment(_, let value, let id):
            return check(value, owner: id)
        }
    }

    private static func check(_ condition: Condition) -> CompileError? {
        switch condition {
        case .missing(let id): return problem("A block is missing its condition. Snap a condition into it.", id)
        case .not(let inner, _): return check(inner)
        case .and(let a, let b, _), .or(let a, let b, _): return check(a) ?? check(b)
        case .compare(_, let a, let b, let id): return check(a, owner: id) ?? check(b, owner: id)
        case .atDestination, .roadExists, .deadEnd, .trafficLight, .cowCrossing, .constant: return nil
        }
    }

    private static func check(_ expression: Expression, owner: BlockID) -> CompileError? {
        switch expression {
        case .missing(let id): return problem("A block is missing a number. Snap a number or a variable into it.", id)
        case .arithmetic(_, let a, let b, let id): return check(a, owner: id) ?? check(b, owner: id)
        case .number, .variable, .coordinate: return nil
        }
    }

    package static let fillLoop = "Put the van's moves inside it, indented (such as `my_van.move_forwards()`), or take the loop away."

    /// Python programs' ids are "line:N": say the line, in Python's words (`pass`, `for`,
    /// `while`, `def`) when there are any, not the blocks' ("Put some blocks in it").
    private static func problem(_ text: Words, python: Words? = nil, _ block: BlockID?) -> CompileError {
        guard let line = pythonLine(block) else { return CompileError(words: "Oh dear! \(text)", block: block) }
        return CompileError(words: "Oh dear! Line \(line): \(python ?? text)", block: block)
    }

    /// The line number of a Python program's node id ("line:N"), nil for a block id.
    static func pythonLine(_ block: BlockID?) -> Substring? {
        guard let value = block?.value, value.hasPrefix("line:") else { return nil }
        return value.dropFirst(5)
    }

    // MARK: running

    private enum Work {
        case run(Statement)
        /// A repeat loop with `remaining` more rounds to go.
        case rounds(Int, body: [Statement], id: BlockID)
        /// Marks the end of a procedure's body, so the call depth goes back down.
        case endCall
    }

    /// Runs `program` (which should have passed `compileError(in:)`) until it ends, an action
    /// fails, or it is stopped. Call `simulation.finish()` afterwards for the outcome.
    public static func run(_ program: Program, on simulation: inout VanSimulation) {
        var procedures: [String: [Statement]] = [:]
        for procedure in program.procedures where procedures[procedure.name] == nil { procedures[procedure.name] = procedure.body }
        var stack: [Work] = program.main.reversed().map { .run($0) }
        var machine = Machine()
        var steps = 0, depth = 0

        func push(_ body: [Statement]) { stack.append(contentsOf: body.reversed().map { .run($0) }) }

        while let work = stack.popLast(), !simulation.hasFailed {
            if case .endCall = work { depth -= 1; continue }
            steps += 1
            let block: BlockID? = switch work {
            case .run(let statement): statement.id
            case .rounds(_, _, let id): id
            case .endCall: nil
            }
            guard steps <= stepLimit else {
                simulation.stop(.queryInfiniteLoop, message: pythonLine(block) == nil
                                    ? "Your program ran more than \(stepLimit) steps without finishing. Check your repeat loops: does each one stop?"
                                    : "Your program ran more than \(stepLimit) steps without finishing. Check your `while` loops: does each one stop?",
                                block: block)
                return
            }
            do {
                switch work {
                case .endCall: break
                case .rounds(let remaining, let body, let id):
                    if remaining > 0 {
                        stack.append(.rounds(remaining - 1, body: body, id: id))
                        push(body)
                    }
                case .run(let statement):
                    switch statement {
                    case .action(let action, let id):
                        guard simulation.perform(action, block: id) else { return }
                    case .repeatTimes(let times, let body, let id):
                        stack.append(.rounds(max(0, try machine.evaluate(times, simulation)), body: body, id: id))
                    case .repeatWhile(let test, _, let body, _):
                        if try machine.holds(test, simulation) {
                            stack.append(work)
                            push(body)
                        }
                    case .ifElse(let branches, let otherwise, _):
                        var chosen = otherwise
                        for branch in branches {
                            if try machine.holds(branch.condition, simulation) {
                                chosen = branch.body
                                break
                            }
                        }
                        push(chosen ?? [])
                    case .call(let name, let id):
                        guard let body = procedures[name] else {
                            simulation.stop(.compileError, message: "Oh dear! There is no procedure called '\(name)' to call.", block: id)
                            return
                        }
                        guard depth < callDepthLimit else {
                            simulation.stop(.queryInfiniteLoop, message: pythonLine(id) == nil
                                                ? "Your procedures call each other more than \(callDepthLimit) deep. Check that each one stops calling."
                                                : "Your functions call each other more than \(callDepthLimit) deep. Check that each one stops calling.",
                                            block: id)
                            return
                        }
                        depth += 1
                        stack.append(.endCall)
                        push(body)
                    case .setVariable(let name, let value, _):
                        machine.variables[name] = try machine.evaluate(value, simulation)
                    case .increment(let name, let amount, let id):
                        let old = try machine.value(of: name, id)
                        machine.variables[name] = try Machine.apply(.add, old, try machine.evaluate(amount, simulation), id)
                    }
                }
            } catch {
                simulation.stop(.compileError, message: error.message, block: error.block)
                return
            }
        }
    }
}

/// The interpreter's variables and its whole-number arithmetic, which reports instead of trapping.
package struct Machine {
    package struct Failure: Error {
        package var message: Words
        package var block: BlockID
    }

    var variables: [String: Int] = [:]

    func value(of name: String, _ id: BlockID) throws(Failure) -> Int {
        guard let value = variables[name] else {
            throw Failure(message: "The variable '\(name)' has no value yet. Set it before you use it.", block: id)
        }
        return value
    }

    func holds(_ condition: Condition, _ van: VanSimulation) throws(Failure) -> Bool {
        switch condition {
        case .atDestination: return van.atDestination
        case .roadExists(let direction, _): return van.roadExists(direction)
        case .deadEnd: return van.atDeadEnd
        case .trafficLight(let colour, _): return van.trafficLight(colour)
        case .cowCrossing: return van.cowCrossing
        case .not(let inner, _): return try !holds(inner, van)
        // Short-circuit, as Python and Blockly do (`&&` would make the error untyped).
        case .and(let a, let b, _): return try holds(a, van) ? try holds(b, van) : false
        case .or(let a, let b, _): return try holds(a, van) ? true : try holds(b, van)
        case .constant(let truth, _): return truth
        case .missing(let id): throw Failure(message: "Oh dear! A block is missing its condition.", block: id)
        case .compare(let op, let a, let b, _):
            let (x, y) = (try evaluate(a, van), try evaluate(b, van))
            switch op {
            case .equal: return x == y
            case .notEqual: return x != y
            case .less: return x < y
            case .lessOrEqual: return x <= y
            case .greater: return x > y
            case .greaterOrEqual: return x >= y
            }
        }
    }

    func evaluate(_ expression: Expression, _ van: VanSimulation) throws(Failure) -> Int {
        switch expression {
        case .number(let n, _): return n
        case .variable(let name, let id): return try value(of: name, id)
        case .coordinate(let current, let xPart, _):
            let place = current ? van.currentCoordinate : van.previousCoordinate
            return xPart ? place.x : place.y
        case .arithmetic(let op, let a, let b, let id): return try Self.apply(op, try evaluate(a, van), try evaluate(b, van), id)
        case .missing(let id): throw Failure(message: "Oh dear! A block is missing a number.", block: id)
        }
    }

    package static func apply(_ op: ArithmeticOperator, _ a: Int, _ b: Int, _ id: BlockID) throws(Failure) -> Int {
        let tooBig = Failure(message: "A number in your program got too big to work with.", block: id)
        let byZero = Failure(message: "Your program tried to divide by zero, which can't be done.", block: id)
        switch op {
        case .add, .subtract, .multiply:
            let (result, overflow) = op == .add ? a.addingReportingOverflow(b)
                : op == .subtract ? a.subtractingReportingOverflow(b) : a.multipliedReportingOverflow(by: b)
            guard !overflow else { throw tooBig }
            return result
        case .divide:
            guard b != 0 else { throw byZero }
            let (quotient, overflow) = a.dividedReportingOverflow(by: b)
            guard !overflow else { throw tooBig }
            // Floor division, as Python's `//`.
            return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
        case .modulo:
            guard b != 0 else { throw byZero }
            let (remainder, overflow) = a.remainderReportingOverflow(dividingBy: b)
            guard !overflow else { throw tooBig }
            return (remainder != 0 && (remainder < 0) != (b < 0)) ? remainder + b : remainder
        case .power:
            guard b >= 0 else {
                throw Failure(message: "A negative power isn't a whole number, so it can't be used here.", block: id)
            }
            var result = 1, base = a, exponent = b
            while exponent > 0 {
                if exponent & 1 == 1 {
                    let (product, overflow) = result.multipliedReportingOverflow(by: base)
                    guard !overflow else { throw tooBig }
                    result = product
                }
                exponent >>= 1
                if exponent > 0 {
                    let (square, overflow) = base.multipliedReportingOverflow(by: base)
                    guard !overflow else { throw tooBig }
                    base = square
                }
            }
            return result
        }
    }
}
