/// Server-sent events, read as they arrive: bytes in, each complete event's `data` out. Comments
/// (`: keep-alive`) and other fields are skipped. A line longer than `maxLineBytes` is an error,
/// so a wrong server cannot make the client hold an endless line.
struct EventStreamParser {
    var maxLineBytes = 256 * 1024
    private var line: [UInt8] = []
    private var data: [String] = []
    private var dataBytes = 0

    /// The `data` of every event that `bytes` completes.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws -> [String] {
        var events: [String] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                guard line.count < maxLineBytes else { throw TicTacToeClientError.badAnswer("an event line is too long") }
                line.append(byte)
                continue
            }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            let text = String(decoding: line, as: UTF8.self)
            line.removeAll(keepingCapacity: true)
            if text.isEmpty {
                if !data.isEmpty { events.append(data.joined(separator: "\n")) }
                data.removeAll()
                dataBytes = 0
            } else if text.hasPrefix("data:") {
                let value = text.dropFirst("data:".count)
                dataBytes += value.utf8.count
                guard dataBytes <= maxLineBytes else { throw TicTacToeClientError.badAnswer("an event is too long") }
                data.append(String(value.hasPrefix(" ") ? value.dropFirst() : value))
            }
        }
        return events
    }
}
