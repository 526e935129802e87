import Foundation
import RouterKit

// Runs a `PythonProgram` on a `VanSimulation` directly from its syntax tree: real Python for
// children (values in PythonValues.swift, operators and built-in functions in
// PythonBuiltins.swift). The van's methods drive the same simulation the block interpreter
// drives, with `BlockID.line(n)` on every event, so the page highlights lines as it does for any
// Python run.
//
// Bounds: every statement executed and every round of a loop is a step, and more than
// `Interpreter.stepLimit` ends the run as the block interpreter's cap does (so `while True: pass`
// ends); functions may call each other `PythonLimits.maxCallDepth` deep; lists, text and
// `print` output are bounded (`PythonLimits`). Whole-number arithmetic never traps: overflow,
// division by zero and every other mistake stop the run with "Line N: …" and that line.

public struct PythonRun: Sendable {
    /// What `print` wrote (see `PythonLimits` for its bounds).
    public var output: [String]
    /// The words of `output`'s last line when lines were left out, for another language.
    var note: Words? = nil
}

struct PythonRuntime {
    /// The run is over: the simulation holds why (a failed action, the step cap, or a mistake).
    struct Stopped: Error {}

    enum Flow {
        case normal, breakLoop, continueLoop
        case returned(PyValue)
    }

    var simulation: VanSimulation
    var output = PythonOutput()
    private var globals: [String: PyValue] = [:]
    /// The running functions, innermost last, each with its own names.
    private var frames: [(function: PyFunction, names: [String: PyValue])] = []
    private var steps = 0
    /// The line being run: the id of the van's events and of any message.
    var line = 1
    var cellsMade = 0
    var charactersMade = 0
    /// Statement bodies and expressions open right now, over all calls (bounds the Swift stack).
    var nesting = 0
    /// See `charge`.
    var work = 0

    init(simulation: VanSimulation) { self.simulation = simulation }

    /// Runs the program until it ends, the van fails, or it is stopped.
    static func run(_ program: PythonProgram, on simulation: inout VanSimulation) -> PythonRun {
        // The runtime walks the tree recursively (functions, loops, ifs and expressions nest), so
        // it runs on a thread of its own with a known, generous stack, whatever thread asked:
        // a server's worker may have far less. `maxNesting` keeps it well inside that stack.
        let box = RunBox(simulation: simulation)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = runHere(program, on: &box.simulation)
            done.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
        done.wait()
        simulation = box.simulation
        return box.result
    }

    static let stackBytes = 16 << 20

    private final class RunBox: @unchecked Sendable {
        // Written by the run's thread before it signals, read by the caller after the wait.
        var simulation: VanSimulation
        var result = PythonRun(output: [])
        init(simulation: VanSimulation) { self.simulation = simulation }
    }

    private static func runHere(_ program: PythonProgram, on simulation: inout VanSimulation) -> PythonRun {
        var runtime = PythonRuntime(simulation: simulation)
        // Functions defined anywhere at the top level can be called from anywhere, as in the
        // block tree (procedures are not ordered), so a program that ran before still runs.
        for statement in program.module {
            if case .def(let name, let parameters, let body, let at) = statement, runtime.globals[name] == nil {
                runtime.globals[name] = .function(PyFunction(name: name, parameters: parameters, body: body, line: at.line))
            }
        }
        _ = try? runtime.run(program.module)
        simulation = runtime.simulation
        return PythonRun(output: runtime.output.finished, note: runtime.output.droppedNote)
    }

    // MARK: statements

