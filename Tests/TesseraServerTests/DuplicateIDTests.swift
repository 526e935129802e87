import ClassroomKit
import Foundation
import PentominoKit
import Testing
import TesseraTestSupport
import TicTacToeKit
@testable import TesseraServer
@testable import TesseraStore

/// A second insert of a taken id (a document of each kind, an account, a session, a class, a
/// pupil) or of a taken class code is a conflict on every backend, memory, SQLite and (with a
/// database) PostgreSQL, and answers 409 with its own code, never a 500.
@Suite struct DuplicateIDTests {
    @Test func everyKindOfDocumentRefusesATakenIDOnEveryBackend() async throws {
        for (name, store) in try await StoreContractTests.stores(of: Match.self) {
            try await store.insert(try Match(id: "same", mode: .local, names: ["Ann", "Bob"]))
            await #expect(throws: StoreError.duplicateID("same"), "\(name): a game") {
                try await store.insert(try Match(id: "same", mode: .local, names: ["Cy", "Dee"]))
            }
        }
        for (name, store) in try await StoreContractTests.stores(of: PentominoPuzzle.self) {
            try await store.insert(PentominoPuzzle(id: "same", shape: try BoardShape.parse("6x10")))
            await #expect(throws: StoreError.duplicateID("same"), "\(name): a puzzle") {
                try await store.insert(PentominoPuzzle(id: "same", shape: try BoardShape.parse("3x20")))
            }
        }
    }

    @Test func accountsSessionsClassesAndCodesRefuseATakenOneOnEveryBackend() async throws {
        for (name, store) in try await TestAccountStores.all() {
            try await store.insert(TestAccountStores.teacher("t1", email: "ann@x.org"))
            await #expect(throws: StoreError.duplicateID("t1"), "\(name): an account") {
                try await store.insert(TestAccountStores.teacher("t1", email: "bob@x.org"))
            }
            try await store.insertSession(Session(id: "s1", accountID: "t1"))
            await #expect(throws: StoreError.duplicateID("s1"), "\(name): a session") {
                try await store.insertSession(Session(id: "s1", accountID: "t1"))
            }
            try await store.insertClass(SchoolClass(id: "c1", teacherID: "t1", name: "4B", code: "ACDEFG"))
            await #expect(throws: StoreError.duplicateID("c1"), "\(name): a class") {
                try await store.insertClass(SchoolClass(id: "c1", teacherID: "t1", name: "4C", code: "HJKLMN"))
            }
            await #expect(throws: StoreError.classCodeTaken, "\(name): a class code") {
                try await store.insertClass(SchoolClass(id: "c2", teacherID: "t1", name: "4C", code: "ACDEFG"))
            }
        }
    }

    @Test func takenIDsAndNamesAnswer409WithTheirOwnCode() {
        let answers: [(StoreError, String)] = [(.duplicateID("same"), "duplicate_id"), (.emailTaken, "email_taken"),
                                              (.classCodeTaken, "class_code_taken"), (.pupilNameTaken("Ann"), "pupil_name_taken")]
        for (error, code) in answers {
            #expect(error.status == .conflict && error.code == code, "\(error)")
        }
    }
}
