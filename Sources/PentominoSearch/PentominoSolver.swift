// Weakly linked: `tessera-pentomino` never runs a task, and linking the concurrency runtime (for
// `Task.isCancelled`) brought libdispatch and its start-up with it; see `ProgressMonitor.update`.
@_weakLinked import _Concurrency
import Synchronization

/// Finds solutions of any board, from empty or from pieces already placed.
///
/// Counts on empty boards, with flips (raw / distinct): 6×10 9356 / 2339, 5×12 4040 / 1010,
/// 4×15 1472 / 368, 3×20 8 / 2, 8×8 with hole 520 / 65.
///
/// How it is fast: the board is one `UInt64`; every placement is a precomputed 5-bit mask, kept
/// only if it leaves no region that five cannot divide; the search always fills the first empty
/// cell, looking only at placements that start there and miss its covered neighbours; X goes
/// first, limited to one position per symmetry class (`SearchPlan`); and "raw" solutions are the
/// distinct ones mapped through the board's symmetries rather than searched for again. So one
/// search gives both counts (`SolveResult.count` and `.distinctCount`): raw = distinct × the
/// number of symmetries, exactly, because no solution is its own mirror or turn (P would have to
/// be, and P has no symmetry). On one core all 2339 distinct 6×10 solutions take about 0.04 s
/// in a release build.
public enum PentominoSolver {
    /// Searches `board` and returns how many solutions it found and the first `options.keep`.
    ///
    /// The order of solutions is deterministic and the same for any number of threads. Pieces
    /// already on the board stay where they are; only the unplaced ones are used.
    public static func solve(_ board: Board, options: SolveOptions = SolveOptions(),
                             progress: SolveProgressHandler? = nil) -> SolveResult {
        let plan = SearchPlan(board: board, options: options)
        if options.threads <= 1 {
            var kept: [Solution] = []
            return run(plan, board: board, options: options, progress: progress) { solution in
                if kept.count < options.keep { kept.append(solution()) }
                return .proceed
            } finish: { kept }
        }
        return runParallel(plan, board: board, options: options, progress: progress)
    }

    /// The same search with the options spelled out: the call the CLI and server use.
    public static func solve(board: Board, flips: Bool = true, distinct: Bool = false,
                             limit: Int? = nil, keep: Int = 0, threads: Int = 1,
                             progress: SolveProgressHandler? = nil) -> SolveResult {
        solve(board, options: SolveOptions(flips: flips, distinct: distinct, limit: limit,
                                           keep: keep, threads: threads),
              progress: progress)
    }

    /// Solutions of an empty board of `shape`.
    public static func solve(shape: BoardShape, flips: Bool = true, distinct: Bool = false,
                             limit: Int? = nil, keep: Int = 0, threads: Int = 1,
                             progress: SolveProgressHandler? = nil) -> SolveResult {
        solve(board: Board(shape: shape), flips: flips, distinct: distinct, limit: limit, keep: keep,
              threads: threads, progress: progress)
    }

    /// The number of solutions of an empty board.
    public static func count(_ shape: BoardShape, flips: Bool = true, distinct: Bool = false,
                             threads: Int = 1) -> Int {
        solve(shape: shape, flips: flips, distinct: distinct, threads: threads).count
    }

    /// Streams solutions to `body` in order, on the calling thread, as they are found; `body`
    /// returns `.stop` to end the search (`options.threads` and `options.keep` are ignored).
    @discardableResult
    public static func forEachSolution(of board: Board, options: SolveOptions = SolveOptions(),
                                       progress: SolveProgressHandler? = nil,
                                       _ body: (Solution) -> SearchControl) -> SolveResult {
        let plan = SearchPlan(board: board, options: options)
        return run(plan, board: board, options: options, progress: progress) { body($0()) } finish: { [] }
    }

    // MARK: - Running

    /// Runs the items in order on this thread. `body` gets a closure building the solution, so
    /// plain counting never builds one.
    private static func run(_ plan: SearchPlan, board: Board, options: SolveOptions,
                            progress: SolveProgressHandler?,
                            _ body: (() -> Solution) -> SearchControl,
                            finish: () -> [Solution]) -> SolveResult {
        let limit = max(options.limit ?? Int.max, 0)
        let monitor = ProgressMonitor(itemsTotal: plan.items.count, handler: progress)
        var emitted = 0
        var families = 0
        var nodes = 0
        var stopped = limit == 0
        var itemsLeft = plan.items[...]
        withoutActuallyEscaping(body) { body in
            while !stopped, let item = itemsLeft.popFirst() {
                let before = emitted
                let engine = SearchEngine(table: item.table, limit: Int.max, onSolution: { entries in
                    for symmetry in plan.expansion {
                        guard emitted < limit else { return false }
                        emitted += 1
                        // Passed as a literal, so its context lives on the stack: a closure stored
                        // in a `let` first was a heap allocation per solution found (6% of a 4×15 run).
                        if body({ plan.solution(shape: board.shape, entries: plan.image(of: entries, under: symmetry)) }) == .stop {
                            return false
                        }
                    }
                    return emitted < limit
                }, accept: plan.acceptance(of: item), poll: { monitor.poll(nodes: $0) })
                engine.run(occupied: item.occupied, remaining: item.remaining, prefix: item.prefix)
                nodes += engine.nodes
                families += engine.found
                let proceed = monitor.itemDone(nodes: engine.takeUnreportedNodes(), solutions: emitted - before)
                stopped = engine.stopped || !proceed
            }
        }
        return SolveResult(shape: board.shape, count: emitted, distinctCount: families,
                           symmetryCount: plan.symmetryCount, solutions: finish(),
                           isComplete: itemsLeft.isEmpty && !stopped,
                           wasCancelled: monitor.isCancelled, nodes: nodes)
    }

