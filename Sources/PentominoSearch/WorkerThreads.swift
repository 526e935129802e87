#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body(0)` … `body(count - 1)` at the same time, one per thread (the calling thread takes
/// 0), and returns once all have finished: what `DispatchQueue.concurrentPerform` did for the
/// solver. Plain threads, because linking libdispatch runs its set-up at every process start,
/// about 0.05 ms of a 1.4 ms `tessera-pentomino` run on 3×20, which never starts a thread.
enum WorkerThreads {
    /// One thread's share, handed to it through a raw pointer.
    private final class Share: @unchecked Sendable {
        // Only called while `run` waits for the thread (see `withoutActuallyEscaping` there).
        let body: @Sendable (Int) -> Void
        let index: Int

        init(body: @escaping @Sendable (Int) -> Void, index: Int) {
            self.body = body
            self.index = index
        }
    }

    static func run(count: Int, _ body: @Sendable (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            var threads: [pthread_t] = []
            var inline: [Int] = []
            for index in 1..<max(count, 1) {
                let share = Unmanaged.passRetained(Share(body: body, index: index))
                #if canImport(Glibc)
                var thread = pthread_t()
                let created = pthread_create(&thread, nil, { pointer in
                    guard let pointer else { return nil }
                    let share = Unmanaged<Share>.fromOpaque(pointer).takeRetainedValue()
                    share.body(share.index)
                    return nil
                }, share.toOpaque())
                if created == 0 { threads.append(thread) }
                #else
                var thread: pthread_t?
                let created = pthread_create(&thread, nil, { pointer in
                    let share = Unmanaged<Share>.fromOpaque(pointer).takeRetainedValue()
                    share.body(share.index)
                    return nil
                }, share.toOpaque())
                if created == 0, let thread { threads.append(thread) }
                #endif
                if created != 0 {
                    // No thread to be had: this share runs here, after the others have started.
                    share.release()
                    inline.append(index)
                }
            }
            if count > 0 { body(0) }
            for index in inline { body(index) }
            for thread in threads { pthread_join(thread, nil) }
        }
    }
}
