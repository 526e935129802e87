import ArgumentParser
import Foundation
import GridKit
import TesseraServer

/// `tessera serve`'s options for running on a school's own network (README, "Run it for your
/// school"): the names it answers to, HTTPS, and backups taken while it runs.
struct SchoolNetworkOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A name this server answers to, e.g. tessera.school.example or 192.168.1.20; repeat for several. Requests for any other Host get 403 (loopback names always work). Use it with --host 0.0.0.0: it stops other web sites reaching the server through a pupil's browser (DNS rebinding).",
                               valueName: "name"))
    var allowedHost: [String] = []

    @Option(help: ArgumentHelp("Serve HTTPS (HTTP/2 and HTTP/1.1) with this certificate: a PEM file, the server's certificate first, then any intermediate ones. Needs --tls-key. Sign-in cookies become Secure and answers carry HSTS.",
                               valueName: "file"))
    var tlsCert: String?

    @Option(help: ArgumentHelp("The unencrypted PEM private key of --tls-cert. Only the user that runs Tessera should be able to read it.", valueName: "file"))
    var tlsKey: String?

    @Option(help: ArgumentHelp("Back the SQLite database up while serving, this often: a number and s, m, h or d (like 1d or 12h), into the data folder's backups/ folder, the same checked copy `tessera backup` makes. The first is taken at start unless a recent one is there. Not with --database (use PostgreSQL's own tools).",
                               valueName: "duration"))
    var backupEvery: String?

    @Option(help: ArgumentHelp("With --backup-every: keep the newest this many backups and delete older ones (1…1000; default 14).", valueName: "n"))
    var backupKeep: Int?

    func validate() throws {
        guard allowedHost.count <= 64 else { throw ValidationError("--allowed-host may be given at most 64 times.") }
        for name in allowedHost where !Configuration.isValidHostName(name) {
            throw ValidationError("--allowed-host must be a host name like tessera.school.example or an IP address like 192.168.1.20, not '\(name.prefix(80))'.")
        }
        switch (tlsCert, tlsKey) {
        case (.some, nil): throw ValidationError("--tls-cert needs --tls-key: the private key that goes with the certificate.")
        case (nil, .some): throw ValidationError("--tls-key needs --tls-cert: the certificate that goes with the key.")
        default: break
        }
        _ = try backups()
    }

    /// `--backup-every` and `--backup-keep` as a schedule, or `nil` without `--backup-every`.
    func backups() throws -> BackupSchedule? {
        guard let backupEvery else {
            if backupKeep != nil { throw ValidationError("--backup-keep only counts with --backup-every (how often to back up).") }
            return nil
        }
        guard let every = Duration(option: backupEvery) else {
            throw ValidationError("--backup-every must be a whole number and a unit, s, m, h or d (like 1d or 12h), not '\(backupEvery.prefix(40))'.")
        }
        let keep = backupKeep ?? 14
        guard BackupSchedule.keepRange.contains(keep) else {
            throw ValidationError("--backup-keep must be from \(BackupSchedule.keepRange.lowerBound) to \(BackupSchedule.keepRange.upperBound), not \(keep).")
        }
        return BackupSchedule(every: every, keep: keep)
    }

    /// Puts these options into `config` (after the data folder and database are known).
    func apply(to config: inout Configuration) throws {
        config.allowedHosts = allowedHost
        if let tlsCert, let tlsKey { config.tls = TLSFiles(certificate: tlsCert, privateKey: tlsKey) }
        if let schedule = try backups() {
            guard config.databaseURL == nil else {
                throw ValidationError("--backup-every backs up the SQLite data folder; with --database (PostgreSQL) back up with pg_dump instead (see README, Backups).")
            }
            config.backups = schedule
        }
    }

    /// A line for the terminal when the server is open to the network but answers any name.
    static func warnings(for config: Configuration) -> [String] {
        guard config.allowedHosts.isEmpty, !Configuration.isLoopbackHost(config.host) else { return [] }
        return ["Warning: listening on \(config.host) without --allowed-host, so any Host name is answered. On a school network add --allowed-host with the server's name (README: Run it for your school)."]
    }
}
