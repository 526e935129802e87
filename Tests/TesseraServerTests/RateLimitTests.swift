import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import TesseraServer

/// Limits per client (issue 23): a burst is allowed, the next request is 429 `too_busy` with
/// `Retry-After`, buckets refill, clients are counted apart (addresses, accounts, forwarded
/// addresses from trusted proxies only), and `--rate-limit off` lifts them. The `.live` client is a
/// real connection from 127.0.0.1, so the server sees a peer address as in production.
@Suite struct RateLimitTests {
    typealias Browser = AuthAPITests.Browser

    static func configuration(_ limits: String, trustedProxies: [String] = []) throws -> Configuration {
        var config = testConfiguration()
        config.rateLimits = try RateLimits.parse(limits)
        config.trustedProxies = trustedProxies
        return config
    }

    static func newGame(_ client: some TestClientProtocol, forwardedFor: String? = nil, body: String = #"{"mode":"local","players":["Ada","Bob"]}"#)
        async throws -> (status: HTTPResponse.Status, retryAfter: String?, body: String) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let forwardedFor { headers[.xForwardedFor] = forwardedFor }
        return try await client.execute(uri: "/api/tictactoe/games", method: .post, headers: headers, body: ByteBuffer(string: body)) {
            ($0.status, $0.headers[.retryAfter], String(buffer: $0.body))
        }
    }

    @Test func aBurstIsAllowedThenTheNextIsTooBusyWithRetryAfterAndAWordOnWhen() async throws {
        try await buildApplication(Self.configuration("create=3/h")).test(.live) { client async throws in
            for _ in 0..<3 { #expect(try await Self.newGame(client).status == .created) }
            let refused = try await Self.newGame(client)
            #expect(refused.status == .tooManyRequests)
            // 3 an hour: the next one is 20 minutes away, less what the three took (up to two minutes on a busy machine).
            #expect(Int(refused.retryAfter ?? "").map { (1_080...1_200).contains($0) } == true, "\(refused.retryAfter ?? "none")")
            let error = try #require((try JSONSerialization.jsonObject(with: Data(refused.body.utf8)) as? [String: Any])?["error"] as? [String: Any])
            #expect(error["code"] as? String == "too_busy")
            #expect((error["message"] as? String)?.contains(Int(refused.retryAfter ?? "0").map { "try again in \(($0 + 59) / 60) minutes" } ?? "?") == true,
                    "\(error["message"] ?? "")")
            // Other kinds of work have buckets of their own.
            let puzzle = try await client.execute(uri: "/api/pentomino/puzzles/nope/hint", method: .get) { $0.status }
            #expect(puzzle == .notFound)
            let metrics = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
            #expect(metrics.contains(#"tessera_refused_total{limit="rate"}"#))
        }
    }

