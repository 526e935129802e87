import Foundation

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
            while !Task.isCancelled {
                show(line(ContinuousClock.now - started))
                try? await Task.sleep(for: .milliseconds(100))
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

    private static var terminalColumns: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
