import ClassroomKit
import Foundation
import Testing
import TesseraTestSupport
@testable import TesseraStore

/// Every class store keeps the same promises, so classes work alike on every backend: one class
/// per id and per code, a teacher's classes oldest first, pupils added all together or not at
/// all, never two pupils of one class with one name (any capitals, surrounding spaces), and a
/// pupil is an account like any other (found by id, signed in by sessions that end with it).
@Suite struct ClassStoreContractTests {
    static func stores() async throws -> [(String, any AccountStore & ClassStore)] {
        try await AccountStoreContractTests.stores()
    }

    static let awkwardTime = AccountStoreContractTests.awkwardTime

    static func schoolClass(_ id: String, teacher: String = "t1", code: String, at seconds: Double = 0,
                            archived: Bool = false) -> SchoolClass {
        SchoolClass(id: id, teacherID: teacher, name: "Class \(id)", code: code, archived: archived,
                    createdAt: awkwardTime.addingTimeInterval(seconds))
    }

    /// A pupil as the server makes one: no class yet (`insertPupils` sets it).
    static func pupil(_ id: String, _ name: String) -> Account {
        Account(id: id, role: .pupil, name: name, passwordHash: "hash-\(id)", createdAt: awkwardTime)
    }

    /// Teachers t1 and t2, and t1's classes c1 (code ACDEFG) and c2 (code HJKMNP).
    static func prepare(_ store: any AccountStore & ClassStore) async throws {
        try await store.insert(AccountStoreContractTests.teacher("t1", email: "ann@x.org"))
        try await store.insert(AccountStoreContractTests.teacher("t2", email: "bob@x.org"))
        try await store.insertClass(schoolClass("c1", code: "ACDEFG", at: 0))
        try await store.insertClass(schoolClass("c2", code: "HJKMNP", at: 1))
    }

