// The designer's map: the player's own MapView (so a drawn level looks exactly as it will be played)
// with an overlay for the keyboard cursor, the selected light and the squares a problem is about.
// Pointer events (mouse, pen and touch alike) become strokes over squares: `begin(square)`, then
// `extend(from, to)` for every step between neighbouring squares (a fast drag that skips squares is
// filled in), then `end()`. The keyboard does the same: arrows move a cursor, Shift+arrow draws from
// it, Enter or Space uses the tool on the cursor's square, Delete rubs it out.

import { MapView } from "../map/map-view.js";
import { COLS, ROWS, T, centre, svgEl } from "../map/map-geometry.js";
import { place } from "./designer-model.js";

const ARROWS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export class DesignerCanvas {
  /** `box` is the focusable element around `mapHost`; `handlers`: begin, extend, end, erase, describe. */
  constructor(box, mapHost, handlers) {
    this.box = box;
    this.map = new MapView(mapHost);
    this.handlers = handlers;
    this.cursor = [0, 3];
    this.stroke = null; // {pointerId, last}
    this.marks = { problems: [], selected: null };
    box.addEventListener("pointerdown", (event) => this.pointerDown(event));
    box.addEventListener("pointermove", (event) => this.pointerMove(event));
    box.addEventListener("pointerup", (event) => this.pointerUp(event));
    box.addEventListener("pointercancel", (event) => this.pointerUp(event));
    box.addEventListener("lostpointercapture", (event) => this.pointerUp(event));
    box.addEventListener("keydown", (event) => this.key(event));
    box.addEventListener("focus", () => this.drawOverlay());
    box.addEventListener("keyup", (event) => { if (event.key === "Tab") { this.usingKeys = true; this.drawOverlay(); } });
    box.addEventListener("blur", () => this.drawOverlay());
    box.addEventListener("contextmenu", (event) => event.preventDefault());
  }

  /** Redraws the map from `level` and the overlay from `marks` ({problems: [[x,y]…], selected: {square, direction}}). */
  render(level, marks = this.marks) {
    this.marks = marks;
    this.map.draw(level);
    this.map.svg.classList.add("designer-map");
    this.map.van.classList.toggle("parked-away", level.road.length === 0);
    this.overlay = svgEl("g", { class: "designer-overlay" });
    this.map.svg.append(this.overlay);
    this.drawOverlay();
  }

  drawOverlay() {
    if (!this.overlay) return;
    const rings = [];
    for (let x = 1; x < COLS; x += 1) rings.push(svgEl("path", { d: `M${x * T},0V${ROWS * T}`, class: "grid-line" }));
    for (let y = 1; y < ROWS; y += 1) rings.push(svgEl("path", { d: `M0,${y * T}H${COLS * T}`, class: "grid-line" }));
    for (const square of this.marks.problems ?? []) rings.push(ring(square, "problem-ring", 6));
    const selected = this.marks.selected;
    if (selected) {
      rings.push(ring(selected.square, "selected-ring", 3));
      if (selected.direction) {
        const [cx, cy] = centre(selected.square);
        const v = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] }[selected.direction];
        rings.push(svgEl("path", { d: `M${cx},${cy}L${cx + v[0] * 44},${cy + v[1] * 44}`, class: "selected-arrow" }));
        rings.push(svgEl("circle", { cx: cx + v[0] * 44, cy: cy + v[1] * 44, r: 7, class: "selected-tip" }));
      }
    }
    if (document.activeElement === this.box && this.usingKeys) rings.push(ring(this.cursor, "cursor-ring", 2));
    this.overlay.replaceChildren(...rings);
  }

  /** The square under a pointer, or null off the map. */
  squareAt(event) {
    const matrix = this.map.svg?.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const x = Math.floor(point.x / T), row = Math.floor(point.y / T);
    if (x < 0 || x >= COLS || row < 0 || row >= ROWS) return null;
    return [x, ROWS - 1 - row];
  }

  pointerDown(event) {
    if (this.stroke || (event.pointerType === "mouse" && event.button !== 0)) return;
    const square = this.squareAt(event);
    if (!square) return;
    event.preventDefault();
    this.usingKeys = false;
    this.box.focus({ preventScroll: true });
    try { this.box.setPointerCapture(event.pointerId); } catch { /* capture is a nicety */ }
    this.stroke = { pointerId: event.pointerId, last: square };
    this.cursor = square;
    this.handlers.begin(square);
  }

  pointerMove(event) {
    if (!this.stroke || event.pointerId !== this.stroke.pointerId) return;
    const square = this.squareAt(event);
    if (!square) return;
    event.preventDefault();
    let [x, y] = this.stroke.last;
    // Walk one square at a time (x first, then y), so every square the finger passed is joined.
    while (x !== square[0] || y !== square[1]) {
      const from = [x, y];
      if (x !== square[0]) x += Math.sign(square[0] - x); else y += Math.sign(square[1] - y);
      this.handlers.extend(from, [x, y]);
    }
    this.stroke.last = square;
    this.cursor = square;
  }

  pointerUp(event) {
    if (!this.stroke || event.pointerId !== this.stroke.pointerId) return;
    this.stroke = null;
    this.handlers.end();
  }

  key(event) {
    const step = ARROWS[event.key];
    if (step || event.key === "Enter" || event.key === " ") this.usingKeys = true;
    if (step) {
      event.preventDefault();
      const next = [this.cursor[0] + step[0], this.cursor[1] + step[1]];
      if (next[0] < 0 || next[1] < 0 || next[0] >= COLS || next[1] >= ROWS) return;
      if (event.shiftKey) {
        this.handlers.begin(this.cursor, { keyboard: true, drawOnly: true });
        this.handlers.extend(this.cursor, next);
        this.cursor = next;
        this.handlers.end();
      } else {
        this.cursor = next;
        this.drawOverlay();
      }
      this.handlers.describe(this.cursor);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.handlers.begin(this.cursor, { keyboard: true });
      this.handlers.end();
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      this.handlers.erase(this.cursor);
    }
  }
}

function ring(square, className, inset) {
  const [cx, cy] = centre(square);
  const half = T / 2 - inset;
  return svgEl("rect", { x: cx - half, y: cy - half, width: half * 2, height: half * 2, rx: 10, class: className, "data-square": place(square) });
}
