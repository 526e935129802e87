import Foundation
import Synchronization

/// How many cores this server process may use: what the pool of database connections, the read
/// batcher and the server's event loops are sized by. Every core of the machine unless `serve
/// --cpus` says less — a node that shares a machine (a container with a CPU limit, several nodes
/// on one host, a node capped to a share of a core) then keeps as many threads and database
/// sessions as it can keep busy, instead of paying to switch between threads it cannot run.
package enum NodeCores {
    private static let chosen = Mutex<Int?>(nil)

    package static var count: Int {
        chosen.withLock { $0 } ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// Set once at start-up, before the stores and the server are built.
    package static func use(_ cores: Int) {
        chosen.withLock { $0 = max(1, cores) }
    }
}
