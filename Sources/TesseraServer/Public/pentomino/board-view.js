// Draws the stage: the board's cells, the twelve tiles (each exactly its five filled cells, so the
// empty parts of a 5×5 box never catch the pointer) and the drop zone. It only reads the page
// state it is given; all text goes in through textContent, its words from the catalogue's
// `pentomino.*` (the page renders again when the language changes).
import { el } from "/shared/api.js";
import { scoped } from "/shared/words.js";
import { extent, orientationIndex } from "./geometry.js";

const { t } = scoped("pentomino");

export class BoardView {
  constructor(stage, catalog) {
    this.stage = stage;
    this.catalog = catalog; // letter → { letter, distinct, orientations: [cells × 8] }
    // A table (rows of cells) for screen readers to read square by square: nothing on the board
    // itself takes focus (the tiles do), so it is not an interactive grid.
    this.board = el("div", { class: "board", "data-testid": "board", role: "table", "aria-label": t("board.label") });
    this.dropZone = el("div", { class: "drop-zone", "data-testid": "drop-zone", "aria-hidden": "true", hidden: true });
    for (let i = 0; i < 5; i++) this.dropZone.append(el("div", { class: "zone-cell" }));
    this.board.append(this.dropZone);
    this.tiles = new Map();
    for (const letter of Object.keys(catalog)) {
      const spin = el("div", { class: "tile-spin" });
      for (let i = 0; i < 5; i++) spin.append(el("div", { class: "block", "data-letter": letter }));
      const body = el("div", { class: "tile-body" }, spin);
      const tile = el("div", {
        class: "tile", tabindex: 0, role: "button", "data-testid": `tile-${letter}`, "data-letter": letter,
      }, body);
      this.tiles.set(letter, tile);
    }
    stage.append(this.board, ...this.tiles.values());
    this.cells = [];
    this.shape = null;
  }

  tile(letter) { return this.tiles.get(letter); }

  /** Rebuilds the cells when the board's size or holes change. */
  buildBoard(puzzle) {
    const shape = `${puzzle.rows}x${puzzle.cols}:${JSON.stringify(puzzle.holes)}`;
    if (shape === this.shape) return;
    this.shape = shape;
    for (const row of this.board.querySelectorAll(".board-row")) row.remove();
    const holes = new Set(puzzle.holes.map(([r, c]) => `${r},${c}`));
    this.cells = [];
    for (let r = 0; r < puzzle.rows; r++) {
      // The row has no box of its own (the cells are placed on the board), so it never takes a pointer.
      const row = el("div", { class: "board-row", role: "row" });
      const line = [];
      for (let c = 0; c < puzzle.cols; c++) {
        const hole = holes.has(`${r},${c}`);
        const cell = el("div", {
          class: hole ? "cell hole" : "cell", role: "cell", "data-testid": `cell-${r}-${c}`,
          "data-row": r, "data-col": c, "data-tile": "",
        });
        line.push(cell);
        row.append(cell);
      }
      this.board.insertBefore(row, this.dropZone);
      this.cells.push(line);
    }
  }

  /**
   * Positions everything. `view` = { puzzle, layout, orient, floating: {letter, x, y, pointer} | null,
   * target: {row, col} | null, selected, flips }.
   */
  render(view) {
    const { puzzle, layout } = view;
    this.buildBoard(puzzle);
    const c = layout.cell;
    this.stage.style.height = `${layout.height}px`;
    this.stage.style.setProperty("--cell", `${c}px`);
    Object.assign(this.board.style, {
      left: `${layout.board.x}px`, top: `${layout.board.y}px`, width: `${puzzle.cols * c}px`, height: `${puzzle.rows * c}px`,
    });
    this.board.classList.toggle("solved", puzzle.solved);
    this.board.setAttribute("aria-label", t("board.label"));
    for (let r = 0; r < puzzle.rows; r++) {
      for (let col = 0; col < puzzle.cols; col++) {
        const cell = this.cells[r][col];
        const mark = puzzle.grid[r][col];
        const letter = mark === "." || mark === "#" ? "" : mark;
        Object.assign(cell.style, { left: `${col * c}px`, top: `${r * c}px`, width: `${c}px`, height: `${c}px` });
        cell.dataset.tile = letter;
        const what = mark === "#" ? "hole" : letter ? "tile" : "empty";
        cell.setAttribute("aria-label", t("board.cell", { row: r + 1, col: col + 1, what, tile: letter }));
      }
    }
    const placements = new Map(puzzle.placements.map((p) => [p.tile, p]));
    const letters = Object.keys(this.catalog);
    letters.forEach((letter, index) => {
      const floating = view.floating?.letter === letter ? view.floating : null;
      this.renderTile(letter, view, placements.get(letter), layout.spots[index], floating);
    });
    this.renderDropZone(view);
  }

