import PentominoKit
import RouterKit
import TicTacToeKit

// Every document kind kept in PostgreSQL: the same tables and migration names as in SQLite
// (`Documents/DocumentTables.swift`). SQLite's `tictactoe-v2-token-hashes` rewrote clear-text
// seat tokens of old rows; PostgreSQL never had any.

extension Match: PostgresDocument {}
extension PentominoPuzzle: PostgresDocument {}
extension StoredLevel: PostgresDocument {}
extension PlayerProgress: PostgresDocument {}
extension SavedPrograms: PostgresDocument {}
extension ClassLocks: PostgresDocument {}
