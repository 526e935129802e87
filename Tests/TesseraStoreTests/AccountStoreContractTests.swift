import ClassroomKit
import Foundation
import Testing
import TesseraTestSupport
@testable import TesseraStore

/// Every account store keeps the same promises, so sign-in works alike on every backend: one
/// account per id and per email (any capitalisation), teachers found by email and listed oldest
/// first, and sessions that read back exactly as written and end when asked to.
@Suite struct AccountStoreContractTests {
    static func stores() async throws -> [(String, any AccountStore & ClassStore)] { try await TestAccountStores.all() }
    static var awkwardTime: Date { TestAccountStores.awkwardTime }
    static func teacher(_ id: String, email: String, at seconds: Double = 0) -> Account {
        TestAccountStores.teacher(id, email: email, at: seconds)
    }

    /// The class `pupil` puts its pupils in (a database refuses a pupil of a class it does not have).
    static func addClassOne(to store: any ClassStore, teacherID: String) async throws {
        try await store.insertClass(SchoolClass(id: "class-1", teacherID: teacherID, name: "4B", code: "ACDEFG"))
    }

    static func pupil(_ id: String, at seconds: Double = 0) -> Account {
        Account(id: id, role: .pupil, name: "Pupil \(id)", passwordHash: "hash-\(id)", classID: "class-1",
                createdAt: awkwardTime.addingTimeInterval(seconds))
    }

    @Test func accountsAreFoundAsInsertedAndUniqueByIdAndEmail() async throws {
        for (name, store) in try await Self.stores() {
            let ann = Self.teacher("t1", email: "Ann@X.org")
            let pupil = Self.pupil("p1")
            try await store.insert(ann)
            try await Self.addClassOne(to: store, teacherID: "t1")
            try await store.insert(pupil)
            #expect(try await store.account(id: "t1") == ann, "\(name)")
            #expect(try await store.account(id: "p1") == pupil, "\(name): a pupil keeps its class and no email")
            #expect(try await store.account(id: "nope") == nil, "\(name)")

            await #expect(throws: StoreError.emailTaken, "\(name): emails differ only in capitals and spaces") {
                try await store.insert(Self.teacher("t2", email: " ann@x.org"))
            }
            await #expect(throws: StoreError.duplicateID("t1"), "\(name)") {
                try await store.insert(Self.teacher("t1", email: "other@x.org"))
            }
            #expect(try await store.account(id: "t2") == nil, "\(name): a refused account is not kept")
            #expect(try await store.account(id: "t1") == ann, "\(name): nor does it change the one there")
            try await store.insert(Self.pupil("p2"))  // pupils have no email: many may be stored
        }
    }

    @Test func teachersAreFoundByEmailAndListedOldestFirst() async throws {
        for (name, store) in try await Self.stores() {
            try await store.insert(Self.teacher("t1", email: "Ann@X.org", at: 0))
            try await Self.addClassOne(to: store, teacherID: "t1")
            try await store.insert(Self.pupil("p1", at: 1))
            try await store.insert(Self.teacher("t2", email: "bob@x.org", at: 2))
            try await store.insert(Self.teacher("t3", email: "cy@x.org", at: 3))

            #expect(try await store.teacher(email: "ann@x.org")?.id == "t1", "\(name)")
            #expect(try await store.teacher(email: "  ANN@x.ORG ")?.id == "t1", "\(name)")
            #expect(try await store.teacher(email: "Ann@X.org")?.email == "Ann@X.org", "\(name): kept as typed")
            #expect(try await store.teacher(email: "nobody@x.org") == nil, "\(name)")

            #expect(try await store.teachers(limit: 10).map(\.id) == ["t1", "t2", "t3"], "\(name): teachers only")
            #expect(try await store.teachers(limit: 2).map(\.id) == ["t1", "t2"], "\(name)")
            #expect(try await store.teachers(limit: 0).isEmpty, "\(name)")
        }
    }

    @Test func aPasswordHashChangesOnlyForAnAccountThatExists() async throws {
        for (name, store) in try await Self.stores() {
            try await store.insert(Self.teacher("t1", email: "ann@x.org"))
            #expect(try await store.setPasswordHash(accountID: "t1", "new-hash"), "\(name)")
            #expect(try await store.account(id: "t1")?.passwordHash == "new-hash", "\(name)")
            #expect(try await store.setPasswordHash(accountID: "nope", "new-hash") == false, "\(name)")
            #expect(try await store.account(id: "nope") == nil, "\(name): nothing is made for a missing id")
        }
    }

    @Test func sessionsReadBackExactlyAndEndWhenAsked() async throws {
        for (name, store) in try await Self.stores() {
            try await store.insert(Self.teacher("t1", email: "ann@x.org"))
            let session = Session(id: "s1", accountID: "t1", createdAt: Self.awkwardTime)
            try await store.insertSession(session)
            #expect(try await store.session(id: "s1") == session, "\(name)")
            #expect(try await store.session(id: "nope") == nil, "\(name)")
            await #expect(throws: StoreError.duplicateID("s1"), "\(name)") {
                try await store.insertSession(Session(id: "s1", accountID: "t1"))
            }

            let now = Date()  // the clock's own fraction, whatever it is
            try await store.touchSession(id: "s1", at: now)
            let touched = try await store.session(id: "s1")
            #expect(touched?.lastSeenAt == now, "\(name): the touch time reads back exactly")
            #expect(touched?.createdAt == Self.awkwardTime, "\(name): a touch leaves the creation time")
            try await store.touchSession(id: "nope", at: now)  // nothing to move: no error

            try await store.deleteSession(id: "s1")
            #expect(try await store.session(id: "s1") == nil, "\(name)")
            try await store.deleteSession(id: "s1")  // already gone: no error
        }
    }

    @Test func endingAnAccountsSessionsKeepsTheOneNamedAndOtherAccounts() async throws {
        for (name, store) in try await Self.stores() {
            try await store.insert(Self.teacher("t1", email: "ann@x.org"))
            try await store.insert(Self.teacher("t2", email: "bob@x.org"))
            for id in ["a1", "a2", "a3"] { try await store.insertSession(Session(id: id, accountID: "t1")) }
            try await store.insertSession(Session(id: "b1", accountID: "t2"))

            try await store.deleteSessions(accountID: "t1", except: "a2")
            #expect(try await store.session(id: "a1") == nil, "\(name)")
            #expect(try await store.session(id: "a3") == nil, "\(name)")
            #expect(try await store.session(id: "a2") != nil, "\(name): the one named is kept")
            #expect(try await store.session(id: "b1") != nil, "\(name): another account's session is kept")

            try await store.deleteSessions(accountID: "t1", except: nil)
            #expect(try await store.session(id: "a2") == nil, "\(name): with none named, all end")
            #expect(try await store.session(id: "b1") != nil, "\(name)")
        }
    }
}
