import AsyncAlgorithms
import Foundation
import GridKit
import Hummingbird
import Languages
import MazeClient
import MazeKit
import NIOCore
import ServiceLifecycle
import Synchronization

/// `GET /api/maze/explore`: the server's own Swift explorer walks a new maze over real HTTP against
/// this very server (so the page watches exactly what a remote client would experience) and streams
/// each discovery to the page as a server-sent event.
///
/// One exploration sends the server up to ~5,000 requests, so they are bounded: at most
/// `maxRunning` at once (429 `too_busy` beyond), each stops after `timeLimit`, and one whose client
/// has gone (a write fails; a comment line goes out every second to find out) or has stopped
/// reading (a write pending for `stallLimit`) is cancelled at once. The explorer's events pass
/// through a one-element channel, so a slow reader slows the stream rather than growing a buffer.
///
/// The explorer only knows coordinates relative to its start room. The page wants to lay the grid
/// out before the first room arrives, so each event is translated into absolute maze positions
/// (row 0 at the top) using the start square the server already knows; the explorer itself never
/// sees the map.
struct MazeExplorations: Sendable {
    let service: MazeService
    let selfAddress: ServerAddress
    let limits: ExplorationLimits
    private let running = RunningCount()

    init(service: MazeService, selfAddress: ServerAddress, limits: ExplorationLimits) {
        self.service = service
        self.selfAddress = selfAddress
        self.limits = limits
    }

    func stream(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        func text(_ name: String) -> String? { query[Substring(name)].map(String.init) }
        let parameters = try MazeRequestRules.parameters(
            seed: text("seed"), width: try MazeRequestRules.int(text("width"), "width"),
            height: try MazeRequestRules.int(text("height"), "height"), algorithm: text("algorithm"))
        let latency = try text("latency").map(LatencyPreset.parse)
        let strategy = try Self.strategy(text("strategy"))
        _ = try request.textLanguage()  // `lang`, if sent, is one we have (400 `bad_language` otherwise), as on Rapid Router's routes
        guard let baseURL = selfAddress.baseURL else {
            throw APIError(.serviceUnavailable, code: "not_ready", say: "maze.errors.notReady")
        }
        let slot = try reserveSlot()
        let api = HTTPMazeAPI(baseURL: baseURL,
                              newMaze: NewMazeRequest(seed: parameters.seed, width: parameters.width,
                                                      height: parameters.height, algorithm: parameters.algorithm),
                              latency: latency?.rawValue, client: selfAddress.client ?? MazeHTTP.client)
        let explorer = MazeExplorer(api: api, options: ExplorerOptions(strategy: strategy))
        let start = service.maze(for: parameters).start
        let began = ExploreEventJSON.began(parameters: parameters, strategy: strategy, latency: latency, start: start)
        let limits = self.limits
        // The page names its language in the address (an EventSource sends no Accept-Language).
        let language = APIError.language(of: request)

        return ServerSentEvents.response { writer in
            let frames = AsyncChannel<ByteBuffer>()
            let watch = StreamWatch()
            let producer = Task {
                defer {
                    frames.finish()
                    slot.release()
                }
                var explored = ExploredMaze()
                for await event in explorer.events() {
                    guard let json = Self.json(for: event, explored: &explored, start: start, language: language) else { continue }
                    guard let frame = try? Self.frame(json) else { continue }
                    await frames.send(frame)
                }
            }
            // A comment line every second: a client that has gone is noticed by the failed write.
            let ticker = Task {
                for await _ in AsyncTimerSequence.repeating(every: .seconds(1)) {
                    await frames.send(ByteBuffer(string: ": tick\n\n"))
                }
            }
            // Cancels the exploration when the reader stalls or the time limit passes.
            let watchdog = Task {
                let started = ContinuousClock.now
                for await _ in AsyncTimerSequence.repeating(every: .milliseconds(250)) {
                    if ContinuousClock.now - started > limits.timeLimit {
                        watch.timedOut()
                    } else if !watch.stalled(for: limits.stallLimit) {
                        continue
                    }
                    producer.cancel()
                    return
                }
            }
            defer {
                producer.cancel()
                ticker.cancel()
                watchdog.cancel()
            }
            try await writer.write(Self.frame(began))
            // Ends when the producer finishes the channel (exploration over, or cancelled).
            for await chunk in frames.cancelOnGracefulShutdown() {
                try await watch.writing { try await writer.write(chunk) }
            }
            if watch.didTimeOut {
                let seconds = Int(limits.timeLimit.components.seconds)
                let said = Catalogues.current.text(Phrase("maze.errors.timeLimit", ["seconds": .number(seconds)]), language: language)
                try? await writer.write(Self.frame(.failed(said, ExplorationStats())))
            }
        }
    }

