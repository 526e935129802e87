import GridKit

/// Tessera's own tile art: 48×48 SVGs, a sand floor with slate walls on the walled sides. Corner
/// posts are always drawn because the diagonal tile of a thick-wall maze is always a wall, so
/// neighbouring tiles join up into continuous walls.
public enum MazeTiles {
    static let size = 48
    static let wall = 9

    /// The SVG for a tile name such as `"1010"`, `"door"` or `"exit"`; nil for an unknown name.
    public static func svg(for name: String) -> String? {
        TilePattern(name: name).map { svg(for: $0) }
    }

    public static func svg(for pattern: TilePattern) -> String {
        var body = floor()
        switch pattern {
        case let .room(walls):
            body += walls.sides.map(wallBand).joined()
        case .door:
            body += doorArt()
        case .exit:
            body += exitArt()
        }
        body += cornerPosts()
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" \
            width="\(size)" height="\(size)"><title>\(title(pattern))</title>\(body)</svg>
            """
    }

    private static func title(_ pattern: TilePattern) -> String {
        switch pattern {
        case .door: "locked door"
        case .exit: "exit"
        case let .room(walls):
            walls.isEmpty ? "room, open on all sides"
                : "room, walls: " + walls.sides.map(\.rawValue).joined(separator: " ")
        }
    }

    private static func floor() -> String {
        // A faint inset square gives the floor a paved look without competing with the walls.
        """
        <rect width="\(size)" height="\(size)" fill="#efe5cf"/>\
        <rect x="16" y="16" width="16" height="16" rx="3" fill="#e6d9bc"/>
        """
    }

    private static func wallBand(_ side: Direction) -> String {
        let far = size - wall
        let (x, y, w, h): (Int, Int, Int, Int)
        // The highlight sits on the edge facing the room, like light falling from the room side.
        let (hx, hy, hw, hh): (Int, Int, Int, Int)
        switch side {
        case .north: (x, y, w, h) = (0, 0, size, wall); (hx, hy, hw, hh) = (0, wall - 2, size, 2)
        case .south: (x, y, w, h) = (0, far, size, wall); (hx, hy, hw, hh) = (0, far, size, 2)
        case .west: (x, y, w, h) = (0, 0, wall, size); (hx, hy, hw, hh) = (wall - 2, 0, 2, size)
        case .east: (x, y, w, h) = (far, 0, wall, size); (hx, hy, hw, hh) = (far, 0, 2, size)
        }
        return "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(w)\" height=\"\(h)\" fill=\"#3f4b5e\"/>"
            + "<rect x=\"\(hx)\" y=\"\(hy)\" width=\"\(hw)\" height=\"\(hh)\" fill=\"#5d6b82\"/>"
    }

    private static func cornerPosts() -> String {
        let far = size - wall
        return [(0, 0), (far, 0), (0, far), (far, far)].map { x, y in
            "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(wall)\" height=\"\(wall)\" fill=\"#2f3948\"/>"
        }.joined()
    }

    private static func doorArt() -> String {
        // A plank door with a brass keyhole; symmetric, so it reads the same in either corridor direction.
        """
        <rect x="12" y="10" width="24" height="28" rx="4" fill="#8b5a2b"/>\
        <rect x="12" y="10" width="24" height="28" rx="4" fill="none" stroke="#5e3b1a" stroke-width="2"/>\
        <path d="M20 11v26M28 11v26" stroke="#74491f" stroke-width="1.5"/>\
        <circle cx="24" cy="22" r="5" fill="#e0b341"/>\
        <circle cx="24" cy="21" r="1.8" fill="#3a2610"/>\
        <path d="M23 22h2l1 5h-4z" fill="#3a2610"/>
        """
    }

    private static func exitArt() -> String {
        // A green ring with a white star: the goal, visible at a glance among sand-coloured rooms.
        """
        <circle cx="24" cy="24" r="13" fill="#2f9e5b"/>\
        <circle cx="24" cy="24" r="13" fill="none" stroke="#1f6e3f" stroke-width="2"/>\
        <path d="M24 15l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7z" fill="#ffffff"/>
        """
    }
}
