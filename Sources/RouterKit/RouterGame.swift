// One call from a program to a scored run: the front ends give a `Program`
// (`Program.parse(json:)`, `parse(blocklyXML:)`, `parse(python:)`), and `RouterGame.run` checks it
// against the level's toolbox, refuses detached blocks and compile errors the way the original does
// (as a failed run with a message, not an exception), runs it, and scores it.

/// Everything a page needs after pressing Go: how it ended, what to animate, the score, and the
/// block count the algorithm score was computed from.
public struct RunResult: Hashable, Codable, Sendable {
    public var outcome: RunOutcome
    public var events: [RunEvent]
    public var score: Score
    public var blockCount: Int

    public init(outcome: RunOutcome, events: [RunEvent], score: Score, blockCount: Int) {
        self.outcome = outcome
        self.events = events
        self.score = score
        self.blockCount = blockCount
    }
}

public enum RouterGame {
    /// Runs `program` on `level`.
    /// - Throws: `ProgramError` (`.notInToolbox`, `.overLimit`) when the program uses blocks the
    ///   level does not offer, or more than its limit (checked unless the level is Python-only or
    ///   its toolbox is empty); `LevelError` when the level itself is invalid.
    /// Detached blocks and compile errors are not thrown: they are failed runs
    /// (`.detachedBlocks`, `.compileError`) with the message and block to show, as in the original.
    public static func run(_ program: Program, on level: Level) throws -> RunResult {
        if level.blocklyEnabled || !level.pythonEnabled { try program.checkToolbox(level.toolbox) }
        let blockCount = program.blockCount
        var simulation = try VanSimulation(level: level)
        if program.detachedBlocks > 0 {
            simulation.stop(.detachedBlocks, block: nil)
        } else if let error = Interpreter.compileError(in: program) {
            simulation.stop(.compileError, message: error.message, block: error.block)
        } else {
            Interpreter.run(program, on: &simulation)
        }
        let outcome = simulation.finish()
        let score = Scoring.score(level: level, outcome: outcome, visitedNodes: simulation.visitedNodes, blockCount: blockCount)
        return RunResult(outcome: outcome, events: simulation.events, score: score, blockCount: blockCount)
    }
}
