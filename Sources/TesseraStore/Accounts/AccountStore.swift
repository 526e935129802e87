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
    /// Deletes up to `limit` sessions last seen before `cutoff` (they no longer sign anyone in),
    /// oldest first; how many. One short step: the retention purge calls it in batches.
    func deleteSessions(lastSeenBefore cutoff: Date, limit: Int) async throws -> Int
}

/// Accounts and sessions in memory, for tests; nothing survives the process.
package final class InMemoryAccountStore: AccountStore, ClassStore {
    private struct State {
        var accounts: [String: Account] = [:]
        var order: [String] = []
        var sessions: [String: Session] = [:]
        var classes: [String: SchoolClass] = [:]
        var classOrder: [String] = []
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

    package func deleteSessions(lastSeenBefore cutoff: Date, limit: Int) async throws -> Int {
        state.withLock { state in
            let expired = state.sessions.values.filter { $0.lastSeenAt < cutoff }
                .sorted { $0.lastSeenAt < $1.lastSeenAt }.prefix(max(0, limit))
            for session in expired { state.sessions.removeValue(forKey: session.id) }
            return expired.count
        }
    }

    package func deleteSessions(accountID: String, except keep: String?) async throws {
        state.withLock { state in
            state.sessions = state.sessions.filter { $0.value.accountID != accountID || $0.key == keep }
        }
    }

    // MARK: Classes

    package func insertClass(_ schoolClass: SchoolClass) async throws {
        try state.withLock { state in
            guard state.classes[schoolClass.id] == nil else { throw StoreError.duplicateID(schoolClass.id) }
            guard !state.classes.values.contains(where: { $0.code == schoolClass.code }) else { throw StoreError.classCodeTaken }
            state.classes[schoolClass.id] = schoolClass
            state.classOrder.append(schoolClass.id)
        }
    }

    package func schoolClass(id: String) async throws -> SchoolClass? { state.withLock { $0.classes[id] } }

    package func schoolClass(code: String) async throws -> SchoolClass? {
        state.withLock { $0.classes.values.first { $0.code == code } }
    }

    package func classes(teacherID: String) async throws -> [SchoolClass] {
        state.withLock { state in state.classOrder.compactMap { state.classes[$0] }.filter { $0.teacherID == teacherID } }
    }

    package func updateClass(id: String, name: String?, archived: Bool?) async throws -> SchoolClass? {
        state.withLock { state in
            guard var schoolClass = state.classes[id] else { return nil }
            if let name { schoolClass.name = name }
            if let archived { schoolClass.archived = archived }
            state.classes[id] = schoolClass
            return schoolClass
        }
    }

    package func insertPupils(_ pupils: [Account], classID: String) async throws {
        try state.withLock { state in
            // As the databases' foreign key: pupils belong to a class that exists.
            guard state.classes[classID] != nil else { throw StoreError.notFound("Class '\(classID)'") }
            var taken = Set(state.accounts.values.filter { $0.classID == classID }.map { ClassRules.nameKey($0.name) })
            for pupil in pupils {
                guard state.accounts[pupil.id] == nil else { throw StoreError.duplicateID(pupil.id) }
                guard taken.insert(ClassRules.nameKey(pupil.name)).inserted else { throw StoreError.pupilNameTaken(pupil.name) }
            }
            for var pupil in pupils {
                pupil.classID = classID
                state.accounts[pupil.id] = pupil
                state.order.append(pupil.id)
            }
        }
    }

    package func pupils(classID: String) async throws -> [Account] {
        state.withLock { state in
            state.accounts.values.filter { $0.role == .pupil && $0.classID == classID }
                .sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
        }
    }

    package func pupil(classID: String, name: String) async throws -> Account? {
        let key = ClassRules.nameKey(name)
        return state.withLock { state in
            state.accounts.values.first { $0.role == .pupil && $0.classID == classID && ClassRules.nameKey($0.name) == key }
        }
    }

    package func movePupil(id: String, toClass classID: String) async throws -> Bool {
        try state.withLock { state in
            guard let pupil = state.accounts[id], pupil.role == .pupil else { return false }
            guard state.classes[classID] != nil else { throw StoreError.notFound("Class '\(classID)'") }
            let key = ClassRules.nameKey(pupil.name)
            if state.accounts.values.contains(where: { $0.id != id && $0.classID == classID && ClassRules.nameKey($0.name) == key }) {
                throw StoreError.pupilNameTaken(pupil.name)
            }
            state.accounts[id]?.classID = classID
            return true
        }
    }

    /// As the databases cascade: a teacher's classes go with them, a class's pupils with it, and
    /// every removed account's sessions.
    package func deleteAccount(id: String) async throws -> Bool {
        state.withLock { state in
            guard state.accounts[id] != nil else { return false }
            let classes = Set(state.classes.values.filter { $0.teacherID == id }.map(\.id))
            let removed = Set(state.accounts.values.filter { $0.id == id || ($0.classID.map(classes.contains) ?? false) }.map(\.id))
            for account in removed { state.accounts[account] = nil }
            for schoolClass in classes { state.classes[schoolClass] = nil }
            state.order.removeAll(where: removed.contains)
            state.classOrder.removeAll(where: classes.contains)
            state.sessions = state.sessions.filter { !removed.contains($0.value.accountID) }
            return true
        }
    }
}
