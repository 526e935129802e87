// `tessera-pentomino`: the pentomino solver on its own, for when the whole process's time counts.
//
// `tessera` is one large binary (server, storage, clients) that spends longer loading its shared
// libraries than a 6×10 search takes; this one is built from PentominoKit alone, with the Swift
// standard library linked in statically on Linux, and does no Foundation work before the search.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PentominoKit

do throws(SolveCommandLine.UsageError) {
    switch try SolveCommandLine.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help: print(SolveCommandLine.usage)
    case .version: print("tessera-pentomino \(SolveCommandLine.version)")
    case .solve(let request): print(SolveCommandLine.run(request))
    }
} catch {
    // 64 is EX_USAGE, what `tessera` (ArgumentParser) exits with for a bad option too.
    var message = "Error: \(error.description)\n\(SolveCommandLine.usage)\n"
    // Straight to file descriptor 2: the C `stderr` global is not concurrency-safe in Swift 6.
    message.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    exit(64)
}
