import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
@testable import TesseraServer

/// One client cannot take what everyone shares: live-update streams per client (and freed as soon
/// as the client hangs up), imports charged per stored level, a storage quota per account.
@Suite struct FairShareTests {
    typealias Browser = AuthAPITests.Browser

    // MARK: Streams

    @Test func anAnonymousAddressGetsItsShareOfStreamsButSignedInPeopleBehindItDoNot() async throws {
        let live = LiveUpdates(limits: .init(perTopic: 32, total: 100, perAccount: 2, perAddress: 3))
        var kept: [AsyncStream<String>] = []
        for game in 0..<3 { kept.append(try await live.subscribe("game-\(game)", client: "address:10.0.0.1")) }
        await #expect(throws: APIError.self) { _ = try await live.subscribe("game-9", client: "address:10.0.0.1") }
        // A school: many pupils behind the one address, each signed in, each with a share of their own.
        for pupil in 0..<5 { kept.append(try await live.subscribe("game-9", client: "account:pupil-\(pupil)")) }
        kept.append(try await live.subscribe("game-9", client: "account:pupil-0"))
        await #expect(throws: APIError.self) { _ = try await live.subscribe("game-9", client: "account:pupil-0") }
        #expect(await live.subscriberCount("game-9") == 6)
        _ = kept
    }

    @Test func aTeachersBoardIsNeverRefusedBecauseOthersTookEveryStream() async throws {
        var config = testConfiguration()
        config.liveUpdates = .init(perTopic: 32, total: 2, perAccount: 4, perAddress: 8)
        try await buildApplication(config).test(.live) { client in
            let port = try #require(client.port)
            let teacher = try await ClassAPITests.teacher(client)
            let classID = try #require(try await ClassAPITests.newClass(client, teacher)["id"] as? String)
            var streams: [RawSocket] = []
            for _ in 0..<3 {
                let game = try #require(try await client.call(.post, "/api/tictactoe/games", json: #"{"mode":"online","players":["A"]}"#).body["id"] as? String)
                let socket = try RawSocket(port: port)
                socket.get("/api/tictactoe/games/\(game)/events")
                streams.append(socket)
            }
            let (firstFound, secondFound) = (await streams[0].awaitText(until: "data:").found, await streams[1].awaitText(until: "data:").found)
            #expect(firstFound && secondFound)
            #expect(await streams[2].awaitText(until: "\r\n\r\n").text.hasPrefix("HTTP/1.1 429"), "the total is reached")
            let board = try RawSocket(port: port)
            board.get("/api/classes/\(classID)/scoreboard/events",
                      headers: ["Cookie: " + teacher.cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")])
            let answer = await board.awaitText(until: #""kind":"ready""#)
            #expect(answer.found && answer.text.hasPrefix("HTTP/1.1 200"), "\(answer.text.prefix(200))")
        }
    }

    @Test func aStreamsSlotIsFreeAsSoonAsItsClientHangsUp() async throws {
        var config = testConfiguration()
        config.liveUpdates = .init(perTopic: 1, total: 2048)
        try await buildApplication(config).test(.live) { client in
            let port = try #require(client.port)
            let first = try RawSocket(port: port)
            first.get("/api/posts/events")
            #expect(await first.awaitText(until: "data:").found)
            first.close()  // the tab is closed; the next heartbeat is 15 s away
            var admitted = false
            for _ in 0..<20 where !admitted {  // up to 2 s
                try await Task.sleep(for: .milliseconds(100))
                let again = try RawSocket(port: port)
                again.get("/api/posts/events")
                admitted = await again.awaitText(until: "\r\n\r\n").text.hasPrefix("HTTP/1.1 200")
            }
            #expect(admitted, "the slot of a client that hung up is free again within 2 s")
        }
    }

    // MARK: Imports

    /// Rapid Router's test fixture with `copies` more copies of its level 20 (each stored when imported).
    static func fixture(copies: Int) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/router-fixture.json")
        var records = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
        let level = try #require(records.first { $0["model"] as? String == "game.level" && $0["pk"] as? Int == 20 })
        for copy in 0..<copies {
            var another = level
            another["pk"] = 1000 + copy
            records.append(another)
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: records), as: UTF8.self)
    }

    @Test func anImportCostsOneCreationPerStoredLevel() async throws {
        var config = testConfiguration()
        config.rateLimits = try RateLimits.parse("create=1/h:3")
        try await buildApplication(config).test(.router) { client in
            let key = LevelSharingAPITests.keyA
            let tooMany = try await client.call(.post, "/api/router/levels/import", json: try Self.fixture(copies: 2), ownerKey: key)
            #expect(tooMany.status == .tooManyRequests && errorCode(tooMany.body) == "too_busy", "4 levels, 3 allowed")
            let two = try await client.call(.post, "/api/router/levels/import", json: try Self.fixture(copies: 0), ownerKey: key)
            #expect(two.status == .created)
            #expect(try await client.call(.post, "/api/router/levels", json: RouterAPITests.straightLevel, ownerKey: key).status == .created)
            #expect(try await client.call(.post, "/api/router/levels", json: RouterAPITests.straightLevel, ownerKey: key).status == .tooManyRequests,
                    "two imported levels and one made: the three allowed")
        }
    }

    @Test func anImportThatWouldPassTheAnonymousCapStoresNothing() async throws {
        var config = testConfiguration()
        config.rateLimits = .off
        config.retention.maxAnonymousDocuments = 4
        try await buildApplication(config).test(.router) { client in
            let key = LevelSharingAPITests.keyA
            let full = try await client.call(.post, "/api/router/levels/import", json: try Self.fixture(copies: 6), ownerKey: key)
            #expect(full.status.code == 507 && errorCode(full.body) == "storage_full")
            #expect(try await client.call(.post, "/api/router/levels", json: RouterAPITests.straightLevel, ownerKey: key).status == .created,
                    "the refused import kept none of its 8 levels")
        }
    }

    // MARK: Quota

    @Test func anAccountsLevelsStopAtItsQuotaWith507SaidInTheAskersLanguage() async throws {
        var config = testConfiguration()
        config.rateLimits = .off
        config.accountQuotaBytes = 20_000
        try await buildApplication(config).test(.router) { client in
            let teacher = try await ClassAPITests.teacher(client)
            let fixture = try Self.fixture(copies: 0)
            var answer = try await teacher.send(client, .post, "/api/router/levels/import", json: fixture)
            var imports = 0
            while answer.status == .created, imports < 50 {
                imports += 1
                answer = try await teacher.send(client, .post, "/api/router/levels/import?lang=es", json: fixture)
            }
            #expect(imports >= 1 && imports < 50, "20 kB hold a few imports, not fifty")
            #expect(answer.status.code == 507 && errorCode(answer.body) == "quota_exceeded")
            let message = try #require((answer.body["error"] as? [String: Any])?["message"] as? String)
            #expect(message.contains("20") && message.lowercased().contains("kb"), "\(message)")
            var made = 0
            while try await teacher.send(client, .post, "/api/router/levels", json: RouterAPITests.straightLevel).status == .created, made < 50 { made += 1 }
            #expect(made < 50, "a level made by hand counts against the same quota")
            // Another account has a quota of its own.
            let other = try await ClassAPITests.teacher(client, "Mr Lee")
            #expect(try await other.send(client, .post, "/api/router/levels/import", json: fixture).status == .created)
        }
    }
}