  renderTile(letter, view, placement, spot, floating) {
    const tile = this.tiles.get(letter);
    const { layout } = view;
    const c = layout.cell;
    const index = floating ? floating.orient
      : placement ? orientationIndex(placement.quarterTurns, placement.flipped) : view.orient[letter];
    const cells = this.catalog[letter].orientations[index];
    const box = extent(cells);
    // (x, y) is where the 5×5 grid's top-left corner is drawn, `scale` its size against the board.
    let x;
    let y;
    let scale = 1;
    let state;
    if (floating) {
      [x, y, state] = [floating.x, floating.y, "lifted"];
    } else if (placement) {
      [x, y, state] = [layout.board.x + placement.col * c, layout.board.y + placement.row * c, "board"];
    } else {
      // At home: the shape's filled cells centred in its spot, drawn at tray size.
      scale = layout.tray / c;
      const t = layout.tray;
      x = spot.x + spot.size / 2 - ((box.left + box.right + 1) / 2) * t;
      y = spot.y + spot.size / 2 - ((box.top + box.bottom + 1) / 2) * t;
      state = "tray";
    }
    // The element itself covers just the filled cells' bounding box, so a tile never makes the
    // page wider or taller than what is drawn.
    const [boxX, boxY] = [box.left * c, box.top * c];
    tile.style.transform = `translate(${x + boxX * scale}px, ${y + boxY * scale}px) scale(${scale})`;
    tile.style.width = `${(box.right - box.left + 1) * c}px`;
    tile.style.height = `${(box.bottom - box.top + 1) * c}px`;
    tile.dataset.state = state;
    tile.dataset.orientation = String(index);
    tile.classList.toggle("lifted", state === "lifted");
    tile.classList.toggle("dragging", !!floating?.pointer);
    tile.classList.toggle("selected", view.selected === letter);
    tile.classList.toggle("touch", floating?.pointerType === "touch");
    if (placement && !floating) {
      tile.dataset.row = String(placement.row);
      tile.dataset.col = String(placement.col);
    } else {
      delete tile.dataset.row;
      delete tile.dataset.col;
    }
    tile.setAttribute("aria-label", t("tile", {
      tile: letter, where: state, row: placement ? placement.row + 1 : "", col: placement ? placement.col + 1 : "",
    }));
    const body = tile.firstChild;
    body.style.transformOrigin = floating?.grab ? `${floating.grab.x - boxX}px ${floating.grab.y - boxY}px` : "";
    const label = labelCell(cells);
    const spin = body.firstChild;
    spin.style.transformOrigin = `${2.5 * c - boxX}px ${2.5 * c - boxY}px`; // the grid's centre cell
    [...spin.children].forEach((block, i) => {
      const [r, col] = cells[i];
      Object.assign(block.style, { left: `${col * c - boxX}px`, top: `${r * c - boxY}px`, width: `${c}px`, height: `${c}px` });
      block.dataset.r = String(r);
      block.dataset.c = String(col);
      block.textContent = i === label ? letter : "";
    });
  }

  renderDropZone(view) {
    const target = view.target;
    const floating = view.floating;
    if (!target || !floating) {
      this.dropZone.hidden = true;
      delete this.dropZone.dataset.row;
      delete this.dropZone.dataset.col;
      return;
    }
    const c = view.layout.cell;
    const cells = this.catalog[floating.letter].orientations[floating.orient];
    this.dropZone.hidden = false;
    this.dropZone.dataset.letter = floating.letter;
    this.dropZone.dataset.row = String(target.row);
    this.dropZone.dataset.col = String(target.col);
    [...this.dropZone.children].forEach((zone, i) => {
      const [r, col] = cells[i];
      Object.assign(zone.style, {
        left: `${(target.col + col) * c}px`, top: `${(target.row + r) * c}px`, width: `${c}px`, height: `${c}px`,
      });
      zone.dataset.row = String(target.row + r);
      zone.dataset.col = String(target.col + col);
    });
  }

  /** Briefly outlines a tile (used for hints). */
  flash(letter) {
    const tile = this.tiles.get(letter);
    tile.classList.remove("flash");
    void tile.offsetWidth; // restart the animation
    tile.classList.add("flash");
  }

  /** A tile that could not go where it was let go: a red edge, and a short shake unless motion is unwelcome. */
  refuse(letter) {
    const tile = this.tiles.get(letter);
    tile.classList.remove("refused");
    void tile.offsetWidth; // restart the edge's fade
    tile.classList.add("refused");
    clearTimeout(tile.refusedTimer);
    tile.refusedTimer = setTimeout(() => tile.classList.remove("refused"), 1200);
    const body = tile.firstChild;
    if (!body?.animate || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    // After the slide back (.22 s), where the tile came from.
    const shake = [0, -7, 7, -5, 5, -2, 0].map((dx) => ({ transform: `translateX(${dx}px)` }));
    body.animate(shake, { duration: 380, delay: 200, easing: "ease-in-out" });
  }

  /** A little turn or mirror animation on the tile's body after its orientation changed. */
  animateTurn(letter, kind) {
    // The new shape has a new bounding box: jump there and let the turn itself be the animation.
    const tile = this.tiles.get(letter);
    tile.classList.add("instant");
    requestAnimationFrame(() => requestAnimationFrame(() => tile.classList.remove("instant")));
    const spin = this.tiles.get(letter)?.firstChild?.firstChild;
    if (!spin?.animate || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const from = kind === "flip" ? "scaleX(-1)" : kind === "anticlockwise" ? "rotate(90deg)" : "rotate(-90deg)";
    spin.animate([{ transform: from }, { transform: "none" }], { duration: 160, easing: "ease-out" });
  }
}

/** The filled cell nearest the shape's middle carries the letter. */
function labelCell(cells) {
  const mr = cells.reduce((s, [r]) => s + r, 0) / cells.length;
  const mc = cells.reduce((s, [, c]) => s + c, 0) / cells.length;
  let best = 0;
  let bestDistance = Infinity;
  cells.forEach(([r, c], i) => {
    const d = (r - mr) ** 2 + (c - mc) ** 2;
    if (d < bestDistance - 1e-9) [best, bestDistance] = [i, d];
  });
  return best;
}
