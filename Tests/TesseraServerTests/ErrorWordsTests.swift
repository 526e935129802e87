import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Languages
import Testing
@testable import TesseraServer

/// The apps' API errors are said by catalogue key (issue 38): the same English as before when no
/// language is asked for, the asker's language when one is.
@Suite struct ErrorWordsTests {
    private static func error(_ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String,
                              json: String? = nil, language: String? = nil) async throws -> (code: String?, message: String?) {
        var headers: HTTPFields = [:]
        if json != nil { headers[.contentType] = "application/json" }
        if let language { headers[.acceptLanguage] = language }
        return try await client.execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }) { response in
            let body = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any]
            let error = body?["error"] as? [String: Any]
            return (error?["code"] as? String, error?["message"] as? String)
        }
    }

    @Test func aGameThatIsNotFoundIsSaidInTheAskersLanguage() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let id = "nosuchgame12"
            let key = "tictactoe.errors.notFound.game"
            let english = try await Self.error(client, .get, "/api/tictactoe/games/\(id)")
            #expect(english.code == "not_found" && english.message == "Game '\(id)' was not found.", "\(english)")
            let spanish = try await Self.error(client, .get, "/api/tictactoe/games/\(id)", language: "es")
            #expect(spanish.code == "not_found")
            #expect(spanish.message == Catalogues.current.text(key, ["id": .text(id)], language: "es"))
            // Until the Spanish catalogue has the sentence, it falls back to English.
            if Catalogues.current.catalogues["es"]?.messages[key] != nil {
                #expect(spanish.message != english.message)
            }
        }
    }

    @Test func aRefusedNameIsSaidByKeyNotPassedOnAsTheKitsEnglish() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let cases = [
                (#"{"mode":"local","players":["Ann","  "]}"#, Phrase("tictactoe.errors.names.missingSecond")),
                (#"{"mode":"local","players":["Ann"]}"#, Phrase("tictactoe.errors.names.local")),
                (#"{"mode":"online","players":["\#(String(repeating: "x", count: 41))"]}"#,
                 Phrase("tictactoe.errors.names.tooLong", ["count": .number(40)])),
            ]
            for (json, words) in cases {
                let answer = try await Self.error(client, .post, "/api/tictactoe/games", json: json, language: "es")
                #expect(answer.code == "invalid_name" && answer.message == Catalogues.current.text(words, language: "es"), "\(json)")
            }
        }
    }
}
