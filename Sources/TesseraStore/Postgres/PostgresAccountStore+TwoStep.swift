import ClassroomKit
import Foundation
import PostgresNIO

/// Two-step sign-in in PostgreSQL: the same tables as `SQLiteAccountStore+TwoStep.swift`. A used
/// code's step is moved forward by one conditional UPDATE, so two nodes shown the same code at
/// the same moment cannot both accept it.
extension PostgresAccountStore {
    /// "two-step-v1".
    static let twoStepV1 = PostgresMigration(name: "two-step-v1", statements: [
        """
        CREATE TABLE IF NOT EXISTS two_step (
            account_id text PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
            secret text NOT NULL,
            created_at double precision NOT NULL,
            confirmed_at double precision,
            last_step bigint NOT NULL DEFAULT 0)
        """,
        """
        CREATE TABLE IF NOT EXISTS two_step_recovery (
            account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
            code_hash text NOT NULL,
            PRIMARY KEY (account_id, code_hash))
        """,
    ])

    package func twoStep(accountID: String) async throws -> TwoStep? {
        guard let row = try await database.query("""
            SELECT secret, confirmed_at, last_step,
                   (SELECT count(*) FROM two_step_recovery r WHERE r.account_id = t.account_id)
            FROM two_step t WHERE account_id = \(accountID)
            """).first else { return nil }
        let (secret, confirmed, step, codes) = try row.decode((String, Double?, Int64, Int64).self)
        guard let totp = TOTP(base32: secret) else { return nil }
        return TwoStep(totp: totp, confirmedAt: confirmed.map(Date.init(timeIntervalSinceReferenceDate:)),
                       lastStep: step, recoveryCodesLeft: Int(codes))
    }

    package func beginTwoStep(accountID: String, totp: TOTP, at time: Date) async throws -> Bool {
        let (secret, created) = (totp.base32, time.timeIntervalSinceReferenceDate)
        return !(try await database.query("""
            INSERT INTO two_step (account_id, secret, created_at) VALUES (\(accountID), \(secret), \(created))
            ON CONFLICT (account_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at,
                last_step = 0 WHERE two_step.confirmed_at IS NULL
            RETURNING account_id
            """).isEmpty)
    }

    package func confirmTwoStep(accountID: String, recoveryHashes: [String], step: Int64, at time: Date) async throws -> Bool {
        let confirmed = time.timeIntervalSinceReferenceDate
        let hashes = Array(Set(recoveryHashes))
        return try await database.transaction { [logger = database.logger] connection in
            let updated = try await connection.query("""
                UPDATE two_step SET confirmed_at = \(confirmed), last_step = \(step)
                WHERE account_id = \(accountID) AND confirmed_at IS NULL RETURNING account_id
                """, logger: logger).collect()
            guard !updated.isEmpty else { return false }
            try await connection.query("DELETE FROM two_step_recovery WHERE account_id = \(accountID)", logger: logger)
            for hash in hashes {
                try await connection.query("INSERT INTO two_step_recovery (account_id, code_hash) VALUES (\(accountID), \(hash))",
                                           logger: logger)
            }
            return true
        }
    }

    package func useTwoStepCode(accountID: String, step: Int64) async throws -> Bool {
        !(try await database.query("""
            UPDATE two_step SET last_step = \(step)
            WHERE account_id = \(accountID) AND confirmed_at IS NOT NULL AND last_step < \(step) RETURNING account_id
            """).isEmpty)
    }

    package func useRecoveryCode(accountID: String, hash: String) async throws -> Bool {
        !(try await database.query("""
            DELETE FROM two_step_recovery WHERE account_id = \(accountID) AND code_hash = \(hash) RETURNING account_id
            """).isEmpty)
    }

    package func deleteTwoStep(accountID: String) async throws {
        try await database.transaction { [logger = database.logger] connection in
            try await connection.query("DELETE FROM two_step_recovery WHERE account_id = \(accountID)", logger: logger)
            try await connection.query("DELETE FROM two_step WHERE account_id = \(accountID)", logger: logger)
        }
    }
}