    @Test func classesAreFoundByIdAndCodeAndCodesAreUnique() async throws {
        for (name, store) in try await Self.stores() {
            try await Self.prepare(store)
            let c1 = Self.schoolClass("c1", code: "ACDEFG", at: 0)
            #expect(try await store.schoolClass(id: "c1") == c1, "\(name): reads back exactly")
            #expect(try await store.schoolClass(code: "ACDEFG") == c1, "\(name)")
            #expect(try await store.schoolClass(id: "nope") == nil, "\(name)")
            #expect(try await store.schoolClass(code: "QRTUVW") == nil, "\(name)")

            await #expect(throws: StoreError.classCodeTaken, "\(name): another teacher's class with this code") {
                try await store.insertClass(Self.schoolClass("c3", teacher: "t2", code: "ACDEFG"))
            }
            await #expect(throws: StoreError.duplicateID("c1"), "\(name)") {
                try await store.insertClass(Self.schoolClass("c1", code: "QRTUVW"))
            }
            #expect(try await store.schoolClass(id: "c3") == nil, "\(name): a refused class is not kept")
            #expect(try await store.schoolClass(code: "QRTUVW") == nil, "\(name)")
            #expect(try await store.schoolClass(id: "c1") == c1, "\(name): nor does it change the one there")
        }
    }

    @Test func aTeachersClassesAreListedOldestFirstArchivedToo() async throws {
        for (name, store) in try await Self.stores() {
            try await store.insert(AccountStoreContractTests.teacher("t1", email: "ann@x.org"))
            try await store.insert(AccountStoreContractTests.teacher("t2", email: "bob@x.org"))
            // Made in time order, as the server makes them (memory keeps the order of insertion).
            try await store.insertClass(Self.schoolClass("early", code: "CCCCCC", at: 1))
            try await store.insertClass(Self.schoolClass("bobs", teacher: "t2", code: "FFFFFF", at: 2))
            try await store.insertClass(Self.schoolClass("old", code: "DDDDDD", at: 3, archived: true))
            try await store.insertClass(Self.schoolClass("twin", code: "EEEEEE", at: 3))  // same time: after "old"
            try await store.insertClass(Self.schoolClass("late", code: "AAAAAA", at: 5))

            #expect(try await store.classes(teacherID: "t1").map(\.id) == ["early", "old", "twin", "late"], "\(name)")
            #expect(try await store.classes(teacherID: "t1").map(\.archived) == [false, true, false, false], "\(name)")
            #expect(try await store.classes(teacherID: "t2").map(\.id) == ["bobs"], "\(name)")
            #expect(try await store.classes(teacherID: "nobody").isEmpty, "\(name)")
        }
    }

    @Test func aClassIsRenamedAndArchivedOnlyAsAsked() async throws {
        for (name, store) in try await Self.stores() {
            try await Self.prepare(store)
            let renamed = try await store.updateClass(id: "c1", name: "Owls", archived: nil)
            #expect(renamed?.name == "Owls" && renamed?.archived == false, "\(name): archived stays")
            let archived = try await store.updateClass(id: "c1", name: nil, archived: true)
            #expect(archived?.name == "Owls" && archived?.archived == true, "\(name): the name stays")
            #expect(try await store.updateClass(id: "c1", name: nil, archived: nil) == archived, "\(name)")
            #expect(try await store.schoolClass(id: "c1") == archived, "\(name): kept")
            #expect(try await store.updateClass(id: "c1", name: nil, archived: false)?.archived == false, "\(name)")
            #expect(try await store.updateClass(id: "nope", name: "X", archived: true) == nil, "\(name)")
            #expect(try await store.schoolClass(id: "nope") == nil, "\(name): nothing is made for a missing id")
            #expect(try await store.schoolClass(id: "c2")?.name == "Class c2", "\(name): other classes stay")
        }
    }

    @Test func pupilsAreAddedAllTogetherOrNotAtAll() async throws {
        for (name, store) in try await Self.stores() {
            try await Self.prepare(store)
            try await store.insertPupils([Self.pupil("p1", "Ann"), Self.pupil("p2", "Bob")], classID: "c1")
            #expect(try await store.account(id: "p1")?.classID == "c1", "\(name): the store puts them in the class")

            await #expect(throws: StoreError.pupilNameTaken(" aNN "), "\(name): other capitals and spaces") {
                try await store.insertPupils([Self.pupil("p3", "Cy"), Self.pupil("p4", " aNN ")], classID: "c1")
            }
            await #expect(throws: StoreError.pupilNameTaken("dee"), "\(name): twice in one batch") {
                try await store.insertPupils([Self.pupil("p5", "Dee"), Self.pupil("p6", "dee")], classID: "c1")
            }
            await #expect(throws: StoreError.duplicateID("p1"), "\(name)") {
                try await store.insertPupils([Self.pupil("p7", "Eve"), Self.pupil("p1", "Fay")], classID: "c1")
            }
            for id in ["p3", "p4", "p5", "p6", "p7"] {
                #expect(try await store.account(id: id) == nil, "\(name): \(id) of a refused batch is not kept")
            }
            #expect(try await store.pupils(classID: "c1").map(\.name) == ["Ann", "Bob"], "\(name)")

            try await store.insertPupils([Self.pupil("p8", "Ann")], classID: "c2")  // another class: fine
            #expect(try await store.pupils(classID: "c2").map(\.id) == ["p8"], "\(name)")
        }
    }

    @Test func pupilsAreListedByNameAndFoundByAnyCapitals() async throws {
        for (name, store) in try await Self.stores() {
            try await Self.prepare(store)
            let names = ["zoe", "Bea", "adam", "Émile", "Zac"]
            try await store.insertPupils(names.enumerated().map { Self.pupil("p\($0.offset)", $0.element) }, classID: "c1")
            try await store.insertPupils([Self.pupil("q1", "Cal")], classID: "c2")
            let expected = names.sorted { $0.lowercased() < $1.lowercased() }
            #expect(try await store.pupils(classID: "c1").map(\.name) == expected, "\(name): \(expected)")
            #expect(try await store.pupils(classID: "nope").isEmpty, "\(name)")

            let zoe = try await store.pupil(classID: "c1", name: "  ZOE ")
            #expect(zoe?.id == "p0" && zoe?.name == "zoe", "\(name): found by any capitals, kept as typed")
            #expect(try await store.account(id: "p0") == zoe, "\(name): a pupil is an account of the same store")
            #expect(zoe?.createdAt == Self.awkwardTime && zoe?.role == .pupil, "\(name)")
            #expect(try await store.pupil(classID: "c1", name: "émile")?.id == "p3", "\(name)")
            #expect(try await store.pupil(classID: "c2", name: "zoe") == nil, "\(name): not in another class")
            #expect(try await store.pupil(classID: "c1", name: "Teacher t1") == nil, "\(name): teachers are not pupils")
        }
    }

    @Test func aPupilMovesUnlessTheNewClassHasTheirName() async throws {
        for (name, store) in try await Self.stores() {
            try await Self.prepare(store)
            try await store.insertPupils([Self.pupil("p1", "Ann"), Self.pupil("p2", "Bob")], classID: "c1")
            try await store.insertPupils([Self.pupil("q1", "ANN")], classID: "c2")

            await #expect(throws: StoreError.pupilNameTaken("Ann"), "\(name)") {
                _ = try await store.movePupil(id: "p1", toClass: "c2")
            }
            #expect(try await store.account(id: "p1")?.classID == "c1", "\(name): a refused move leaves them")

            #expect(try await store.movePupil(id: "p2", toClass: "c2"), "\(name)")
            #expect(try await store.pupils(classID: "c2").map(\.id) == ["q1", "p2"], "\(name)")
            #expect(try await store.pupils(classID: "c1").map(\.id) == ["p1"], "\(name)")
            #expect(try await store.pupil(classID: "c2", name: "bob")?.id == "p2", "\(name)")
            #expect(try await store.movePupil(id: "p2", toClass: "c2"), "\(name): already there is fine")

            #expect(try await store.movePupil(id: "nope", toClass: "c2") == false, "\(name)")
            #expect(try await store.movePupil(id: "t1", toClass: "c2") == false, "\(name): a teacher is no pupil")
            #expect(try await store.account(id: "t1")?.classID == nil, "\(name)")
        }
    }

    @Test func deletingAPupilEndsTheirSessionsAndFreesTheirName() async throws {
        for (name, store) in try await Self.stores() {
            try await Self.prepare(store)
            try await store.insertPupils([Self.pupil("p1", "Ann"), Self.pupil("p2", "Bob")], classID: "c1")
            for id in ["s1", "s2"] { try await store.insertSession(Session(id: id, accountID: "p1")) }
            try await store.insertSession(Session(id: "s3", accountID: "p2"))
            try await store.insertSession(Session(id: "s4", accountID: "t1"))

            #expect(try await store.deleteAccount(id: "p1"), "\(name)")
            #expect(try await store.account(id: "p1") == nil, "\(name)")
            #expect(try await store.session(id: "s1") == nil, "\(name)")
            #expect(try await store.session(id: "s2") == nil, "\(name)")
            #expect(try await store.session(id: "s3") != nil, "\(name): others' sessions stay")
            #expect(try await store.session(id: "s4") != nil, "\(name)")
            #expect(try await store.pupils(classID: "c1").map(\.id) == ["p2"], "\(name)")
            #expect(try await store.deleteAccount(id: "p1") == false, "\(name): already gone")

            try await store.insertPupils([Self.pupil("p3", "ann")], classID: "c1")  // the name is free again
            #expect(try await store.pupil(classID: "c1", name: "Ann")?.id == "p3", "\(name)")
        }
    }

    /// Every backend alike: pupils only join a class that exists, and deleting a teacher takes
    /// their classes, those classes' pupils and everyone's sessions with them.
    @Test func pupilsNeedARealClassAndATeachersDeletionCascades() async throws {
        for (name, store) in try await Self.stores() {
            try await Self.prepare(store)
            let nowhere = await Self.refusal { try await store.insertPupils([Self.pupil("p0", "Zed")], classID: "no-such-class") }
            #expect(nowhere as? StoreError == .notFound("Class 'no-such-class'"), "\(name): \(String(describing: nowhere))")
            try await store.insertPupils([Self.pupil("p1", "Ann")], classID: "c1")
            let moved = await Self.refusal { _ = try await store.movePupil(id: "p1", toClass: "no-such-class") }
            #expect(moved as? StoreError == .notFound("Class 'no-such-class'"), "\(name)")
            try await store.insertSession(Session(id: "s1", accountID: "p1"))
            try await store.insertSession(Session(id: "s2", accountID: "t1"))
            try await store.insertSession(Session(id: "s3", accountID: "t2"))

            #expect(try await store.deleteAccount(id: "t1"), "\(name)")
            #expect(try await store.classes(teacherID: "t1").isEmpty, "\(name): the teacher's classes went")
            #expect(try await store.schoolClass(id: "c1") == nil, "\(name)")
            #expect(try await store.account(id: "p1") == nil, "\(name): their pupils went")
            #expect(try await store.session(id: "s1") == nil, "\(name)")
            #expect(try await store.session(id: "s2") == nil, "\(name)")
            #expect(try await store.session(id: "s3") != nil, "\(name): nobody else")
            #expect(try await store.account(id: "t2") != nil, "\(name)")
        }
    }

    /// Two stores on one database, as two nodes (or, for memory, one store twice).
    static func nodePairs() async throws -> [(String, any ClassStore & AccountStore, any ClassStore & AccountStore)] {
        let memory = try SQLiteAccountStore(database: TesseraDatabase(directory: nil))
        let directory = temporaryDirectory()
        var pairs: [(String, any ClassStore & AccountStore, any ClassStore & AccountStore)] = [
            ("memory", memory, memory),
            ("sqlite", try SQLiteAccountStore(database: TesseraDatabase(directory: directory)),
             try SQLiteAccountStore(database: TesseraDatabase(directory: directory)))]
        let schema = uniqueTestSchema()
        if let first = try testPostgres(schema: schema), let second = try testPostgres(schema: schema) {
            pairs.append(("postgres", try await PostgresAccountStore(database: first),
                          try await PostgresAccountStore(database: second)))
        }
        return pairs
    }

    /// The error `body` throws, if any.
    static func refusal(_ body: () async throws -> Void) async -> (any Error)? {
        do { try await body() } catch { return error }
        return nil
    }

    @Test func twoNodesAddingOneNameAtOnceKeepOnlyOne() async throws {
        for (name, first, second) in try await Self.nodePairs() {
            try await Self.prepare(first)
            for round in 0..<5 {
                let pupilName = "Kim \(round)"
                async let one = Self.refusal {
                    try await first.insertPupils([Self.pupil("a\(round)", pupilName)], classID: "c1")
                }
                async let two = Self.refusal {
                    try await second.insertPupils([Self.pupil("b\(round)", pupilName.uppercased())], classID: "c1")
                }
                let refusals = await [one, two].compactMap { $0 }
                #expect(refusals.count == 1, "\(name): one lands, the other does not: \(refusals)")
                #expect(refusals.allSatisfy { if case .pupilNameTaken = $0 as? StoreError { true } else { false } },
                        "\(name): the other is told the name is taken")
            }
            #expect(try await second.pupils(classID: "c1").count == 5, "\(name)")
        }
    }

    /// A database made before classes (accounts-v1 only) keeps its teachers, their order and
    /// their sessions when classes-v1 runs, and takes classes and pupils afterwards.
    @Test func aDatabaseFromBeforeClassesKeepsItsAccounts() async throws {
        var upgraded: [(String, any AccountStore & ClassStore)] = []
        let database = try TesseraDatabase(directory: temporaryDirectory())
        try SQLiteAccountStore.migrator.migrate(database.writer, upTo: "accounts-v1")
        try await database.writer.write { db in
            for (id, email) in [("t2", "b@x.org"), ("t1", "a@x.org")] {  // same time: signed up in this order
                try db.execute(sql: """
                    INSERT INTO accounts (id, role, name, email, email_key, password_hash, created_at)
                    VALUES (?, 'teacher', ?, ?, ?, 'hash', ?)
                    """, arguments: [id, "Teacher \(id)", email, email, Self.awkwardTime.timeIntervalSinceReferenceDate])
            }
            try db.execute(sql: "INSERT INTO sessions VALUES ('s1', 't1', 1.5, 2.5)")
        }
        upgraded.append(("sqlite", try SQLiteAccountStore(database: database)))

        if let postgres = try testPostgres() {
            try await postgres.migrate(Array(PostgresAccountStore.migrations.prefix(1)))
            for (id, email) in [("t2", "b@x.org"), ("t1", "a@x.org")] {
                let (name, time) = ("Teacher \(id)", Self.awkwardTime.timeIntervalSinceReferenceDate)
                _ = try await postgres.query("""
                    INSERT INTO accounts (id, role, name, email, email_key, password_hash, created_at)
                    VALUES (\(id), 'teacher', \(name), \(email), \(email), 'hash', \(time))
                    """)
            }
            _ = try await postgres.query("INSERT INTO sessions VALUES ('s1', 't1', 1.5, 2.5)")
            upgraded.append(("postgres", try await PostgresAccountStore(database: postgres)))
        }

        for (name, store) in upgraded {
            #expect(try await store.teachers(limit: 5).map(\.id) == ["t2", "t1"], "\(name): order kept")
            #expect(try await store.teacher(email: "A@x.org")?.id == "t1", "\(name)")
            #expect(try await store.session(id: "s1")?.accountID == "t1", "\(name): still signed in")
            try await store.insertClass(Self.schoolClass("c1", code: "ACDEFG"))
            try await store.insertPupils([Self.pupil("p1", "Ann")], classID: "c1")
            await #expect(throws: StoreError.pupilNameTaken("ann"), "\(name)") {
                try await store.insertPupils([Self.pupil("p2", "ann")], classID: "c1")
            }
            #expect(try await store.deleteAccount(id: "t1"), "\(name)")
            #expect(try await store.session(id: "s1") == nil, "\(name): the foreign keys still cascade")
            #expect(try await store.account(id: "p1") == nil, "\(name): a teacher's classes and pupils go with them")
            #expect(try await store.schoolClass(id: "c1") == nil, "\(name)")
        }
    }
}
