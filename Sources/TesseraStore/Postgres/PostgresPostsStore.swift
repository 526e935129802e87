import Foundation
import PostgresNIO
import PostsKit

/// The reader's tables in the shared PostgreSQL database: the same tables and cascades as
/// `SQLitePostsStore` (user → posts, user → albums → photos). A merge reads the stored rows, plans
/// and writes in one transaction, writing only what changed; each kind of change is one statement
/// over arrays (`UNNEST`), so a first sync of 5,710 rows is a dozen statements, not 5,710.
///
/// Merges take a transaction-level advisory lock, so two merges (from two nodes, should the sync
/// lock ever be bypassed) are applied one after the other, each planned against the other's result.
package struct PostgresPostsStore: PostsStore {
    let database: TesseraPostgres

    package init(database: TesseraPostgres) async throws {
        try await database.migrate(Self.migrations)
        self.database = database
    }

    /// The reader's migrations, in the order they shipped (names as in SQLite).
    package static let migrations = [PostgresMigration(name: "posts-v1", statements: [
        "CREATE TABLE IF NOT EXISTS posts_user (id bigint PRIMARY KEY, name text NOT NULL, username text NOT NULL, email text NOT NULL)",
        """
        CREATE TABLE IF NOT EXISTS posts_post (id bigint PRIMARY KEY,
            user_id bigint NOT NULL REFERENCES posts_user (id) ON DELETE CASCADE, title text NOT NULL, body text NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS posts_post_user_id ON posts_post (user_id)",
        """
        CREATE TABLE IF NOT EXISTS posts_album (id bigint PRIMARY KEY,
            user_id bigint NOT NULL REFERENCES posts_user (id) ON DELETE CASCADE, title text NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS posts_album_user_id ON posts_album (user_id)",
        """
        CREATE TABLE IF NOT EXISTS posts_photo (id bigint PRIMARY KEY,
            album_id bigint NOT NULL REFERENCES posts_album (id) ON DELETE CASCADE,
            title text NOT NULL, url text NOT NULL, thumbnail_url text NOT NULL)
        """,
        "CREATE INDEX IF NOT EXISTS posts_photo_album_id ON posts_photo (album_id)",
        "CREATE TABLE IF NOT EXISTS posts_sync (id integer PRIMARY KEY, synced_at timestamptz NOT NULL)",
    ]), commentsAndChanges]

    /// The advisory lock key merges take ("post" in ASCII).
    package static let mergeLock: Int32 = 0x706F_7374

    package func merge(_ fetched: PostsSnapshot, at time: Date) async throws -> MergePlan {
        let scope = database.lockScope
        return try await database.transaction { [logger = database.logger] connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.mergeLock), hashtext(\(scope)))", logger: logger)
            let stored = try await Self.snapshot(connection, logger)
            let plan = MergePlan(stored: stored, fetched: fetched)
            try await Self.apply(plan, connection, logger)
            try await Self.recordChanges(stored: stored, plan: plan, at: time, connection, logger)
            try await connection.query("""
                INSERT INTO posts_sync (id, synced_at) VALUES (1, \(time))
                ON CONFLICT (id) DO UPDATE SET synced_at = EXCLUDED.synced_at
                """, logger: logger)
            return plan
        }
    }

    package func summaries() async throws -> [PostSummary] {
        try await database.query("""
            SELECT p.id, p.user_id, p.title, p.body, u.name, u.username, u.email,
                (SELECT COUNT(*) FROM posts_comment c WHERE c.post_id = p.id)
            FROM posts_post p JOIN posts_user u ON u.id = p.user_id ORDER BY p.id
            """).map { row in
            let (id, userID, title, body, name, username, email, comments)
                = try row.decode((Int, Int, String, String, String, String, String, Int).self)
            return PostSummary(Post(userId: userID, id: id, title: title, body: body),
                               author: Author(id: userID, name: name, username: username, email: email), comments: comments)
        }
    }

    package func detail(postID: Int) async throws -> PostDetail? {
        try await database.withConnection { [logger = database.logger] connection in
            let rows = try await connection.query("""
                SELECT p.id, p.user_id, p.title, p.body, u.name, u.username, u.email
                FROM posts_post p JOIN posts_user u ON u.id = p.user_id WHERE p.id = \(postID)
                """, logger: logger).collect()
            guard let row = rows.first else { return nil }
            let summary = try Self.summary(row)
            let albums = try await connection.query("""
                SELECT a.id, a.user_id, a.title, COUNT(ph.id)
                FROM posts_album a LEFT JOIN posts_photo ph ON ph.album_id = a.id
                WHERE a.user_id = \(summary.author.id) GROUP BY a.id ORDER BY a.id
                """, logger: logger).collect().map { row in
                let (id, userID, title, photos) = try row.decode((Int, Int, String, Int).self)
                return AlbumSummary(Album(userId: userID, id: id, title: title), photoCount: photos)
            }
            let (id, userID, title, body, _, _, _) = try row.decode((Int, Int, String, String, String, String, String).self)
            return PostDetail(Post(userId: userID, id: id, title: title, body: body), author: summary.author, albums: albums,
                              comments: try await Self.comments(connection, logger, postID: postID))
        }
    }

    package func album(id: Int) async throws -> AlbumPhotos? {
        try await database.withConnection { [logger = database.logger] connection in
            let rows = try await connection.query("SELECT id, user_id, title FROM posts_album WHERE id = \(id)", logger: logger).collect()
            guard let row = rows.first else { return nil }
            let (albumID, userID, title) = try row.decode((Int, Int, String).self)
            let photos = try await connection.query("""
                SELECT id, album_id, title, url, thumbnail_url FROM posts_photo WHERE album_id = \(id) ORDER BY id
                """, logger: logger).collect().map(Self.photo)
            return AlbumPhotos(album: AlbumSummary(Album(userId: userID, id: albumID, title: title), photoCount: photos.count),
                               photos: photos.map(PhotoSummary.init))
        }
    }

    package func photo(id: Int) async throws -> Photo? {
        try await database.query("SELECT id, album_id, title, url, thumbnail_url FROM posts_photo WHERE id = \(id)")
            .first.map(Self.photo)
    }

    package func deletePost(id: Int) async throws -> Bool {
        // The deletion and the note that it was made here, in one statement.
        !(try await database.query("""
            WITH gone AS (DELETE FROM posts_post WHERE id = \(id) RETURNING id),
                 noted AS (INSERT INTO posts_deleted (id) SELECT id FROM gone ON CONFLICT DO NOTHING)
            SELECT id FROM gone
            """).isEmpty)
    }

    package func counts() async throws -> PostsCounts {
        let rows = try await database.query("""
            SELECT (SELECT COUNT(*) FROM posts_user), (SELECT COUNT(*) FROM posts_post),
                   (SELECT COUNT(*) FROM posts_album), (SELECT COUNT(*) FROM posts_photo), (SELECT COUNT(*) FROM posts_comment)
            """)
        guard let row = rows.first else { return PostsCounts(users: 0, posts: 0, albums: 0, photos: 0) }
        let (users, posts, albums, photos, comments) = try row.decode((Int, Int, Int, Int, Int).self)
        return PostsCounts(users: users, posts: posts, albums: albums, photos: photos, comments: comments)
    }

    package func lastSync() async throws -> Date? {
        try await database.query("SELECT synced_at FROM posts_sync WHERE id = 1").first.map { try $0.decode(Date.self) }
    }

    // MARK: Rows

    private static func snapshot(_ connection: PostgresConnection, _ logger: Logger) async throws -> PostsSnapshot {
        func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
            try await connection.query(query, logger: logger).collect()
        }
        return PostsSnapshot(
            users: try await rows("SELECT id, name, username, email FROM posts_user").map { row in
                let (id, name, username, email) = try row.decode((Int, String, String, String).self)
                return Author(id: id, name: name, username: username, email: email)
            },
            posts: try await rows("SELECT id, user_id, title, body FROM posts_post").map { row in
                let (id, userID, title, body) = try row.decode((Int, Int, String, String).self)
                return Post(userId: userID, id: id, title: title, body: body)
            },
            albums: try await rows("SELECT id, user_id, title FROM posts_album").map { row in
                let (id, userID, title) = try row.decode((Int, Int, String).self)
                return Album(userId: userID, id: id, title: title)
            },
            photos: try await rows("SELECT id, album_id, title, url, thumbnail_url FROM posts_photo").map(photo),
            comments: try await comments(connection, logger))
    }

    /// Deletions first, children before owners; then inserts and updates, owners before children.
    /// Each is one statement whose rows arrive as parallel arrays.
    private static func apply(_ plan: MergePlan, _ connection: PostgresConnection, _ logger: Logger) async throws {
        func run(_ query: PostgresQuery, if count: Int) async throws {
            guard count > 0 else { return }
            try await connection.query(query, logger: logger)
        }
        let p = plan
        try await deleteComments(plan, connection, logger)
        try await run("DELETE FROM posts_photo WHERE id = ANY(\(p.photos.deletes))", if: p.photos.deletes.count)
        try await run("DELETE FROM posts_album WHERE id = ANY(\(p.albums.deletes))", if: p.albums.deletes.count)
        try await run("DELETE FROM posts_post WHERE id = ANY(\(p.posts.deletes))", if: p.posts.deletes.count)
        try await run("DELETE FROM posts_user WHERE id = ANY(\(p.users.deletes))", if: p.users.deletes.count)

        for (users, insert) in [(p.users.inserts, true), (p.users.updates, false)] {
            let (ids, names, usernames, emails) = (users.map(\.id), users.map(\.name), users.map(\.username), users.map(\.email))
            try await run(insert ? """
                INSERT INTO posts_user (id, name, username, email)
                SELECT * FROM UNNEST(\(ids)::bigint[], \(names)::text[], \(usernames)::text[], \(emails)::text[])
                """ : """
                UPDATE posts_user AS t SET name = v.name, username = v.username, email = v.email
                FROM UNNEST(\(ids)::bigint[], \(names)::text[], \(usernames)::text[], \(emails)::text[]) AS v(id, name, username, email)
                WHERE t.id = v.id
                """, if: users.count)
        }
        for (posts, insert) in [(p.posts.inserts, true), (p.posts.updates, false)] {
            let (ids, users, titles, bodies) = (posts.map(\.id), posts.map(\.userId), posts.map(\.title), posts.map(\.body))
            try await run(insert ? """
                INSERT INTO posts_post (id, user_id, title, body)
                SELECT * FROM UNNEST(\(ids)::bigint[], \(users)::bigint[], \(titles)::text[], \(bodies)::text[])
                """ : """
                UPDATE posts_post AS t SET user_id = v.user_id, title = v.title, body = v.body
                FROM UNNEST(\(ids)::bigint[], \(users)::bigint[], \(titles)::text[], \(bodies)::text[]) AS v(id, user_id, title, body)
                WHERE t.id = v.id
                """, if: posts.count)
        }
        for (albums, insert) in [(p.albums.inserts, true), (p.albums.updates, false)] {
            let (ids, users, titles) = (albums.map(\.id), albums.map(\.userId), albums.map(\.title))
            try await run(insert ? """
                INSERT INTO posts_album (id, user_id, title)
                SELECT * FROM UNNEST(\(ids)::bigint[], \(users)::bigint[], \(titles)::text[])
                """ : """
                UPDATE posts_album AS t SET user_id = v.user_id, title = v.title
                FROM UNNEST(\(ids)::bigint[], \(users)::bigint[], \(titles)::text[]) AS v(id, user_id, title)
                WHERE t.id = v.id
                """, if: albums.count)
        }
        for (photos, insert) in [(p.photos.inserts, true), (p.photos.updates, false)] {
            let (ids, albums, titles) = (photos.map(\.id), photos.map(\.albumId), photos.map(\.title))
            let (urls, thumbnails) = (photos.map(\.url), photos.map(\.thumbnailUrl))
            try await run(insert ? """
                INSERT INTO posts_photo (id, album_id, title, url, thumbnail_url)
                SELECT * FROM UNNEST(\(ids)::bigint[], \(albums)::bigint[], \(titles)::text[], \(urls)::text[], \(thumbnails)::text[])
                """ : """
                UPDATE posts_photo AS t SET album_id = v.album_id, title = v.title, url = v.url, thumbnail_url = v.thumbnail_url
                FROM UNNEST(\(ids)::bigint[], \(albums)::bigint[], \(titles)::text[], \(urls)::text[], \(thumbnails)::text[])
                    AS v(id, album_id, title, url, thumbnail_url)
                WHERE t.id = v.id
                """, if: photos.count)
        }
        try await writeComments(plan, connection, logger)
    }

    private static func summary(_ row: PostgresRow) throws -> PostSummary {
        let (id, userID, title, body, name, username, email) = try row.decode((Int, Int, String, String, String, String, String).self)
        return PostSummary(Post(userId: userID, id: id, title: title, body: body),
                           author: Author(id: userID, name: name, username: username, email: email))
    }

    private static func photo(_ row: PostgresRow) throws -> Photo {
        let (id, albumID, title, url, thumbnail) = try row.decode((Int, Int, String, String, String).self)
        return Photo(albumId: albumID, id: id, title: title, url: url, thumbnailUrl: thumbnail)
    }
}
