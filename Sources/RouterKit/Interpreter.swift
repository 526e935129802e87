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
                return problem(.say("program.blocks.noName"), procedure.id)
            }
            if !names.insert(procedure.name).inserted {
                return problem(.say("program.blocks.sameName", ["name": .code(procedure.name)]), procedure.id)
            }
        }
        if let error = check(program.main, procedures: names) { return error }
        for procedure in program.procedures {
            if procedure.body.isEmpty {
                return problem(.say("program.blocks.emptyProcedure", ["name": .code(procedure.name)]),
                               python: .say("program.python.emptyDef", ["name": .code(procedure.name)]), procedure.id)
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
                return problem(.say("program.blocks.emptyRepeat"), python: emptyLoop(while: false), id)
            }
            return check(body, procedures: procedures)
        case .repeatWhile(let test, let until, let body, let id):
            if let error = check(test) { return error }
            if body.isEmpty {
                return problem(.say(until ? "program.blocks.emptyRepeatUntil" : "program.blocks.emptyRepeatWhile"),
                               python: emptyLoop(while: true), id)
            }
            return check(body, procedures: procedures)
        case .ifElse(let branches, let otherwise, let id):
            for branch in branches {
                if let error = check(branch.condition) { return error }
                if branch.body.isEmpty {
                    return problem(.say("program.blocks.emptyIfPart"), python: .say("program.python.emptyIfPart"), id)
                }
                if let error = check(branch.body, procedures: procedures) { return error }
            }
            guard let otherwise else { return nil }
            if otherwise.isEmpty {
                return problem(.say("program.blocks.emptyElse"), python: .say("program.python.emptyElse"), id)
            }
            return check(otherwise, procedures: procedures)
        case .call(let name, let id):
            if name.trimmingCharacters(in: .whitespaces).isEmpty {
                return problem(.say("program.blocks.callWithoutName"), id)
            }
            if !procedures.contains(name) { return problem(.say("program.blocks.noProcedure", ["name": .code(name)]), id) }
            return nil
        case .setVariable(_, let value, let id), .increment(_, let value, let id):
            return check(value, owner: id)
        }
    }

    private static func check(_ condition: Condition) -> CompileError? {
        switch condition {
        case .missing(let id): return problem(.say("program.blocks.missingCondition"), id)
        case .not(let inner, _): return check(inner)
        case .and(let a, let b, _), .or(let a, let b, _): return check(a) ?? check(b)
        case .compare(_, let a, let b, let id): return check(a, owner: id) ?? check(b, owner: id)
        case .atDestination, .roadExists, .deadEnd, .trafficLight, .cowCrossing, .constant: return nil
        }
    }

    private static func check(_ expression: Expression, owner: BlockID) -> CompileError? {
        switch expression {
        case .missing(let id): return problem(.say("program.blocks.missingNumber"), id)
        case .arithmetic(_, let a, let b, let id): return check(a, owner: id) ?? check(b, owner: id)
        case .number, .variable, .coordinate: return nil
        }
    }

    /// What to do with a loop that has nothing inside, in English.
    package static var fillLoop: String { Words.say("program.python.fillLoop").english }

    /// Python's words for a `while` (or `for`) loop with nothing inside but `pass`.
    package static func emptyLoop(while isWhile: Bool) -> Words {
        .say(isWhile ? "program.python.emptyWhile" : "program.python.emptyFor", ["advice": .say("program.python.fillLoop")])
    }

    /// "Oh dear! …", or "Oh dear! Line N: …" for a Python program.
    package static func ohDear(_ problem: Words, line: Int? = nil) -> Words {
        guard let line else { return .say("program.ohDear", ["problem": problem]) }
        return .say("program.ohDearLine", ["line": .code(line), "problem": problem])
    }

    /// Python programs' ids are "line:N": say the line, in Python's words (`pass`, `for`,
    /// `while`, `def`) when there are any, not the blocks' ("Put some blocks in it").
    private static func problem(_ text: Words, python: Words? = nil, _ block: BlockID?) -> CompileError {
        guard let line = pythonLine(block) else { return CompileError(words: ohDear(text), block: block) }
        return CompileError(words: .say("program.ohDearLine", ["line": .code(line), "problem": python ?? text]), block: block)
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
                simulation.stop(.queryInfiniteLoop, message: .say(pythonLine(block) == nil ? "program.blocks.tooManySteps" : "program.python.tooManySteps",
                                                                   ["limit": .code(stepLimit)]),
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
                            simulation.stop(.compileError, message: ohDear(.say("program.blocks.noProcedureToCall", ["name": .code(name)])), block: id)
                            return
                        }
                        guard depth < callDepthLimit else {
                            simulation.stop(.queryInfiniteLoop, message: .say(pythonLine(id) == nil ? "program.blocks.tooDeep" : "program.python.tooDeep",
                                                                               ["limit": .code(callDepthLimit)]),
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
            throw Failure(message: .say("program.blocks.noValue", ["name": .code(name)]), block: id)
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
        case .missing(let id): throw Failure(message: Interpreter.ohDear(.say("program.blocks.conditionMissing")), block: id)
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
        case .missing(let id): throw Failure(message: Interpreter.ohDear(.say("program.blocks.numberMissing")), block: id)
        }
    }

    package static func apply(_ op: ArithmeticOperator, _ a: Int, _ b: Int, _ id: BlockID) throws(Failure) -> Int {
        let tooBig = Failure(message: .say("program.blocks.tooBig"), block: id)
        let byZero = Failure(message: .say("program.blocks.divideByZero"), block: id)
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
                throw Failure(message: .say("program.blocks.negativePower"), block: id)
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
