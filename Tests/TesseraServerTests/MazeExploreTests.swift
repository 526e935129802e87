import AsyncHTTPClient
import Foundation
import GridKit
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import MazeClient
import MazeKit
import Testing
@testable import TesseraServer

/// Exploration over real HTTP: the live client against the real routes, and the page's stream.
@Suite struct MazeExploreTests {
    /// The map of a maze as the debug route gives it, for checking what explorers found.
    static func map(seed: Int, size: Int) throws -> Maze {
        MazeGenerator.generate(try MazeParameters(seed: UInt64(seed), width: size, height: size))
    }

    @Test func theStreamShowsEveryRoomAtItsSquareThenThePathAndStats() async throws {
        let maze = try Self.map(seed: 3, size: 9)
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            // Read with AsyncHTTPClient and a long deadline rather than the test client's fixed 20 s:
            // under the whole suite's load on two cores the stream can take longer than that to arrive.
            let port = try #require(client.port)
            let request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/maze/explore?seed=3&width=9&height=9&latency=none")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(300))
            #expect(response.headers.first(name: "Content-Type") == "text/event-stream")
            let body = try await response.body.collect(upTo: 4 << 20)
            let events = String(buffer: body).components(separatedBy: "\n\n")
                .filter { $0.hasPrefix("data: ") }
                .compactMap { try? JSONSerialization.jsonObject(with: Data($0.dropFirst(6).utf8)) as? [String: Any] }
            let began = try #require(events.first)
            #expect(began["type"] as? String == "began" && began["seed"] as? String == "3")
            let start = try #require(began["start"] as? [String: Int])
            #expect(start["row"] == maze.start.row && start["col"] == maze.start.col)

            let rooms = events.filter { $0["type"] as? String == "room" }
            let squares = Set(rooms.compactMap { room -> Square? in
                guard let row = room["row"] as? Int, let col = room["col"] as? Int else { return nil }
                return Square(row: row, col: col)
            })
            #expect(rooms.count == maze.roomCount && squares == Set(maze.rooms), "each room once, at its own square")
            let exits = rooms.filter { $0["roomType"] as? String == "EXIT" }
            #expect(exits.count == 1 && exits.first?["row"] as? Int == maze.exit.row)

            let finished = try #require(events.last)
            #expect(finished["type"] as? String == "finished")
            let stats = try #require(finished["stats"] as? [String: Any])
            #expect(stats["valid"] as? Bool == true && stats["rooms"] as? Int == maze.roomCount)
            #expect(stats["fetches"] as? Int == maze.roomCount && stats["unlocks"] as? Int == maze.doorCount)
            let path = try #require(finished["path"] as? [[Int]])
            #expect(path.count == maze.shortestPath()?.count)
            #expect(path.first == maze.start.pair && path.last == maze.exit.pair, "squares are [row, col] in every app")
        }
    }

    @Test func theLiveClientRetriesInjected504sAndStillFindsTheWholeMaze() async throws {
        let maze = try Self.map(seed: 11, size: 21)
        var config = testConfiguration()
        config.maze.conditions = SimulatedConditions(fetchDelay: .zero...(.zero), unlockDelay: .zero...(.zero),
                                                     failuresAfter: 10, failureProbability: 0.1)
        try await buildApplication(config).test(.live) { client in
            let port = try #require(client.port)
            let api = HTTPMazeAPI(baseURL: "http://127.0.0.1:\(port)",
                                  newMaze: NewMazeRequest(seed: 11, width: 21, height: 21))
            let options = ExplorerOptions(retry: RetryPolicy(maxAttempts: 12, baseDelay: .milliseconds(1),
                                                             maxDelay: .milliseconds(5)))
            let result = await MazeExplorer(api: api, options: options).explore()
            #expect(result.outcome.isFinished)
            #expect(result.maze.isValid && result.maze.count == maze.roomCount)
            #expect(result.stats.retries > 0, "with a 10% failure rate some requests must have been retried")
            #expect(result.stats.fetches - result.stats.retries <= maze.roomCount + 1)
        }
    }

    @Test func aMissingServerIsARetryableFailureAndAForgedIdIsNotFound() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.live) { client in
            let api = HTTPMazeAPI(baseURL: "http://127.0.0.1:\(try #require(client.port))")
            await #expect(throws: MazeAPIError.self) { _ = try await api.room(id: "Rforged") }
            do {
                _ = try await api.room(id: "Rforged")
            } catch let error as MazeAPIError {
                #expect(!error.isRetryable)
            }
        }
        // Ids are sent as one path segment: Tessera's as they are, another server's encoded.
        #expect(HTTPMazeAPI.pathSegment("R3y05ykamtg2m4y9") == "R3y05ykamtg2m4y9")
        #expect(HTTPMazeAPI.pathSegment("a/b?c#d e") == "a%2Fb%3Fc%23d%20e")
        #expect(HTTPMazeAPI.pathSegment("") == "")
        // Port 9 (discard) is closed on test machines: a refused connection is worth a retry.
        let nowhere = HTTPMazeAPI(baseURL: "http://127.0.0.1:9", timeout: .seconds(2))
        do {
            _ = try await nowhere.startRoom()
            Issue.record("expected a failure")
        } catch let error as MazeAPIError {
            #expect(error.isRetryable)
        }
    }
}
