import GridKit
import Synchronization

/// A node's recently read or written documents of one PostgreSQL table, decoded, each with the
/// row's `version` (a number drawn from one sequence for every write, so a value is never reused,
/// even after a delete and a fresh insert of the same id).
///
/// Why it is safe with many nodes: an entry is never served on trust. Every read asks the
/// database for the row's current version (`PostgresDocumentStatements.Read`: the body comes back
/// only when the version differs), so a write committed on any node is seen by the next read on
/// every other node, whether or not its notification has arrived. Notifications (sent in the
/// writing transaction, so only on commit) just drop entries early, which saves sending the body
/// twice. Entries are stored only after the write's transaction committed, and never replace a
/// newer version.
package final class PostgresDocumentCache<Document: Sendable>: Sendable {
    package struct Entry: Sendable {
        package let version: Int64
        package let document: Document
    }

    private let entries: Mutex<BoundedCache<String, Entry>>

    package init(capacity: Int) { entries = Mutex(BoundedCache(countLimit: capacity)) }

    package func entry(_ id: String) -> Entry? { entries.withLock { $0.value(forKey: id) } }

    /// A committed state: kept unless a newer one is already here.
    package func store(_ id: String, version: Int64, _ document: Document) {
        entries.withLock { entries in
            if let held = entries.value(forKey: id), held.version > version { return }
            entries.insert(Entry(version: version, document: document), forKey: id)
        }
    }

    package func forget(_ id: String) { _ = entries.withLock { $0.removeValue(forKey: id) } }

    package func forgetAll() { entries.withLock { $0.removeAll() } }

    package var count: Int { entries.withLock { $0.count } }
}

/// The document caches of one database by table, so the live listener can hand them what other
/// nodes changed (`PostgresLiveListener`).
package final class PostgresCacheRegistry: Sendable {
    /// The live-update topic of "this document changed" messages; the payload is `<table>\t<id>`.
    package static let topic = "tessera.document"

    private let forgetters = Mutex<[String: [@Sendable (String?) -> Void]]>([:])

    /// `forget(id)` drops one document, `forget(nil)` all of the table's.
    package func register(table: String, forget: @escaping @Sendable (String?) -> Void) {
        forgetters.withLock { $0[table, default: []].append(forget) }
    }

    /// Another node changed or deleted a document (the payload of a `topic` message).
    package func changed(_ payload: Substring) {
        guard let tab = payload.firstIndex(of: "\t") else { return }
        let (table, id) = (String(payload[..<tab]), String(payload[payload.index(after: tab)...]))
        for forget in forgetters.withLock({ $0[table] ?? [] }) { forget(id) }
    }

    /// Notifications may have been missed (the listener reconnected): start afresh.
    package func forgetAll() {
        for forget in forgetters.withLock({ $0.values.flatMap { $0 } }) { forget(nil) }
    }

    /// The message a write sends in its transaction (`PostgresLiveFanOut`'s form).
    package static func message(node: String, table: String, id: String) -> String {
        node + "\n" + topic + "\n" + table + "\t" + id
    }
}
