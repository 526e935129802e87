// Our own art for the certificates: the game's delivery van seen from the side (the same white box,
// red stripe and red cab as the van on the map, character-art.js), wrapped as a present in a gold
// ribbon with a bow on its roof, on a bit of road, with a few sparkles; and a rosette with the
// episode's number for the certificate's corner. Plain SVG, vector on paper at any size.
import { svgEl } from "../map/map-geometry.js";

const INK = "#2b2f38";
const GOLD = "#f2b705";
const GOLD_DARK = "#b07c00";
const RED = "#e8553d";

function sparkle(x, y, size) {
  const s = size, k = size / 4;
  return svgEl("path", { d: `M${x},${y - s}L${x + k},${y - k}L${x + s},${y}L${x + k},${y + k}L${x},${y + s}L${x - k},${y + k}L${x - s},${y}L${x - k},${y - k}Z`,
    fill: GOLD, stroke: GOLD_DARK, "stroke-width": 1.2, "stroke-linejoin": "round" });
}

function wheel(x) {
  return svgEl("g", {},
    svgEl("circle", { cx: x, cy: 132, r: 17, fill: "#262a33" }),
    svgEl("circle", { cx: x, cy: 132, r: 7.5, fill: "#c9ced8", stroke: INK, "stroke-width": 1.5 }));
}

/** The van with its ribbon: an <svg> `label` describes for screen readers. */
export function vanWithRibbon(label) {
  return svgEl("svg", { viewBox: "0 0 280 170", class: "certificate-van", role: "img", "aria-label": label, "data-testid": "certificate-art" },
    // the road
    svgEl("rect", { x: 0, y: 146, width: 280, height: 20, rx: 4, fill: "#5f6570" }),
    svgEl("path", { d: "M8,156H272", stroke: "#fff", "stroke-width": 3, "stroke-dasharray": "16 12" }),
    svgEl("ellipse", { cx: 140, cy: 148, rx: 110, ry: 5, fill: "#000", "fill-opacity": 0.18 }),
    // the cargo box, its stripe, the cab and its window
    svgEl("rect", { x: 36, y: 50, width: 140, height: 84, rx: 8, fill: "#f2f2f2", stroke: INK, "stroke-width": 3 }),
    svgEl("rect", { x: 36, y: 100, width: 140, height: 12, fill: RED }),
    svgEl("path", { d: "M176,72H214Q226,72 232,86L246,108Q250,114 250,122V128Q250,134 244,134H176Z", fill: RED, stroke: INK, "stroke-width": 3,
      "stroke-linejoin": "round" }),
    svgEl("path", { d: "M186,80H212Q219,80 223,88L232,104H186Z", fill: "#bfe6ff", stroke: INK, "stroke-width": 2.5, "stroke-linejoin": "round" }),
    svgEl("rect", { x: 238, y: 114, width: 10, height: 7, rx: 2, fill: "#ffe27a", stroke: INK, "stroke-width": 1.5 }),
    // the ribbon round the box, tied in a bow on the roof
    svgEl("rect", { x: 98, y: 50, width: 16, height: 84, fill: GOLD, stroke: GOLD_DARK, "stroke-width": 1.5 }),
    svgEl("path", { d: "M106,48C86,20 58,26 66,42C72,54 92,50 106,48Z", fill: GOLD, stroke: GOLD_DARK, "stroke-width": 2, "stroke-linejoin": "round" }),
    svgEl("path", { d: "M106,48C126,20 154,26 146,42C140,54 120,50 106,48Z", fill: GOLD, stroke: GOLD_DARK, "stroke-width": 2, "stroke-linejoin": "round" }),
    svgEl("path", { d: "M100,50L88,70M112,50L124,70", stroke: GOLD_DARK, "stroke-width": 5, "stroke-linecap": "round" }),
    svgEl("circle", { cx: 106, cy: 48, r: 8, fill: GOLD, stroke: GOLD_DARK, "stroke-width": 2 }),
    wheel(76), wheel(210),
    sparkle(28, 28, 10), sparkle(176, 26, 8), sparkle(256, 52, 11), sparkle(16, 92, 6));
}

/** A rosette with `number` in the middle, for the certificate's corner. */
export function rosette(number) {
  const points = [];
  for (let i = 0; i < 32; i += 1) {
    const r = i % 2 ? 40 : 46, a = (Math.PI * 2 * i) / 32;
    points.push(`${(60 + Math.cos(a) * r).toFixed(1)},${(52 + Math.sin(a) * r).toFixed(1)}`);
  }
  return svgEl("svg", { viewBox: "0 0 120 140", class: "certificate-rosette", "aria-hidden": "true" },
    svgEl("path", { d: "M40,80L26,134L44,124L54,138L62,88Z", fill: "#3470c8", stroke: INK, "stroke-width": 2, "stroke-linejoin": "round" }),
    svgEl("path", { d: "M80,80L94,134L76,124L66,138L58,88Z", fill: "#3470c8", stroke: INK, "stroke-width": 2, "stroke-linejoin": "round" }),
    svgEl("polygon", { points: points.join(" "), fill: GOLD, stroke: GOLD_DARK, "stroke-width": 2, "stroke-linejoin": "round" }),
    svgEl("circle", { cx: 60, cy: 52, r: 31, fill: "#fff8e1", stroke: GOLD_DARK, "stroke-width": 2.5 }),
    svgEl("text", { x: 60, y: 54, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 36, "font-weight": 800, fill: INK },
      document.createTextNode(String(number))));
}
