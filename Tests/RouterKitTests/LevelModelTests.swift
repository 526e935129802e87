import Foundation
import Testing
@testable import RouterKit

@Suite struct LevelModelTests {
    @Test func aCoordinateIsAnXYPairAndNorthIsUp() throws {
        let coordinate = try JSONDecoder().decode(Coordinate.self, from: Data("[3, 4]".utf8))
        #expect(coordinate == Coordinate(x: 3, y: 4))
        #expect(coordinate.moved(.north) == Coordinate(x: 3, y: 5))
        #expect(Heading.north.left == .west && Heading.north.right == .east && Heading.east.reversed == .west)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: Data("[1, 2, 3]".utf8)) }
    }
}
