import RouterKit

// Python's side of a run: a run request brings blocks or Python (`RunnableProgram`), and
// `RouterGame.run` for a `PythonProgram` runs it in `PythonRuntime` (real Python: lists,
// functions with parameters, `print`) on the same `VanSimulation`; its block count comes from
// the same Python read as blocks, when it fits them.

/// A program as a run request brings it: blocks (JSON or Blockly XML, read into the block tree)
/// or Python (run by the Python runtime).
public enum RunnableProgram: Sendable {
    case blocks(Program)
    case python(PythonProgram)

    /// What the program says in Python: the Python view of blocks, or the Python itself.
    public var pythonView: String {
        switch self {
        case .blocks(let program): program.pythonView
        case .python(let python): python.source
        }
    }

    /// The block count, nil for Python that blocks cannot say.
    public var blockCount: Int? {
        switch self {
        case .blocks(let program): program.blockCount
        case .python(let python): (try? python.blockProgram())?.blockCount
        }
    }
}

extension RouterGame {
    /// Runs Python on `level` in the Python runtime. On a level with blocks, Python that blocks
    /// can say is checked against the toolbox and counted as blocks, as before; Python beyond
    /// them (lists, `print`, parameters, …) runs too, and the score says why it has no algorithm
    /// part. On Python-only levels the algorithm score is off (`Scoring.algorithmMax(for:)`).
    public static func run(_ program: PythonProgram, on level: Level, language: TextLanguage = .standard) throws -> RunResult {
        let hasBlocks = level.blocklyEnabled || !level.pythonEnabled
        var blockCount: Int?
        var reason: Words?
        switch Result(catching: { () throws(ProgramError) -> Program in try program.blockProgram() }) {
        case .success(let blocks):
            if hasBlocks { try blocks.checkToolbox(level.toolbox) }
            blockCount = blocks.blockCount
        case .failure(let error):
            reason = error.line.map { Words.say("program.score.noBlockCountAtLine", ["line": .code($0)]) } ?? .say("program.score.noBlockCount")
        }
        var simulation = try VanSimulation(level: level)
        var run = PythonRun(output: [])
        if let empty = program.emptyLoop {
            simulation.stop(.compileError, message: empty.words, block: empty.block)
        } else {
            run = PythonRuntime.run(program, on: &simulation)
        }
        let outcome = simulation.finish()
        var score = Scoring.score(level: level, outcome: outcome, visitedNodes: simulation.visitedNodes, blockCount: blockCount)
        var scoreWords = Scoring.words(ofMessage: score.message)
        if outcome.success, score.algorithmMax > 0, let reason {
            score.message = reason.english
            scoreWords = reason
        }
        return RunResult(outcome: outcome, events: simulation.events, score: score, blockCount: blockCount ?? 0, output: run.output)
            .told(in: language, ending: simulation.words, score: scoreWords, outputNote: run.note)
    }

    public static func run(_ program: RunnableProgram, on level: Level, language: TextLanguage = .standard) throws -> RunResult {
        switch program {
        case .blocks(let blocks): try run(blocks, on: level, language: language)
        case .python(let python): try run(python, on: level, language: language)
        }
    }
}
