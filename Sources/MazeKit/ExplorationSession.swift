/// "Generate" semantics for a UI or CLI: starting a new exploration cancels the one in progress,
/// so at most one runs and a stale one can never overwrite the new maze's progress.
public actor ExplorationSession {
    public let explorer: MazeExplorer
    private var current: Task<ExplorationResult, Never>?

    public init(explorer: MazeExplorer) { self.explorer = explorer }

    /// Cancels any running exploration, starts a new maze, and returns when that one ends
    /// (cancelling the caller's task cancels it too).
    @discardableResult
    public func generate(onEvent: @escaping @Sendable (ExplorerEvent) -> Void = { _ in }) async -> ExplorationResult {
        current?.cancel()
        let explorer = explorer
        let task = Task { await explorer.explore(onEvent: onEvent) }
        current = task
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    /// Abandons the running exploration, if any; it ends as `.cancelled`.
    public func cancel() { current?.cancel() }
}