    /// Runs the items on `options.threads` threads, each taking the next unstarted item. Results
    /// are merged in item order, and once the items taken so far hold `limit` solutions no new
    /// item starts: the items taken always form a prefix, so the first solutions are the same as
    /// a one-thread run would give.
    private static func runParallel(_ plan: SearchPlan, board: Board, options: SolveOptions,
                                    progress: SolveProgressHandler?) -> SolveResult {
        struct ItemResult: Sendable {
            /// Solutions of the reduced search; each stands for `expansion.count` solutions.
            var found = 0
            var nodes = 0
            var kept: [[Int32]] = []
            var stopped = false
        }
        let limit = max(options.limit ?? Int.max, 0)
        let keep = min(max(options.keep, 0), limit)
        let perSolution = plan.expansion.count
        // Reduced-search solutions needed to reach `limit` / `keep` once expanded.
        let reducedLimit = limit == Int.max ? Int.max : (limit + perSolution - 1) / perSolution
        let reducedKeep = (keep + perSolution - 1) / perSolution
        let monitor = ProgressMonitor(itemsTotal: plan.items.count, handler: progress)
        let nextItem = Atomic<Int>(0)
        let foundSoFar = Atomic<Int>(0)
        let results = Mutex<[ItemResult?]>(Array(repeating: nil, count: plan.items.count))
        if limit > 0, !plan.items.isEmpty {
            WorkerThreads.run(count: min(options.threads, plan.items.count)) { _ in
                while !monitor.isCancelled, foundSoFar.load(ordering: .relaxed) < reducedLimit {
                    let index = nextItem.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < plan.items.count else { return }
                    let item = plan.items[index]
                    var result = ItemResult()
                    let engine = SearchEngine(table: item.table, limit: reducedLimit, onSolution: { entries in
                        if result.kept.count < reducedKeep { result.kept.append(Array(entries)) }
                        return true
                    }, accept: plan.acceptance(of: item), poll: { monitor.poll(nodes: $0) })
                    engine.run(occupied: item.occupied, remaining: item.remaining, prefix: item.prefix)
                    result.found = engine.found
                    result.nodes = engine.nodes
                    result.stopped = engine.stopped
                    foundSoFar.add(engine.found, ordering: .relaxed)
                    _ = monitor.itemDone(nodes: engine.takeUnreportedNodes(), solutions: engine.found * perSolution)
                    results.withLock { $0[index] = result }
                }
            }
        }
        let finished = results.withLock { $0 }
        var found = 0
        var families = 0
        var nodes = 0
        var kept: [Solution] = []
        var complete = limit > 0 || plan.items.isEmpty
        for result in finished {
            guard let result, found < limit else {
                complete = false
                break
            }
            nodes += result.nodes
            for entries in result.kept {
                for symmetry in plan.expansion where kept.count < keep {
                    kept.append(plan.solution(shape: board.shape, entries: plan.image(of: entries, under: symmetry)))
                }
            }
            found += result.found * perSolution
            families += result.found
            if result.stopped { complete = false }
        }
        if found >= limit { complete = false }
        return SolveResult(shape: board.shape, count: min(found, limit), distinctCount: min(families, limit),
                           symmetryCount: plan.symmetryCount, solutions: kept,
                           isComplete: complete && !monitor.isCancelled,
                           wasCancelled: monitor.isCancelled, nodes: nodes)
    }
}

/// Gathers node and solution counts from the engines, calls the progress handler at once and then
/// at most about ten times a second (never from two threads at once), and remembers a request to stop.
final class ProgressMonitor: Sendable {
    private struct State {
        var progress: SolveProgress
        /// `MonotonicClock` nanoseconds.
        var lastReport: Int64
    }

    /// 100 ms, in nanoseconds.
    private static let reportInterval: Int64 = 100_000_000
    private let handler: SolveProgressHandler?
    private let state: Mutex<State>
    private let cancelled = Atomic<Bool>(false)

    init(itemsTotal: Int, handler: SolveProgressHandler?) {
        self.handler = handler
        // The first report comes at the first poll, so even a short search reports once.
        state = Mutex(State(progress: SolveProgress(nodes: 0, solutions: 0, itemsDone: 0, itemsTotal: itemsTotal),
                            lastReport: MonotonicClock.nanoseconds() &- Self.reportInterval))
    }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Adds `nodes`; returns `false` when the search should stop.
    func poll(nodes: Int) -> Bool {
        update { $0.nodes += nodes }
    }

    /// Records a finished item; returns `false` when the search should stop.
    func itemDone(nodes: Int, solutions: Int) -> Bool {
        update {
            $0.nodes += nodes
            $0.solutions += solutions
            $0.itemsDone += 1
        }
    }

    private func update(_ change: (inout SolveProgress) -> Void) -> Bool {
        // Task cancellation is visible on the thread that called the solver. Without the
        // concurrency runtime in the process there is no task to cancel.
        if #_hasSymbol(Task<Never, Never>.isCancelled), Task.isCancelled { cancelled.store(true, ordering: .relaxed) }
        guard !isCancelled else { return false }
        guard let handler else { return true }
        let decision: SearchControl = state.withLock { state in
            change(&state.progress)
            let now = MonotonicClock.nanoseconds()
            guard now &- state.lastReport >= Self.reportInterval else { return .proceed }
            state.lastReport = now
            return handler(state.progress)
        }
        if decision == .stop { cancelled.store(true, ordering: .relaxed) }
        return decision == .proceed
    }
}
