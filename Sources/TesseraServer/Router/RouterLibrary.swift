import Foundation
import RouterKit

/// The data folder's Rapid Router levels opened outside the server, for `tessera router …`: our
/// levels plus the custom and imported ones that `tessera serve` keeps in the same SQLite file.
public struct RouterLibrary: Sendable {
    public struct Entry: Sendable, Encodable {
        public let id: String
        public let name: String
        public let sourcePk: Int?
    }

    private let levels: any RouterLevelStore

    public init(dataDirectory: String) throws {
        levels = try DocumentTable<StoredLevel>(database: TesseraDatabase(directory: dataDirectory))
    }

    /// Ours first (by id), then a custom or imported one.
    public func level(id: String) async throws -> Level? {
        if let ours = LevelCatalog.level(id: id) { return ours }
        return try await levels.find(id: id)?.level
    }

    /// Custom and imported levels, oldest first.
    public func storedLevels() async throws -> [Entry] {
        try await levels.all(limit: 1000).map { Entry(id: $0.id, name: $0.level.name, sourcePk: $0.sourcePk) }
    }

    /// Imports a fixture or an editor save; returns what was stored and what was not.
    public func importLevels(_ data: Data) async throws -> (imported: [Entry], problems: [LevelImport.Problem]) {
        let (imported, problems) = try await RouterImporter(levels: levels).importLevels(data)
        return (imported.map { Entry(id: $0.id, name: $0.level.name, sourcePk: $0.sourcePk) }, problems)
    }
}

/// The one import path of the API and the CLI: convert, validate, store; a level that does not
/// validate is reported with the validator's code and message and does not stop the others.
struct RouterImporter {
    let levels: any RouterLevelStore

    func importLevels(_ data: Data) async throws -> (imported: [StoredLevel], problems: [LevelImport.Problem]) {
        let result = try LevelImport.parse(data, idPrefix: "import-" + Secrets.id() + "-")
        var imported: [StoredLevel] = []
        var problems = result.problems
        for entry in result.levels {
            do {
                try entry.level.validate()
                let stored = StoredLevel(level: entry.level, source: .imported, sourcePk: entry.sourcePk)
                try await levels.insert(stored)
                imported.append(stored)
            } catch let error as LevelError {
                problems.append(LevelImport.Problem(level: entry.level.name, field: error.code, message: error.description))
            }
        }
        return (imported, problems)
    }
}
