import Foundation
import GridKit
import Testing
@testable import MazeKit

@Suite struct ServiceTests {
    let service = MazeService(secret: FakeMazeAPI.secret)

    private func json(_ room: RoomResponse) throws -> [String: Any] {
        let data = try JSONEncoder().encode(room)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func roomJSONHasTheOriginalShape() throws {
        let parameters = parameters(11, 31, 31)
        let maze = service.maze(for: parameters)
        for square in maze.rooms.prefix(200) {
            let id = service.codec.roomID(for: RoomAddress(parameters: parameters, square: square))
            let object = try json(try service.room(id: id))
            #expect(Set(object.keys) == ["id", "tileUrl", "type", "rooms"])
            #expect(object["id"] as? String == id)
            let type = try #require(object["type"] as? String)
            #expect(["EMPTY", "DOOR", "EXIT"].contains(type))
            let rooms = try #require(object["rooms"] as? [String: [String: String]])
            // A key only for each open side, and each holds exactly a room or a lock.
            #expect(Set(rooms.keys) == Set(maze.openSides(of: square).map(\.rawValue)))
            for (side, link) in rooms {
                #expect(link.count == 1)
                let neighbour = square.moved(try #require(Direction(rawValue: side)))
                #expect(link.keys.first == (maze.tile(at: neighbour) == .door ? "lock" : "room"))
            }
            let tileUrl = try #require(object["tileUrl"] as? String)
            #expect(tileUrl == service.tileURL(for: maze.tilePattern(at: square)))
        }
    }

    @Test func encodingIsByteStableWithSortedKeys() throws {
        let room = RoomResponse(id: "Rabc", tileUrl: "/api/maze/tiles/1010.svg", type: .empty,
                                rooms: RoomLinks(east: .room("Rdef"), west: .lock("Lghi")))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(room), as: UTF8.self)
        #expect(text == #"{"id":"Rabc","rooms":{"east":{"room":"Rdef"},"west":{"lock":"Lghi"}},"tileUrl":"/api/maze/tiles/1010.svg","type":"EMPTY"}"#)
        #expect(try JSONDecoder().decode(RoomResponse.self, from: Data(text.utf8)) == room)
    }

    @Test func decodingRejectsUnknownTypesAndLinks() {
        let badType = #"{"id":"R","tileUrl":"t","type":"WALL","rooms":{}}"#
        let badLink = #"{"id":"R","tileUrl":"t","type":"EMPTY","rooms":{"north":{"wall":"x"}}}"#
        for text in [badType, badLink] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(RoomResponse.self, from: Data(text.utf8)) }
        }
    }

    @Test func startRoomValidatesSizeAndIsAnEmptyRoom() throws {
        #expect(throws: MazeError.invalidSize(width: 32, height: 31)) {
            try service.startRoom(seed: 1, width: 32, height: 31)
        }
        let id = try service.startRoom(seed: 1, width: 31, height: 33, algorithm: .backtracker)
        #expect(try service.room(id: id).type == .empty)
        #expect(try service.maze(containingRoom: id).parameters.algorithm == .backtracker)
    }

    @Test func tilePatternsNameEighteenImages() {
        #expect(TilePattern.all.count == 18)
        #expect(Set(TilePattern.all.map(\.name)).count == 18)
        #expect(TilePattern.room(walls: [.north, .south]).name == "1010")
        for pattern in TilePattern.all {
            #expect(TilePattern(name: pattern.name) == pattern)
            let svg = MazeTiles.svg(for: pattern)
            #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>"))
            #expect(MazeTiles.svg(for: pattern.name) == svg)
        }
        for bad in ["", "10101", "1012", "DOOR", "../etc"] { #expect(MazeTiles.svg(for: bad) == nil) }
        // Walls are drawn only on walled sides: the fully open tile has fewer shapes than the closed one.
        #expect(MazeTiles.svg(for: "0000")!.count < MazeTiles.svg(for: "1111")!.count)
    }

    @Test func cacheKeepsOnlyTheMostRecentMazes() {
        let cache = MazeCache(capacity: 2)
        let mazes = (UInt64(1)...3).map { MazeGenerator.generate(parameters($0, 9, 9)) }
        cache[mazes[0].parameters] = mazes[0]
        cache[mazes[1].parameters] = mazes[1]
        _ = cache[mazes[0].parameters]  // touch: now the most recent
        cache[mazes[2].parameters] = mazes[2]
        #expect(cache[mazes[0].parameters] == mazes[0])
        #expect(cache[mazes[1].parameters] == nil)
        #expect(cache[mazes[2].parameters] == mazes[2])
    }

    @Test func servingManyRoomsConcurrentlyIsConsistent() async throws {
        let parameters = parameters(77, 31, 31)
        let maze = service.maze(for: parameters)
        let ids = maze.rooms.map { service.codec.roomID(for: RoomAddress(parameters: parameters, square: $0)) }
        let answers = try await withThrowingTaskGroup(of: RoomResponse.self) { group in
            for id in ids { group.addTask { try service.room(id: id) } }
            return try await group.reduce(into: [RoomResponse]()) { $0.append($1) }
        }
        #expect(Set(answers.map(\.id)) == Set(ids))
    }
}
