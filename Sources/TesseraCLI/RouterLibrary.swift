import Foundation
import RouterKit
import TesseraStore

/// The data folder's Rapid Router levels opened outside the server, for `tessera router …`: our
/// levels plus the custom and imported ones that `tessera serve` keeps in the same storage.
struct RouterLibrary: Sendable {
    struct Entry: Sendable, Encodable {
        let id: String
        let name: String
        let sourcePk: Int?
    }

    private let levels: any RouterLevelStore

    init(levels: any RouterLevelStore) { self.levels = levels }

    /// Ours first (by id), then a custom or imported one.
    func level(id: String) async throws -> Level? {
        if let ours = LevelCatalog.level(id: id) { return ours }
        return try await levels.find(id: id)?.level
    }

    /// Custom and imported levels, oldest first.
    func storedLevels() async throws -> [Entry] {
        try await levels.all(limit: 1000).map { Entry(id: $0.id, name: $0.level.name, sourcePk: $0.sourcePk) }
    }

    /// Imports a fixture or an editor save, owned by `owner` (a player id; `nil`: nobody's, opened
    /// only by id); returns what was stored and what was not.
    func importLevels(_ data: Data, owner: String? = nil) async throws -> (imported: [Entry], problems: [LevelImport.Problem]) {
        let (imported, problems) = try await RouterImporter(levels: levels).importLevels(data, owner: owner)
        return (imported.map { Entry(id: $0.id, name: $0.level.name, sourcePk: $0.sourcePk) }, problems)
    }
}
