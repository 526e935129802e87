import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GridKit
import MazeKit
import Synchronization

// Shared pieces of `tessera maze explore` and `tessera maze bench`.

extension MazeAlgorithm: ExpressibleByArgument {}
extension ExplorationStrategy: ExpressibleByArgument {}
extension LatencyPreset: ExpressibleByArgument {}

/// A failure worth one clear line (ArgumentParser prints it as "Error: …" and exits with 1).
struct MazeCLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

enum MazeSizeRule {
    /// Checks a maze side given on the command line.
    static func validate(_ side: Int?, _ name: String) throws {
        guard let side, !MazeParameters.isValidSide(side) else { return }
        let range = MazeParameters.sizeRange
        throw ValidationError("--\(name) must be odd and between \(range.lowerBound) and \(range.upperBound), not \(side).")
    }
}

// MARK: Live counts

/// Live counters for the progress line: requests as they are made (retries included, like
/// `ExplorationStats`) and rooms as the explorer places them.
final class MazeCallCounter: Sendable {
    struct Counts: Sendable {
        var fetches = 0, unlocks = 0
        var fetchesInFlight = 0, unlocksInFlight = 0
        var rooms = 0, doors = 0
    }

    private let state = Mutex(Counts())

    var counts: Counts { state.withLock { $0 } }

    func update(_ change: (inout Counts) -> Void) {
        state.withLock { change(&$0) }
    }

    /// Pass as the explorer's `onEvent`.
    func record(_ event: ExplorerEvent) {
        guard case let .roomAdded(room) = event else { return }
        update {
            $0.rooms += 1
            if room.type == .door { $0.doors += 1 }
        }
    }
}

/// A `MazeAPI` that counts the calls it forwards, so the progress line can show fetches and unlocks
/// while they happen (the explorer's own stats arrive only at the end).
struct CountingMazeAPI: MazeAPI {
    let base: any MazeAPI
    let counter: MazeCallCounter

    func startRoom() async throws -> String { try await base.startRoom() }

    func room(id: String) async throws -> RoomResponse {
        counter.update { $0.fetches += 1; $0.fetchesInFlight += 1 }
        defer { counter.update { $0.fetchesInFlight -= 1 } }
        return try await base.room(id: id)
    }

    func unlock(lock: String) async throws -> String {
        counter.update { $0.unlocks += 1; $0.unlocksInFlight += 1 }
        defer { counter.update { $0.unlocksInFlight -= 1 } }
        return try await base.unlock(lock: lock)
    }
}

// MARK: Progress

extension MazeCallCounter.Counts {
    /// "3.2 s · 812 rooms, 30 doors · 815 fetches (16 active), 29 unlocks (4 active)": the time first,
    /// so a narrow terminal cuts the least useful end.
    func describe(total: Int? = nil, elapsed: Duration) -> String {
        let found = total.map { "\(rooms)/\($0) rooms" } ?? "\(rooms) rooms"
        return String(format: "%.1f s", elapsed.seconds) + " · \(found), \(doors) doors · "
            + "\(fetches) fetches (\(fetchesInFlight) active), \(unlocks) unlocks (\(unlocksInFlight) active)"
    }
}

// MARK: Ctrl-C

/// Counts Ctrl-Cs; the first cancels the work (so it can still report), the second quits at once.
final class InterruptFlag: Sendable {
    private let count = Mutex(0)
    var interrupted: Bool { count.withLock { $0 > 0 } }
    func increment() -> Int { count.withLock { $0 += 1; return $0 } }
}

