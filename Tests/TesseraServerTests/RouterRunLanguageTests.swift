import Foundation
import HTTPTypes
import HummingbirdTesting
import RouterKit
import Testing
@testable import TesseraServer

/// `?lang=` on the routes that answer with the server's own sentences: a run's ending and score,
/// a test drive's, a program the Python view or a run refuses; a language we do not have is a 400.
@Suite struct RouterRunLanguageTests {
    static let crash = #"{"program": {"blocks": [{"type": "move_forwards"}, {"type": "move_forwards"}, {"type": "move_forwards"}]}}"#
    static let typo = #"{"program": {"python": "from van import Van\nmy_van = Van()\nmy_van.move_forward()\n"}}"#

    @Test func aRunIsToldInSpanishWhenAsked() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let spanish = try await client.call(.post, "/api/router/levels/1/runs?lang=es", json: Self.crash)
            #expect(spanish.status == .ok)
            let outcome = try #require(spanish.body["outcome"] as? [String: Any])
            let message = try #require(outcome["message"] as? String)
            #expect(message.hasPrefix("La furgoneta se ha salido de la carretera y se ha chocado después de 2 movimientos"))
            let end = try #require((spanish.body["events"] as? [[String: Any]])?.last)
            #expect(end["message"] as? String == message)
            #expect((spanish.body["score"] as? [String: Any])?["message"] as? String == "Esta vez no hay puntos: primero tiene que funcionar la entrega.")
            // English by default and when asked, as before.
            for path in ["/api/router/levels/1/runs", "/api/router/levels/1/runs?lang=en"] {
                let english = try await client.call(.post, path, json: Self.crash)
                #expect(((english.body["outcome"] as? [String: Any])?["message"] as? String)?.hasPrefix("The van drove off the road and crashed after 2 moves") == true)
            }
        }
    }

    @Test func aRefusedProgramIsToldInSpanish() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            for path in ["/api/router/levels/70/runs?lang=es", "/api/router/programs/python?lang=es"] {
                let refused = try await client.call(.post, path, json: Self.typo)
                #expect(refused.status == .unprocessableContent, "\(path)")
                let error = try #require(refused.body["error"] as? [String: Any])
                #expect(error["code"] as? String == "python_error")
                #expect((error["message"] as? String)?.hasPrefix("Línea 3: `my_van.move_forward()`: la furgoneta no tiene `move_forward`; ¿querías decir `move_forwards`?") == true,
                        "\(error["message"] ?? "")")
            }
        }
    }

    @Test func aTestDriveIsToldInSpanish() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let body = #"{"level": \#(RouterAPITests.straightLevel), "program": {"blocks": []}}"#
            let run = try await client.call(.post, "/api/router/runs?lang=es", json: body)
            #expect(run.status == .ok)
            #expect(((run.body["outcome"] as? [String: Any])?["message"] as? String)?.hasPrefix("¡La furgoneta no se ha movido!") == true,
                    "\(run.body)")
        }
    }

    /// A pupil whose teacher locked a level is told so in Spanish: the refused run and their progress's locks.
    @Test func aTeachersLockIsToldInSpanish() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let world = try await AuthorizationMatrixTests.world(client)
            let (teacher, sam) = (try #require(world.browsers[.teacher]), try #require(world.browsers[.pupil]))
            let set = try await teacher.send(client, .put, "/api/classes/\(world.classA)/locks", json: #"{"episodes":[],"levels":["1"]}"#)
            #expect(set.status == .ok)
            let refused = try await sam.send(client, .post, "/api/router/levels/1/runs?lang=es", json: ScoreboardAPITests.solvesLevel1)
            #expect(refused.status == .forbidden)
            #expect((refused.body["error"] as? [String: Any])?["message"] as? String == ClassLocks.runMessage(in: .spanish))
            let player = "acct-\(try await ScoreboardAPITests.accountID(client, sam))"
            let progress = try await sam.send(client, .get, "/api/router/players/\(player)/progress?lang=es")
            #expect((progress.body["locked"] as? [String: Any])?["message"] as? String == "Tu profe ha cerrado estos niveles por ahora.")
            let english = try await sam.send(client, .get, "/api/router/players/\(player)/progress")
            #expect((english.body["locked"] as? [String: Any])?["message"] as? String == ClassLocks.pupilMessage())
        }
    }

    @Test(arguments: ["/api/router/levels/1/runs?lang=xx", "/api/router/runs?lang=tlh", "/api/router/programs/python?lang=english"])
    func anUnknownLanguageIsRefused(_ path: String) async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let refused = try await client.call(.post, path, json: Self.crash)
            #expect(refused.status == .badRequest)
            #expect((refused.body["error"] as? [String: Any])?["code"] as? String == "bad_language")
        }
    }

    /// Anyone's progress (not only a pupil's, whose lock message `lang` words) refuses a language we don't write.
    @Test func progressRefusesAnUnknownLanguageForEveryone() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let refused = try await client.call(.get, "/api/router/players/abcdefghijklmnop/progress?lang=AAA")
            #expect(refused.status == .badRequest)
            #expect(errorCode(refused.body) == "bad_language")
            #expect(try await client.call(.get, "/api/router/players/abcdefghijklmnop/progress?lang=es").status == .ok)
        }
    }
}
