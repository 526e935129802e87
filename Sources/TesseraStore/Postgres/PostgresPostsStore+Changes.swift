import Foundation
import PostgresNIO
import PostsKit

/// The reader's comments, the posts deleted here and the last syncs' changes in PostgreSQL: the
/// same tables as `SQLitePostsStore+Changes`, so every node reads the same changes.
extension PostgresPostsStore {
    static let commentsAndChanges = PostgresMigration(name: "posts-v2-comments-changes", statements: [
        """
        CREATE TABLE IF NOT EXISTS posts_comment (id bigint PRIMARY KEY,
            post_id bigint NOT NULL REFERENCES posts_post (id) ON DELETE CASCADE,
            name text NOT NULL, email text NOT NULL, body text NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS posts_comment_post_id ON posts_comment (post_id)",
        "CREATE TABLE IF NOT EXISTS posts_deleted (id bigint PRIMARY KEY)",
        "CREATE TABLE IF NOT EXISTS posts_changes (id bigserial PRIMARY KEY, changes text NOT NULL)",
    ])

    static func comments(_ connection: PostgresConnection, _ logger: Logger, postID: Int? = nil) async throws -> [Comment] {
        let query: PostgresQuery = if let postID {
            "SELECT id, post_id, name, email, body FROM posts_comment WHERE post_id = \(postID) ORDER BY id"
        } else {
            "SELECT id, post_id, name, email, body FROM posts_comment"
        }
        return try await connection.query(query, logger: logger).collect().map { row in
            let (id, postID, name, email, body) = try row.decode((Int, Int, String, String, String).self)
            return Comment(postId: postID, id: id, name: name, email: email, body: body)
        }
    }

    /// Before any post's deletion (posts cascade anyway).
    static func deleteComments(_ plan: MergePlan, _ connection: PostgresConnection, _ logger: Logger) async throws {
        guard !plan.comments.deletes.isEmpty else { return }
        try await connection.query("DELETE FROM posts_comment WHERE id = ANY(\(plan.comments.deletes))", logger: logger)
    }

    /// After the posts' inserts and updates; one statement per kind, its rows as parallel arrays.
    static func writeComments(_ plan: MergePlan, _ connection: PostgresConnection, _ logger: Logger) async throws {
        for (comments, insert) in [(plan.comments.inserts, true), (plan.comments.updates, false)] where !comments.isEmpty {
            let (ids, posts, names) = (comments.map(\.id), comments.map(\.postId), comments.map(\.name))
            let (emails, bodies) = (comments.map(\.email), comments.map(\.body))
            try await connection.query(insert ? """
                INSERT INTO posts_comment (id, post_id, name, email, body)
                SELECT * FROM UNNEST(\(ids)::bigint[], \(posts)::bigint[], \(names)::text[], \(emails)::text[], \(bodies)::text[])
                """ : """
                UPDATE posts_comment AS t SET post_id = v.post_id, name = v.name, email = v.email, body = v.body
                FROM UNNEST(\(ids)::bigint[], \(posts)::bigint[], \(names)::text[], \(emails)::text[], \(bodies)::text[])
                    AS v(id, post_id, name, email, body)
                WHERE t.id = v.id
                """, logger: logger)
        }
    }

    /// Records what the merge changed (an empty sync after an empty one replaces it), keeps the last
    /// `PostsSyncChanges.kept`, and forgets the deletions it read: each is settled, as the post came
    /// back or the origin dropped it too. A delete that commits meanwhile is not among those read, so
    /// it waits for the next sync.
    static func recordChanges(stored: PostsSnapshot, plan: MergePlan, at time: Date,
                              _ connection: PostgresConnection, _ logger: Logger) async throws {
        let deleted = try await connection.query("SELECT id FROM posts_deleted", logger: logger).collect()
            .map { try $0.decode(Int.self) }
        let changes = PostsSyncChanges(stored: stored, plan: plan, deletedHere: Set(deleted), at: time)
        let json = String(decoding: try JSONEncoder().encode(changes), as: UTF8.self)
        let newest = try await connection.query("SELECT id, changes FROM posts_changes ORDER BY id DESC LIMIT 1", logger: logger)
            .collect().first.map { try $0.decode((Int64, String).self) }
        let newestChanges = try newest.map { try JSONDecoder().decode(PostsSyncChanges.self, from: Data($0.1.utf8)) }
        if let newest, changes.replaces(newestChanges) {
            try await connection.query("UPDATE posts_changes SET changes = \(json) WHERE id = \(newest.0)", logger: logger)
        } else {
            try await connection.query("INSERT INTO posts_changes (changes) VALUES (\(json))", logger: logger)
            try await connection.query("""
                DELETE FROM posts_changes WHERE id NOT IN (SELECT id FROM posts_changes ORDER BY id DESC LIMIT \(PostsSyncChanges.kept))
                """, logger: logger)
        }
        if !deleted.isEmpty {
            try await connection.query("DELETE FROM posts_deleted WHERE id = ANY(\(deleted))", logger: logger)
        }
    }

    package func changes() async throws -> [PostsSyncChanges] {
        try await database.query("SELECT changes FROM posts_changes ORDER BY id DESC LIMIT \(PostsSyncChanges.kept)")
            .map { try JSONDecoder().decode(PostsSyncChanges.self, from: Data(try $0.decode(String.self).utf8)) }
    }
}
