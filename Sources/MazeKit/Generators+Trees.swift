import GridKit

/// Tree-growing algorithms: one tree grows cell by cell from a first cell. Which listed cell grows
/// next gives the character — the newest (backtracker: long corridors), a random one (Prim: short
/// dead ends), or a mix (growing tree, and the original's hybrid with its few loops).
extension Carver {
    mutating func backtrack(from first: Int, _ random: inout SeededRandom) {
        open(first)
        var stack = [first]
        while let current = stack.last {
            let options = uncarved(around: current)
            guard !options.isEmpty else {
                stack.removeLast()
                continue
            }
            let next = options[random.below(options.count)]
            connect(current, next)
            stack.append(next)
        }
    }

    mutating func growingTree(from first: Int, _ random: inout SeededRandom) {
        open(first)
        var listed = [first]
        var currentIndex = 0
        while !listed.isEmpty {
            let current = listed[currentIndex]
            let options = uncarved(around: current)
            guard !options.isEmpty else {
                // Stuck: drop the cell (it can never extend again) and resume from a random listed one.
                listed.swapAt(currentIndex, listed.count - 1)
                listed.removeLast()
                if !listed.isEmpty { currentIndex = random.below(listed.count) }
                continue
            }
            if random.chance(MazeGenerator.loopChance) { openLoop(at: current, &random) }
            let next = options[random.below(options.count)]
            connect(current, next)
            listed.append(next)
            currentIndex = listed.count - 1
        }
    }

    /// The classic growing tree: each step grows from the newest listed cell or, half the time, from
    /// a random one — between the backtracker's corridors and Prim's bushes, and always perfect.
    mutating func growingTreeMix(from first: Int, _ random: inout SeededRandom) {
        open(first)
        var listed = [first]
        while !listed.isEmpty {
            let index = random.chance(0.5) ? listed.count - 1 : random.below(listed.count)
            let options = uncarved(around: listed[index])
            guard !options.isEmpty else {
                listed.swapAt(index, listed.count - 1)
                listed.removeLast()
                continue
            }
            let next = options[random.below(options.count)]
            connect(listed[index], next)
            listed.append(next)
        }
    }

    /// Opens the wall between `cell` and an already-carved neighbour it is not yet joined to.
    private mutating func openLoop(at cell: Int, _ random: inout SeededRandom) {
        let joinable = neighbourCells(of: cell).filter { tiles[$0] != .wall && tiles[(cell + $0) / 2] == .wall }
        guard !joinable.isEmpty else { return }
        let connector = (cell + joinable[random.below(joinable.count)]) / 2
        tiles[connector] = .empty
        note(connector, connector)
    }

    mutating func prim(from first: Int, _ random: inout SeededRandom) {
        open(first)
        var inFrontier = Array(repeating: false, count: tiles.count)
        var frontier: [Int] = []
        func addFrontier(around cell: Int) {
            for next in neighbourCells(of: cell) where tiles[next] == .wall && !inFrontier[next] {
                inFrontier[next] = true
                frontier.append(next)
            }
        }
        addFrontier(around: first)
        while !frontier.isEmpty {
            let pick = random.below(frontier.count)
            frontier.swapAt(pick, frontier.count - 1)
            let cell = frontier.removeLast()
            let carved = neighbourCells(of: cell).filter { tiles[$0] != .wall }
            connect(carved[random.below(carved.count)], cell)
            addFrontier(around: cell)
        }
    }
}
