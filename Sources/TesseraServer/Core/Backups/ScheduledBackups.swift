import AsyncAlgorithms
import Foundation
import GridKit
import Logging
import ServiceLifecycle
import TesseraStore

/// `tessera serve --backup-every 1d --backup-keep 14`: how often, and how many to keep.
public struct BackupSchedule: Sendable, Equatable {
    public var every: Duration
    public var keep: Int

    /// Kept backups: at least one, at most this many.
    public static let keepRange = 1...1000

    public init(every: Duration, keep: Int) {
        self.every = every
        self.keep = keep
    }
}

/// Backups taken by `serve` itself: the same checked online copy as `tessera backup`
/// (`DatabaseBackup`, safe while requests write), into the data folder's `backups/` as
/// `tessera-<UTC time>.sqlite` (and its `.maze-secret`), then only the newest `keep` are left.
///
/// The first is due one interval after the newest backup already there (at once when there is
/// none, or it is older), so restarting the server neither skips a day nor piles copies up.
/// A failed backup (a full disk) is logged and tried again at the next interval; files in
/// `backups/` that are not ours are never touched. SQLite only (the CLI refuses the options with
/// PostgreSQL, whose own tools copy it).
struct ScheduledBackups: Sendable {
    let dataDirectory: String
    let schedule: BackupSchedule

    static let folderName = "backups"
    private static let prefix = "tessera-"
    private static let suffix = ".sqlite"

    var folder: String { dataDirectory + "/" + Self.folderName }

    /// The backup service `config` asks for: none without `--backup-every`, or without a SQLite
    /// data folder (the CLI refuses that pairing before it gets here).
    static func services(_ config: Configuration, logger: Logger) -> [any Service] {
        guard let schedule = config.backups, config.databaseURL == nil, let folder = config.dataDirectory else { return [] }
        return [BackupService(backups: ScheduledBackups(dataDirectory: folder, schedule: schedule), logger: logger)]
    }

    /// One backup named for `now`, then pruning; returns the file written and the files removed.
    func takeBackup(now: Date = Date()) throws -> (report: DatabaseBackup.Report, removed: [String]) {
        try DataFolder.prepareChecked(folder)
        let file = folder + "/" + Self.prefix + Self.stamp(now) + Self.suffix
        let report = try DatabaseBackup.backup(dataDirectory: dataDirectory, to: file, overwrite: true)
        return (report, try prune())
    }

    /// Removes all but the newest `keep` backups (with their maze secrets); returns what it removed.
    func prune() throws -> [String] {
        let old = backups().dropFirst(schedule.keep)
        var removed: [String] = []
        for backup in old {
            let path = folder + "/" + backup.name
            for file in [path, DatabaseBackup.mazeSecretPath(besides: path)] where FileManager.default.fileExists(atPath: file) {
                try FileManager.default.removeItem(atPath: file)
            }
            removed.append(path)
        }
        return removed
    }

    /// Our backups in the folder, newest first.
    func backups() -> [(name: String, taken: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name in
            guard name.hasPrefix(Self.prefix), name.hasSuffix(Self.suffix) else { return nil }
            let stamp = name.dropFirst(Self.prefix.count).dropLast(Self.suffix.count)
            return Self.date(String(stamp)).map { (name, $0) }
        }.sorted { $0.taken > $1.taken }
    }

    /// How long to wait before the next backup: what is left of the interval since the newest one.
    func delayBeforeNext(now: Date = Date()) -> Duration {
        guard let newest = backups().first?.taken else { return .zero }
        let left = schedule.every.seconds - now.timeIntervalSince(newest)
        return left > 0 ? .milliseconds(Int64(left * 1000)) : .zero
    }

    /// `20261128T043000Z`: sorts by time, and no character a shell or file system minds.
    static func stamp(_ date: Date) -> String { formatter.string(from: date) }

    static func date(_ stamp: String) -> Date? { formatter.date(from: stamp) }

    private static var formatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter
    }
}

/// Runs `ScheduledBackups` beside the server until it shuts down. The copy itself blocks (SQLite's
/// backup API), so it runs on a thread of its own, never on the threads that answer requests.
struct BackupService: Service {
    let backups: ScheduledBackups
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown { [backups, logger] in
            do {
                try await Task.sleep(for: backups.delayBeforeNext())
                await Self.round(backups, logger: logger)
                for await _ in AsyncTimerSequence.repeating(every: backups.schedule.every) {
                    await Self.round(backups, logger: logger)
                }
            } catch {
                return  // cancelled while waiting for the first one: the server is stopping
            }
        }
    }

    /// One backup and its pruning, told in one log line either way.
    static func round(_ backups: ScheduledBackups, logger: Logger) async {
        let outcome: Result<(report: DatabaseBackup.Report, removed: [String]), any Error> = await withCheckedContinuation { done in
            Thread.detachNewThread { done.resume(returning: Result { try backups.takeBackup() }) }
        }
        switch outcome {
        case .success(let (report, removed)):
            let megabytes = String(format: "%.1f", Double(report.bytes) / 1_000_000)
            let seconds = String(format: "%.1f", report.seconds)
            let pruned = removed.isEmpty ? "" : "; removed \(removed.count) older (keeping the newest \(backups.schedule.keep))"
            logger.info("Backup written to \(report.file) (\(megabytes) MB in \(seconds) s, checked)\(pruned)")
        case .failure(let error):
            logger.error("Backup into \(backups.folder) failed; trying again in \(backups.schedule.every.optionText): \(error)")
        }
    }
}
