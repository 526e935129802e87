// Draws a maze as it is discovered: a W×H CSS grid on a dark background (walls and unexplored
// tiles are simply empty cells), one <img> per room appended when the room arrives (never a
// rebuild), and an SVG overlay in tile units (viewBox 0 0 W H) for the start and exit markers and
// the shortest path, so it scales with the grid whatever the cell size. Its words are the catalogue's
// `maze.view.*`; `relabel()` says them again in a new language.
import { el } from "/shared/api.js";
import { scoped } from "/shared/words.js";

const { t, showTranslated } = scoped("maze");

const SVG = "http://www.w3.org/2000/svg";
const NATIVE_CELL = 48; // the tile art's own size: "actual size" when not fitting
const MAX_FIT_CELL = 64;
const MIN_CELL = 3;

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

const centre = ([row, col]) => `${col + 0.5},${row + 0.5}`;

export class MazeView {
  constructor(viewport) {
    this.viewport = viewport;
    this.fit = true;
    this.width = 0;
    this.height = 0;
    this.placed = new Set();
    this.label = { key: "view.noMazeYet", args: {} }; // the grid's description, as a message
    this.grid = el("div", { class: "maze", "data-testid": "maze-grid", role: "img", "aria-label": t(this.label.key) });
    this.overlay = svg("svg", { class: "overlay", "data-testid": "overlay", "aria-hidden": "true", preserveAspectRatio: "none" });
    this.placeholder = el("p", { class: "placeholder muted", "data-testid": "placeholder" });
    showTranslated(this.placeholder, "view.pressGenerate");
    viewport.append(this.placeholder);
    window.addEventListener("resize", () => this.layout());
  }

  get roomCount() { return this.placed.size; }

  /** Clears everything: no maze on screen, and the message `key` (`maze.view.…`) in its place. */
  clear(key = "view.pressGenerate") {
    this.width = this.height = 0;
    this.placed.clear();
    this.grid.replaceChildren();
    this.overlay.replaceChildren();
    this.grid.remove();
    showTranslated(this.placeholder, key); // marked: translatePage keeps it in the page's language
    this.viewport.replaceChildren(this.placeholder);
  }

  /** Lays out an empty W×H grid (at `began`) and marks the start room. */
  begin(width, height, start) {
    this.clear();
    this.width = width;
    this.height = height;
    this.grid.style.setProperty("--cols", width);
    this.grid.style.setProperty("--rows", height);
    this.grid.dataset.width = width;
    this.grid.dataset.height = height;
    this.overlay.setAttribute("viewBox", `0 0 ${width} ${height}`);
    // The path layer: the line plus a ring round its end (a group, so even a straight line has an area).
    this.path = svg("g", { class: "path", "data-testid": "path" });
    this.pathLine = svg("polyline", { class: "path-line", "data-testid": "path-line", fill: "none" });
    this.pathEnd = svg("circle", { class: "path-end", r: 0.44 });
    this.path.append(this.pathLine, this.pathEnd);
    this.path.style.display = "none";
    this.exitMarker = null;
    const mark = svg("g", { class: "start-marker", "data-testid": "start-marker", "data-col": start.col, "data-row": start.row });
    mark.append(
      svg("circle", { cx: start.col + 0.5, cy: start.row + 0.5, r: 0.34, class: "start-dot" }),
      svg("circle", { cx: start.col + 0.5, cy: start.row + 0.5, r: 0.14, class: "start-core" }));
    this.overlay.append(this.path, mark);
    this.grid.append(this.overlay);
    this.viewport.replaceChildren(this.grid);
    this.describe("view.exploringGrid", { width, height });
    this.layout();
  }

  /** Adds one room; false if it is outside the grid or already shown. */
  addRoom(room) {
    const { col, row } = room;
    if (!Number.isInteger(col) || !Number.isInteger(row) || col < 0 || row < 0 || col >= this.width || row >= this.height) return false;
    const key = row * this.width + col;
    if (this.placed.has(key)) return false;
    this.placed.add(key);
    const type = String(room.roomType ?? "EMPTY").toLowerCase();
    const tile = el("img", {
      class: "tile", src: room.tileUrl, alt: "", draggable: "false",
      "data-testid": "tile", "data-col": col, "data-row": row, "data-type": type,
    });
    tile.style.gridArea = `${row + 1} / ${col + 1}`;
    this.grid.insertBefore(tile, this.overlay);
    if (type === "exit" && !this.exitMarker) {
      this.exitMarker = svg("rect", { class: "exit-marker", "data-testid": "exit-marker", x: col + 0.04, y: row + 0.04, width: 0.92, height: 0.92, rx: 0.2 });
      this.overlay.insertBefore(this.exitMarker, this.path);
    }
    return true;
  }

  /** Sets the shortest path ([[row, col], …], the API's square pairs); drawn only while `visible`. */
  setPath(path, visible) {
    if (!this.path) return;
    const points = Array.isArray(path) ? path : [];
    this.pathLine.setAttribute("points", points.map(centre).join(" "));
    this.path.dataset.count = points.length;
    if (points.length) {
      const [row, col] = points[points.length - 1];
      this.pathEnd.setAttribute("cx", col + 0.5);
      this.pathEnd.setAttribute("cy", row + 0.5);
    }
    this.path.style.display = visible && points.length > 1 ? "" : "none";
  }

  /** Describes the grid for screen readers: the message `key` (`maze.view.…`) with `args`. */
  describe(key, args = {}) {
    this.label = { key, args };
    this.grid.setAttribute("aria-label", t(key, args));
  }

  /** The words again, in the page's new language. */
  relabel() {
    this.grid.setAttribute("aria-label", t(this.label.key, this.label.args));
  }

  setFit(fit) {
    this.fit = fit;
    this.layout();
  }

  /** Sizes the cells: to fit the free space (whole pixels, so tiles meet without seams) or actual size. */
  layout() {
    if (!this.width) return;
    let cell = NATIVE_CELL;
    if (this.fit) {
      const style = getComputedStyle(this.viewport);
      const availableWidth = this.viewport.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const top = this.viewport.getBoundingClientRect().top + window.scrollY;
      const availableHeight = Math.max(200, window.innerHeight - Math.min(top, window.innerHeight / 3) - 24);
      cell = Math.floor(Math.min(availableWidth / this.width, availableHeight / this.height, MAX_FIT_CELL));
      cell = Math.max(MIN_CELL, cell);
    }
    this.viewport.classList.toggle("fit", this.fit);
    this.grid.style.setProperty("--cell", `${cell}px`);
    this.grid.dataset.cell = cell;
  }
}
