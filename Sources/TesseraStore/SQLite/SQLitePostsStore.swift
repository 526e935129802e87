import Foundation
import GRDB
import PostsKit

/// The reader's tables in SQLite through GRDB, with foreign keys that cascade: user → posts,
/// user → albums → photos. A merge reads the stored rows, plans and writes in one transaction,
/// with cached statements, so a first sync of 5,710 rows is one commit and a sync with nothing
/// new writes nothing.
package struct SQLitePostsStore: PostsStore {
    let database: TesseraDatabase

    package init(database: TesseraDatabase) throws {
        try database.migrate(Self.migrator)
        self.database = database
    }

    /// The reader's migrations, in the order they shipped.
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("posts-v1") { db in
            try db.create(table: "posts_user") { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("username", .text).notNull()
                table.column("email", .text).notNull()
            }
            try db.create(table: "posts_post") { table in
                table.primaryKey("id", .integer)
                table.column("user_id", .integer).notNull().indexed().references("posts_user", onDelete: .cascade)
                table.column("title", .text).notNull()
                table.column("body", .text).notNull()
            }
            try db.create(table: "posts_album") { table in
                table.primaryKey("id", .integer)
                table.column("user_id", .integer).notNull().indexed().references("posts_user", onDelete: .cascade)
                table.column("title", .text).notNull()
            }
            try db.create(table: "posts_photo") { table in
                table.primaryKey("id", .integer)
                table.column("album_id", .integer).notNull().indexed().references("posts_album", onDelete: .cascade)
                table.column("title", .text).notNull()
                table.column("url", .text).notNull()
                table.column("thumbnail_url", .text).notNull()
            }
            try db.create(table: "posts_sync") { table in
                table.primaryKey("id", .integer)  // always 1: one row
                table.column("synced_at", .datetime).notNull()
            }
        }
        registerCommentsAndChanges(&migrator)
        return migrator
    }

    package func merge(_ fetched: PostsSnapshot, at time: Date) async throws -> MergePlan {
        try await database.write { db in
            let stored = try Self.snapshot(db)
            let plan = MergePlan(stored: stored, fetched: fetched)
            try Self.apply(plan, db)
            try Self.recordChanges(stored: stored, plan: plan, at: time, db)
            try db.execute(sql: "INSERT OR REPLACE INTO posts_sync (id, synced_at) VALUES (1, ?)", arguments: [time])
            return plan
        }
    }

    package func summaries() async throws -> [PostSummary] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT p.id, p.user_id, p.title, p.body, u.name, u.username, u.email,
                    (SELECT COUNT(*) FROM posts_comment c WHERE c.post_id = p.id) AS comments
                FROM posts_post p JOIN posts_user u ON u.id = p.user_id ORDER BY p.id
                """).map { row in PostSummary(Self.post(row), author: Self.author(row, id: row["user_id"]), comments: row["comments"]) }
        }
    }

    package func detail(postID: Int) async throws -> PostDetail? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT p.id, p.user_id, p.title, p.body, u.name, u.username, u.email
                FROM posts_post p JOIN posts_user u ON u.id = p.user_id WHERE p.id = ?
                """, arguments: [postID]) else { return nil }
            let albums = try Row.fetchAll(db, sql: """
                SELECT a.id, a.user_id, a.title, COUNT(ph.id) AS photos
                FROM posts_album a LEFT JOIN posts_photo ph ON ph.album_id = a.id
                WHERE a.user_id = ? GROUP BY a.id ORDER BY a.id
                """, arguments: [row["user_id"] as Int]).map { AlbumSummary(Self.album($0), photoCount: $0["photos"]) }
            return PostDetail(Self.post(row), author: Self.author(row, id: row["user_id"]), albums: albums,
                              comments: try Self.comments(db, postID: postID))
        }
    }

    package func album(id: Int) async throws -> AlbumPhotos? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT id, user_id, title FROM posts_album WHERE id = ?",
                                             arguments: [id]) else { return nil }
            let photos = try Row.fetchAll(db, sql: """
                SELECT id, album_id, title, url, thumbnail_url FROM posts_photo WHERE album_id = ? ORDER BY id
                """, arguments: [id]).map(Self.photo)
            return AlbumPhotos(album: AlbumSummary(Self.album(row), photoCount: photos.count),
                               photos: photos.map(PhotoSummary.init))
        }
    }

    package func photo(id: Int) async throws -> Photo? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT id, album_id, title, url, thumbnail_url FROM posts_photo WHERE id = ?",
                             arguments: [id]).map(Self.photo)
        }
    }

    package func deletePost(id: Int) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM posts_post WHERE id = ?", arguments: [id])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "INSERT OR IGNORE INTO posts_deleted (id) VALUES (?)", arguments: [id])
            return true
        }
    }

    package func counts() async throws -> PostsCounts {
        try await database.read { db in
            func count(_ table: String) throws -> Int { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
            return PostsCounts(users: try count("posts_user"), posts: try count("posts_post"),
                               albums: try count("posts_album"), photos: try count("posts_photo"),
                               comments: try count("posts_comment"))
        }
    }

    package func lastSync() async throws -> Date? {
        try await database.read { db in try Date.fetchOne(db, sql: "SELECT synced_at FROM posts_sync WHERE id = 1") }
    }

    // MARK: Rows

    private static func snapshot(_ db: Database) throws -> PostsSnapshot {
        PostsSnapshot(
            users: try Row.fetchAll(db, sql: "SELECT id, name, username, email FROM posts_user").map { author($0, id: $0["id"]) },
            posts: try Row.fetchAll(db, sql: "SELECT id, user_id, title, body FROM posts_post").map(post),
            albums: try Row.fetchAll(db, sql: "SELECT id, user_id, title FROM posts_album").map(album),
            photos: try Row.fetchAll(db, sql: "SELECT id, album_id, title, url, thumbnail_url FROM posts_photo").map(photo),
            comments: try comments(db))
    }

    /// Deletions first, children before owners (the cascade would do it too, but a deletion that
    /// is explicit is counted and cheap); then inserts and updates, owners before children.
    private static func apply(_ plan: MergePlan, _ db: Database) throws {
        try deleteComments(plan, db)
        try run(db, "DELETE FROM posts_photo WHERE id = ?", plan.photos.deletes.map { [$0] })
        try run(db, "DELETE FROM posts_album WHERE id = ?", plan.albums.deletes.map { [$0] })
        try run(db, "DELETE FROM posts_post WHERE id = ?", plan.posts.deletes.map { [$0] })
        try run(db, "DELETE FROM posts_user WHERE id = ?", plan.users.deletes.map { [$0] })
        let userRow = { (u: Author) -> StatementArguments in [u.name, u.username, u.email, u.id] }
        try insert(db, "posts_user (name, username, email, id)", columns: 4, plan.users.inserts.map(userRow))
        try run(db, "UPDATE posts_user SET name = ?, username = ?, email = ? WHERE id = ?", plan.users.updates.map(userRow))
        let postRow = { (p: Post) -> StatementArguments in [p.userId, p.title, p.body, p.id] }
        try insert(db, "posts_post (user_id, title, body, id)", columns: 4, plan.posts.inserts.map(postRow))
        try run(db, "UPDATE posts_post SET user_id = ?, title = ?, body = ? WHERE id = ?", plan.posts.updates.map(postRow))
        let albumRow = { (a: Album) -> StatementArguments in [a.userId, a.title, a.id] }
        try insert(db, "posts_album (user_id, title, id)", columns: 3, plan.albums.inserts.map(albumRow))
        try run(db, "UPDATE posts_album SET user_id = ?, title = ? WHERE id = ?", plan.albums.updates.map(albumRow))
        let photoRow = { (p: Photo) -> StatementArguments in [p.albumId, p.title, p.url, p.thumbnailUrl, p.id] }
        try insert(db, "posts_photo (album_id, title, url, thumbnail_url, id)", columns: 5, plan.photos.inserts.map(photoRow))
        try run(db, "UPDATE posts_photo SET album_id = ?, title = ?, url = ?, thumbnail_url = ? WHERE id = ?",
                plan.photos.updates.map(photoRow))
        try writeComments(plan, db)
    }

    /// Inserts rows a hundred at a time (one multi-row INSERT each): a first sync's 5,000 photos
    /// take 50 statement steps instead of 5,000, which is most of the merge's cost.
    static func insert(_ db: Database, _ table: String, columns: Int, _ rows: [StatementArguments]) throws {
        let batch = 100
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(start + batch, rows.count)]
            let tuple = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
            let sql = "INSERT INTO \(table) VALUES " + Array(repeating: tuple, count: chunk.count).joined(separator: ", ")
            var arguments = StatementArguments()
            for row in chunk { arguments += row }
            try db.cachedStatement(sql: sql).execute(arguments: arguments)
            start += batch
        }
    }

    static func run(_ db: Database, _ sql: String, _ rows: [StatementArguments]) throws {
        guard !rows.isEmpty else { return }
        let statement = try db.cachedStatement(sql: sql)
        for arguments in rows { try statement.execute(arguments: arguments) }
    }

    private static func author(_ row: Row, id: Int) -> Author {
        Author(id: id, name: row["name"], username: row["username"], email: row["email"])
    }

    private static func post(_ row: Row) -> Post {
        Post(userId: row["user_id"], id: row["id"], title: row["title"], body: row["body"])
    }

    private static func album(_ row: Row) -> Album {
        Album(userId: row["user_id"], id: row["id"], title: row["title"])
    }

    private static func photo(_ row: Row) -> Photo {
        Photo(albumId: row["album_id"], id: row["id"], title: row["title"], url: row["url"], thumbnailUrl: row["thumbnail_url"])
    }
}
