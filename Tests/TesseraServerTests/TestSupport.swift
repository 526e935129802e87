import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import TesseraServer

/// A test configuration: in-memory database unless a folder is given, any free port, and a maze
/// API without simulated latency or failures.
func testConfiguration(dataDirectory: String? = nil) -> Configuration {
    var config = Configuration(host: "127.0.0.1", port: 0, dataDirectory: dataDirectory, logLevel: .warning)
    config.maze.conditions = .instant
    return config
}

/// A fresh temporary folder for a database that must survive a restart.
func temporaryDirectory() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-test-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
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

/// The `error.code` of an error answer.
func errorCode(_ body: [String: Any]) -> String? {
    (body["error"] as? [String: Any])?["code"] as? String
}
