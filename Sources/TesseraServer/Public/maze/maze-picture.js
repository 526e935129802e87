// Pictures of a whole maze made in the browser from its plan (maze-plan.js): an SVG document and a
// PNG, for keeping or printing. Both are drawn from one list of shapes in tile units (a tile is a
// wall or a room; walls are the ground), so the two pictures always agree. The pictures carry no
// words: a legend belongs to the page or the printed sheet around them.
import { distances, heatColour } from "./maze-plan.js";

const SVG_NS = "http://www.w3.org/2000/svg";
export const PALETTES = {
  screen: { wall: "#2f3948", room: "#f4f1e8", door: "#8b5a2b", exit: "#2f9e5b", start: "#3056d3", path: "#e4572e" },
  print: { wall: "#1d1d1d", room: "#ffffff", door: "#8a8a8a", exit: "#1d1d1d", start: "#1d1d1d", path: "#c0392b" },
};
const PNG_LIMIT = 4096; // pixels a side: a 201 × 201 maze still gets 20 px tiles

/**
 * The shapes of the picture: `rects` ({x, y, w, h, fill}), the start's `dots` and the `path` (tile
 * centres). Rooms of one row that share a colour are merged into one rectangle, so a large maze
 * stays a small file.
 */
export function shapes(plan, { heat = false, path = [], palette = PALETTES.screen } = {}) {
  const rects = [{ x: 0, y: 0, w: plan.width, h: plan.height, fill: palette.wall }];
  const heatSteps = heat ? distances(plan) : null;
  const fillOf = (room) => {
    if (heatSteps) {
      const steps = heatSteps.steps.get(`${room.row},${room.col}`);
      if (steps !== undefined) return heatColour(steps / Math.max(1, heatSteps.farthest));
    }
    return palette.room;
  };
  const marks = [];
  for (let row = 0; row < plan.height; row++) {
    let run = null;
    for (let col = 0; col <= plan.width; col++) {
      const room = col < plan.width ? plan.rooms.get(`${row},${col}`) : undefined;
      const fill = room ? fillOf(room) : null;
      if (run && fill === run.fill) { run.w += 1; continue; }
      if (run) rects.push(run);
      run = fill ? { x: col, y: row, w: 1, h: 1, fill } : null;
      if (room?.roomType === "DOOR") marks.push({ x: col + 0.3, y: row + 0.1, w: 0.4, h: 0.8, fill: palette.door });
      if (room?.roomType === "EXIT") marks.push({ x: col + 0.15, y: row + 0.15, w: 0.7, h: 0.7, fill: palette.exit });
    }
  }
  const dots = plan.start ? [{ cx: plan.start.col + 0.5, cy: plan.start.row + 0.5, r: 0.32, fill: palette.start }] : [];
  return { width: plan.width, height: plan.height, rects: rects.concat(marks), dots, path, pathColour: palette.path };
}

const number = (value) => String(Math.round(value * 1000) / 1000);

/** A standalone SVG document (a string) of the shapes, `cell` pixels a tile. */
export function svgText(picture, cell = 12) {
  const doc = document.implementation.createDocument(SVG_NS, "svg", null);
  const root = doc.documentElement;
  const set = (node, attributes) => { for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value); return node; };
  set(root, { viewBox: `0 0 ${picture.width} ${picture.height}`, width: number(picture.width * cell),
    height: number(picture.height * cell), "shape-rendering": "crispEdges" });
  for (const rect of picture.rects) {
    root.append(set(doc.createElementNS(SVG_NS, "rect"),
      { x: number(rect.x), y: number(rect.y), width: number(rect.w), height: number(rect.h), fill: rect.fill }));
  }
  if (picture.path.length > 1) {
    root.append(set(doc.createElementNS(SVG_NS, "polyline"), {
      points: picture.path.map(([row, col]) => `${col + 0.5},${row + 0.5}`).join(" "), fill: "none",
      stroke: picture.pathColour, "stroke-width": "0.34", "stroke-linecap": "round", "stroke-linejoin": "round",
      "shape-rendering": "geometricPrecision",
    }));
  }
  for (const dot of picture.dots) {
    root.append(set(doc.createElementNS(SVG_NS, "circle"),
      { cx: number(dot.cx), cy: number(dot.cy), r: number(dot.r), fill: dot.fill, "shape-rendering": "geometricPrecision" }));
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}\n`;
}

/** An inline <svg> element of the shapes, scaled by CSS (for the printed sheets). */
export function svgElement(picture) {
  const holder = document.createElement("div");
  holder.innerHTML = svgText(picture).replace(/^<\?xml[^>]*>\s*/, ""); // our own markup: numbers and colours only
  const svg = holder.firstElementChild;
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  return svg;
}

/** The shapes painted on a canvas, as a PNG blob: whole pixels a tile, at most PNG_LIMIT a side. */
export function pngBlob(picture) {
  const cell = Math.max(2, Math.min(24, Math.floor(PNG_LIMIT / Math.max(picture.width, picture.height))));
  const canvas = document.createElement("canvas");
  canvas.width = picture.width * cell;
  canvas.height = picture.height * cell;
  const pen = canvas.getContext("2d");
  for (const rect of picture.rects) {
    pen.fillStyle = rect.fill;
    pen.fillRect(Math.round(rect.x * cell), Math.round(rect.y * cell), Math.round(rect.w * cell), Math.round(rect.h * cell));
  }
  if (picture.path.length > 1) {
    pen.strokeStyle = picture.pathColour;
    pen.lineWidth = 0.34 * cell;
    pen.lineCap = pen.lineJoin = "round";
    pen.beginPath();
    picture.path.forEach(([row, col], index) => pen[index ? "lineTo" : "moveTo"]((col + 0.5) * cell, (row + 0.5) * cell));
    pen.stroke();
  }
  for (const dot of picture.dots) {
    pen.fillStyle = dot.fill;
    pen.beginPath();
    pen.arc(dot.cx * cell, dot.cy * cell, dot.r * cell, 0, 2 * Math.PI);
    pen.fill();
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("png"))), "image/png"));
}

/** Offers `blob` as a download called `name`. */
export function download(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
