import GridKit
import Testing
@testable import MazeKit

@Suite struct IdentifierTests {
    let service = MazeService(secret: FakeMazeAPI.secret)
    let codec = RoomCodec(secret: FakeMazeAPI.secret)
    let address = RoomAddress(parameters: parameters(0xDEAD_BEEF_0123_4567, 63, 41, .prim),
                              square: Square(row: 39, col: 61))

    @Test func sipHashMatchesThePublishedTestVectors() throws {
        let key = try #require(SipHashKey(bytes: Array(0...15)))
        #expect(key.hash([]) == 0x726f_db47_dd0e_0e31)
        #expect(key.hash(Array(0...14)) == 0xa129_ca61_49be_45e5)
        #expect(key.hash(Array(0...7)) == 0x93f5_f579_9a93_2462)
    }

    @Test func roomIDRoundTrips() throws {
        let id = codec.roomID(for: address)
        #expect(id.hasPrefix("R") && id.count == 33)
        #expect(id.allSatisfy { $0.isLetter || $0.isNumber })  // URL-safe as is
        #expect(try codec.address(ofRoomID: id) == address)
        #expect(codec.roomID(for: address) == id)  // deterministic
    }

    @Test func anotherProcessWithTheSameSecretAcceptsTheID() throws {
        let id = codec.roomID(for: address)
        #expect(try RoomCodec(secret: MazeSecret(passphrase: "maze-kit tests")).address(ofRoomID: id) == address)
        #expect(throws: MazeError.self) {
            try RoomCodec(secret: MazeSecret(passphrase: "another server")).address(ofRoomID: id)
        }
    }

    @Test func neighbouringIDsLookUnrelated() {
        let east = RoomAddress(parameters: address.parameters, square: address.square.moved(.west))
        let a = Array(codec.roomID(for: address)), b = Array(codec.roomID(for: east))
        let shared = zip(a, b).filter { $0 == $1 }.count
        #expect(shared < 10)  // a client cannot guess its way to a neighbour
    }

    @Test func forgedOrMalformedIDsAreRejected() {
        let id = codec.roomID(for: address)
        var forged = Array(id)
        forged[10] = forged[10] == "a" ? "b" : "a"
        let candidates = [String(forged), "", "R", "L" + id.dropFirst(), id.uppercased(), id + "0",
                          String(id.dropLast()), "R" + String(repeating: "0", count: 32), id.replacingFirst("R", "R!")]
        for candidate in candidates {
            #expect(throws: MazeError.unknownRoom(candidate)) { try codec.address(ofRoomID: candidate) }
            #expect(throws: MazeError.unknownRoom(candidate)) { try service.room(id: candidate) }
        }
    }

    @Test func anIDForAWallIsUnknown() {
        let maze = service.maze(for: address.parameters)
        let wall = Square(row: 0, col: 0)
        #expect(maze.tile(at: wall) == .wall)
        let id = codec.roomID(for: RoomAddress(parameters: address.parameters, square: wall))
        #expect(throws: MazeError.unknownRoom(id)) { try service.room(id: id) }
    }

    @Test func aDoorHasTheSameLockFromBothSidesAndUnlocksToItsID() throws {
        let maze = service.maze(for: address.parameters)
        let door = try #require(maze.rooms.first { maze.tile(at: $0) == .door })
        let sides = maze.openSides(of: door)
        #expect(sides.count == 2)
        var tokens: Set<String> = []
        for side in sides {
            let neighbour = codec.roomID(for: RoomAddress(parameters: address.parameters, square: door.moved(side)))
            guard case let .lock(token) = try service.room(id: neighbour).rooms[side.opposite] else {
                Issue.record("the neighbour should show a lock")
                return
            }
            tokens.insert(token)
        }
        #expect(tokens.count == 1)
        let token = try #require(tokens.first)
        #expect(token.hasPrefix("L") && token.count == 33)
        let unlocked = try service.unlock(lock: token)
        #expect(try codec.address(ofRoomID: unlocked).square == door)
        #expect(try service.room(id: unlocked).type == .door)
    }

    @Test func badLocksAreRejected() throws {
        let roomID = service.startRoom(for: address.parameters)
        #expect(throws: MazeError.invalidLock(roomID)) { try service.unlock(lock: roomID) }
        #expect(throws: MazeError.invalidLock("Lnope")) { try service.unlock(lock: "Lnope") }
        // A genuine token for a tile that is not a door (only the server could mint it) is still refused.
        let notADoor = codec.lockToken(forDoor: RoomAddress(parameters: address.parameters, square: Square(row: 0, col: 0)))
        #expect(throws: MazeError.invalidLock(notADoor)) { try service.unlock(lock: notADoor) }
    }
}

extension String {
    fileprivate func replacingFirst(_ target: Character, _ replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}
