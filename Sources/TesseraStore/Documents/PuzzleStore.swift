import PentominoKit

/// Where pentomino puzzles in progress are kept: any document store of puzzles, in memory for the
/// unit tests or SQLite by default (`DocumentTables.swift` names its table).
package typealias PuzzleStore = DocumentStore<PentominoPuzzle>

extension PentominoPuzzle: StoredDocument {}
