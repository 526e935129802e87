/// A level drawn as text for the terminal (`tessera router show`): one character cell per grid
/// square, north at the top. Roads are drawn with box-drawing pieces joined as the road graph
/// says; the depot is an arrow showing the heading, houses `H`, cows `C`, lights `L`.
extension Level {
    public func textMap() -> [String] {
        var cells = Array(repeating: Array(repeating: "·", count: Coordinate.columns), count: Coordinate.rows)
        func put(_ symbol: String, at coordinate: Coordinate) {
            guard coordinate.isOnGrid else { return }
            cells[Coordinate.rows - 1 - coordinate.y][coordinate.x] = symbol
        }
        for node in road {
            let headings = Set(node.connections.compactMap { index -> Heading? in
                guard road.indices.contains(index) else { return nil }
                let other = road[index].coordinate
                return Heading.allCases.first { node.coordinate.moved($0) == other }
            })
            put(Self.piece(headings), at: node.coordinate)
        }
        for cow in cows.flatMap(\.potentialCoordinates) { put("C", at: cow) }
        for light in trafficLights { put("L", at: light.source) }
        for house in destinations { put("H", at: house) }
        if let origin { put(["N": "↑", "E": "→", "S": "↓", "W": "←"][originHeading.rawValue] ?? "D", at: origin) }
        return cells.map { $0.joined() }
    }

    private static func piece(_ headings: Set<Heading>) -> String {
        switch (headings.contains(.north), headings.contains(.east), headings.contains(.south), headings.contains(.west)) {
        case (true, true, true, true): "┼"
        case (true, true, true, false): "├"
        case (true, false, true, true): "┤"
        case (true, true, false, true): "┴"
        case (false, true, true, true): "┬"
        case (true, false, true, false): "│"
        case (false, true, false, true): "─"
        case (true, true, false, false): "└"
        case (true, false, false, true): "┘"
        case (false, true, true, false): "┌"
        case (false, false, true, true): "┐"
        case (true, false, false, false), (false, false, true, false): "╵"
        case (false, true, false, false), (false, false, false, true): "╴"
        case (false, false, false, false): "▪"
        }
    }
}
