import ArgumentParser
import Foundation
import PostsClient
import PostsKit
import TesseraServer
import TesseraStore

extension PostsCommand {
    /// The issue's speed benchmark: against an in-process server's own `/origin` over loopback
    /// HTTP, in one run, (1) only downloading and decoding the four lists, (2) a first sync into
    /// an empty data folder, (3) a second sync with nothing changed. Median of `--runs`.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time a first and a second sync of the 5,710 records against download + decode alone (use a release build).")

        static let firstSyncRatioTarget = 2.0
        static let firstSyncLimit = 0.300
        static let secondSyncLimit = 0.100

        @Option(help: "Runs; the report gives the median of each measurement.")
        var runs = 5

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        func validate() throws {
            guard (1...50).contains(runs) else { throw ValidationError("--runs must be from 1 to 50.") }
        }

        struct Report: Encodable {
            let records: Int
            let runs: Int
            /// Medians, in seconds.
            let downloadSeconds: Double
            let firstSyncSeconds: Double
            let secondSyncSeconds: Double
            /// First sync ÷ download alone.
            let firstSyncRatio: Double
            /// Rows the second sync wrote, over all runs (must be 0).
            let secondSyncWrites: Int
            let pass: Bool
        }

        func run() async throws {
            let progress = ProgressLine(json: json)
            let runs = self.runs
            let samples = try await InProcessServer.with { base -> [(download: Double, first: Double, second: Double, writes: Int, records: Int)] in
                let origin = HTTPPostsOrigin(baseURL: base + "/origin")
                _ = try await PostsSnapshot.fetch(from: origin)  // warm-up: connections and the origin's rendering
                var samples: [(Double, Double, Double, Int, Int)] = []
                for index in 1...runs {
                    progress.show("run \(index)/\(runs)")
                    let clock = ContinuousClock()
                    let started = clock.now
                    let snapshot = try await PostsSnapshot.fetch(from: origin)
                    let download = (clock.now - started).seconds
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-posts-bench-\(UUID().uuidString)").path
                    defer { try? FileManager.default.removeItem(atPath: folder) }
                    let library = PostsLibrary(stores: try await AppStores.make(.sqlite(directory: folder)), originURL: base + "/origin")
                    let first = try await library.sync()
                    let second = try await library.sync()
                    samples.append((download, first.seconds, second.seconds,
                                    second.inserted + second.updated + second.deleted, snapshot.recordCount))
                }
                return samples
            }
            progress.clear()
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            let download = median(samples.map(\.download)), first = median(samples.map(\.first))
            let second = median(samples.map(\.second)), writes = samples.map(\.writes).reduce(0, +)
            let ratio = (first / download * 100).rounded() / 100
            let report = Report(
                records: samples.first?.records ?? 0, runs: runs, downloadSeconds: (download * 1000).rounded() / 1000,
                firstSyncSeconds: first, secondSyncSeconds: second, firstSyncRatio: ratio, secondSyncWrites: writes,
                pass: ratio <= Self.firstSyncRatioTarget && first < Self.firstSyncLimit && second < Self.secondSyncLimit && writes == 0)
            if json { return try printJSON(report) }
            print("\(report.records) records, median of \(runs) runs")
            print(String(format: "download + decode only   %7.3f s", download))
            print(String(format: "first sync               %7.3f s  (%.2f× download; target ≤ %.0f× and < %.0f ms)",
                         first, ratio, Self.firstSyncRatioTarget, Self.firstSyncLimit * 1000))
            print(String(format: "second sync              %7.3f s  (%d rows written; target 0 rows and < %.0f ms)",
                         second, writes, Self.secondSyncLimit * 1000))
            print("→ \(report.pass ? "PASS" : "FAIL")")
            if !report.pass { throw ExitCode.failure }
        }
    }
}
