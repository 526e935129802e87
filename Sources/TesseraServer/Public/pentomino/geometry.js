// Pure board geometry for the Pentominoes page: orientations, legality and drop with intent.
// Mirrors PentominoKit (Orientation.swift, Board.swift, DropTarget.swift) so the page predicts
// exactly what the server will accept; the page drops with `nearestDrop`, the kit's rule aimed
// from where the tile is drawn. No DOM in here.

// An orientation is its index 0–7: quarterTurns + (flipped ? 4 : 0), as in `Orientation.index`.
export const orientationIndex = (quarterTurns, flipped) => (((quarterTurns % 4) + 4) % 4) + (flipped ? 4 : 0);
export const quarterTurnsOf = (index) => index & 3;
export const isFlipped = (index) => (index & 4) !== 0;

/** One more quarter turn clockwise (`Orientation.rotatedClockwise`). */
export const rotatedClockwise = (index) => (index & 4) | ((index + 1) & 3);
export const rotatedAnticlockwise = (index) => (index & 4) | ((index + 3) & 3);
/** Mirrored left to right after the current orientation (`Orientation.mirrored`): turns negate. */
export const mirrored = (index) => ((4 - (index & 3)) & 3) | ((index & 4) ^ 4);

const key = (row, col) => `${row},${col}`;

/** The first orientation giving the same 5×5 grid (`TileShape.canonical`). */
export function canonical(tile, index) {
  const cells = sortedKey(tile.orientations[index]);
  return tile.orientations.findIndex((o) => sortedKey(o) === cells);
}
const sortedKey = (cells) => cells.map(([r, c]) => key(r, c)).sort().join(";");

/** Rows and columns the filled cells span inside the 5×5 grid. */
export function extent(cells) {
  const rows = cells.map(([r]) => r);
  const cols = cells.map(([, c]) => c);
  return { top: Math.min(...rows), bottom: Math.max(...rows), left: Math.min(...cols), right: Math.max(...cols) };
}

/**
 * A board model for legality checks: the puzzle's size and holes, and which tile covers each cell.
 * `without` leaves one tile out, as the kit's board does once a piece is picked up.
 */
export function boardModel(puzzle, without = null) {
  const cover = new Map();
  for (const placement of puzzle.placements) {
    if (placement.tile === without) continue;
    for (const [r, c] of placement.cells) cover.set(key(r, c), placement.tile);
  }
  const placed = new Set(puzzle.placements.map((p) => p.tile).filter((t) => t !== without));
  return { rows: puzzle.rows, cols: puzzle.cols, holes: new Set(puzzle.holes.map(([r, c]) => key(r, c))), cover, placed };
}

/** `Board.canPlace`: not yet placed, every filled cell on the board, not a hole, not covered. */
export function canPlace(board, letter, cells, row, col) {
  if (board.placed.has(letter)) return false;
  for (const [r, c] of cells) {
    const [br, bc] = [r + row, c + col];
    if (br < 0 || br >= board.rows || bc < 0 || bc >= board.cols) return false;
    if (board.holes.has(key(br, bc)) || board.cover.has(key(br, bc))) return false;
  }
  return true;
}

/**
 * `Board.dropTarget`: where a piece lands when let go. `x`, `y` are the top-left corner of the
 * piece's 5×5 grid in board pixels; cells are `cellSize` pixels. Returns `{row, col}` (the origin)
 * or null: the square under the point if legal, else the legal one of the 3×3 around it whose
 * top-left corner is nearest (strict <, column-major, so ties go to the first), else null.
 * `snap` picks the square "under" the point (the kit's floor; `nearestDrop` rounds).
 */
export function dropTarget(board, letter, cells, x, y, cellSize, snap = Math.floor) {
  if (!(cellSize > 0) || !Number.isFinite(cellSize) || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  const col = snap(x / cellSize);
  const row = snap(y / cellSize);
  const reach = Math.max(board.rows, board.cols) + 8;
  if (Math.abs(col) > reach || Math.abs(row) > reach) return null;
  if (canPlace(board, letter, cells, row, col)) return { row, col };
  let best = null;
  for (let dc = -1; dc <= 1; dc++) {
    for (let dr = -1; dr <= 1; dr++) {
      const [r, c] = [row + dr, col + dc];
      if (!canPlace(board, letter, cells, r, c)) continue;
      const dx = c * cellSize - x;
      const dy = r * cellSize - y;
      const distance = dx * dx + dy * dy;
      if (best === null || distance < best.distance) best = { row: r, col: c, distance };
    }
  }
  return best && { row: best.row, col: best.col };
}

/**
 * Where the page drops a tile it draws at `x`, `y` (the top-left corner of its 5×5 grid in board
 * pixels): the kit's drop with intent, aimed from the nearest square rather than the one the
 * corner is in. Flooring the corner dropped a tile drawn most of a cell past a square's corner on
 * that square, up to a whole row above and a column left of where the person saw it (the tile
 * looked "a row below" its drop zone). Rounding keeps the drop zone within half a cell of the
 * drawn tile, and so of the finger or pointer holding it (drag.js); the 3×3 fallback is the kit's.
 */
export const nearestDrop = (board, letter, cells, x, y, cellSize) =>
  dropTarget(board, letter, cells, x, y, cellSize, Math.round);

/** Board squares covered by `cells` at origin (row, col). */
export const cellsAt = (cells, row, col) => cells.map(([r, c]) => [r + row, c + col]);

/** The puzzle's `grid` lines rebuilt from its placements (for optimistic updates). */
export function gridOf(puzzle) {
  const lines = Array.from({ length: puzzle.rows }, () => Array(puzzle.cols).fill("."));
  for (const [r, c] of puzzle.holes) lines[r][c] = "#";
  for (const p of puzzle.placements) for (const [r, c] of p.cells) lines[r][c] = p.tile;
  return lines.map((line) => line.join(""));
}

/**
 * Why a tile cannot lie with its origin at (row, col), as a person would say it: "outside" when a
 * filled cell is off the board, "hole", or the letter of the tile already there; null if it fits.
 */
export function obstacle(board, cells, row, col) {
  const squares = cellsAt(cells, row, col);
  if (squares.some(([r, c]) => r < 0 || r >= board.rows || c < 0 || c >= board.cols)) return "outside";
  if (squares.some(([r, c]) => board.holes.has(key(r, c)))) return "hole";
  const covered = squares.find(([r, c]) => board.cover.has(key(r, c)));
  return covered ? board.cover.get(key(...covered)) : null;
}

/** True when at least one filled cell at origin (row, col) is on the board's rectangle. */
export const touchesBoard = (board, cells, row, col) =>
  cellsAt(cells, row, col).some(([r, c]) => r >= 0 && r < board.rows && c >= 0 && c < board.cols);
