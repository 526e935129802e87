import AsyncHTTPClient
import Foundation
import GridKit
import NIOCore
import NIOHTTP1

/// One call of a kit's HTTP client — the maze API, an online TicTacToe game, the reader's origin
/// and photos: the request (an `Accept`, extra headers, a JSON body), a deadline for the whole
/// exchange, and the answer's status with at most `limit` bytes of its body. Each client turns the
/// status and the failures into its own errors; only this part is the same in all three.
///
/// Errors pass through as AsyncHTTPClient and NIO throw them (a body over `limit` is
/// `NIOTooManyBytesError`), so a client can tell a dropped connection from an answer too large.
public enum HTTPExchange {
    public static func call(_ client: HTTPClient, _ method: HTTPMethod = .GET, url: String,
                            accept: String = "application/json", headers: [(name: String, value: String)] = [],
                            json body: Data? = nil, timeout: Duration, limit: Int)
        async throws -> (status: HTTPResponseStatus, body: ByteBuffer) {
        var request = HTTPClientRequest(url: url)
        request.method = method
        request.headers.add(name: "Accept", value: accept)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let response = try await client.execute(request, timeout: .nanoseconds(timeout.wholeNanoseconds))
        return (response.status, try await response.body.collect(upTo: max(0, limit)))
    }
}
