import AsyncAlgorithms
import Foundation
import GridKit

/// The one progress line of every long command: a status on standard error, redrawn in place and
/// cut to the terminal's width (a wrapped line cannot be redrawn with `\r`). Only on a terminal and
/// never with `--json`, so pipes and scripts stay clean.
struct ProgressLine: Sendable {
    let enabled: Bool

    init(json: Bool) { enabled = !json && isatty(STDERR_FILENO) == 1 }

    /// Replaces the line with `text`.
    func show(_ text: String) {
        guard enabled else { return }
        Self.write("\r\u{1B}[2K" + String(text.prefix(Self.terminalColumns - 1)))
    }

    func clear() {
        guard enabled else { return }
        Self.write("\r\u{1B}[2K")
    }

    /// Runs `body` while redrawing `line(elapsed)` ten times a second, then clears the line.
    func during<T>(_ line: @escaping @Sendable (Duration) -> String, _ body: () async throws -> T) async rethrows -> T {
        guard enabled else { return try await body() }
        let ticker = Task {
            let started = ContinuousClock.now
            show(line(.zero))
            for await _ in AsyncTimerSequence.repeating(every: .milliseconds(100)) {
                show(line(ContinuousClock.now - started))
            }
        }
        defer {
            ticker.cancel()
            clear()
        }
        return try await body()
    }

    /// A message for a person on standard error (notes, interruptions), outside the progress line.
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Why a command failed, as `error: <one sentence>` on standard error (the same sentence form
    /// as the API's messages); the caller then exits non-zero.
    static func fail(_ message: String) {
        write("error: " + message.asSentence + "\n")
    }

    private static var terminalColumns: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
