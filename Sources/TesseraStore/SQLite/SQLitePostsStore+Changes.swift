import Foundation
import GRDB
import PostsKit

/// The reader's comments (a post owns them, and takes them when deleted), the posts deleted here
/// (so a sync can tell a restore from a new post) and the last syncs' changes, as JSON, in SQLite.
extension SQLitePostsStore {
    static func registerCommentsAndChanges(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("posts-v2-comments-changes") { db in
            try db.create(table: "posts_comment") { table in
                table.primaryKey("id", .integer)
                table.column("post_id", .integer).notNull().indexed().references("posts_post", onDelete: .cascade)
                table.column("name", .text).notNull()
                table.column("email", .text).notNull()
                table.column("body", .text).notNull()
            }
            try db.create(table: "posts_deleted") { table in
                table.primaryKey("id", .integer)
            }
            try db.create(table: "posts_changes") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("changes", .text).notNull()  // PostsSyncChanges as JSON
            }
        }
    }

    static func comments(_ db: Database, postID: Int? = nil) throws -> [Comment] {
        let sql = "SELECT id, post_id, name, email, body FROM posts_comment"
        let rows = try postID.map { try Row.fetchAll(db, sql: sql + " WHERE post_id = ? ORDER BY id", arguments: [$0]) }
            ?? Row.fetchAll(db, sql: sql)
        return rows.map { Comment(postId: $0["post_id"], id: $0["id"], name: $0["name"], email: $0["email"], body: $0["body"]) }
    }

    /// Comment deletions run before any post's (posts cascade anyway); inserts after the posts'.
    static func deleteComments(_ plan: MergePlan, _ db: Database) throws {
        try run(db, "DELETE FROM posts_comment WHERE id = ?", plan.comments.deletes.map { [$0] })
    }

    static func writeComments(_ plan: MergePlan, _ db: Database) throws {
        let row = { (c: Comment) -> StatementArguments in [c.postId, c.name, c.email, c.body, c.id] }
        try insert(db, "posts_comment (post_id, name, email, body, id)", columns: 5, plan.comments.inserts.map(row))
        try run(db, "UPDATE posts_comment SET post_id = ?, name = ?, email = ?, body = ? WHERE id = ?",
                plan.comments.updates.map(row))
    }

    /// Records what the merge changed (an empty sync after an empty one replaces it), keeps the last
    /// `PostsSyncChanges.kept` syncs, and forgets the deletions it read: each is settled, as the post
    /// came back or the origin dropped it too (so the table never outgrows one sync's deletes).
    static func recordChanges(stored: PostsSnapshot, plan: MergePlan, at time: Date,
                              _ db: Database) throws {
        let deleted = Set(try Int.fetchAll(db, sql: "SELECT id FROM posts_deleted"))
        let changes = PostsSyncChanges(stored: stored, plan: plan, deletedHere: deleted, at: time)
        let json = String(decoding: try JSONEncoder().encode(changes), as: UTF8.self)
        let newest = try Row.fetchOne(db, sql: "SELECT id, changes FROM posts_changes ORDER BY id DESC LIMIT 1")
        let newestChanges = try newest.map { try JSONDecoder().decode(PostsSyncChanges.self, from: Data(($0["changes"] as String).utf8)) }
        if let newest, changes.replaces(newestChanges) {
            try db.execute(sql: "UPDATE posts_changes SET changes = ? WHERE id = ?", arguments: [json, newest["id"] as Int64])
        } else {
            try db.execute(sql: "INSERT INTO posts_changes (changes) VALUES (?)", arguments: [json])
            try db.execute(sql: """
                DELETE FROM posts_changes WHERE id NOT IN (SELECT id FROM posts_changes ORDER BY id DESC LIMIT ?)
                """, arguments: [PostsSyncChanges.kept])
        }
        try run(db, "DELETE FROM posts_deleted WHERE id = ?", deleted.sorted().map { [$0] })
    }

    package func changes() async throws -> [PostsSyncChanges] {
        try await database.read { db in
            try String.fetchAll(db, sql: "SELECT changes FROM posts_changes ORDER BY id DESC LIMIT ?",
                                arguments: [PostsSyncChanges.kept])
                .map { try JSONDecoder().decode(PostsSyncChanges.self, from: Data($0.utf8)) }
        }
    }
}
