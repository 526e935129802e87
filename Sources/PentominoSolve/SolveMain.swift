// `tessera-pentomino`: the pentomino solver on its own, for when the whole process's time counts.
//
// `tessera` is one large binary (server, storage, clients) that spends longer loading its shared
// libraries than a 6×10 search takes; this one is built from PentominoSearch alone, which needs no
// Foundation, as one static executable on Linux (the Swift runtime and C library inside): it
// starts about as fast as `/bin/true`.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PentominoSearch

/// Writes `text` and a newline to standard output in one call. `print` would first look up, at
/// run time, which printing protocols a `String` conforms to: a scan of every conformance in
/// this binary that costs more than a small board's search.
func emit(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(1, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            guard written > 0 else { return }
            offset += written
        }
    }
}

/// The entry point, as a type rather than top-level code: top-level code runs on the main actor,
/// and checking that links the concurrency runtime and libdispatch (whose set-up runs at every
/// process start, about 0.05 ms) into a program that never runs a task.
@main
enum SolveMain {
    nonisolated static func main() {
        do throws(SolveCommandLine.UsageError) {
            switch try SolveCommandLine.parse(Array(CommandLine.arguments.dropFirst())) {
            case .help: emit(SolveCommandLine.usage)
            case .version: emit("tessera-pentomino \(SolveCommandLine.version)")
            case .solve(let request): emit(SolveCommandLine.run(request))
            }
        } catch {
            // 64 is EX_USAGE, what `tessera` (ArgumentParser) exits with for a bad option too.
            var message = "Error: \(error.description)\n\(SolveCommandLine.usage)\n"
            // Straight to file descriptor 2: the C `stderr` global is not concurrency-safe in Swift 6.
            message.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
            exit(64)
        }
    }
}
