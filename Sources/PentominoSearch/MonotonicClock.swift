#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in nanoseconds straight from the C library, for the solver's own time keeping
/// (progress reports, budgets, the time `SolveCommandLine` prints). `ContinuousClock` lives in the
/// concurrency runtime, and one reference to it links that runtime into `tessera-pentomino`, with
/// libdispatch, whose set-up runs at every process start.
enum MonotonicClock {
    static func nanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}