    @Test func requestsThatDoNoWorkGiveTheirTokenBack() async throws {
        try await buildApplication(Self.configuration("create=2/h")).test(.live) { client async throws in
            for _ in 0..<5 { #expect(try await Self.newGame(client, body: #"{"mode":"sideways"}"#).status == .badRequest) }
            #expect(try await Self.newGame(client).status == .created)
            #expect(try await Self.newGame(client).status == .created)
            #expect(try await Self.newGame(client).status == .tooManyRequests)
        }
    }

    @Test func aRunKeepsItsTokenOnceItsWorkRanWhateverItAnswers() async throws {
        try await buildApplication(Self.configuration("runs=2/h")).test(.live) { client async throws in
            func run(_ level: Int, _ body: String) async throws -> HTTPResponse.Status {
                try await client.execute(uri: "/api/router/levels/\(level)/runs", method: .post,
                                         headers: [.contentType: "application/json"], body: ByteBuffer(string: body)) { $0.status }
            }
            // Refused before anything runs (a player id only an account may use): free, every time.
            let someoneElse = AccountProgressTests.solvesLevel1.replacingOccurrences(of: "AnonymousPage123", with: "acct-abcdefghijkm")
            for _ in 0..<4 { #expect(try await run(1, someoneElse) == .notFound) }
            // Refused by the run itself (422, a block the level does not offer) after the work was
            // admitted: those spend the allowance.
            let offToolbox = #"{"program":{"blocks":[{"type":"deliver"}]}}"#
            for _ in 0..<2 { #expect(try await run(1, offToolbox) == .unprocessableContent) }
            #expect(try await run(1, offToolbox) == .tooManyRequests)
        }
    }

    @Test func theBucketRefills() async throws {
        // Two a second with a burst of two: empty soon, then a request goes through again within a
        // second or so (polled, not slept: a busy machine only makes the wait longer).
        try await buildApplication(Self.configuration("create=2/s:2")).test(.live) { client async throws in
            var refused: (status: HTTPResponse.Status, retryAfter: String?, body: String)?
            for _ in 0..<50 where refused == nil {
                let answer = try await Self.newGame(client)
                if answer.status == .tooManyRequests { refused = answer }
            }
            #expect(refused?.retryAfter == "1")
            let clock = ContinuousClock(), start = clock.now
            var again = false
            while !again, clock.now - start < .seconds(5) {
                try await Task.sleep(for: .milliseconds(100))
                again = try await Self.newGame(client).status == .created
            }
            #expect(again, "refilled within 5 s")
        }
        // The same arithmetic on a clock of our own, to the second.
        let buckets = RateLimitBuckets(limits: try RateLimits.parse("runs=6/min"))
        let start = Date(timeIntervalSince1970: 1_000)
        for _ in 0..<6 { #expect(buckets.take(.runs, client: "a", now: start) == nil) }
        #expect(buckets.take(.runs, client: "a", now: start) == 10)
        #expect(buckets.take(.runs, client: "a", now: start.addingTimeInterval(4)) == 6)
        #expect(buckets.take(.runs, client: "a", now: start.addingTimeInterval(10)) == nil)
        #expect(buckets.take(.runs, client: "b", now: start.addingTimeInterval(10)) == nil, "another client has its own bucket")
        #expect(buckets.take(.runs, client: "a", now: start.addingTimeInterval(1_000)) == nil, "refilled to the burst, no more")
        for _ in 0..<5 { #expect(buckets.take(.runs, client: "a", now: start.addingTimeInterval(1_000)) == nil) }
        #expect(buckets.take(.runs, client: "a", now: start.addingTimeInterval(1_000)) != nil)
    }

    @Test func forwardedAddressesAreBelievedOnlyFromATrustedProxy() async throws {
        // Nobody trusted: the header is the client's word, and every request counts against 127.0.0.1.
        try await buildApplication(Self.configuration("create=2/h")).test(.live) { client async throws in
            #expect(try await Self.newGame(client, forwardedFor: "203.0.113.1").status == .created)
            #expect(try await Self.newGame(client, forwardedFor: "203.0.113.2").status == .created)
            #expect(try await Self.newGame(client, forwardedFor: "203.0.113.3").status == .tooManyRequests)
        }
        // nginx on this machine: each forwarded address is a client of its own.
        try await buildApplication(Self.configuration("create=2/h", trustedProxies: ["127.0.0.1"])).test(.live) { client async throws in
            #expect(try await Self.newGame(client, forwardedFor: "203.0.113.1").status == .created)
            #expect(try await Self.newGame(client, forwardedFor: "203.0.113.1").status == .created)
            #expect(try await Self.newGame(client, forwardedFor: "203.0.113.1").status == .tooManyRequests)
            // Two addresses are independent; an address the client made up in front of nginx's is not believed.
            #expect(try await Self.newGame(client, forwardedFor: "203.0.113.2").status == .created)
            #expect(try await Self.newGame(client, forwardedFor: "198.51.100.7, 203.0.113.1").status == .tooManyRequests)
        }
    }

    /// Behind the documented nginx every peer is 127.0.0.1: the bulk allowance of wrong passwords
    /// (`SignInLimits.perAddress`, lowered here to 5) counts per forwarded address, so one client
    /// guessing cannot spend another's.
    @Test func wrongPasswordsBehindATrustedProxyCountPerForwardedAddress() async throws {
        var config = try Self.configuration("signin=off", trustedProxies: ["127.0.0.1"])
        config.signInLimits.perAddress = 5
        try await buildApplication(config).test(.live) { client async throws in
            func login(_ email: String, from address: String) async throws -> HTTPResponse.Status {
                let headers: HTTPFields = [.contentType: "application/json", .xForwardedFor: address]
                let body = ByteBuffer(string: #"{"email":"\#(email)","password":"not the password"}"#)
                return try await client.execute(uri: "/api/auth/login", method: .post, headers: headers, body: body) { $0.status }
            }
            for n in 1...5 { #expect(try await login("guess\(n)@school.org", from: "203.0.113.1") == .unauthorized) }
            #expect(try await login("guess9@school.org", from: "203.0.113.1") == .tooManyRequests)
            #expect(try await login("someone@school.org", from: "203.0.113.2") == .unauthorized, "another pupil behind the same proxy")
        }
    }

    @Test func aSignedInPupilHasALimitOfTheirOwn() async throws {
        try await buildApplication(Self.configuration("create=3/h,signin=off")).test(.live) { client async throws in
            // The teacher's class and pupils take from the teacher's account, not the school's address.
            let teacher = try await ClassAPITests.teacher(client)
            let made = try await ClassAPITests.newClass(client, teacher)
            let classID = try #require(made["id"] as? String), code = try #require(made["code"] as? String)
            let pupils = try await ClassAPITests.addPupils(client, teacher, classID: classID, ["Sam", "Priya"])
            var browsers: [Browser] = []
            for pupil in pupils {
                let browser = Browser()
                let name = try #require(pupil["name"] as? String), password = try #require(pupil["password"] as? String)
                let login = try await browser.send(client, .post, "/api/auth/login",
                                                   json: #"{"classCode":"\#(code)","name":"\#(name)","password":"\#(password)"}"#)
                #expect(login.status == .ok)
                browsers.append(browser)
            }
            let game = #"{"mode":"local","players":["Ada","Bob"]}"#
            for _ in 0..<3 { #expect(try await browsers[0].send(client, .post, "/api/tictactoe/games", json: game).status == .created) }
            #expect(try await browsers[0].send(client, .post, "/api/tictactoe/games", json: game).status == .tooManyRequests)
            // Same address, another pupil: a full allowance; and the address's own is untouched too.
            for _ in 0..<3 { #expect(try await browsers[1].send(client, .post, "/api/tictactoe/games", json: game).status == .created) }
            for _ in 0..<3 { #expect(try await Self.newGame(client).status == .created) }
            #expect(try await Self.newGame(client).status == .tooManyRequests)
        }
    }

    @Test func theMessageSaysWhenInWordsAPersonReads() {
        #expect(RateLimitMiddleware<TesseraRequestContext>.refusal(.runs, wait: 1).message.hasSuffix("again in a second."))
        #expect(RateLimitMiddleware<TesseraRequestContext>.refusal(.create, wait: 45).message.hasSuffix("try again in 45 seconds."))
        #expect(RateLimitMiddleware<TesseraRequestContext>.refusal(.create, wait: 1_200).message.hasSuffix("try again in 20 minutes."))
        #expect(RateLimitMiddleware<TesseraRequestContext>.refusal(.solver, wait: 3_600).message.hasSuffix("ask again in an hour."))
        #expect(RateLimitMiddleware<TesseraRequestContext>.refusal(.signin, wait: 7_300).message.hasSuffix("try again in 3 hours."))
        // In Arabic the hours take the language's own plural form, chosen by the catalogue.
        let arabic = RateLimitMiddleware<TesseraRequestContext>.refusal(.signin, wait: 7_300).message(in: "ar")
        #expect(!arabic.isEmpty && !arabic.contains("hours"))
    }

    @Test func offLiftsEveryLimit() async throws {
        #expect(try RateLimits.parse("off") == .off)
        try await buildApplication(Self.configuration("off")).test(.live) { client async throws in
            for _ in 0..<150 { #expect(try await Self.newGame(client).status == .created) }
        }
    }

    @Test func theOptionReadsMultipliersRatesAndBurstsAndExplainsMistakes() throws {
        let doubled = try RateLimits.parse("2x")
        #expect(doubled.rule(.create) == .init(burst: 240, perSecond: 4))
        let set = try RateLimits.parse("x0.5, runs=600/min:100, sync=off, signin=10/h")
        #expect(set.rule(.create) == .init(burst: 60, perSecond: 1))
        #expect(set.rule(.runs) == .init(burst: 100, perSecond: 10))
        #expect(set.rule(.sync) == nil)
        #expect(set.rule(.signin) == .init(burst: 10, perSecond: 10.0 / 3600))
        for bad in ["", "fast", "runs=5", "runs=5/day", "runs=0/s", "runs=5/s:0", "hints=5/s", "runs=5/s,", "0x",
                    "1000x,1000x,1000x,1000x,1000x,1000x", "0.01x,0.01x,0.01x,0.01x"] {
            #expect(throws: RateLimitError.self, "'\(bad)'") { try RateLimits.parse(bad) }
        }
    }

    @Test func aVerySlowRateSaysAtMostADay() throws {
        // Slower than the option allows, as a configuration built in code could say.
        let buckets = RateLimitBuckets(limits: RateLimits(rules: [.runs: .init(burst: 1, perSecond: 1e-20)]))
        let start = Date(timeIntervalSince1970: 1_000)
        #expect(buckets.take(.runs, client: "a", now: start) == nil)
        #expect(buckets.take(.runs, client: "a", now: start) == RateLimitBuckets.longestWait)
    }

    @Test func aFloodOfAddressesCannotGrowTheTable() {
        let buckets = RateLimitBuckets(limits: .defaults, maxBuckets: 100)
        for index in 0..<10_000 { _ = buckets.take(.create, client: "address:10.0.\(index / 256).\(index % 256)") }
        #expect(buckets.bucketCount == 100)
    }

    @Test func addressesAreCanonicalAndIPv6CountsPerBlock() {
        #expect(RateLimitClients.canonicalAddress("::ffff:192.0.2.1") == "192.0.2.1")
        #expect(RateLimitClients.canonicalAddress("[2001:DB8::1]") == "2001:db8::1")
        #expect(RateLimitClients.canonicalAddress("nginx") == nil)
        #expect(RateLimitClients.clientBlock("2001:db8:1:2:aaaa::1") == RateLimitClients.clientBlock("2001:db8:1:2:bbbb::9"))
        #expect(RateLimitClients.clientBlock("192.0.2.1") == "192.0.2.1")
    }

    @Test func cpuWorkRefusesBeyondItsQueueInsteadOfWaiting() async throws {
        let work = CPUWork(maxWaiting: 1)
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let first = Task { try await work.solve { started.signal(); release.wait(); return 1 } }
        await withCheckedContinuation { done in DispatchQueue.global().async { started.wait(); done.resume() } }
        await #expect(throws: APIError.self) { try await work.solve { 2 } }
        release.signal()
        #expect(try await first.value == 1)
        #expect(try await work.solve { 3 } == 3, "room again once the first is done")
    }
}
