import ArgumentParser
import Foundation
import PostsKit
import Synchronization
import TesseraStore

/// `tessera posts …`: the Sherpany reader's data folder from a terminal.
struct PostsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "posts", abstract: "The posts reader: sync from a jsonplaceholder-style origin, list and show posts.",
        subcommands: [Sync.self, List.self, Show.self, Bench.self])

    /// The deployment's storage (data folder or `--database`), opened for the reader.
    struct Storage: ParsableArguments {
        @OptionGroup var options: StorageOptions

        func open(origin: String = Sync.defaultOrigin) async throws -> PostsLibrary {
            PostsLibrary(stores: try await options.open(), originURL: origin)
        }
    }

    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch posts, users, albums and photos from the origin and merge them into the data folder.")
        static let defaultOrigin = "http://127.0.0.1:8080/origin"

        @Option(help: "Any jsonplaceholder-compatible origin, e.g. https://jsonplaceholder.typicode.com.")
        var origin: String = Sync.defaultOrigin

        @OptionGroup var storage: Storage

        @Flag(help: "Print one JSON object: posts, comments, users, albums, photos, inserted, updated, deleted, unchanged, skipped, seconds.")
        var json = false

        func validate() throws { try ServerProbe.validate(origin, option: "--origin") }

        func run() async throws {
            let library = try await storage.open(origin: origin)
            let progress = ProgressLine(json: json)
            let fetched = FetchedLists()
            progress.show("syncing from \(origin)…")
            let report: PostsSyncReport
            do {
                report = try await library.sync { step in
                    if case let .fetched(list, count) = step { progress.show("fetched " + fetched.add(list, count)) }
                }
            } catch let error as PostsOriginError {
                progress.clear()
                let hint = origin == Self.defaultOrigin ? " Start `tessera serve` first, or pass --origin URL." : ""
                ProgressLine.fail("\(error).\(hint) Nothing was changed.")
                throw ExitCode.failure
            }
            progress.clear()
            if json { return try printJSON(report) }
            print("\(report.posts) posts, \(report.comments) comments, \(report.users) users, \(report.albums) albums, \(report.photos) photos")
            print("\(report.inserted) inserted, \(report.updated) updated, \(report.deleted) deleted, \(report.unchanged) unchanged"
                  + (report.skipped > 0 ? ", \(report.skipped) skipped (owner missing)" : "")
                  + String(format: " in %.3f s (download %.3f s)", report.seconds, report.downloadSeconds))
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List stored posts: id, title and the author's email.")

        @Option(help: "Only posts whose title, body or author's email contains this (any case).")
        var search: String = ""

        @Flag(help: "Only posts not read yet (the reader's marks, as the page shows them).")
        var unread = false

        @Flag(help: "Only starred posts.")
        var starred = false

        @Option(help: "Only this author's posts (the author's id).")
        var author: Int?

        @OptionGroup var storage: Storage

        @Flag(help: "Print one JSON object: total, matching, posts [{id, title, user, comments, excerpt?}].")
        var json = false

        func validate() throws {
            guard search.utf8.count <= 200 else { throw ValidationError("--search may be at most 200 bytes.") }
        }

        func run() async throws {
            let listing = try await storage.open().posts(search: search, unread: unread, starred: starred, authorID: author)
            if json { return try printJSON(listing) }
            if listing.total == 0 { return print("No posts stored yet: run `tessera posts sync` first.") }
            for post in listing.posts { print(String(format: "%4d  ", post.id) + post.title + "  — " + post.user.email) }
            print(listing.feedback(search: search) ?? "\(listing.total) Posts")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one post: title, body, author, their albums and the post's comments.")

        @Argument(help: "The post's id.")
        var id: Int

        @OptionGroup var storage: Storage

        func validate() throws {
            guard (1...999_999_999).contains(id) else { throw ValidationError("The id is a whole number from 1 to 999999999.") }
        }

        func run() async throws {
            guard let post = try await storage.open().post(id: id) else {
                ProgressLine.fail("no post \(id) is stored. `tessera posts list` shows the ids; `tessera posts sync` brings deleted posts back.")
                throw ExitCode.failure
            }
            print(post.title)
            print(String(repeating: "─", count: min(72, post.title.count)))
            print(post.body)
            print("\nby \(post.author.name) (@\(post.author.username), \(post.author.email))")
            print("\nAlbums:")
            for album in post.albums { print(String(format: "%4d  ", album.id) + "\(album.title) — \(album.photoCount) photos") }
            print("\nComments (\(post.comments.count)):")
            for comment in post.comments {
                print("\n  \(comment.name) <\(comment.email)>")
                print("  " + comment.body.replacingOccurrences(of: "\n", with: "\n  "))
            }
        }
    }
}

/// The lists fetched so far, for the progress line ("posts 100 · users 10").
final class FetchedLists: Sendable {
    private let lists = Mutex<[String]>([])

    func add(_ list: String, _ count: Int) -> String {
        lists.withLock { lists in
            lists.append("\(list) \(count)")
            return lists.joined(separator: " · ")
        }
    }
}
