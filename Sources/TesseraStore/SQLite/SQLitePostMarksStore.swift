import Foundation
import GRDB
import PostsKit

/// The reader's marks in SQLite: a row per post that has any (a row with neither is deleted, so
/// the table holds only what the reader did). Its own migrator, beside the reader's tables.
package struct SQLitePostMarksStore: PostMarksStore {
    private let database: TesseraDatabase

    package init(database: TesseraDatabase) throws {
        try database.migrate(Self.migrator)
        self.database = database
    }

    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("posts-marks-v1") { db in
            try db.create(table: "posts_mark") { table in
                table.primaryKey("post_id", .integer)  // no foreign key: marks outlive a local delete
                table.column("read", .boolean).notNull().defaults(to: false)
                table.column("starred", .boolean).notNull().defaults(to: false)
            }
        }
        return migrator
    }

    package func marks() async throws -> PostMarks {
        try await database.read { db in
            var marks = PostMarks()
            for row in try Row.fetchAll(db, sql: "SELECT post_id, read, starred FROM posts_mark") {
                let id: Int = row["post_id"]
                if row["read"] as Bool { marks.read.insert(id) }
                if row["starred"] as Bool { marks.starred.insert(id) }
            }
            return marks
        }
    }

    package func set(_ kind: PostMarks.Kind, _ on: Bool, postID: Int) async throws -> PostMark {
        // The column comes from the enum, never from input.
        let column = kind == .read ? "read" : "starred"
        return try await database.write { db in
            try db.execute(sql: """
                INSERT INTO posts_mark (post_id, \(column)) VALUES (?, ?)
                ON CONFLICT (post_id) DO UPDATE SET \(column) = excluded.\(column)
                """, arguments: [postID, on])
            try db.execute(sql: "DELETE FROM posts_mark WHERE post_id = ? AND NOT read AND NOT starred", arguments: [postID])
            let row = try Row.fetchOne(db, sql: "SELECT read, starred FROM posts_mark WHERE post_id = ?", arguments: [postID])
            return PostMark(id: postID, read: row?["read"] ?? false, starred: row?["starred"] ?? false)
        }
    }
}
