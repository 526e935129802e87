import GridKit

extension MazeExplorer {
    /// The comparison baseline, behaving like the original app: breadth-first, one level at a time.
    /// Each level's locks are unlocked one after another, then the level's rooms are fetched
    /// together and *all* awaited (the barrier) before the next level begins. Like the original, it
    /// remembers rooms but never locks, so every door is unlocked again from its other side (the
    /// answer is then a room it already has). It keeps the ledger's room de-duplication and retries,
    /// so it is slow but still correct.
    func exploreLevelSynchronous(_ ledger: inout ExplorationLedger) async -> ExplorationOutcome {
        let api = api
        do {
            let (start, startAttempts) = await attempt("start") { try await api.startRoom() }
            ledger.countStart(attempts: startAttempts)
            var level = [ledger.claimStart(id: try start.get())]
            while !level.isEmpty {
                var fetches: [(id: String, coordinate: Square)] = []
                for job in level {
                    switch job {
                    case let .fetch(id, at, _):
                        fetches.append((id, at))
                    case let .unlock(token, at, order):
                        let (result, attempts) = await attempt(token) { try await api.unlock(lock: token) }
                        ledger.countUnlock(attempts: attempts)
                        if case let .fetch(id, _, _) = ledger.unlocked(id: try result.get(), at: at, order: order) {
                            fetches.append((id, at))
                        }
                    }
                }
                var next: [ExplorationJob] = []
                var unlockedAgain: [String] = []
                for (coordinate, room) in try await fetchLevel(fetches, &ledger) {
                    let jobs = ledger.accept(room, at: coordinate)
                    let claimed = Set(jobs.compactMap { job -> String? in
                        if case let .unlock(token, _, _) = job { token } else { nil }
                    })
                    unlockedAgain += room.rooms.openSides.compactMap { side -> String? in
                        if case let .lock(token) = room.rooms[side], !claimed.contains(token) { token } else { nil }
                    }
                    next += jobs
                }
                for token in unlockedAgain {
                    let (result, attempts) = await attempt(token) { try await api.unlock(lock: token) }
                    ledger.countUnlock(attempts: attempts)
                    _ = try result.get()
                }
                level = next
            }
            return .finished
        } catch {
            return Task.isCancelled || error is CancellationError ? .cancelled : .failed(error)
        }
    }

    /// Fetches a whole level (at most `maxConcurrentFetches` at a time) and returns the rooms in
    /// request order once every one has arrived; throws the first failure.
    private func fetchLevel(_ fetches: [(id: String, coordinate: Square)], _ ledger: inout ExplorationLedger)
        async throws -> [(Square, RoomResponse)] {
        let api = api
        let results = await withTaskGroup(of: (Int, Result<RoomResponse, any Error>, Int).self) { group in
            var results: [(Int, Result<RoomResponse, any Error>, Int)] = []
            var nextIndex = 0
            func launch() {
                let index = nextIndex, id = fetches[index].id
                nextIndex += 1
                group.addTask {
                    let (result, attempts) = await self.attempt(id) { try await api.room(id: id) }
                    return (index, result, attempts)
                }
            }
            while nextIndex < min(fetches.count, options.maxConcurrentFetches) { launch() }
            while let result = await group.next() {
                results.append(result)
                if nextIndex < fetches.count { launch() }
            }
            return results.sorted { $0.0 < $1.0 }
        }
        for (_, _, attempts) in results { ledger.countFetch(attempts: attempts) }
        return try results.map { index, result, _ in (fetches[index].coordinate, try result.get()) }
    }
}
