import Foundation
import GRDB
import RouterKit
import Testing
import TicTacToeKit
@testable import TesseraStore

/// A machine that lets the database down: a full disk while running, damaged files and unusable
/// folders at start-up. Each becomes storage's own error (503 while running, one sentence at
/// start-up), nothing is half-written, and the store goes on working once the disk has room.
@Suite struct StorageEnvironmentTests {
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tessera-env-\(UUID().uuidString)").path
    }

    /// A document of about 40 kB, so a few fill the pages a test allows.
    static func bigLocks(_ id: String) -> ClassLocks {
        ClassLocks(id: id, levels: (0..<400).map { "level-\($0)-" + String(repeating: "x", count: 90) })
    }

    @Test func theMachinesFailuresMapToStorageUnavailableAndOthersPassThrough() {
        #expect(SQLiteProblem(DatabaseError(resultCode: .SQLITE_FULL)) == .diskFull)
        #expect(SQLiteProblem(DatabaseError(resultCode: .SQLITE_READONLY)) == .readOnly)
        #expect(SQLiteProblem(DatabaseError(resultCode: .SQLITE_IOERR_WRITE, message: "disk I/O error")) == .ioError)
        #expect(SQLiteProblem(DatabaseError(resultCode: .SQLITE_IOERR_WRITE, message: "database or disk is full")) == .diskFull)
        #expect(SQLiteProblem(DatabaseError(resultCode: .SQLITE_CORRUPT)) == .damaged)
        #expect(SQLiteProblem(DatabaseError(resultCode: .SQLITE_NOTADB)) == .damaged)
        #expect(SQLiteProblem(DatabaseError(resultCode: .SQLITE_BUSY)) == .locked)
        // A duplicate id or a kit's own error is the request's, not the machine's.
        #expect(SQLiteProblem(DatabaseError(resultCode: .SQLITE_CONSTRAINT_PRIMARYKEY)) == nil)
        #expect(SQLiteProblem(MatchError.forbidden) == nil)
        #expect(SQLiteProblem.mapped(DatabaseError(resultCode: .SQLITE_FULL)) as? StoreError == .storageUnavailable("the disk is full"))
        #expect(SQLiteProblem.mapped(MatchError.forbidden) as? MatchError == .forbidden)
    }

    @Test func aFullDiskWhileRunningRefusesTheWriteWholeAndTheStoreGoesOn() async throws {
        let folder = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try TesseraDatabase(directory: folder)
        let store = try DocumentTable<ClassLocks>(database: database)
        try await store.insert(Self.bigLocks("kept"))
        // SQLite's own limit on the file's pages stands in for a disk with no room left: the same
        // SQLITE_FULL reaches the store.
        let pages = try await database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
        try await database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + 2)") }

        var refused: String?
        for number in 0..<20 {
            do {
                try await store.insert(Self.bigLocks("new-\(number)"))
            } catch let error as StoreError {
                #expect(error == .storageUnavailable("the disk is full"))
                #expect(error.description.contains("nothing was changed"))
                refused = "new-\(number)"
                break
            }
        }
        let refusedID = try #require(refused, "the disk never filled up")
        #expect(try await store.find(id: refusedID) == nil)  // nothing half-written
        #expect(try await store.find(id: "kept")?.levels.count == 400)

        // Room again: the same store takes writes at once.
        try await database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
        try await store.insert(Self.bigLocks(refusedID))
        #expect(try await store.find(id: refusedID) != nil)
    }

    @Test func aLockHeldByAnotherProgramBeyondTheTimeoutIs503AndTheStoreGoesOn() async throws {
        let folder = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try DocumentTable<ClassLocks>(database: try TesseraDatabase(directory: folder))
        // Another program (a hand-run sqlite3, a stuck script) holds the write lock past the 5 s wait.
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true  // the lock outlives one access, as a stuck program's does
        let other = try DatabaseQueue(path: folder + "/tessera.sqlite", configuration: holding)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        await #expect(throws: StoreError.storageUnavailable(SQLiteProblem.locked.reason)) {
            try await store.insert(ClassLocks(id: "waiting", levels: ["1"]))
        }
        try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try other.close()
        try await store.insert(ClassLocks(id: "waiting", levels: ["1"]))
        #expect(try await store.find(id: "waiting") != nil)
    }

    @Test func aDamagedOrTruncatedFileStopsStartUpWithOneSentence() async throws {
        let garbage = Self.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: garbage, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: garbage) }
        try Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: URL(fileURLWithPath: garbage + "/tessera.sqlite"))
        let error = try #require(throws: StartupError.self) { try TesseraDatabase(directory: garbage) }
        #expect(error.description.contains("is damaged"))
        #expect(error.description.contains("tessera restore"))

        // A real database cut short, as a copy interrupted half-way leaves it.
        let truncated = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: truncated) }
        do {
            let store = try DocumentTable<ClassLocks>(database: try TesseraDatabase(directory: truncated))
            for number in 0..<30 { try await store.insert(Self.bigLocks("locks-\(number)")) }
        }
        let file = truncated + "/tessera.sqlite"
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let handle = try #require(FileHandle(forWritingAtPath: file))
        try handle.truncate(atOffset: UInt64(size / 2))
        try handle.close()
        let cut = try #require(throws: StartupError.self) { try TesseraDatabase(directory: truncated) }
        #expect(cut.description.contains("is damaged"))
    }

    @Test func aFolderThatIsAFileOrCannotBeMadeStopsStartUp() throws {
        let file = Self.temporaryDirectory()
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let notFolder = try #require(throws: StartupError.self) { try TesseraDatabase(directory: file) }
        #expect(notFolder.description.contains("is a file, not a folder"))
        let inside = try #require(throws: StartupError.self) { try TesseraDatabase(directory: file + "/data") }
        #expect(inside.description.contains("cannot create or use its data folder"))
        #expect(inside.description.contains("--data-dir"))
    }
}
