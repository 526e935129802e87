// Small tool icons for the designer's toolbar, drawn in the map's own style (our art).
import { svgEl } from "../map/map-geometry.js";

const ICONS = {
  road: () => [svgEl("path", { d: "M2,12H22", stroke: "#5f6570", "stroke-width": 10, "stroke-linecap": "round" }),
    svgEl("path", { d: "M4,12H20", stroke: "#fff", "stroke-width": 1.6, "stroke-dasharray": "3 2.5" })],
  erase: () => [svgEl("path", { d: "M4,15L12,5L20,11L13,20H8Z", fill: "#f29bb0", stroke: "#7a3a4a", "stroke-width": 1.5, "stroke-linejoin": "round" }),
    svgEl("path", { d: "M8,10L15,16", stroke: "#7a3a4a", "stroke-width": 1.5 })],
  depot: () => [svgEl("rect", { x: 2.5, y: 2.5, width: 19, height: 19, rx: 3, fill: "#ffd166", stroke: "#e0a526", "stroke-width": 1.5, "stroke-dasharray": "3 2" }),
    svgEl("rect", { x: 6, y: 8, width: 9, height: 8, rx: 1.5, fill: "#f2f2f2", stroke: "#2b2f38" }),
    svgEl("rect", { x: 14, y: 8.5, width: 4, height: 7, rx: 1.5, fill: "#e8553d", stroke: "#2b2f38" })],
  house: () => [svgEl("rect", { x: 5, y: 11, width: 14, height: 10, rx: 1, fill: "#fff6e0", stroke: "#6b4b2a", "stroke-width": 1.5 }),
    svgEl("path", { d: "M3,12L12,4L21,12Z", fill: "#d9534f", stroke: "#6b4b2a", "stroke-width": 1.5, "stroke-linejoin": "round" }),
    svgEl("rect", { x: 10, y: 15, width: 4, height: 6, fill: "#8a5a33" })],
  light: () => [svgEl("rect", { x: 7, y: 2, width: 10, height: 20, rx: 3, fill: "#262a33" }),
    svgEl("circle", { cx: 12, cy: 7.5, r: 3, fill: "#ff4b3e" }), svgEl("circle", { cx: 12, cy: 16.5, r: 3, fill: "#3ee06a" })],
  cow: () => [svgEl("ellipse", { cx: 10, cy: 13, rx: 8, ry: 6, fill: "#fff", stroke: "#262a33", "stroke-width": 1.5 }),
    svgEl("circle", { cx: 8, cy: 12, r: 2, fill: "#262a33" }), svgEl("ellipse", { cx: 19, cy: 11, rx: 3.5, ry: 3.2, fill: "#f3a6b8", stroke: "#262a33" })],
  scenery: () => [svgEl("rect", { x: 10.5, y: 14, width: 3, height: 8, fill: "#7a5537" }),
    svgEl("circle", { cx: 12, cy: 10, r: 8, fill: "#3f9a4a" })],
};

/** Fills every `.tool-icon` in `root` with the icon of its tool. */
export function drawToolIcons(root) {
  for (const button of root.querySelectorAll("[data-tool]")) {
    const host = button.querySelector(".tool-icon");
    const draw = ICONS[button.dataset.tool];
    if (host && draw) host.replaceChildren(svgEl("svg", { viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" }, ...draw()));
  }
}
