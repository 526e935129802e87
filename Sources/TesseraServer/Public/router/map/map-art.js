// Our own simple art for the map: trees, decor, houses, the depot, lights, cows and a crash burst
// (the vehicles are in character-art.js).
import { NS, T, ROWS, COLS, VECTORS, ANGLES, THEMES, svgEl, centre, headingBetween, key, add, fmt } from "./map-geometry.js";
import { t } from "../shared/i18n.js";

export function tree(x, y, colours, pine, snow) {
  if (pine) {
    return svgEl("g", { class: "decor tree2" },
      svgEl("rect", { x: x - 5, y: y + 18, width: 10, height: 16, fill: "#7a5537", rx: 2 }),
      svgEl("path", { d: `M${x},${y - 36}L${x + 26},${y + 20}H${x - 26}Z`, fill: colours.tree2 }),
      snow ? svgEl("path", { d: `M${x},${y - 36}L${x + 10},${y - 14}H${x - 10}Z`, fill: "#ffffff" }) : null);
  }
  return svgEl("g", { class: "decor tree1" },
    svgEl("rect", { x: x - 5, y: y + 8, width: 10, height: 24, fill: "#7a5537", rx: 2 }),
    svgEl("circle", { cx: x, cy: y - 6, r: 26, fill: colours.tree }),
    svgEl("circle", { cx: x - 9, cy: y - 14, r: 9, fill: "#ffffff", "fill-opacity": snow ? 0.85 : 0.18 }));
}

export function decorArt(item, colours, theme) {
  const [x, y] = centre(item.coordinate);
  const snow = theme === "snow";
  switch (item.name) {
    case "tree2": return tree(x, y, colours, true, snow);
    case "bush": return svgEl("g", { class: "decor bush" },
      svgEl("circle", { cx: x - 14, cy: y + 6, r: 16, fill: colours.bush }),
      svgEl("circle", { cx: x + 12, cy: y + 4, r: 18, fill: colours.bush }),
      svgEl("circle", { cx: x, cy: y - 8, r: 17, fill: colours.bush }),
      svgEl("circle", { cx: x + 4, cy: y - 12, r: 4, fill: snow ? "#ffffff" : "#e2577a" }));
    case "pond": return svgEl("g", { class: "decor pond" },
      svgEl("ellipse", { cx: x, cy: y, rx: 40, ry: 26, fill: snow ? "#cfe6f5" : "#6fb6e8", stroke: snow ? "#a9cde6" : "#4f96cb", "stroke-width": 3 }),
      svgEl("ellipse", { cx: x - 12, cy: y - 7, rx: 12, ry: 4, fill: "#ffffff", "fill-opacity": 0.6 }));
    default: return tree(x, y, colours, false, snow);
  }
}

export function houseArt(square, headings, index) {
  const [cx, cy] = centre(square);
  let [x, y] = [cx, cy];
  let size = 50;
  const list = [...headings];
  if (list.length === 1) { // a dead end: the house stands at the end of the road
    const v = VECTORS[list[0]];
    [x, y] = [cx - v[0] * 12, cy - v[1] * 12];
  } else if (list.length >= 2) { // on a through road: a smaller house beside it
    size = 38;
    const free = ["N", "S", "E", "W"].find((h) => !headings.has(h)) ?? "N";
    const v = VECTORS[free];
    [x, y] = [cx + v[0] * 32, cy + v[1] * 32];
  }
  const s = size / 50;
  const roofs = ["#d9534f", "#3f7fd6", "#8e5bd0", "#e39a28"];
  return svgEl("g", { class: "house", "data-testid": "house", "data-x": square[0], "data-y": square[1],
    transform: `translate(${fmt(x)} ${fmt(y)}) scale(${fmt(s)})` },
    svgEl("rect", { x: -24, y: -6, width: 48, height: 34, rx: 3, fill: "#fff6e0", stroke: "#6b4b2a", "stroke-width": 2.5 }),
    svgEl("path", { d: "M-31,-4L0,-32L31,-4Z", fill: roofs[index % roofs.length], stroke: "#6b4b2a", "stroke-width": 2.5, "stroke-linejoin": "round" }),
    svgEl("rect", { x: -7, y: 8, width: 14, height: 20, rx: 2, fill: "#8a5a33" }),
    svgEl("rect", { x: -19, y: 3, width: 9, height: 9, fill: "#bfe6ff", stroke: "#6b4b2a", "stroke-width": 1.5 }),
    svgEl("rect", { x: 10, y: 3, width: 9, height: 9, fill: "#bfe6ff", stroke: "#6b4b2a", "stroke-width": 1.5 }),
    svgEl("g", { class: "delivered-mark" },
      svgEl("circle", { cx: 22, cy: -24, r: 13, fill: "#2d8a4e", stroke: "#fff", "stroke-width": 3 }),
      svgEl("path", { d: "M15,-24l5,5l9,-10", fill: "none", stroke: "#fff", "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round" })));
}

