import ClassroomKit
import Foundation
import Testing

/// What a teacher meets when signing up, and how long a session lasts.
@Suite struct AccountRulesTests {
    @Test func aPasswordNeedsTenCharactersAndFitsBcrypt() throws {
        #expect(throws: AccountError.passwordTooShort) { try AccountRules.checkPassword("nine char") }
        try AccountRules.checkPassword("ten chars!")
        try AccountRules.checkPassword(String(repeating: "é", count: 200))
        #expect(throws: AccountError.passwordTooLong) { try AccountRules.checkPassword(String(repeating: "a", count: 201)) }
    }

    @Test func emailsAreOneAccountWhateverTheirCapitals() throws {
        #expect(Account.emailKey(" Ann@School.ORG ") == "ann@school.org")
        #expect(try AccountRules.checkEmail("Ann@School.org") == "Ann@School.org")
        for bad in ["ann", "ann@", "@school.org", "ann@school", "ann @school.org", "a@b@c.org", "ann@.org", " ann@school.org", "ann@school..org"] {
            #expect(throws: AccountError.invalidEmail, "\(bad)") { try AccountRules.checkEmail(bad) }
        }
    }

    @Test func namesAreTrimmedAndBounded() throws {
        #expect(try AccountRules.checkName("  Ms Rivera ") == "Ms Rivera")
        #expect(throws: AccountError.invalidName) { try AccountRules.checkName("   ") }
        #expect(throws: AccountError.invalidName) { try AccountRules.checkName(String(repeating: "x", count: 81)) }
        #expect(throws: AccountError.invalidName) { try AccountRules.checkName("tab\there") }
    }

    @Test func aSessionEndsAfterThirtyDaysUnused() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let session = Session(id: "s", accountID: "a", createdAt: start)
        #expect(session.isLive(at: start.addingTimeInterval(29 * 86_400)))
        #expect(!session.isLive(at: start.addingTimeInterval(30 * 86_400)))
        #expect(!session.needsTouch(at: start.addingTimeInterval(60)))
        #expect(session.needsTouch(at: start.addingTimeInterval(3_600)))
    }
}
