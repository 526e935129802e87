// MazeKit: the maze app's domain, with no networking.
//
// Server side (pure, Sendable):
//   MazeParameters → MazeGenerator.generate → Maze (tiles, start, exit, mapRows for the debug map)
//   RoomCodec       stateless ids "R…" and lock tokens "L…" (Feistel-sealed + SipHash MAC)
//   MazeService     the three API calls from ids: startRoom, room(id:) → RoomResponse, unlock(lock:)
//   MazeTiles       the 18 SVG tile images named by TilePattern ("0000"…"1111", "door", "exit")
//
// Client side:
//   MazeAPI         protocol the live HTTP client implements (LocalMazeAPI: in-process, simulated latency)
//   MazeExplorer    event-driven explorer (or the levelSynchronous baseline) → ExplorerEvent stream,
//                   ExplorationResult with a validated ExploredMaze, shortest path and text rendering
//   Maze.exploreTimeLowerBound  the best possible explore time, to judge the explorer against
//
// Direction convention, everywhere: API north is y+1 and is drawn UP. API tile (x, y) is
// Square(row: height − 1 − y, col: x), so an API side is exactly GridKit's Direction.
