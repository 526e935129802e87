import GridKit
import HTTPTypes
import Languages
import TicTacToeKit

extension MatchError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .move(.positionOutOfRange), .invalidName: .badRequest
        case .forbidden: .forbidden
        case .move(.cellOccupied), .move(.gameOver), .move(.notYourTurn), .waitingForOpponent, .alreadyFull, .notOnline,
             .gameNotFinished, .nothingToUndo, .undoOnline, .rematchStarted, .coachOnline:
            .conflict
        }
    }

    var words: Phrase {
        switch self {
        case .move(.positionOutOfRange(let position)):
            Phrase("tictactoe.errors.positionOutOfRange", ["row": .text(String(position.row)), "col": .text(String(position.col))])
        case .move(.cellOccupied(let position)):
            Phrase("tictactoe.errors.cellOccupied", ["row": .text(String(position.row)), "col": .text(String(position.col))])
        case .move(.gameOver): Phrase("tictactoe.errors.gameOver")
        case .move(.notYourTurn(let expected)): Phrase("tictactoe.errors.notYourTurn", ["marker": .text(expected.symbol)])
        case .invalidName(let reason): Self.nameReasons[reason] ?? Phrase("shared.errors.verbatim", ["text": .text(reason.asSentence)])
        case .forbidden: Phrase("tictactoe.errors.forbidden")
        case .waitingForOpponent: Phrase("tictactoe.errors.waitingForOpponent")
        case .alreadyFull: Phrase("tictactoe.errors.alreadyFull")
        case .notOnline: Phrase("tictactoe.errors.notOnline")
        case .gameNotFinished: Phrase("tictactoe.errors.gameNotFinished")
        case .nothingToUndo: Phrase("tictactoe.errors.nothingToUndo")
        case .undoOnline: Phrase("tictactoe.errors.undoOnline")
        case .rematchStarted: Phrase("tictactoe.errors.rematchStarted")
        case .coachOnline: Phrase("tictactoe.errors.coachOnline")
        }
    }

    /// The kit gives a refused name's reason in English only; each reason it can give, found by
    /// asking it (so the two cannot drift apart), with the catalogue's words for it.
    private static let nameReasons: [String: Phrase] = {
        func reason(_ mode: MatchMode, _ names: [String]) -> String? {
            guard case .failure(.invalidName(let reason)) = Result(catching: { () throws(MatchError) in
                try Match(id: "", mode: mode, names: names)
            }) else { return nil }
            return reason
        }
        let probes: [(MatchMode, [String], Phrase)] = [
            (.local, [], Phrase("tictactoe.errors.names.local")),
            (.ai, [], Phrase("tictactoe.errors.names.ai")),
            (.online, [], Phrase("tictactoe.errors.names.online")),
            (.online, [String(repeating: "x", count: Match.maxNameLength + 1)],
             Phrase("tictactoe.errors.names.tooLong", ["count": .number(Match.maxNameLength)])),
            (.local, [" ", "x"], Phrase("tictactoe.errors.names.missingFirst")),
            (.local, ["x", " "], Phrase("tictactoe.errors.names.missingSecond")),
            (.ai, ["x", " "], Phrase("tictactoe.errors.names.missingComputer")),
        ]
        var reasons: [String: Phrase] = [:]
        for (mode, names, words) in probes {
            if let said = reason(mode, names) { reasons[said] = words }
        }
        return reasons
    }()
}
