import HTTPTypes
import PentominoKit

/// Unknown names are bad requests; placements that break the rules conflict with the board as it stands.
extension PentominoError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .unknownTile, .unknownBoard, .invalidTileText, .invalidBoardText: .badRequest
        case .tileAlreadyPlaced, .offBoard, .coversHole, .overlaps, .notPlaced, .noTileAt: .conflict
        }
    }
}

extension PuzzleError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .board(let error): error.status
        case .flipNotAllowed: .conflict
        }
    }
}