    /// Takes one of the `maxRunning` exploration slots, or refuses with 429.
    private func reserveSlot() throws -> ExplorationSlot {
        let taken = running.count.withLock { count in
            guard count < limits.maxRunning else { return false }
            count += 1
            return true
        }
        guard taken else {
            TesseraMetrics.refused("explorations").increment()
            throw APIError.tooBusy("maze.errors.tooManyExplorations", ["count": .number(limits.maxRunning)], retryAfterSeconds: 5)
        }
        TesseraMetrics.runningExplorations.increment()
        let running = self.running
        return ExplorationSlot { running.count.withLock { $0 -= 1 } }
    }

    private static func json(for event: ExplorerEvent, explored: inout ExploredMaze, start: Square, language: String) -> ExploreEventJSON? {
        switch event {
        case .began: return nil
        case let .roomAdded(room):
            explored.add(room)
            return .room(room, start: start)
        case let .finished(stats):
            let path = explored.shortestPath() ?? []
            return .finished(stats, valid: explored.isValid, path: path.map { $0.offset(by: start) })
        case let .failed(error, stats):
            return .failed(Self.reason(error, language: language), stats)
        case let .cancelled(stats):
            return .cancelled(stats)
        }
    }

    static func strategy(_ name: String?) throws -> ExplorationStrategy {
        guard let name else { return .eventDriven }
        guard let strategy = ExplorationStrategy(rawValue: name) else {
            throw APIError.badRequest("maze.errors.unknownStrategy", ["name": .sent(name, limit: 40)], code: "invalid_strategy")
        }
        return strategy
    }

    /// Why the explorer stopped, in the page's language: the maze API's failures by key, anything
    /// else (which would be a bug) as the error describes itself.
    static func reason(_ error: any Error, language: String) -> String {
        let words = (error as? MazeAPIError)?.words ?? Phrase("shared.errors.verbatim", ["text": .text(String(describing: error))])
        return Catalogues.current.text(words, language: language)
    }

    private static func frame(_ event: ExploreEventJSON) throws -> ByteBuffer {
        ServerSentEvents.frame(String(decoding: try JSONBody.encoder.encode(event), as: UTF8.self))
    }
}

/// The limits on server-side explorations (`tessera serve --maze-max-explorations` …).
public struct ExplorationLimits: Sendable {
    /// Explorations running at once; more are refused with 429.
    public var maxRunning = 4
    /// An exploration is stopped (and reported as failed) after this long.
    public var timeLimit: Duration = .seconds(300)
    /// A client whose write has been pending this long has stopped reading; its exploration ends.
    public var stallLimit: Duration = .seconds(2)

    public init() {}
}

/// One running exploration's place in the count, given back exactly once: when the exploration
/// ends, or when the response is dropped without ever being written.
final class ExplorationSlot: Sendable {
    private let releaseOnce: Mutex<(@Sendable () -> Void)?>

    init(release: @escaping @Sendable () -> Void) { releaseOnce = Mutex(release) }

    func release() {
        let release = releaseOnce.withLock { value in
            defer { value = nil }
            return value
        }
        if let release {
            release()
            TesseraMetrics.runningExplorations.decrement()
        }
    }

    deinit { release() }
}

/// How the writing side of a stream is doing: whether a write has been pending too long.
final class StreamWatch: Sendable {
    private struct State {
        var pendingSince: ContinuousClock.Instant?
        var timedOut = false
    }
    private let state = Mutex(State())

    func writing(_ write: () async throws -> Void) async rethrows {
        state.withLock { $0.pendingSince = .now }
        defer { state.withLock { $0.pendingSince = nil } }
        try await write()
    }

    func stalled(for limit: Duration) -> Bool {
        state.withLock { $0.pendingSince.map { ContinuousClock.now - $0 > limit } ?? false }
    }

    func timedOut() { state.withLock { $0.timedOut = true } }
    var didTimeOut: Bool { state.withLock { $0.timedOut } }
}

final class RunningCount: Sendable {
    let count = Mutex(0)
}

extension Square {
    /// This relative coordinate placed with (0, 0) at `origin`.
    func offset(by origin: Square) -> Square { Square(row: origin.row + row, col: origin.col + col) }
}
