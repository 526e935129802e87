import TicTacToeKit

/// Where matches are kept: any document store of matches, in memory for the unit tests
/// (`InMemoryDocumentStore<Match>`) or SQLite by default (`DocumentTable<Match>`, see
/// `DocumentTables.swift` for its table).
package typealias TicTacToeStore = DocumentStore<Match>

extension Match: StoredDocument {}
