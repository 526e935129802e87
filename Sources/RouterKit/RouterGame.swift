// One call from a program to a scored run: the front ends give a `Program`
// (`Program.parse(json:)`, `parse(blocklyXML:)`), and `RouterGame.run` checks it against the
// level's toolbox, refuses detached blocks and compile errors the way the original does (as a
// failed run with a message, not an exception), runs it, and scores it. Python has a room of its
// own (`RouterPython`), which adds `RouterGame.run` for a `PythonProgram` beside this one.

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
            .told(in: language, ending: simulation.words, score: Scoring.words(ofMessage: score.message))
    }
}

extension RunResult {
    /// The run with its words said in `language`: the outcome's message, the last event's (the
    /// same sentence) and the score's. The engine keeps them in English until here.
    package func told(in language: TextLanguage, ending: Words?, score scoreWords: Words, outputNote: Words? = nil) -> RunResult {
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
