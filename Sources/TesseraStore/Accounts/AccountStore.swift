import ClassroomKit
import Foundation
import Synchronization

/// Where accounts and their sessions are kept. Sessions live in the database, not in a node's
/// memory, so any node behind the load balancer can serve any signed-in request.
///
/// Same three parts as every store: this protocol, `InMemoryAccountStore` (unit tests), and the
/// SQLite (`SQLiteAccountStore`) and PostgreSQL (`PostgresAccountStore`) implementations.
package protocol AccountStore: TwoStepStore {
    /// Throws `StoreError.duplicateID` for a taken id and `StoreError.emailTaken` for a teacher
    /// whose email (compared by `Account.emailKey`) another account already has.
    func insert(_ account: Account) async throws
    func account(id: String) async throws -> Account?
    /// The teacher with this email (any capitalisation), if any.
    func teacher(email: String) async throws -> Account?
    /// Teachers, oldest first, at most `limit`.
    func teachers(limit: Int) async throws -> [Account]
    /// `false` when there is no such account.
    func setPasswordHash(accountID: String, _ hash: String) async throws -> Bool

    func insertSession(_ session: Session) async throws
    func session(id: String) async throws -> Session?
    func touchSession(id: String, at time: Date) async throws
    func deleteSession(id: String) async throws
    /// Ends every session of the account but `keep` (a password change ends the others).
    func deleteSessions(accountID: String, except keep: String?) async throws
    /// Deletes up to `limit` sessions last seen before `cutoff` (they no longer sign anyone in),
    /// oldest first; how many. One short step: the retention purge calls it in batches.
    func deleteSessions(lastSeenBefore cutoff: Date, limit: Int) async throws -> Int
    /// When each pupil of the class last used a session (sessions are touched at most once per
    /// `AccountRules.touchInterval`); pupils with no session are absent.
    func lastSeen(classID: String) async throws -> [String: Date]
}
