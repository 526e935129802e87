// The maze as a person walking it sees it ("solve it yourself"): the page's MazeView with a marker
// for "you", the trail behind you, rooms you have only glimpsed from next door drawn faded, and a
// camera that keeps you in the middle when the maze is too big to show at a playable size. At the
// end the whole maze is shown and the routes (yours, the explorer's, the shortest) drawn side by side.
import { MazeView } from "./maze-view.js";

const SVG = "http://www.w3.org/2000/svg";
const PLAYABLE_CELL = 26; // px: below this a finger or an eye loses "you"
const LARGEST_CELL = 48;
// Routes drawn together are shifted a little apart, so one never hides another.
const ROUTES = { you: -0.17, explorer: 0, shortest: 0.17 };

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
}

export class PlayView extends MazeView {
  constructor(viewport) {
    super(viewport);
    this.placeholder.dataset.testid = "play-placeholder"; // the page's own viewport keeps "placeholder"
    this.grid.dataset.testid = "play-grid";
    this.overlay.dataset.testid = "play-overlay";
  }

  begin(width, height, start) {
    this.zoomed = true; // before begin() lays the grid out
    super.begin(width, height, start);
    this.you = { row: start.row, col: start.col };
    this.trail = svg("polyline", { class: "trail", "data-testid": "play-trail", fill: "none" });
    this.marker = svg("g", { class: "you", "data-testid": "play-you" });
    this.marker.append(svg("circle", { class: "you-halo", r: 0.46 }), svg("circle", { class: "you-body", r: 0.3 }));
    this.routes = svg("g", { class: "routes", "data-testid": "play-routes" });
    this.overlay.append(this.trail, this.routes, this.marker);
    this.place(start.row, start.col, [[start.row, start.col]]);
  }

  /**
   * Shows a room the walk has met: `visited` rooms fully, rooms only seen through an open side
   * faded. Rooms arrive as the API answers them ({row, col, roomType, tileUrl}).
   */
  reveal(room, visited) {
    this.addRoom(room);
    const tile = this.grid.querySelector(`.tile[data-row="${room.row}"][data-col="${room.col}"]`);
    if (!tile) return;
    if (visited) tile.classList.remove("seen");
    else if (!tile.dataset.visited) tile.classList.add("seen");
    if (visited) tile.dataset.visited = "true";
  }

  /** Moves "you" to a room and draws the trail so far. */
  place(row, col, path) {
    this.you = { row, col };
    this.marker.style.transform = `translate(${col + 0.5}px, ${row + 0.5}px)`;
    this.marker.dataset.row = row;
    this.marker.dataset.col = col;
    this.trail.setAttribute("points", path.map(([r, c]) => `${c + 0.5},${r + 0.5}`).join(" "));
    this.follow();
  }

  /** A step into a wall: "you" shudders towards it. */
  bump(side) {
    this.marker.dataset.bump = side;
    this.marker.classList.remove("bumped");
    void this.marker.getBoundingClientRect(); // restart the animation on a second bump
    this.marker.classList.add("bumped");
  }

  /** The end: every room the explorer found, the whole maze in view, and the routes on it. */
  showAll(rooms) {
    for (const room of rooms) this.reveal(room, true);
    for (const tile of this.grid.querySelectorAll(".tile.seen")) tile.classList.remove("seen");
    this.zoomed = false;
    this.trail.style.display = "none";
    this.layout();
  }

  /** Draws each route ([[row, col]…]) that is known: `{you, explorer, shortest}`. */
  setRoutes(routes) {
    this.routes.replaceChildren();
    for (const [name, shift] of Object.entries(ROUTES)) {
      const points = routes[name];
      if (!points || points.length < 2) continue;
      this.routes.append(svg("polyline", {
        class: `route ${name}`, "data-testid": `route-line-${name}`, "data-points": points.length, fill: "none",
        points: points.map(([r, c]) => `${c + 0.5 + shift},${r + 0.5 + shift}`).join(" "),
      }));
    }
  }

  /** Fits the maze in the box, but never below a playable size while walking (the camera follows). */
  layout() {
    if (!this.width) return;
    const box = this.viewport;
    const height = box.clientHeight || window.innerHeight * 0.6;
    let cell = Math.floor(Math.min(box.clientWidth / this.width, height / this.height, LARGEST_CELL));
    if (this.zoomed) cell = Math.max(cell, PLAYABLE_CELL);
    cell = Math.max(3, cell);
    this.cell = cell;
    this.grid.style.setProperty("--cell", `${cell}px`);
    this.grid.dataset.cell = cell;
    this.follow();
  }

  /** Scrolls the box so "you" stays in the middle (nothing to do when the whole maze fits). */
  follow() {
    if (!this.you || !this.cell) return;
    const box = this.viewport;
    const gridBox = this.grid.getBoundingClientRect();
    const boxRect = box.getBoundingClientRect();
    const x = gridBox.left - boxRect.left + box.scrollLeft + (this.you.col + 0.5) * this.cell;
    const y = gridBox.top - boxRect.top + box.scrollTop + (this.you.row + 0.5) * this.cell;
    box.scrollTo({ left: x - box.clientWidth / 2, top: y - box.clientHeight / 2 });
  }
}
