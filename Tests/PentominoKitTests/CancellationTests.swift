import Testing
@testable import PentominoSearch

/// The solver sees task cancellation through a weakly linked check (`ProgressMonitor.update`), so
/// that `tessera-pentomino` links no concurrency runtime; where that runtime is present, as here
/// and in the server, cancelling the task must still stop the search.
@Suite("Cancellation")
struct CancellationTests {
    @Test("a cancelled task's search stops early and says so")
    func cancelledTaskStops() async {
        let task = Task.detached { () -> SolveResult in
            while !Task.isCancelled { await Task.yield() }
            return PentominoSolver.solve(shape: .sixByTen)
        }
        task.cancel()
        let result = await task.value
        #expect(result.wasCancelled && !result.isComplete && result.count < 9356)
    }

    @Test("a search outside any task runs to the end")
    func noTaskRunsToTheEnd() {
        let result = PentominoSolver.solve(shape: .threeByTwenty)
        #expect(result.isComplete && !result.wasCancelled && result.count == 8)
    }
}
