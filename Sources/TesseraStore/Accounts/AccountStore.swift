import ClassroomKit
import Foundation
import Synchronization

/// Where accounts and their sessions are kept. Sessions live in the database, not in a node's
/// memory, so any node behind the load balancer can serve any signed-in request.
///
/// Same three parts as every store: this protocol, `InMemoryAccountStore` (unit tests), and the
/// SQLite (`SQLiteAccountStore`) and PostgreSQL (`PostgresAccountStore`) implementations.
package protocol AccountStore: Sendable {
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
}

/// Accounts and sessions in memory, for tests; nothing survives the process.
package final class InMemoryAccountStore: AccountStore {
    private struct State {
        var accounts: [String: Account] = [:]
        var order: [String] = []
        var sessions: [String: Session] = [:]
    }
    private let state = Mutex(State())

    package init() {}

    package func insert(_ account: Account) async throws {
        try state.withLock { state in
            guard state.accounts[account.id] == nil else { throw StoreError.duplicateID(account.id) }
            if let key = account.emailKey, state.accounts.values.contains(where: { $0.emailKey == key }) {
                throw StoreError.emailTaken
            }
            state.accounts[account.id] = account
            state.order.append(account.id)
        }
    }

    package func account(id: String) async throws -> Account? { state.withLock { $0.accounts[id] } }

    package func teacher(email: String) async throws -> Account? {
        let key = Account.emailKey(email)
        return state.withLock { $0.accounts.values.first { $0.role == .teacher && $0.emailKey == key } }
    }

    package func teachers(limit: Int) async throws -> [Account] {
        state.withLock { state in
            Array(state.order.compactMap { state.accounts[$0] }.filter { $0.role == .teacher }.prefix(limit))
        }
    }

    package func setPasswordHash(accountID: String, _ hash: String) async throws -> Bool {
        state.withLock { state in
            guard state.accounts[accountID] != nil else { return false }
            state.accounts[accountID]?.passwordHash = hash
            return true
        }
    }

    package func insertSession(_ session: Session) async throws {
        try state.withLock { state in
            guard state.sessions[session.id] == nil else { throw StoreError.duplicateID(session.id) }
            state.sessions[session.id] = session
        }
    }

    package func session(id: String) async throws -> Session? { state.withLock { $0.sessions[id] } }

    package func touchSession(id: String, at time: Date) async throws {
        state.withLock { $0.sessions[id]?.lastSeenAt = time }
    }

    package func deleteSession(id: String) async throws {
        _ = state.withLock { $0.sessions.removeValue(forKey: id) }
    }

    package func deleteSessions(accountID: String, except keep: String?) async throws {
        state.withLock { state in
            state.sessions = state.sessions.filter { $0.value.accountID != accountID || $0.key == keep }
        }
    }
}