    mutating func run(_ body: [PyStmt]) throws(Stopped) -> Flow {
        try nest()
        defer { nesting -= 1 }
        for statement in body {
            let flow = try execute(statement)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    /// One step: the step cap is checked here, for statements and for every round of a loop.
    mutating func tick(_ at: PySource) throws(Stopped) {
        line = at.line
        steps += 1
        guard steps <= Interpreter.stepLimit else {
            simulation.stop(.queryInfiniteLoop, message: .say("program.python.tooManySteps", ["limit": .code(Interpreter.stepLimit)]),
                            block: .line(line))
            throw Stopped()
        }
        if simulation.isOver { throw Stopped() }
    }

    private mutating func execute(_ statement: PyStmt) throws(Stopped) -> Flow {
        try tick(statement.at)
        switch statement {
        case .expression(let e, _): _ = try evaluate(e)
        case .pass, .global: break
        case .assign(let targets, let value, _):
            let result = try evaluate(value)
            if targets.count == 1 {
                assign(targets[0], result)
            } else {
                let items: [PyValue]
                switch result {
                case .tuple(let values): items = values
                case .list(let list): items = list.items
                default: throw fail(Self.unpacking(targets, got: result.typeName))
                }
                guard items.count == targets.count else { throw fail(Self.unpacking(targets, got: .code(items.count))) }
                for (name, item) in zip(targets, items) { assign(name, item) }
            }
        case .augmented(let target, let op, let value, let at):
            let old = try lookup(target, at)
            assign(target, try binary(op, old, try evaluate(value)))
        case .setItem(let base, let index, let op, let value, _):
            let container = try evaluate(base)
            guard case .list(let list) = container else {
                throw fail(.say("program.python.onlyListItemsChange", ["name": .code(base.text), "kind": container.typeName]))
            }
            let position = try self.position(try evaluate(index), count: list.items.count, of: base.text)
            let new = try evaluate(value)
            list.items[position] = op == "=" ? new : try binary(op, list.items[position], new)
        case .importFrom(_, let names, _):
            for name in names { assign(name, .vanClass) }
        case .importModule(let name, _): assign(name, .vanModule)
        case .def(let name, let parameters, let body, let at):
            assign(name, .function(PyFunction(name: name, parameters: parameters, body: body, line: at.line)))
        case .breakLoop: return .breakLoop
        case .continueLoop: return .continueLoop
        case .returnValue(let value, _): return .returned(try value.map { e throws(Stopped) in try evaluate(e) } ?? .none)
        case .ifElse(let branches, let otherwise, _):
            for (test, body) in branches where try evaluate(test).truthy { return try run(body) }
            if let otherwise { return try run(otherwise) }
        case .whileLoop(let test, let body, let at):
            while try evaluate(test).truthy {
                switch try run(body) {
                case .breakLoop: return .normal
                case .returned(let value): return .returned(value)
                case .normal, .continueLoop: break
                }
                try tick(at)
            }
        case .forLoop(let name, let iterable, let body, let at):
            return try forLoop(name, try evaluate(iterable), body, at)
        }
        return .normal
    }

    private mutating func forLoop(_ name: String, _ sequence: PyValue, _ body: [PyStmt], _ at: PySource) throws(Stopped) -> Flow {
        var index = 0
        // Text is split into its characters once, not found again from the start each round.
        var sequence = sequence
        if case .str(let text) = sequence {
            try charge(text.utf8.count)
            sequence = .tuple(text.unicodeScalars.map { .str(String($0)) })
        }
        while true {
            // The list is read afresh each round, so items appended inside the loop are visited too, as in Python.
            let item: PyValue
            switch sequence {
            case .list(let list):
                guard index < list.items.count else { return .normal }
                item = list.items[index]
            case .tuple(let items):
                guard index < items.count else { return .normal }
                item = items[index]
            case .range(let start, let stop, let step):
                guard index < PyValue.rangeCount(start, stop, step) else { return .normal }
                item = .int(PyValue.rangeItem(start, step, index))
            default:
                throw fail(.say("program.python.forNeedsSequence", ["kind": sequence.typeName]))
            }
            if index > 0 { try tick(at) }
            index += 1
            assign(name, item)
            switch try run(body) {
            case .breakLoop: return .normal
            case .returned(let value): return .returned(value)
            case .normal, .continueLoop: break
            }
        }
    }

    // MARK: names

    mutating func assign(_ name: String, _ value: PyValue) {
        if let frame = frames.indices.last, !frames[frame].function.globals.contains(name) {
            frames[frame].names[name] = value
        } else {
            globals[name] = value
        }
    }

    mutating func lookup(_ name: String, _ at: PySource) throws(Stopped) -> PyValue {
        if let frame = frames.last, frame.function.locals.contains(name) {
            if let value = frame.names[name] { return value }
            let function = Words.code(frame.function.name)
            let outside: Words = globals[name] != nil
                ? .say("program.python.advice.changedInside", ["function": function, "name": .code(name)])
                : .nothing
            line = at.line
            throw fail(.say("program.python.noValueInside", ["name": .code(name), "function": function, "advice": outside]))
        }
        if let value = globals[name] { return value }
        if PythonBuiltins.names.contains(name) { return .builtin(name) }
        line = at.line
        throw fail(.say("program.python.noValueYet", ["name": .code(name)]))
    }

    // MARK: calls

    mutating func call(_ function: PyFunction, _ arguments: [PyValue]) throws(Stopped) -> PyValue {
        guard arguments.count == function.parameters.count else {
            let wanted: Words = function.parameters.isEmpty ? .say("program.python.nothingInBrackets")
                : .say("program.python.namedValues", ["count": .number(function.parameters.count),
                                                      "names": .code(function.parameters.map { "`\($0)`" }.joined(separator: ", "))])
            throw fail(.say("program.python.takesValues", ["name": .code(function.name), "wanted": wanted, "count": .code(arguments.count)]))
        }
        guard frames.count < PythonLimits.maxCallDepth else {
            let problem = Words.say("program.python.callsTooDeep", ["limit": .code(PythonLimits.maxCallDepth)])
            simulation.stop(.queryInfiniteLoop, message: .say("program.line", ["line": .code(line), "problem": problem]), block: .line(line))
            throw Stopped()
        }
        let caller = line
        frames.append((function, Dictionary(uniqueKeysWithValues: zip(function.parameters, arguments))))
        defer {
            frames.removeLast()
            line = caller
        }
        if case .returned(let value) = try run(function.body) { return value }
        return .none
    }

    /// One more level of statement body or expression; too many stop the run.
    mutating func nest() throws(Stopped) {
        nesting += 1
        guard nesting <= PythonLimits.maxNesting else {
            simulation.stop(.queryInfiniteLoop, message: .say("program.line", ["line": .code(line), "problem": .say("program.python.nestsTooDeep")]),
                            block: .line(line))
            throw Stopped()
        }
    }

    // MARK: failing

    /// Stops the run with "Line N: message" on the current line.
    mutating func fail(_ message: Words) -> Stopped {
        simulation.stop(.compileError, message: .say("program.line", ["line": .code(line), "problem": message.asSentence]), block: .line(line))
        return Stopped()
    }

    /// "`x, y = …` needs 2 values on the right, but it got …".
    static func unpacking(_ targets: [String], got: Words) -> Words {
        .say("program.python.unpackCount", ["names": .code(targets.joined(separator: ", ")), "count": .code(targets.count), "got": got])
    }
}

extension String {
    /// Ends with a full stop unless it already ends a sentence.
    var asPythonSentence: String { (last.map { ".?!".contains($0) } ?? false) ? self : self + "." }
}
