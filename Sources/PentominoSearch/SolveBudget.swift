import GridCore

/// Time budgets for searches a person waits for: a drawn board can take the solver far longer than
/// the named ones, so its counts stop after a few seconds and say they are not complete.
public enum SolveBudget {
    /// How long counting a drawn board's solutions may take before the answer is "too many to count".
    public static let drawnBoard = Duration.seconds(3)

    /// A progress handler that stops the search once `duration` has passed.
    public static func handler(_ duration: Duration) -> SolveProgressHandler {
        let (sum, overflow) = MonotonicClock.nanoseconds().addingReportingOverflow(duration.wholeNanoseconds)
        let deadline = overflow ? (duration < .zero ? Int64.min : Int64.max) : sum
        return { _ in MonotonicClock.nanoseconds() > deadline ? .stop : .proceed }
    }

    /// The budget for searches on `shape`: none for the named boards, whose searches are known to
    /// be quick, `drawnBoard` for a drawn one.
    package static func handler(for shape: BoardShape) -> SolveProgressHandler? {
        if case .drawn = shape { return handler(drawnBoard) }
        return nil
    }
}
