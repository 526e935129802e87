import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Testing
import TesseraTestSupport
@testable import TesseraServer
@testable import TesseraStore

/// A test configuration: any free port, a maze API without simulated latency or failures, and
/// `testStorage`'s database unless a folder is given (then SQLite in it, for restart tests).
func testConfiguration(dataDirectory: String? = nil) -> Configuration {
    var config = Configuration(host: "127.0.0.1", port: 0, dataDirectory: dataDirectory, logLevel: .warning)
    config.maze.conditions = .instant
    config.bcryptCost = 10  // the lowest the server allows: sign-ins in tests stay quick
    guard dataDirectory == nil else { return config }
    switch testStorage() {
    case .postgres(let url, let schema):
        config.databaseURL = url
        config.databaseSchema = schema
        // The whole suite runs in parallel on one machine: a slow answer there is not an outage.
        config.databaseTimeout = .seconds(10)
    case .sqlite(let directory):
        config.dataDirectory = directory
    case .memory:
        break
    }
    return config
}

/// The backends the API tests can run on, chosen by `TESSERA_TEST_BACKEND` (`memory`, `sqlite`,
/// `postgres`); without it, PostgreSQL when `TESSERA_TEST_DATABASE_URL` is set, else memory.
enum TestBackend: String, Sendable {
    case memory, sqlite, postgres

    static let current: TestBackend = {
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["TESSERA_TEST_BACKEND"], !named.isEmpty {
            guard let backend = TestBackend(rawValue: named.lowercased()) else {
                fatalError("TESSERA_TEST_BACKEND must be memory, sqlite or postgres, not '\(named)'")
            }
            if backend == .postgres, testDatabaseURL == nil {
                fatalError("TESSERA_TEST_BACKEND=postgres needs TESSERA_TEST_DATABASE_URL")
            }
            return backend
        }
        return testDatabaseURL == nil ? .memory : .postgres
    }()
}

/// The one switch between backends for the API tests (`TestBackend.current`): PostgreSQL in a
/// schema of its own per call, SQLite in a fresh temporary folder per call (the default every
/// user runs, with its read cache), or memory. Each call is a database of its own, so tests
/// running in parallel never see each other's rows. Plain `swift test` runs everything in memory.
func testStorage(schema: String = uniqueTestSchema()) -> StorageBackend {
    switch TestBackend.current {
    case .memory: return .memory
    case .sqlite: return .sqlite(directory: temporaryDirectory())
    case .postgres:
        guard let url = testDatabaseURL else { return .memory }
        return .postgres(url: url, schema: schema)
    }
}


extension TestClientProtocol {
    /// Sends `json` (a string, so tests can also send broken JSON) and returns status and parsed body.
    @discardableResult
    func call(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil, token: String? = nil) async throws -> (status: HTTPResponse.Status, body: [String: Any]) {
        var headers: HTTPFields = [:]
        if json != nil { headers[.contentType] = "application/json" }
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }) { response in
            let data = Data(response.body.readableBytesView)
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            return (response.status, object)
        }
    }
}

extension TestClientProtocol {
    /// Sends the request (as `call`) and checks it is refused with `status` and the error code `code`.
    func expectRefusal(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil, token: String? = nil,
                       status: HTTPResponse.Status, code: String,
                       sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let answer = try await call(method, uri, json: json, token: token)
        #expect(answer.status == status, sourceLocation: sourceLocation)
        #expect(errorCode(answer.body) == code, sourceLocation: sourceLocation)
    }
}

/// The `error.code` of an error answer.
func errorCode(_ body: [String: Any]) -> String? {
    (body["error"] as? [String: Any])?["code"] as? String
}
