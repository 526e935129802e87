/// How a publish reaches pages connected to other processes that share the storage. The
/// PostgreSQL backend's is `PostgresLiveFanOut` (NOTIFY, with a listener that delivers what other
/// nodes send); SQLite and memory have none, as one process is all there is.
package protocol LiveFanOut: Sendable {
    /// Best effort: a failure is logged, never thrown, since the local pages already have it.
    func broadcast(_ topic: String, payload: String) async
}