/// Runs `operation` in a task that Ctrl-C cancels, so a long exploration ends in its `cancelled`
/// state and still prints what it did; a second Ctrl-C exits immediately with status 130.
func cancellableByInterrupt<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T)
    async throws -> (value: T, interrupted: Bool) {
    let flag = InterruptFlag()
    let task = Task { try await operation() }
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler {
        if flag.increment() > 1 { exit(130) }
        task.cancel()
    }
    source.resume()
    defer {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
    let value = try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
    return (value, flag.interrupted)
}

// MARK: Reachability

enum ServerProbe {
    enum Answer {
        /// `GET /health` answered 200.
        case healthy
        /// Something answers HTTP there, but not Tessera's health check (maybe an original-style server).
        case answered(status: Int)
        case unreachable(reason: String)
    }

    /// One `GET <base>/health` with a short deadline; never retries.
    static func check(_ baseURL: String, timeout: TimeInterval = 2) async -> Answer {
        let root = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        guard let url = URL(string: root + "/health") else { return .unreachable(reason: "not a URL") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        do {
            let request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
            let (_, response) = try await session.data(for: request)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return status == 200 ? .healthy : .answered(status: status)
        } catch let error as URLError {
            switch error.code {
            case .timedOut: return .unreachable(reason: "no answer within \(timeout.formatted()) s")
            case .cannotConnectToHost, .networkConnectionLost: return .unreachable(reason: "connection refused")
            case .cannotFindHost, .dnsLookupFailed: return .unreachable(reason: "unknown host")
            default: return .unreachable(reason: error.localizedDescription)
            }
        } catch {
            return .unreachable(reason: error.localizedDescription)
        }
    }

    /// Checks `--api`-style URLs: http or https with a host.
    static func validate(_ text: String, option: String = "--api") throws {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else {
            throw ValidationError("\(option) must be an http:// or https:// URL such as http://127.0.0.1:8080, not '\(text)'.")
        }
    }
}

// MARK: SVG file

/// Where `maze explore --svg` puts its picture: a file, or standard output for `-`.
enum SVGDestination {
    case standardOutput
    case file(URL)

    init(_ argument: String) {
        self = argument == "-" ? .standardOutput : .file(URL(fileURLWithPath: argument))
    }

    /// Refuses, before any exploring, a path that cannot be written: a missing or read-only folder,
    /// a folder in the file's place, a read-only file. (A disk that fills up meanwhile is still
    /// caught by `write`.)
    func checkWritable() throws {
        guard case let .file(url) = self else { return }
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: url.path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw MazeCLIError("--svg: \(url.path) is a folder; give a file name such as \(url.path)/maze.svg") }
            if !files.isWritableFile(atPath: url.path) { throw MazeCLIError("--svg: \(url.path) is not writable") }
            return
        }
        let folder = url.deletingLastPathComponent()
        guard files.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            throw MazeCLIError("--svg: the folder \(folder.path) does not exist")
        }
        guard isFolder.boolValue else { throw MazeCLIError("--svg: \(folder.path) is not a folder") }
        // Root passes access(2) everywhere, so a read-only mount is only found by trying: create
        // a file of our own beside it and remove it again (not the file itself, which may be a
        // dangling symbolic link that the attempt would replace).
        let probe = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).probe")
        guard files.isWritableFile(atPath: folder.path), files.createFile(atPath: probe.path, contents: nil) else {
            throw MazeCLIError("--svg: cannot write in the folder \(folder.path)")
        }
        try? files.removeItem(at: probe)
    }

    /// Writes `svg`; returns where it went, for the one line the command prints.
    func write(_ svg: String) throws -> String {
        let bytes = Data(svg.utf8)
        switch self {
        case .standardOutput:
            FileHandle.standardOutput.write(bytes)
            return "standard output"
        case let .file(url):
            // A new or regular file is replaced atomically (a reader never sees half a picture).
            // Anything else (a symbolic link such as /dev/stdout, a pipe, a device) is written
            // through: an atomic write would rename a regular file over it.
            let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
            do {
                try bytes.write(to: url, options: type == nil || type == .typeRegular ? .atomic : [])
            } catch {
                throw MazeCLIError("--svg: could not write \(url.path): \(error.localizedDescription)")
            }
            return url.path
        }
    }
}

// MARK: JSON

/// Prints one JSON object on a line of standard output, keys sorted.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

extension Double {
    /// Rounded for reports, so JSON shows 12.345 rather than 12.345000000000001.
    func rounded(to places: Int) -> Double {
        let scale = Foundation.pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
