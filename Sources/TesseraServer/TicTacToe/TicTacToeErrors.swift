import HTTPTypes
import TicTacToeKit

extension MatchError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .move(.positionOutOfRange), .invalidName: .badRequest
        case .forbidden: .forbidden
        case .move(.cellOccupied), .move(.gameOver), .move(.notYourTurn), .waitingForOpponent, .alreadyFull, .notOnline:
            .conflict
        }
    }
}
