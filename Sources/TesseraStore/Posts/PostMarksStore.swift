import Foundation
import PostsKit
import Synchronization

/// The reader's read and starred marks, kept in the server's store beside its posts like local
/// deletes are: one state per server (per database), not per browser. The reader has no accounts,
/// and a person reading on one machine expects the same marks in every tab and browser there; with
/// several nodes on one PostgreSQL database, every node shows the same marks.
///
/// Marks are by post id with no foreign key, so a post deleted and brought back by a sync keeps
/// them. Only posts that exist can be marked (the routes check), which bounds the table by the
/// posts the origin ever served.
package protocol PostMarksStore: Sendable {
    func marks() async throws -> PostMarks
    /// Sets or clears one mark of a post; returns the post's marks afterwards.
    func set(_ kind: PostMarks.Kind, _ on: Bool, postID: Int) async throws -> PostMark
}

/// Marks in memory, for tests; nothing survives the process.
package final class InMemoryPostMarksStore: PostMarksStore {
    private let state = Mutex(PostMarks())

    package init() {}

    package func marks() async throws -> PostMarks { state.withLock { $0 } }

    package func set(_ kind: PostMarks.Kind, _ on: Bool, postID: Int) async throws -> PostMark {
        state.withLock { marks in
            marks.set(kind, on, postID: postID)
            return marks.mark(of: postID)
        }
    }
}
