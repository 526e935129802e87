// One call from a program to a scored run: the front ends give a `Program`
// (`Program.parse(json:)`, `parse(blocklyXML:)`) or a `PythonProgram` (`PythonProgram.parse`), and
// `RouterGame.run` checks it against the level's toolbox, refuses detached blocks and compile
// errors the way the original does (as a failed run with a message, not an exception), runs it,
// and scores it. Python runs in `PythonRuntime` (real Python: lists, functions with parameters,
// `print`); its block count comes from the same Python read as blocks, when it fits them.

/// Everything a page needs after pressing Go: how it ended, what to animate, the score, the
/// block count the algorithm score was computed from, and what the program printed.
public struct RunResult: Hashable, Codable, Sendable {
    public var outcome: RunOutcome
    public var events: [RunEvent]
    public var score: Score
    public var blockCount: Int
    /// Python's `print` output (always present; empty for block programs).
    public var output: [String]

    public init(outcome: RunOutcome, events: [RunEvent], score: Score, blockCount: Int, output: [String] = []) {
        self.outcome = outcome
        self.events = events
        self.score = score
        self.blockCount = blockCount
        self.output = output
    }

    private enum CodingKeys: String, CodingKey { case outcome, events, score, blockCount, output }

    /// Results stored before `output` existed read as having printed nothing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outcome = try container.decode(RunOutcome.self, forKey: .outcome)
        events = try container.decode([RunEvent].self, forKey: .events)
        score = try container.decode(Score.self, forKey: .score)
        blockCount = try container.decode(Int.self, forKey: .blockCount)
        output = try container.decodeIfPresent([String].self, forKey: .output) ?? []
    }
}

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

public enum RouterGame {
    /// Runs `program` on `level`.
    /// - Throws: `ProgramError` (`.notInToolbox`, `.overLimit`) when the program uses blocks the
    ///   level does not offer, or more than its limit (checked unless the level is Python-only or
    ///   its toolbox is empty); `LevelError` when the level itself is invalid.
    /// Detached blocks and compile errors are not thrown: they are failed runs
    /// (`.detachedBlocks`, `.compileError`) with the message and block to show, as in the original.
    /// `language`: what the run's message and the score's words are said in (the rest is numbers).
    public static func run(_ program: Program, on level: Level, language: TextLanguage = .standard) throws -> RunResult {
        if level.blocklyEnabled || !level.pythonEnabled { try program.checkToolbox(level.toolbox) }
        let blockCount = program.blockCount
        var simulation = try VanSimulation(level: level)
        if program.detachedBlocks > 0 {
            simulation.stop(.detachedBlocks, block: nil)
        } else if let error = Interpreter.compileError(in: program) {
            simulation.stop(.compileError, message: error.words, block: error.block)
        } else {
            Interpreter.run(program, on: &simulation)
        }
        let outcome = simulation.finish()
        let score = Scoring.score(level: level, outcome: outcome, visitedNodes: simulation.visitedNodes, blockCount: blockCount)
        return RunResult(outcome: outcome, events: simulation.events, score: score, blockCount: blockCount)
            .told(in: language, ending: simulation.words, score: Words(score.message))
    }

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
            reason = error.line.map { "Blocks can't say everything this Python does (see line \($0)), so it gets no algorithm score: that score counts blocks." }
                ?? Words(Scoring.noBlockCountMessage)
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
        var scoreWords = Words(score.message)
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

extension RunResult {
    /// The run with its words said in `language`: the outcome's message, the last event's (the
    /// same sentence) and the score's. The engine keeps them in English until here.
    func told(in language: TextLanguage, ending: Words?, score scoreWords: Words, outputNote: Words? = nil) -> RunResult {
        guard language != .english else { return self }
        var told = self
        if let ending {
            let message = ending.text(in: language)
            told.outcome.message = message
            if let last = told.events.indices.last, case .end(var end) = told.events[last].kind {
                end.message = message
                told.events[last].kind = .end(end)
            }
        }
        told.score.message = scoreWords.text(in: language)
        if let outputNote, !told.output.isEmpty { told.output[told.output.count - 1] = outputNote.text(in: language) }
        return told
    }
}
