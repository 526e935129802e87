import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MazeKit
import Testing
import TesseraTestSupport
@testable import TesseraServer

/// Every generator through the API: the list with descriptions in the asker's language, creation by
/// each name, the carving the page animates, and sizes up to 201 (202+ refused).
@Suite struct MazeGeneratorAPITests {
    private func list(_ client: some TestClientProtocol, _ uri: String, headers: HTTPFields = [:]) async throws -> [[String: String]] {
        try await client.execute(uri: uri, method: .get, headers: headers) { response in
            #expect(response.status == .ok)
            return (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [[String: String]] ?? []
        }
    }

    @Test func theAlgorithmsAreListedWithADescriptionInTheAskersLanguage() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let english = try await list(client, "/api/maze/algorithms")
            #expect(english.map { $0["name"] } == MazeAlgorithm.allCases.map(\.rawValue))
            #expect(english.count >= 11 && english.allSatisfy { ($0["description"]?.count ?? 0) > 20 })
            let french = try await list(client, "/api/maze/algorithms", headers: [.acceptLanguage: "fr-FR,fr;q=0.9"])
            #expect(french.map { $0["name"] } == english.map { $0["name"] })
            #expect(zip(french, english).allSatisfy { $0["description"] != $1["description"] })
            let arabic = try await list(client, "/api/maze/algorithms?lang=ar")
            #expect(arabic.first?["description"] != english.first?["description"])
        }
    }

    @Test func everyAlgorithmMakesAMazeUpTo201AndRefuses203() async throws {
        let app = try await buildApplication(MazeAPITests.debugConfiguration())
        try await app.test(.router) { client in
            for algorithm in MazeAlgorithm.allCases {
                let (status, created) = try await client.call(
                    .post, "/api/maze/mazes", json: #"{"seed": 3, "width": 201, "height": 201, "algorithm": "\#(algorithm.rawValue)"}"#)
                #expect(status == .created, "\(algorithm)")
                #expect(created["algorithm"] as? String == algorithm.rawValue && created["width"] as? Int == 201)
                let id = try #require(created["id"] as? String)
                let (roomStatus, room) = try await client.call(.get, "/api/maze/rooms/\(id)")
                #expect(roomStatus == .ok && room["id"] as? String == id)
            }
            let (_, map) = try await client.call(.get, "/api/maze/mazes/3/map?width=201&height=201&algorithm=wilson")
            #expect((map["rows"] as? [String])?.count == 201)
            // 202 is rounded up to 203, which is too big; so are 203 and 1001.
            for width in [202, 203, 1001] {
                try await client.expectRefusal(.post, "/api/maze/mazes", json: #"{"width": \#(width)}"#,
                                               status: .badRequest, code: "invalid_size")
                try await client.expectRefusal(.get, "/api/maze/carving?width=\(width)", status: .badRequest, code: "invalid_size")
            }
        }
    }

    @Test func theCarvingIsTheMazesPassagesInOrder() async throws {
        let app = try await buildApplication(MazeAPITests.debugConfiguration())
        try await app.test(.router) { client in
            let (status, carving) = try await client.call(.get, "/api/maze/carving?seed=9&width=21&height=15&algorithm=kruskal")
            #expect(status == .ok)
            #expect(carving["seed"] as? String == "9" && carving["width"] as? Int == 21 && carving["height"] as? Int == 15)
            #expect(carving["algorithm"] as? String == "kruskal" && carving["initial"] as? String == "walls")
            let steps = try #require(carving["steps"] as? [[Int]])
            #expect(steps.count == 10 * 7 - 1)  // a perfect maze joins its 70 cells with 69 passages
            #expect(steps.allSatisfy { $0.count == 4 && ($0[0] == $0[2] || $0[1] == $0[3]) })
            let (_, division) = try await client.call(.get, "/api/maze/carving?seed=9&width=201&height=201&algorithm=recursiveDivision")
            #expect(division["initial"] as? String == "open")
            #expect(((division["steps"] as? [[Int]])?.count ?? 0) > 100)
            let (_, random) = try await client.call(.get, "/api/maze/carving")
            #expect(random["seed"] as? String != nil && random["algorithm"] as? String == "hybrid")
            try await client.expectRefusal(.get, "/api/maze/carving?algorithm=maze", status: .badRequest, code: "invalid_algorithm")
            try await client.expectRefusal(.get, "/api/maze/carving?seed=x", status: .badRequest, code: "invalid_seed")
        }
    }
}
