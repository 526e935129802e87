import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Languages
import Testing
@testable import TesseraServer

/// API errors are said in the asker's language (issue 38): `?lang=`, else `Accept-Language` (which
/// every page sets to its own language), else English; the code stays the same in every language.
@Suite struct ErrorLanguageTests {
    private static let pupilLogin = #"{"classCode":"ABC123","name":"Sam","password":"whatever"}"#

    private static func message(_ client: some TestClientProtocol, _ uri: String, json: String, language: String?) async throws
        -> (code: String?, message: String?) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let language { headers[.acceptLanguage] = language }
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: json)) { response in
            let body = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any]
            let error = body?["error"] as? [String: Any]
            return (error?["code"] as? String, error?["message"] as? String)
        }
    }

    private static func said(_ key: String, _ language: String) -> String {
        Catalogues.current.text(key, language: language)
    }

    @Test func aPupilsWrongPasswordIsSaidInTheBrowsersLanguage() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let key = "classroom.errors.account.wrongPupilCredentials"
            let english = try await Self.message(client, "/api/auth/login", json: Self.pupilLogin, language: nil)
            #expect(english.code == "wrong_credentials" && english.message == Self.said(key, "en"))
            for language in ["es", "fr", "de", "pt", "ar"] {
                let answer = try await Self.message(client, "/api/auth/login", json: Self.pupilLogin, language: "\(language)-XX,en;q=0.5")
                #expect(answer.code == "wrong_credentials", "the code is the same in every language")
                #expect(answer.message == Self.said(key, language) && answer.message != english.message, "\(language)")
            }
        }
    }

    @Test func langInTheQueryWinsOverAcceptLanguage() async throws {
        try await buildApplication(testConfiguration()).test(.router) { client in
            let answer = try await Self.message(client, "/api/auth/login?lang=fr", json: "{not json", language: "de")
            #expect(answer.code == "bad_json" && answer.message == Self.said("shared.errors.bodyNotJSON", "fr"))
            let unknown = try await Self.message(client, "/api/auth/login?lang=xx", json: "{not json", language: "de")
            #expect(unknown.message == Self.said("shared.errors.bodyNotJSON", "de"), "a language we lack falls back to Accept-Language")
        }
    }

    @Test func theWordsAroundAPluralFollowTheLanguagesRules() {
        // Arabic counts minutes with six forms; the refusal must pick the right one, not English's two.
        let error = APIError.tooBusy("classroom.errors.wrongPasswords.pupil", ["minutes": .number(3)], retryAfterSeconds: 180)
        #expect(error.message.contains("3 minutes"))
        #expect(error.message(in: "ar") == Catalogues.current.text("classroom.errors.wrongPasswords.pupil", ["minutes": .number(3)], language: "ar"))
    }
}
