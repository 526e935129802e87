import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdTLS
import NIOCore
import Testing
import TesseraTestSupport
@testable import TesseraServer
@testable import TesseraStore

/// Running on a school's own network (issue 41): the names served, HTTPS with a certificate made
/// here by openssl, what a proxy is believed about HTTPS, and backups taken while serving.
@Suite struct SchoolNetworkTests {
    static let teacher = #"{"name":"Ms Ann Rivera","email":"ann@school.test","password":"a long enough password"}"#

    @Test func theNamesServedFollowTheBindAndTheAllowedNames() {
        let school = AllowedHosts(bindHost: "0.0.0.0", allowed: ["Tessera.School.Test.", "192.168.1.20", "[fd00::20]"])
        for host in ["tessera.school.test", "TESSERA.school.test:8443", "tessera.school.test.", "192.168.1.20:443", "[fd00::20]:8443",
                     "localhost:8080", "127.0.0.1", "[::1]:443"] {
            #expect(school.allows(authority: host), "\(host)")
        }
        for host in ["rebound.evil.example", "tessera.school.test.evil.example", "192.168.1.21", "[fd00::21]", "[fd00::20", ""] {
            #expect(!school.allows(authority: host), "\(host)")
        }
        #expect(AllowedHosts(bindHost: "0.0.0.0", allowed: []).allows(authority: "anything.example"), "no names: any (serve warns)")
        #expect(!AllowedHosts(bindHost: "127.0.0.1", allowed: []).allows(authority: "anything.example"), "loopback: loopback names only")
        for bad in ["", "bad name", "-dash.example", "under_score.example", String(repeating: "a", count: 64) + ".example", "é.example"] {
            #expect(!AllowedHosts.isValidName(bad), "\(bad)")
        }
    }

