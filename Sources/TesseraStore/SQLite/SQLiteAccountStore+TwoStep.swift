import ClassroomKit
import Foundation
import GRDB

/// Two-step sign-in in the SQLite file: one row per teacher who set it up (the secret in Base32:
/// it must be read back to check codes), and one row per unused recovery code's hash. Both go
/// with the account (the foreign keys).
extension SQLiteAccountStore {
    /// "two-step-v1".
    static func twoStepV1(_ db: Database) throws {
        try db.create(table: "two_step") { table in
            table.primaryKey("account_id", .text).references("accounts", onDelete: .cascade)
            table.column("secret", .text).notNull()
            table.column("created_at", .double).notNull()
            table.column("confirmed_at", .double)
            table.column("last_step", .integer).notNull().defaults(to: 0)
        }
        try db.create(table: "two_step_recovery") { table in
            table.column("account_id", .text).notNull().references("accounts", onDelete: .cascade)
            table.column("code_hash", .text).notNull()
            table.primaryKey(["account_id", "code_hash"])
        }
    }

    package func twoStep(accountID: String) async throws -> TwoStep? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT secret, confirmed_at, last_step,
                       (SELECT count(*) FROM two_step_recovery r WHERE r.account_id = t.account_id) AS codes
                FROM two_step t WHERE account_id = ?
                """, arguments: [accountID]),
                let totp = TOTP(base32: row["secret"]) else { return nil }
            let confirmed: Double? = row["confirmed_at"]
            return TwoStep(totp: totp, confirmedAt: confirmed.map(Date.init(timeIntervalSinceReferenceDate:)),
                           lastStep: row["last_step"], recoveryCodesLeft: row["codes"])
        }
    }

    package func beginTwoStep(accountID: String, totp: TOTP, at time: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: """
                INSERT INTO two_step (account_id, secret, created_at) VALUES (?, ?, ?)
                ON CONFLICT (account_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
                    last_step = 0 WHERE two_step.confirmed_at IS NULL
                """, arguments: [accountID, totp.base32, time.timeIntervalSinceReferenceDate])
            return db.changesCount > 0
        }
    }

    package func confirmTwoStep(accountID: String, recoveryHashes: [String], step: Int64, at time: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE two_step SET confirmed_at = ?, last_step = ? WHERE account_id = ? AND confirmed_at IS NULL",
                           arguments: [time.timeIntervalSinceReferenceDate, step, accountID])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "DELETE FROM two_step_recovery WHERE account_id = ?", arguments: [accountID])
            for hash in Set(recoveryHashes) {
                try db.execute(sql: "INSERT INTO two_step_recovery (account_id, code_hash) VALUES (?, ?)", arguments: [accountID, hash])
            }
            return true
        }
    }

    package func useTwoStepCode(accountID: String, step: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE two_step SET last_step = ? WHERE account_id = ? AND confirmed_at IS NOT NULL AND last_step < ?",
                           arguments: [step, accountID, step])
            return db.changesCount > 0
        }
    }

    package func useRecoveryCode(accountID: String, hash: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM two_step_recovery WHERE account_id = ? AND code_hash = ?", arguments: [accountID, hash])
            return db.changesCount > 0
        }
    }

    package func deleteTwoStep(accountID: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM two_step_recovery WHERE account_id = ?", arguments: [accountID])
            try db.execute(sql: "DELETE FROM two_step WHERE account_id = ?", arguments: [accountID])
        }
    }
}
