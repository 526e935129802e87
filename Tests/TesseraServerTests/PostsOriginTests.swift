import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PostsKit
import Testing
@testable import TesseraServer

/// `/origin/…` behaves like jsonplaceholder (json-server 0.17 with fake writes) over our data.
@Suite struct PostsOriginTests {
    struct Answer {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let text: String
        var json: Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }
        var list: [[String: Any]] { json as? [[String: Any]] ?? [] }
        var object: [String: Any] { json as? [String: Any] ?? [:] }
        func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { headers[$0] } }
    }

    func origin(_ options: PostsOriginOptions = .init(), _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var config = testConfiguration()
        config.postsOrigin = options
        try await buildApplication(config).test(.router) { client in try await body(client) }
    }

    func call(_ client: some TestClientProtocol, _ uri: String, headers: HTTPFields = [:]) async throws -> Answer {
        try await call(client, .get, uri, headers: headers)
    }

    func call(_ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String,
              json: String? = nil, headers extra: HTTPFields = [:]) async throws -> Answer {
        var headers = extra
        if json != nil { headers[.contentType] = "application/json" }
        return try await client.execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }) {
            Answer(status: $0.status, headers: $0.headers, text: String(buffer: $0.body))
        }
    }

    @Test func listsArePrettyPrintedInJsonplaceholdersFieldOrderWithNoCacheHeaders() async throws {
        try await origin { client in
            let posts = try await call(client, "/origin/posts")
            #expect(posts.status == .ok)
            #expect(posts.list.count == 100)
            let first = OriginDataset.standard.posts[0]
            #expect(posts.text.hasPrefix("[\n  {\n    \"userId\": 1,\n    \"id\": 1,\n    \"title\": \"\(first.title)\",\n    \"body\": \""))
            #expect(posts.text.hasSuffix("\n  }\n]"))
            #expect(posts.header("Content-Type") == "application/json; charset=utf-8")
            #expect(posts.header("Cache-Control") == "no-cache" && posts.header("Pragma") == "no-cache" && posts.header("Expires") == "-1")
            #expect(posts.header("X-Total-Count") == nil && posts.header("Link") == nil)
            let user = try await call(client, "/origin/users/1")
            #expect(user.text.hasPrefix("{\n  \"id\": 1,\n  \"name\": "))
            #expect(user.text.contains("\n  \"address\": {\n    \"street\": "))
            #expect(user.text.contains("\n    \"geo\": {\n      \"lat\": "))
            #expect(try await call(client, "/origin/photos").list.count == 5000)
            #expect(try await call(client, "/origin/comments").list.count == 500)
            #expect(try await call(client, "/origin/todos").list.count == 200)
            let db = try await call(client, "/origin/db")
            #expect(db.text.hasPrefix("{\n  \"posts\": [\n    {\n      \"userId\": 1,"))
            #expect(["posts", "comments", "albums", "photos", "users", "todos"].map { (db.object[$0] as? [Any])?.count }
                == [100, 500, 100, 5000, 10, 200])
        }
    }

    @Test func pagingAnswersTotalsAndLinks() async throws {
        try await origin { client in
            let page = try await call(client, "/origin/posts?_page=2&_limit=20&userId_ne=0")
            #expect(page.list.compactMap { $0["id"] as? Int } == Array(21...40))
            #expect(page.header("X-Total-Count") == "100")
            let base = "http://localhost/origin/posts?"
            #expect(page.header("Link") == "<\(base)_page=1&_limit=20&userId_ne=0>; rel=\"first\", "
                + "<\(base)_page=1&_limit=20&userId_ne=0>; rel=\"prev\", <\(base)_page=3&_limit=20&userId_ne=0>; rel=\"next\", "
                + "<\(base)_page=5&_limit=20&userId_ne=0>; rel=\"last\"")
            #expect(page.header("Access-Control-Expose-Headers") == "X-Total-Count, Link, Location")
            // What the client wrote stays in the links, except bytes that could break the header.
            let odd = try await call(client, "/origin/posts?_page=1&_limit=50&x=<b>%20")
            #expect(odd.header("Link")?.hasPrefix("<\(base)_page=1&_limit=50&x=%3Cb%3E%20>; rel=\"first\"") == true)
            let past = try await call(client, "/origin/posts?_page=6&_limit=20")
            #expect(past.text == "[]" && past.header("Link") == nil && past.header("X-Total-Count") == "100")
            let sliced = try await call(client, "/origin/comments?_start=10&_end=13")
            #expect(sliced.list.compactMap { $0["id"] as? Int } == [11, 12, 13])
            #expect(sliced.header("X-Total-Count") == "500")
            let limited = try await call(client, "/origin/albums?_limit=3&_sort=id&_order=desc")
            #expect(limited.list.compactMap { $0["id"] as? Int } == [100, 99, 98])
        }
    }

    @Test func badNumbersAreIgnoredAndOversizedQueriesRefused() async throws {
        try await origin { client in
            for junk in ["abc", "-5", "1.5", "9999999999", "%20"] {
                let answer = try await call(client, "/origin/posts?_limit=\(junk)&_page=\(junk)&_end=\(junk)")
                #expect(answer.status == .ok && answer.list.count == 100, "\(junk)")
                #expect(answer.header("X-Total-Count") == nil)
            }
            let many = (0...50).map { "k\($0)=1" }.joined(separator: "&")
            let tooMany = try await call(client, "/origin/posts?\(many)")
            #expect(tooMany.status == .badRequest && errorCode(tooMany.object) == "invalid_query")
            let long = try await call(client, "/origin/posts?q=\(String(repeating: "a", count: 257))")
            #expect(long.status == .badRequest && errorCode(long.object) == "invalid_query")
            // The limit is in characters, as openapi.yaml's maxLength counts them: 256 two-byte
            // letters are 512 bytes and still valid (fuzzing with a fresh seed found them refused).
            let accented = try await call(client, "/origin/posts?q=\(String(repeating: "%C3%A9", count: 256))")
            #expect(accented.status == .ok, "256 characters of UTF-8 are within the documented maxLength")
            let tooLong = try await call(client, "/origin/posts?q=\(String(repeating: "%C3%A9", count: 257))")
            #expect(tooLong.status == .badRequest && errorCode(tooLong.object) == "invalid_query")
        }
    }

    @Test func filtersAndNestedRoutes() async throws {
        try await origin { client in
            #expect(try await call(client, "/origin/posts?userId=1&userId=2").list.count == 20)
            #expect(try await call(client, "/origin/posts?foo=1").list.count == 100)
            #expect(try await call(client, "/origin/todos?userId=3&completed=true").list.allSatisfy { $0["completed"] as? Bool == true })
            #expect(try await call(client, "/origin/users?address.city=Nowhere").list.isEmpty)
            let nested: [(String, Int, String)] = [("posts/1/comments", 5, "postId"), ("users/1/posts", 10, "userId"),
                                                   ("users/1/albums", 10, "userId"), ("users/1/todos", 20, "userId"),
                                                   ("albums/2/photos", 50, "albumId")]
            for (path, count, key) in nested {
                let list = try await call(client, "/origin/\(path)").list
                let parent = Int(path.split(separator: "/")[1])
                #expect(list.count == count && list.allSatisfy { $0[key] as? Int == parent }, "\(path)")
            }
            // As json-server: the parent need not exist, and a key the children lack filters nothing.
            #expect(try await call(client, "/origin/posts/999/comments").text == "[]")
            #expect(try await call(client, "/origin/posts/1/photos?_limit=1").header("X-Total-Count") == "5000")
            let paged = try await call(client, "/origin/posts/3/comments?_page=1&_limit=2")
            #expect(paged.header("Link")?.hasPrefix("<http://localhost/origin/posts/3/comments?_page=1&_limit=2>") == true)
        }
    }

    @Test func unknownResourcesAndIdsAreAnEmptyObject() async throws {
        try await origin { client in
            for path in ["/origin/nope", "/origin/posts/101", "/origin/posts/0", "/origin/posts/abc", "/origin/posts/007",
                         "/origin/posts/1234567890", "/origin/nope/1", "/origin/posts/1/nope", "/origin/posts/x/comments",
                         "/origin/posts/1/comments/1", "/origin/db/1", "/origin/placeholder/600"] {
                let answer = try await call(client, path)
                #expect(answer.status == .notFound && answer.text == "{}", "\(path)")
                #expect(answer.header("Content-Type") == "application/json; charset=utf-8")
            }
            let wrong = try await call(client, .post, "/origin/posts/1", json: "{}")
            #expect(wrong.status == .methodNotAllowed && wrong.header("Allow") == "GET, PUT, PATCH, DELETE")
            #expect(try await call(client, .delete, "/origin/db").status == .methodNotAllowed)
        }
    }

    @Test func corsReflectsTheOriginAndAnswersPreflights() async throws {
        try await origin { client in
            let plain = try await call(client, "/origin/posts/1")
            #expect(plain.header("Access-Control-Allow-Origin") == "*")
            let cross = try await call(client, "/origin/posts/1", headers: [.origin: "http://reader.test"])
            #expect(cross.header("Access-Control-Allow-Origin") == "http://reader.test")
            #expect(cross.header("Access-Control-Allow-Credentials") == "true")
            let preflight = try await call(client, .options, "/origin/posts", headers: [
                .origin: "http://reader.test", .accessControlRequestMethod: "POST", .accessControlRequestHeaders: "content-type"])
            #expect(preflight.status == .noContent)
            #expect(preflight.header("Access-Control-Allow-Methods") == "GET,HEAD,PUT,PATCH,POST,DELETE")
            #expect(preflight.header("Access-Control-Allow-Headers") == "content-type")
            #expect(preflight.header("Access-Control-Allow-Origin") == "http://reader.test")
        }
    }

    @Test func writesAreFakedAndNothingPersists() async throws {
        try await origin { client in
            let created = try await call(client, .post, "/origin/posts", json: #"{"title":"mine","id":"x","userId":1}"#)
            #expect(created.status == .created)
            #expect(created.text == "{\n  \"title\": \"mine\",\n  \"id\": 101,\n  \"userId\": 1\n}")
            #expect(created.header("Location") == "http://localhost/origin/posts/101")
            let empty = try await call(client, .post, "/origin/photos")
            #expect(empty.status == .created && empty.text == "{\n  \"id\": 5001\n}")
            #expect(try await call(client, "/origin/posts").list.count == 100)
            #expect(try await call(client, "/origin/posts/101").status == .notFound)

            let replaced = try await call(client, .put, "/origin/posts/7", json: #"{"title":"new","id":99}"#)
            #expect(replaced.status == .ok && replaced.text == "{\n  \"title\": \"new\",\n  \"id\": 7\n}")
            let patched = try await call(client, .patch, "/origin/posts/7", json: #"{"title":"new","extra":[1,2.5]}"#)
            #expect(patched.object["title"] as? String == "new" && patched.object["userId"] as? Int == 1)
            #expect(patched.text.hasSuffix("\"extra\": [\n    1,\n    2.5\n  ]\n}"))
            let deleted = try await call(client, .delete, "/origin/posts/7")
            #expect(deleted.status == .ok && deleted.text == "{}")
            #expect(try await call(client, "/origin/posts/7").object["title"] as? String == OriginDataset.standard.posts[6].title)

            for method in [HTTPRequest.Method.put, .patch, .delete] {
                let missing = try await call(client, method, "/origin/posts/101", json: method == .delete ? nil : "{}")
                #expect(missing.status == .notFound && missing.text == "{}", "\(method)")
            }
            for body in ["[1]", "\"text\"", "{\"a\":", "{\"a\":1}x", "nul"] {
                let bad = try await call(client, .post, "/origin/posts", json: body)
                #expect(bad.status == .badRequest && errorCode(bad.object) == "bad_json", "\(body)")
                #expect(bad.header("Access-Control-Allow-Origin") == "*")
            }
            let wide = "{" + (0...100).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
            #expect(try await call(client, .post, "/origin/posts", json: wide).status == .badRequest)
            let deep = String(repeating: "{\"a\":", count: 20) + "1" + String(repeating: "}", count: 20)
            #expect(try await call(client, .post, "/origin/posts", json: deep).status == .badRequest)
        }
    }

    @Test func photoURLsPointAtPlaceholderImagesOnThisServer() async throws {
        try await origin { client in
            let photo = try await call(client, "/origin/photos/3").object
            let colour = OriginDataset.colour(photo: 3)
            #expect(photo["url"] as? String == "http://localhost/origin/placeholder/600/\(colour)")
            #expect(photo["thumbnailUrl"] as? String == "http://localhost/origin/placeholder/150/\(colour)")
            let image = try await call(client, "/origin/placeholder/600/\(colour)")
            #expect(image.status == .ok && image.header("Content-Type") == "image/svg+xml")
            #expect(image.header("Cache-Control") == "public, max-age=86400" && image.header("Pragma") == nil)
            #expect(image.text.contains(#"width="600" height="600""#) && image.text.contains("fill=\"#\(colour)\""))
            #expect(try await call(client, "/origin/placeholder/150/ABC").text.contains(##"fill="#abc""##))
            for bad in ["300/abcdef", "600/abcd", "600/ghijkl", "150/abcdef0"] {
                let answer = try await call(client, "/origin/placeholder/\(bad)")
                #expect(answer.status == .notFound && answer.text == "{}", "\(bad)")
            }
        }
    }

    @Test func misbehavesOnDemand() async throws {
        try await origin(PostsOriginOptions(failureRate: 1)) { client in
            let failed = try await call(client, "/origin/posts")
            #expect(failed.status == .internalServerError && failed.text == "{}")
            #expect(try await call(client, .options, "/origin/posts").status == .noContent)  // preflights never fail
        }
        try await origin(PostsOriginOptions(delayMilliseconds: 60)) { client in
            let clock = ContinuousClock()
            let started = clock.now
            let answer = try await call(client, "/origin/users/1")
            let waited = clock.now - started
            #expect(answer.status == .ok)
            #expect(waited >= .milliseconds(60))
        }
        #expect(PostsOriginOptions(delayMilliseconds: 99_999, failureRate: 7) == PostsOriginOptions(delayMilliseconds: 60_000, failureRate: 1))
        #expect(PostsOriginOptions(failureRate: .nan).failureRate == 0)
    }
}
