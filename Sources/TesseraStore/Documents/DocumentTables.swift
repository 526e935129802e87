import PentominoKit
import RouterKit
import TicTacToeKit

// Every kind of document and where it is kept: its table (the same on every backend) and the
// migration that creates it, named as it first shipped. Names are never changed: each backend
// records the migrations it has run by name.

extension Match: TableDocument {
    package static let table = "tictactoe_match"
    package static let tableMigration = "tictactoe-v1"
}

/// Puzzles: loading re-places every tile through the rules, so a stored puzzle can never hold an illegal board.
extension PentominoPuzzle: TableDocument {
    package static let table = "pentomino_puzzle"
    package static let tableMigration = "pentomino-v1"
}

/// Custom and imported levels, one JSON level per row.
extension StoredLevel: TableDocument {
    package static let table = "router_level"
    package static let tableMigration = "router-v1-levels"
}

/// Players' progress, one JSON document per player.
extension PlayerProgress: TableDocument {
    package static let table = "router_progress"
    package static let tableMigration = "router-v1-progress"
}

/// Signed-in players' programs, one JSON document per player and level.
extension SavedPrograms: TableDocument {
    package static let table = "router_program"
    package static let tableMigration = "router-v1-programs"
}

/// Each class's locked episodes and levels, one JSON document per class.
extension ClassLocks: TableDocument {
    package static let table = "class_locks"
    package static let tableMigration = "classes-v1-locks"
}
