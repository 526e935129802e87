import Foundation
import PostgresNIO
import PostsKit

/// The reader's marks in the shared PostgreSQL database: the same table as
/// `SQLitePostMarksStore`, so every node shows the same marks.
package struct PostgresPostMarksStore: PostMarksStore {
    private let database: TesseraPostgres

    package init(database: TesseraPostgres) async throws {
        try await database.migrate(Self.migrations)
        self.database = database
    }

    package static let migrations = [PostgresMigration(name: "posts-marks-v1", statements: [
        """
        CREATE TABLE IF NOT EXISTS posts_mark (post_id bigint PRIMARY KEY,
            read boolean NOT NULL DEFAULT false, starred boolean NOT NULL DEFAULT false)
        """,
    ])]

    package func marks() async throws -> PostMarks {
        var marks = PostMarks()
        for row in try await database.query("SELECT post_id, read, starred FROM posts_mark") {
            let (id, read, starred) = try row.decode((Int, Bool, Bool).self)
            if read { marks.read.insert(id) }
            if starred { marks.starred.insert(id) }
        }
        return marks
    }

    package func set(_ kind: PostMarks.Kind, _ on: Bool, postID: Int) async throws -> PostMark {
        try await database.transaction { [logger = database.logger] connection in
            switch kind {
            case .read:
                try await connection.query("""
                    INSERT INTO posts_mark (post_id, read) VALUES (\(postID), \(on))
                    ON CONFLICT (post_id) DO UPDATE SET read = EXCLUDED.read
                    """, logger: logger)
            case .starred:
                try await connection.query("""
                    INSERT INTO posts_mark (post_id, starred) VALUES (\(postID), \(on))
                    ON CONFLICT (post_id) DO UPDATE SET starred = EXCLUDED.starred
                    """, logger: logger)
            }
            try await connection.query("DELETE FROM posts_mark WHERE post_id = \(postID) AND NOT read AND NOT starred",
                                       logger: logger)
            let rows = try await connection.query("SELECT read, starred FROM posts_mark WHERE post_id = \(postID)",
                                                  logger: logger).collect()
            let (read, starred) = try rows.first?.decode((Bool, Bool).self) ?? (false, false)
            return PostMark(id: postID, read: read, starred: starred)
        }
    }
}
