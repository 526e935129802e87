import Foundation
import RouterKit

/// The one import path of the API and the CLI: convert, validate, store; a level that does not
/// validate is reported with the validator's code and message and does not stop the others.
package struct RouterImporter {
    package let levels: any RouterLevelStore

    package init(levels: any RouterLevelStore) { self.levels = levels }

    /// `owner`: who the imported levels belong to (the API's caller; `nil` from the CLI).
    /// `charge` is told the levels that will be stored before any is (the API charges the caller's
    /// allowance per level there); then the store checks they all fit (`checkRoom`), so an import
    /// is kept whole or refused whole.
    package func importLevels(_ data: Data, owner: String? = nil,
                              charge: ([StoredLevel]) async throws -> Void = { _ in }) async throws
        -> (imported: [StoredLevel], problems: [LevelImport.Problem]) {
        let result = try LevelImport.parse(data, idPrefix: "import-" + Secrets.id() + "-")
        var imported: [StoredLevel] = []
        var problems = result.problems
        for entry in result.levels {
            do {
                try entry.level.validate()
                imported.append(StoredLevel(level: entry.level, source: .imported, sourcePk: entry.sourcePk, owner: owner))
            } catch let error as LevelError {
                problems.append(LevelImport.Problem(level: entry.level.name, field: error.code, message: error.description))
            }
        }
        guard !imported.isEmpty else { return (imported, problems) }
        try await charge(imported)
        try await levels.checkRoom(for: imported)
        for level in imported { try await levels.insert(level) }
        return (imported, problems)
    }
}
