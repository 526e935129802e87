import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to the server from a chosen loopback address (`127.0.0.2` is another
/// client on the same machine), for tests that need what a browser or HTTP client hides: holding
/// sockets open, hanging up mid-stream, seeing the server hang up.
final class RawSocket: @unchecked Sendable {
    struct Failed: Error { let step: String }
    private var fd: Int32

    init(from source: String = "127.0.0.1", port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failed(step: "socket") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0 else { throw Failed(step: "bind") }
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { throw Failed(step: "connect") }
    }

    deinit { close() }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// A GET with `Host` and any extra header lines.
    func get(_ path: String, headers: [String] = []) {
        send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
    }

    /// What arrives within `seconds`: the text, `""` when the server hung up, `nil` when nothing came.
    func receive(within seconds: Double) -> String? {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return count <= 0 ? "" : String(decoding: buffer.prefix(count), as: UTF8.self)
    }

    /// Reads until `marker` has arrived (true) or `seconds` pass or the server hangs up (false).
    func read(until marker: String, within seconds: Double = 5) -> (found: Bool, text: String) {
        var text = ""
        let deadline = Date().addingTimeInterval(seconds)
        while !text.contains(marker) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let chunk = receive(within: left), !chunk.isEmpty else { return (false, text) }
            text += chunk
        }
        return (true, text)
    }

    /// Whether the server hangs up within `seconds` (anything it sends first is skipped).
    func isHungUp(within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 {
            guard let chunk = receive(within: deadline.timeIntervalSinceNow) else { return false }
            if chunk.isEmpty { return true }
        }
        return false
    }

    /// `read(until:within:)` on a thread of its own: a blocking read on one of the few threads of
    /// Swift's shared pool would stall every server in the test process meanwhile.
    func awaitText(until marker: String, within seconds: Double = 5) async -> (found: Bool, text: String) {
        await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: self.read(until: marker, within: seconds)) }
        }
    }

    /// `isHungUp(within:)` on a thread of its own.
    func awaitHangUp(within seconds: Double) async -> Bool {
        await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: self.isHungUp(within: seconds)) }
        }
    }

    func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }
}
