import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TesseraTestSupport
@testable import TesseraServer
@testable import TesseraStore

/// What the default backend, SQLite with its read cache, must get right under load, checked
/// through the API on SQLite and on the suite's backend (memory, or PostgreSQL in CI): the same
/// move sent many times at once lands once, a date reads back as it was written, and a taken
/// name or email answers 409, never 500.
@Suite struct SQLiteBackendTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, suite
        var testDescription: String { rawValue }

        /// SQLite in a fresh folder (`folder` to reopen one), or the suite's backend.
        func configuration(folder: String? = nil) -> Configuration {
            self == .sqlite ? testConfiguration(dataDirectory: folder ?? temporaryDirectory()) : testConfiguration()
        }
    }

    /// How many requests race: enough to overlap on two cores, few enough to stay quick.
    static let racers = 16

    /// Sends the same request `racers` times at once; the statuses, in no order.
    static func race(_ client: some TestClientProtocol, _ uri: String, json: String) async throws -> [HTTPResponse.Status] {
        try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?).self) { group in
            for _ in 0..<racers {
                group.addTask {
                    let (status, body) = try await client.call(.post, uri, json: json)
                    return (status, errorCode(body))
                }
            }
            var statuses: [HTTPResponse.Status] = []
            for try await (status, code) in group {
                #expect(status == .ok || code != nil, "every refusal names its reason")
                statuses.append(status)
            }
            return statuses
        }
    }

    @Test(arguments: Backend.allCases)
    func racingMovesLandOnce(backend: Backend) async throws {
        try await buildApplication(backend.configuration()).test(.live) { client in
            let game = try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"local","players":["Ann","Bob"]}"#)
            let id = try #require(game.body["id"] as? String)
            let statuses = try await Self.race(client, "/api/tictactoe/games/\(id)/moves", json: #"{"row":1,"col":1}"#)
            #expect(statuses.filter { $0 == .ok }.count == 1, "exactly one of the racing moves lands")
            #expect(statuses.filter { $0 == .conflict }.count == Self.racers - 1, "the others are told the cell is taken")
            let after = try await client.call(.get, "/api/tictactoe/games/\(id)").body
            let marks = (after["board"] as? [[String]])?.joined().filter { !$0.isEmpty }
            #expect(marks == ["X"], "one mark on the board")
            #expect(after["turn"] as? String == "O", "and it is O's turn, as after one move")
        }
    }

    @Test(arguments: Backend.allCases)
    func racingPlacementsLandOnce(backend: Backend) async throws {
        try await buildApplication(backend.configuration()).test(.live) { client in
            let puzzle = try await client.call(.post, "/api/pentomino/puzzles", json: #"{"board":"6x10"}"#)
            let id = try #require(puzzle.body["id"] as? String)
            let statuses = try await Self.race(client, "/api/pentomino/puzzles/\(id)/placements",
                                               json: #"{"tile":"I","quarterTurns":1,"row":-2,"col":0}"#)
            #expect(statuses.filter { $0 == .ok }.count == 1, "exactly one of the racing placements lands")
            #expect(statuses.filter { $0 == .conflict }.count == Self.racers - 1, "the others: the tile is already placed")
            let after = try await client.call(.get, "/api/pentomino/puzzles/\(id)").body
            #expect((after["placements"] as? [Any])?.count == 1)
            #expect((after["grid"] as? [String])?.first == "IIIII.....")
        }
    }

    /// A puzzle's start time (shown to the millisecond) reads back the same from a fresh server on
    /// the same database; on SQLite it once lost its fraction of a second on the way to the file.
    @Test(arguments: Backend.allCases)
    func aPuzzleTimeReadsBackAsWritten(backend: Backend) async throws {
        let folder = temporaryDirectory()
        let config = backend.configuration(folder: folder)
        let (id, created) = try await buildApplication(config).test(.router) { client in
            let puzzle = try await client.call(.post, "/api/pentomino/puzzles", json: #"{"board":"3x20"}"#).body
            return (try #require(puzzle["id"] as? String), try #require(puzzle["createdAt"] as? String))
        }
        if backend == .suite, config.databaseURL == nil { return }  // memory does not outlive its server
        try await buildApplication(config).test(.router) { client in
            let again = try await client.call(.get, "/api/pentomino/puzzles/\(id)").body
            #expect(again["createdAt"] as? String == created, "the fresh server reads the time the first one wrote")
        }
    }

    /// Sign-ups with one email racing each other: one account, the rest a 409 `email_taken` (the
    /// database's unique key decides, not a check made before inserting).
    @Test(arguments: Backend.allCases)
    func racingSignUpsWithOneEmailMakeOneAccount(backend: Backend) async throws {
        try await buildApplication(backend.configuration()).test(.live) { client in
            let json = #"{"name":"Ann","email":"ann@school.org","password":"a long enough password"}"#
            let answers = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?).self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let (status, body) = try await client.call(.post, "/api/auth/teachers", json: json)
                        return (status, errorCode(body))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.filter { $0.0 == .created }.count == 1)
            #expect(answers.filter { $0.0 == .conflict && $0.1 == "email_taken" }.count == 3, "\(answers)")
        }
    }
}