    @Test func onAWideBindOnlyTheAllowedNamesAndLoopbackAreServed() async throws {
        var config = testConfiguration()
        config.host = "0.0.0.0"
        config.allowedHosts = ["tessera.school.test"]
        let app = try await buildApplication(config)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            func health(host: String, language: String = "en") async throws -> (Int, String) {
                var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/health")
                request.headers.replaceOrAdd(name: "Host", value: host)
                request.headers.replaceOrAdd(name: "Accept-Language", value: language)
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(5))
                return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 16)))
            }
            #expect(try await health(host: "tessera.school.test:\(port)").0 == 200)
            #expect(try await health(host: "127.0.0.1:\(port)").0 == 200)
            let (status, body) = try await health(host: "rebound.evil.example", language: "fr")
            #expect(status == 403)
            #expect(body.contains("host_not_allowed"))
            #expect(body.contains("ne répond pas au nom rebound.evil.example"), "said in the asker's language: \(body)")
        }
    }

    @Test func xForwardedProtoCountsOnlyFromATrustedProxy() async throws {
        // From anyone (here: no peer at all), the header changes nothing.
        let open = try await buildApplication(testConfiguration())
        try await open.test(.router) { client in
            let (cookies, hsts) = try await Self.signUp(client, headers: [.xForwardedProto: "https"])
            #expect(!cookies.isEmpty)
            #expect(cookies.allSatisfy { !$0.contains("Secure") }, "\(cookies)")
            #expect(hsts == nil)
        }
        // From the trusted proxy on this machine, it makes cookies Secure and answers carry HSTS.
        var config = testConfiguration()
        config.trustedProxies = ["127.0.0.1"]
        let proxied = try await buildApplication(config)
        try await proxied.test(.live) { client in
            let (cookies, hsts) = try await Self.signUp(client, headers: [.xForwardedProto: "https"])
            #expect(!cookies.isEmpty)
            #expect(cookies.allSatisfy { $0.contains("Secure") }, "\(cookies)")
            #expect(hsts == HTTPSMiddleware<TesseraRequestContext>.strictTransportSecurity)
            let (plain, plainHSTS) = try await Self.signUp(client, headers: [:], email: "bo@school.test")
            #expect(plain.allSatisfy { !$0.contains("Secure") }, "the proxy said nothing: plain HTTP")
            #expect(plainHSTS == nil)
        }
    }

    @Test func httpsOnASelfSignedCertificateServesHTTP2AndSecureCookies() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (certificate, key) = try Self.makeCertificate(in: folder, name: "school.test")
        var config = testConfiguration()
        config.allowedHosts = ["school.test"]
        config.tls = TLSFiles(certificate: certificate, privateKey: key)
        let app = try await buildApplication(config)
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(certificate))
        let https = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(tlsConfiguration: tls))
        // Shut down on every path: a client dropped unshut traps, taking the whole test run with it.
        do { try await Self.checkHTTPS(app, https) } catch { try? await https.shutdown(); throw error }
        try await https.shutdown()
    }

    /// Over HTTPS with a certificate for school.test: HTTP/2, HSTS, Secure cookies, and another
    /// Host refused. Timeouts are generous: a sign-up's bcrypt waits behind the whole suite's.
    private static func checkHTTPS(_ app: some ApplicationProtocol, _ https: HTTPClient) async throws {
        try await app.test(.live) { client in
            let port = try #require(client.port)
            var health = HTTPClientRequest(url: "https://127.0.0.1:\(port)/health")
            health.headers.replaceOrAdd(name: "Host", value: "school.test")
            let answer = try await https.execute(health, timeout: .seconds(30))
            #expect(answer.status == .ok)
            #expect(answer.version == .http2, "ALPN chose HTTP/2")
            #expect(answer.headers.first(name: "Strict-Transport-Security") == HTTPSMiddleware<TesseraRequestContext>.strictTransportSecurity)

            var signUp = HTTPClientRequest(url: "https://127.0.0.1:\(port)/api/auth/teachers")
            signUp.method = .POST
            signUp.headers.replaceOrAdd(name: "Host", value: "school.test")
            signUp.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
            signUp.body = .bytes(ByteBuffer(string: Self.teacher))
            let created = try await https.execute(signUp, timeout: .seconds(30))
            #expect(created.status == .created)
            let cookies = created.headers["Set-Cookie"]
            #expect(cookies.count >= 2)
            #expect(cookies.allSatisfy { $0.contains("Secure") }, "\(cookies)")

            var wrong = HTTPClientRequest(url: "https://127.0.0.1:\(port)/health")
            wrong.headers.replaceOrAdd(name: "Host", value: "rebound.evil.example")
            #expect(try await https.execute(wrong, timeout: .seconds(30)).status == .forbidden)
        }
    }

    @Test func wrongCertificateFilesStopTheServerWithAReason() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (certificate, key) = try Self.makeCertificate(in: folder, name: "school.test")
        let other = try Self.makeCertificate(in: folder + "/other", name: "other.test")
        let cases: [(TLSFiles, String)] = [
            (TLSFiles(certificate: folder + "/missing.pem", privateKey: key), "no such file"),
            (TLSFiles(certificate: key, privateKey: key), "--tls-cert"),
            (TLSFiles(certificate: certificate, privateKey: certificate), "--tls-key"),
            (TLSFiles(certificate: certificate, privateKey: other.key), "does not belong"),
        ]
        for (files, reason) in cases {
            var config = testConfiguration()
            config.tls = files
            await #expect(throws: StartupError.self) { _ = try await buildApplication(config) }
            do { _ = try await buildApplication(config) } catch let error as StartupError {
                #expect(error.description.contains(reason), "\(error.description)")
            }
        }
    }

    @Test func backupsAreNamedForTheirTimeAndOnlyTheNewestAreKept() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try await buildApplication(testConfiguration(dataDirectory: folder))  // makes the database
        let backups = ScheduledBackups(dataDirectory: folder, schedule: BackupSchedule(every: .seconds(3600), keep: 2))
        #expect(backups.delayBeforeNext() == .zero, "none yet: the first is due at once")
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        try FileManager.default.createDirectory(atPath: backups.folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: backups.folder + "/notes.txt", contents: Data("ours".utf8))
        for hour in 0..<4 {
            let (report, removed) = try backups.takeBackup(now: start.addingTimeInterval(Double(hour) * 3600))
            try DatabaseBackup.check(report.file, thorough: true)
            #expect(removed.count == (hour >= 2 ? 1 : 0))
        }
        let kept = backups.backups().map(\.name)
        #expect(kept == ["tessera-" + ScheduledBackups.stamp(start.addingTimeInterval(3 * 3600)) + ".sqlite",
                         "tessera-" + ScheduledBackups.stamp(start.addingTimeInterval(2 * 3600)) + ".sqlite"])
        #expect(FileManager.default.fileExists(atPath: backups.folder + "/notes.txt"), "files not ours are left alone")
        let later = start.addingTimeInterval(3 * 3600 + 600)
        #expect(backups.delayBeforeNext(now: later) == .seconds(3000), "due an interval after the newest one")
    }

    @Test func theServerBacksUpOnItsOwnAndPrunes() async throws {
        let folder = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var config = testConfiguration(dataDirectory: folder)
        config.backups = BackupSchedule(every: .seconds(1), keep: 2)
        let app = try await buildApplication(config)
        let backups = ScheduledBackups(dataDirectory: folder, schedule: config.backups!)
        try await app.test(.live) { client in
            // Rounds at 0, 1, 2… s: once two are there, later rounds prune to two.
            let deadline = ContinuousClock.now + .seconds(20)
            while backups.backups().count < 2, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(200))
            }
            try await Task.sleep(for: .milliseconds(2500))
            #expect(try await client.call(.get, "/health").status == .ok)
        }
        let kept = backups.backups()
        #expect(kept.count == 2, "\(kept.map(\.name))")
        for backup in kept { try DatabaseBackup.check(backups.folder + "/" + backup.name, thorough: true) }
    }

    // MARK: Helpers

    /// Signs a teacher up; the Set-Cookie lines and the HSTS header of the answer.
    static func signUp(_ client: some TestClientProtocol, headers: HTTPFields,
                       email: String = "ann@school.test") async throws -> ([String], String?) {
        var headers = headers
        headers[.contentType] = "application/json"
        let body = teacher.replacingOccurrences(of: "ann@school.test", with: email)
        return try await client.execute(uri: "/api/auth/teachers", method: .post, headers: headers, body: ByteBuffer(string: body)) { response in
            #expect(response.status == .created)
            return (response.headers[values: .setCookie], response.headers[.strictTransportSecurity])
        }
    }

    /// A self-signed certificate for `name` and 127.0.0.1, made by openssl as the README says.
    static func makeCertificate(in folder: String, name: String) throws -> (certificate: String, key: String) {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let certificate = folder + "/cert.pem", key = folder + "/key.pem"
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                             "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=\(name)",
                             "-addext", "subjectAltName=DNS:\(name),IP:127.0.0.1"]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl made the certificate")
        return (certificate, key)
    }
}
