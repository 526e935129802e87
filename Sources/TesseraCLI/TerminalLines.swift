import Foundation

/// What a person typed, one line at a time, read on a thread of its own so waiting for a key
/// never holds up the live updates. Lines are bounded: a longer line is reported, not kept.
enum TerminalLine: Sendable, Equatable {
    case line(String)
    /// A line longer than the limit (its bytes were dropped as they came).
    case tooLong
    /// Standard input was closed.
    case end

    /// Standard input as lines of at most `maxBytes` bytes each.
    static func standardInput(maxBytes: Int = 256) -> AsyncStream<TerminalLine> {
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalLine.self)
        let thread = Thread {
            var line: [UInt8] = []
            var overflowed = false
            while true {
                let data = FileHandle.standardInput.availableData
                if data.isEmpty {
                    if overflowed { continuation.yield(.tooLong) } else if !line.isEmpty { continuation.yield(.line(String(decoding: line, as: UTF8.self))) }
                    continuation.yield(.end)
                    continuation.finish()
                    return
                }
                for byte in data {
                    if byte == UInt8(ascii: "\n") {
                        continuation.yield(overflowed ? .tooLong : .line(String(decoding: line, as: UTF8.self)))
                        line.removeAll(keepingCapacity: true)
                        overflowed = false
                    } else if line.count < maxBytes {
                        line.append(byte)
                    } else {
                        overflowed = true
                    }
                }
            }
        }
        thread.start()
        return stream
    }
}

/// Prints a line and sends it at once: to a pipe (a script, a test) output is otherwise held back
/// until a buffer fills, and a live game would arrive late.
func sayNow(_ text: String) {
    print(text)
    fflush(nil)
}
