import ClassroomKit
import Foundation

/// Teachers' two-step sign-in (`ClassroomKit.TwoStep`): the authenticator's secret, the newest
/// step a code was used for, and the recovery codes' hashes. Part of every `AccountStore` (the
/// rows sit beside the account and go with it).
package protocol TwoStepStore: Sendable {
    /// The account's two-step sign-in, on or being set up; nil when it has none.
    func twoStep(accountID: String) async throws -> TwoStep?
    /// Stores a new secret, not yet on (replacing an unfinished set-up). `false` when two-step
    /// sign-in is already on for the account, which is then left as it was.
    func beginTwoStep(accountID: String, totp: TOTP, at time: Date) async throws -> Bool
    /// Turns an unfinished set-up on with its recovery codes' hashes and the step of the code that
    /// confirmed it; `false` when there was no set-up waiting.
    func confirmTwoStep(accountID: String, recoveryHashes: [String], step: Int64, at time: Date) async throws -> Bool
    /// Records a code's step as used: `true` only when it is newer than every step used before (a
    /// code signs in once, even when two nodes see it at the same moment).
    func useTwoStepCode(accountID: String, step: Int64) async throws -> Bool
    /// Uses a recovery code up: `true` when the account had it.
    func useRecoveryCode(accountID: String, hash: String) async throws -> Bool
    /// Turns two-step sign-in off (and forgets the secret and recovery codes).
    func deleteTwoStep(accountID: String) async throws
}
