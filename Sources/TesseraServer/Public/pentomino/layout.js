// Where the board and the twelve home spots go, and how big a cell is, for the space the page has.
// The board's cell size `cell` is what the drop computation uses; tiles at home are drawn smaller
// (`tray` pixels a cell) in square spots of five tray cells, above and below the board or at its sides.

const MIN_CELL = 12;
const MAX_CELL = 64;

/** Candidate arrangements of the 12 home spots: columns at both sides, or rows above and below. */
function arrangements() {
  const list = [];
  for (const perSide of [1, 2, 3]) list.push({ kind: "sides", perSide });
  for (const perRow of [2, 3, 4, 5, 6, 12]) list.push({ kind: "rows", perRow });
  return list;
}

function measure(arrangement, rows, cols, cell, tray) {
  const spot = 5 * tray;
  const gap = Math.max(6, Math.round(tray * 0.6));
  const boardW = cols * cell;
  const boardH = rows * cell;
  if (arrangement.kind === "sides") {
    const perColumn = Math.ceil(12 / (2 * arrangement.perSide));
    return {
      width: boardW + 2 * arrangement.perSide * spot + 2 * gap,
      height: Math.max(boardH, perColumn * spot),
    };
  }
  const lines = Math.ceil(12 / arrangement.perRow);
  return {
    width: Math.max(boardW, arrangement.perRow * spot),
    height: boardH + lines * spot + (lines > 1 ? 2 : 1) * gap,
  };
}

/**
 * Picks the arrangement and sizes that make the board biggest (with tray tiles not too small)
 * within `width` × `height`; if nothing fits the height, fits the width and lets the page scroll.
 */
export function computeLayout(width, height, rows, cols) {
  let best = null;
  for (const fitHeight of [true, false]) {
    for (let cell = MAX_CELL; cell >= MIN_CELL; cell--) {
      for (const ratio of [0.7, 0.6, 0.5]) {
        const tray = Math.max(8, Math.floor(cell * ratio));
        for (const arrangement of arrangements()) {
          const size = measure(arrangement, rows, cols, cell, tray);
          if (size.width > width || (fitHeight && size.height > height)) continue;
          const score = cell + 0.8 * tray;
          if (!best || score > best.score) best = { score, cell, tray, arrangement, size };
        }
      }
    }
    if (best) break;
  }
  if (!best) {
    const cell = MIN_CELL;
    const tray = 8;
    const arrangement = { kind: "rows", perRow: 2 };
    best = { cell, tray, arrangement, size: measure(arrangement, rows, cols, cell, tray) };
  }
  return place(best, rows, cols, width);
}

function place({ cell, tray, arrangement, size }, rows, cols, width) {
  const spot = 5 * tray;
  const gap = Math.max(6, Math.round(tray * 0.6));
  const boardW = cols * cell;
  const boardH = rows * cell;
  const stageW = Math.max(width, size.width);
  const left = Math.floor((stageW - size.width) / 2);
  const spots = [];
  let board;
  if (arrangement.kind === "sides") {
    const perSide = arrangement.perSide;
    const perColumn = Math.ceil(12 / (2 * perSide));
    board = { x: left + perSide * spot + gap, y: Math.floor((size.height - boardH) / 2) };
    const columnTop = Math.floor((size.height - perColumn * spot) / 2);
    // Left block in reading order (F first), then the right block.
    for (let i = 0; i < 12; i++) {
      const side = i < 12 / 2 ? 0 : 1;
      const j = i % 6;
      const column = j % perSide;
      const row = Math.floor(j / perSide);
      const x = side === 0 ? left + column * spot : board.x + boardW + gap + column * spot;
      spots.push({ x, y: columnTop + row * spot, size: spot });
    }
  } else {
    const perRow = arrangement.perRow;
    const lines = Math.ceil(12 / perRow);
    const above = Math.floor(lines / 2);
    board = { x: Math.floor((stageW - boardW) / 2), y: above * spot + (above > 0 ? gap : 0) };
    for (let line = 0; line < lines; line++) {
      const count = Math.min(perRow, 12 - line * perRow);
      const rowLeft = Math.floor((stageW - count * spot) / 2);
      const y = line < above ? line * spot : board.y + boardH + gap + (line - above) * spot;
      for (let k = 0; k < count; k++) spots.push({ x: rowLeft + k * spot, y, size: spot });
    }
  }
  return { cell, tray, board, spots, width: stageW, height: size.height };
}
