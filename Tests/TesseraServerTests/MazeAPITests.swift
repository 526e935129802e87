import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MazeKit
import Testing
import TesseraTestSupport
@testable import TesseraServer

/// The maze API as a client sees it: the original's three calls, stateless ids, and every error.
@Suite struct MazeAPITests {
    static func debugConfiguration(dataDirectory: String? = nil) -> Configuration {
        var config = testConfiguration(dataDirectory: dataDirectory)
        config.maze.debug = true
        return config
    }

    @Test func theSameParametersGiveTheSameMazeAndNeighboursLinkBothWays() async throws {
        let app = try await buildApplication(Self.debugConfiguration())
        try await app.test(.router) { client in
            let (status, created) = try await client.call(.post, "/api/maze/mazes", json: #"{"seed": 42, "width": 11, "height": 9}"#)
            #expect(status == .created)
            #expect(created["seed"] as? String == "42")
            #expect(created["width"] as? Int == 11 && created["height"] as? Int == 9 && created["algorithm"] as? String == "hybrid")
            let again = try await client.call(.post, "/api/maze/mazes", json: #"{"seed": "42", "width": 11, "height": 9}"#)
            let id = try #require(created["id"] as? String)
            #expect(again.body["id"] as? String == id)

            let (_, room) = try await client.call(.get, "/api/maze/rooms/\(id)")
            #expect(room["id"] as? String == id)
            #expect((room["tileUrl"] as? String)?.hasPrefix("/api/maze/tiles/") == true)
            let links = try #require(room["rooms"] as? [String: [String: String]])
            #expect(!links.isEmpty && links.count <= 4)
            let opposite = ["north": "south", "south": "north", "east": "west", "west": "east"]
            for (side, link) in links {
                guard let neighbour = link["room"] else { continue }
                let (_, back) = try await client.call(.get, "/api/maze/rooms/\(neighbour)")
                let backLinks = back["rooms"] as? [String: [String: String]]
                #expect(backLinks?[opposite[side] ?? ""]?["room"] == id, "\(side) neighbour does not link back")
            }
        }
    }

    /// A page that walks the maze itself is told where the start room is drawn, and only that.
    @Test func aNewMazeSaysWhereItsStartRoomIs() async throws {
        let app = try await buildApplication(Self.debugConfiguration())
        try await app.test(.router) { client in
            let (status, created) = try await client.call(.post, "/api/maze/mazes", json: #"{"seed": 7, "width": 21, "height": 15}"#)
            #expect(status == .created)
            let start = try #require(created["start"] as? [String: Int])
            let (_, map) = try await client.call(.get, "/api/maze/mazes/7/map?width=21&height=15")
            let rows = try #require(map["rows"] as? [String])
            let row = try #require(start["row"]), col = try #require(start["col"])
            #expect(rows.indices.contains(row) && Array(rows[row]).indices.contains(col))
            #expect(rows.indices.contains(row) && Array(rows[row]).dropFirst(col).first == "S")
        }
    }

    /// Walks every room through the API (unlocking doors) and checks the result against the map.
    @Test func walkingTheAPIFindsEveryRoomOfTheMapAndEachLockWorksFromBothSides() async throws {
        let app = try await buildApplication(Self.debugConfiguration())
        try await app.test(.router) { client in
            let (_, created) = try await client.call(.post, "/api/maze/mazes", json: #"{"seed": 7, "width": 21, "height": 21, "algorithm": "prim"}"#)
            let (_, map) = try await client.call(.get, "/api/maze/mazes/7/map?width=21&height=21&algorithm=prim")
            let rows = try #require(map["rows"] as? [String])
            #expect(rows.count == 21 && rows.allSatisfy { $0.count == 21 })
            let roomCount = rows.joined().filter { $0 != "#" }.count
            let doorCount = rows.joined().filter { $0 == "D" }.count
            #expect(map["rooms"] as? Int == roomCount && map["doors"] as? Int == doorCount)

            var seen: Set<String> = [try #require(created["id"] as? String)]
            var queue = Array(seen)
            var locksByDoor: [String: Set<String>] = [:]
            var types: [String: Int] = [:]
            while let id = queue.popLast() {
                let (status, room) = try await client.call(.get, "/api/maze/rooms/\(id)")
                #expect(status == .ok)
                types[room["type"] as? String ?? "?", default: 0] += 1
                for link in (room["rooms"] as? [String: [String: String]] ?? [:]).values {
                    var next = link["room"]
                    if let lock = link["lock"] {
                        let (unlocked, door) = try await client.call(.post, "/api/maze/unlock", json: #"{"lock": "\#(lock)"}"#)
                        #expect(unlocked == .ok)
                        next = door["id"] as? String
                        if let next { locksByDoor[next, default: []].insert(lock) }
                    }
                    if let next, seen.insert(next).inserted { queue.append(next) }
                }
            }
            #expect(seen.count == roomCount)
            #expect(types["EXIT"] == 1 && types["DOOR", default: 0] == doorCount)
            #expect(locksByDoor.count == doorCount)
            #expect(locksByDoor.values.allSatisfy { $0.count == 1 }, "a door's lock differs by the side it is seen from")
        }
    }

    @Test func everyErrorIsJSONWithItsCode() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let (_, created) = try await client.call(.post, "/api/maze/mazes", json: #"{"seed": 1, "width": 9, "height": 9}"#)
            let id = try #require(created["id"] as? String)
            var tampered = Array(id)
            tampered[tampered.count / 2] = tampered[tampered.count / 2] == "a" ? "b" : "a"
            let cases: [(HTTPRequest.Method, String, String?, HTTPResponse.Status, String)] = [
                (.get, "/api/maze/rooms/Rforged", nil, .notFound, "unknown_room"),
                (.get, "/api/maze/rooms/\(String(tampered))", nil, .notFound, "unknown_room"),
                (.post, "/api/maze/unlock", #"{"lock": "Lnot-a-lock"}"#, .notFound, "invalid_lock"),
                (.post, "/api/maze/unlock", #"{"lock": "\#(id)"}"#, .notFound, "invalid_lock"),
                (.post, "/api/maze/unlock", #"{"lock": "#, .badRequest, "bad_json"),
                (.post, "/api/maze/unlock", #"{"key": "x"}"#, .badRequest, "bad_json"),
                (.post, "/api/maze/unlock", nil, .badRequest, "bad_json"),
                (.post, "/api/maze/mazes", #"{"seed": "abc"}"#, .badRequest, "invalid_seed"),
                (.post, "/api/maze/mazes", #"{"seed": -1}"#, .badRequest, "bad_json"),
                (.post, "/api/maze/mazes", #"{"width": 4, "height": 11}"#, .badRequest, "invalid_size"),
                (.post, "/api/maze/mazes", #"{"width": 1001}"#, .badRequest, "invalid_size"),
                (.post, "/api/maze/mazes", #"{"algorithm": "kruscal"}"#, .badRequest, "invalid_algorithm"),
                (.post, "/api/maze/mazes", "[1,2", .badRequest, "bad_json"),
                (.get, "/api/maze/start?latency=warp", nil, .badRequest, "invalid_latency"),
                (.get, "/api/maze/tiles/2222.svg", nil, .notFound, "not_found"),
                (.get, "/api/maze/tiles/0101.png", nil, .notFound, "not_found"),
                (.get, "/api/maze/mazes/1/map", nil, .notFound, "debug_disabled"),
                (.get, "/api/maze/explore?width=abc", nil, .badRequest, "invalid_size"),
                (.get, "/api/maze/explore?strategy=dfs", nil, .badRequest, "invalid_strategy"),
            ]
            for (method, uri, json, status, code) in cases {
                let answer = try await client.call(method, uri, json: json)
                #expect(answer.status == status, "\(method) \(uri) \(json ?? "")")
                #expect(errorCode(answer.body) == code, "\(method) \(uri) \(json ?? "")")
            }
            let (status, _) = try await client.call(.post, "/api/maze/mazes")
            #expect(status == .created, "an empty body asks for a random maze")
        }
    }

    @Test func tilesAreSVGImages() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            for name in ["0000", "1010", "1111", "door", "exit"] {
                try await client.execute(uri: "/api/maze/tiles/\(name).svg", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/svg+xml")
                    #expect(String(buffer: response.body).hasPrefix("<svg"))
                }
            }
        }
    }

    @Test func idsStayValidAcrossARestartAndAnotherSecretRejectsThem() async throws {
        let folder = temporaryDirectory()
        let id = try await buildApplication(testConfiguration(dataDirectory: folder)).test(.router) { client in
            try await client.call(.get, "/api/maze/start").body["id"] as? String ?? ""
        }
        try await buildApplication(testConfiguration(dataDirectory: folder)).test(.router) { client in
            let status = try await client.call(.get, "/api/maze/rooms/\(id)").status
            #expect(status == .ok)
        }
        var other = testConfiguration()
        other.maze.secret = MazeSecret(passphrase: "another server")
        try await buildApplication(other).test(.router) { client in
            let answer = try await client.call(.get, "/api/maze/rooms/\(id)")
            #expect(answer.status == .notFound && errorCode(answer.body) == "unknown_room")
        }
    }

    @Test func injectedFailuresAre504sOnceAMazeHasServedEnough() async throws {
        var config = testConfiguration()
        config.maze.conditions = SimulatedConditions(fetchDelay: .zero...(.zero), unlockDelay: .zero...(.zero),
                                                     failuresAfter: 3, failureProbability: 1)
        try await buildApplication(config).test(.router) { client in
            let (_, created) = try await client.call(.post, "/api/maze/mazes", json: #"{"seed": 5, "width": 9, "height": 9}"#)
            let id = try #require(created["id"] as? String)
            #expect(try await client.call(.get, "/api/maze/rooms/\(id)").status == .ok)
            #expect(try await client.call(.get, "/api/maze/rooms/\(id)").status == .ok)
            let failed = try await client.call(.get, "/api/maze/rooms/\(id)")
            #expect(failed.status == .gatewayTimeout && errorCode(failed.body) == "gateway_timeout")
            // A preset without failures overrides the server's settings for one request.
            let calm = try await client.execute(uri: "/api/maze/rooms/\(id)", method: .get,
                                                headers: [.mazeLatency: "none"]) { $0.status }
            #expect(calm == .ok)
        }
    }
}