export function depotArt(square, heading) {
  const [cx, cy] = centre(square);
  const back = VECTORS[heading];
  const [x, y] = [cx - back[0] * 42, cy - back[1] * 42];
  const angle = ANGLES[heading];
  return svgEl("g", { class: "depot", "data-testid": "depot" },
    svgEl("rect", { x: cx - 46, y: cy - 46, width: 92, height: 92, rx: 10, fill: "#ffd166", "fill-opacity": 0.55, stroke: "#e0a526", "stroke-width": 3, "stroke-dasharray": "10 7" }),
    svgEl("g", { transform: `translate(${fmt(x)} ${fmt(y)}) rotate(${angle})` },
      svgEl("rect", { x: -8, y: -34, width: 14, height: 68, rx: 3, fill: "#2f6fde" }),
      svgEl("text", { x: 0, y: 0, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 11, "font-weight": 700,
        fill: "#fff", transform: "rotate(90)", class: "depot-sign" }, document.createTextNode(t("player.level.depotSign")))));
}

export function lightArt(light, index) {
  const c = centre(light.source);
  const d = VECTORS[light.direction];
  const right = [-d[1], d[0]];
  const border = add(c, d, T / 2);
  const [x, y] = add(add(border, d, -12), right, 45);
  // Upright, as children know traffic lights, on the right of the road just before the border.
  return svgEl("g", { class: `light ${light.startingState === "GREEN" ? "green" : "red"}`, "data-testid": "light", "data-light": index,
    "data-colour": light.startingState, transform: `translate(${fmt(x)} ${fmt(y)})` },
    svgEl("rect", { x: -10, y: -19, width: 20, height: 38, rx: 6, fill: "#262a33", stroke: "#ffffff", "stroke-width": 2 }),
    svgEl("circle", { class: "lamp-red", cx: 0, cy: -8, r: 6.5 }),
    svgEl("circle", { class: "lamp-green", cx: 0, cy: 8, r: 6.5 }));
}

export function cowArt(square, kind) {
  const [x, y] = centre(square);
  if (kind === "PIGEON") {
    const bird = (dx, dy) => svgEl("g", { transform: `translate(${dx} ${dy})` },
      svgEl("ellipse", { cx: 0, cy: 0, rx: 11, ry: 8, fill: "#8d96a8" }),
      svgEl("circle", { cx: 9, cy: -6, r: 5, fill: "#6f7a8e" }),
      svgEl("path", { d: "M13,-6l5,1l-5,2Z", fill: "#e39a28" }));
    return svgEl("g", { class: "cow pigeon", "data-testid": "cow", "data-x": square[0], "data-y": square[1], transform: `translate(${x} ${y})` },
      bird(-14, -8), bird(12, 4), bird(-6, 14));
  }
  const body = kind === "BROWN" ? "#a0673d" : "#ffffff";
  const spots = kind === "BROWN" ? "#6e4223" : "#262a33";
  return svgEl("g", { class: "cow", "data-testid": "cow", "data-x": square[0], "data-y": square[1], transform: `translate(${x} ${y})` },
    svgEl("ellipse", { cx: 0, cy: 0, rx: 28, ry: 18, fill: body, stroke: "#262a33", "stroke-width": 2 }),
    svgEl("circle", { cx: -8, cy: -5, r: 6, fill: spots }),
    svgEl("circle", { cx: 10, cy: 6, r: 5, fill: spots }),
    svgEl("ellipse", { cx: 30, cy: -2, rx: 11, ry: 10, fill: body, stroke: "#262a33", "stroke-width": 2 }),
    svgEl("ellipse", { cx: 37, cy: -1, rx: 5, ry: 6, fill: "#f3a6b8" }),
    svgEl("path", { d: "M24,-11l-4,-7M34,-11l3,-7", stroke: "#262a33", "stroke-width": 3, "stroke-linecap": "round" }));
}

export function burstArt() {
  const points = [];
  for (let i = 0; i < 16; i += 1) {
    const r = i % 2 ? 14 : 30, a = (Math.PI * 2 * i) / 16;
    points.push(`${fmt(Math.cos(a) * r)},${fmt(Math.sin(a) * r)}`);
  }
  return svgEl("g", { class: "crash-burst", "data-testid": "crash-burst" },
    svgEl("polygon", { points: points.join(" "), fill: "#ffcf3f", stroke: "#d0473c", "stroke-width": 4, "stroke-linejoin": "round" }),
    svgEl("text", { x: 0, y: 1, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 13, "font-weight": 800, fill: "#b3261e" },
      document.createTextNode(t("player.run.bump"))));
}

// ---- the view ---------------------------------------------------------------------------------
