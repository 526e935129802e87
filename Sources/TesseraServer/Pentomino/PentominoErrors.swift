import HTTPTypes
import Languages
import PentominoKit

/// Unknown names are bad requests; placements that break the rules conflict with the board as it stands.
extension PentominoError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .unknownTile, .unknownBoard, .invalidTileText, .invalidBoardText, .drawnBoardCharacter: .badRequest
        case .tileAlreadyPlaced, .offBoard, .coversHole, .overlaps, .notPlaced, .noTileAt: .conflict
        // Well-formed, but not a board the twelve tiles could cover (rows of different lengths are
        // one: a schema cannot say it).
        case .drawnBoardFrame, .drawnBoardCells: .unprocessableContent
        }
    }

    /// Tiles are named by their letters and squares as "(row, col)" in every language. The reason
    /// a tile's or board's text cannot be read is the kit's, passed on as written: only the CLI
    /// reads such texts.
    var words: Phrase {
        switch self {
        case .unknownTile(let name): Phrase("pentomino.errors.unknownTile", ["name": .sent(name)])
        case .unknownBoard(let id): Phrase("pentomino.errors.unknownBoard", ["id": .sent(id)])
        case .invalidTileText(let reason): Phrase("pentomino.errors.invalidTileText", ["reason": .text(reason)])
        case .invalidBoardText(let reason): Phrase("pentomino.errors.invalidBoardText", ["reason": .text(reason)])
        case .tileAlreadyPlaced(let shape): Phrase("pentomino.errors.tileAlreadyPlaced", ["tile": .text(shape.description)])
        case .offBoard(let shape, let square):
            Phrase("pentomino.errors.offBoard", ["tile": .text(shape.description), "square": .text(square.description)])
        case .coversHole(let shape, let square):
            Phrase("pentomino.errors.coversHole", ["tile": .text(shape.description), "square": .text(square.description)])
        case .overlaps(let shape, let square, let other):
            Phrase("pentomino.errors.overlaps", ["tile": .text(shape.description), "square": .text(square.description),
                                                 "other": .text(other.description)])
        case .notPlaced(let shape): Phrase("pentomino.errors.notPlaced", ["tile": .text(shape.description)])
        case .noTileAt(let square): Phrase("pentomino.errors.noTileAt", ["square": .text(square.description)])
        case .drawnBoardFrame: Phrase("pentomino.errors.drawnBoardFrame", ["max": .text(String(DrawnBoard.maxSide))])
        case .drawnBoardCharacter(let character): Phrase("pentomino.errors.drawnBoardCharacter", ["character": .sent(character)])
        case .drawnBoardCells(let count):
            Phrase("pentomino.errors.drawnBoardCells", ["count": .number(count), "needed": .number(DrawnBoard.cellCount)])
        }
    }
}

extension PuzzleError: APIErrorConvertible {
    var status: HTTPResponse.Status {
        switch self {
        case .board(let error): error.status
        case .flipNotAllowed, .givenTile: .conflict
        }
    }

    var words: Phrase {
        switch self {
        case .board(let error): error.words
        case .flipNotAllowed(let shape): Phrase("pentomino.errors.flipNotAllowed", ["tile": .text(shape.description)])
        case .givenTile(let shape): Phrase("pentomino.errors.givenTile", ["tile": .text(shape.description)])
        }
    }
}
