import Foundation
import RouterKit

/// The one import path of the API and the CLI: convert, validate, store; a level that does not
/// validate is reported with the validator's code and message and does not stop the others.
package struct RouterImporter {
    package let levels: any RouterLevelStore

    package init(levels: any RouterLevelStore) { self.levels = levels }

    /// `owner`: who the imported levels belong to (the API's caller; `nil` from the CLI).
    package func importLevels(_ data: Data, owner: String? = nil) async throws -> (imported: [StoredLevel], problems: [LevelImport.Problem]) {
        let result = try LevelImport.parse(data, idPrefix: "import-" + Secrets.id() + "-")
        var imported: [StoredLevel] = []
        var problems = result.problems
        for entry in result.levels {
            do {
                try entry.level.validate()
                let stored = StoredLevel(level: entry.level, source: .imported, sourcePk: entry.sourcePk, owner: owner)
                try await levels.insert(stored)
                imported.append(stored)
            } catch let error as LevelError {
                problems.append(LevelImport.Problem(level: entry.level.name, field: error.code, message: error.description))
            }
        }
        return (imported, problems)
    }
}
