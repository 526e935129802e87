// "A map you can keep": once the explorer has found every room, the page holds the whole maze, so
// it can colour each room by its steps from the start (the heat map, with a legend), offer the maze
// as an SVG or PNG file made here in the browser, and print it — the maze on one page, the solution
// on the next (the sheets are built into #print-sheets; maze-keep.css shows only them on paper).
// maze.js tells this module when a maze begins (`reset`) and when its exploration finished
// (`finished`); everything else is this module's. The files carry what is on screen: the heat map
// when it is on, the path when "Show path" is ticked.
import { planFrom, distances, heatColour, shortestPath } from "./maze-plan.js";
import { PALETTES, download, pngBlob, shapes, svgElement, svgText } from "./maze-picture.js";
import { $, el } from "/shared/api.js";
import { formatNumber, onLanguageChange, scoped } from "/shared/words.js";

const { t } = scoped("maze");
const SVG_NS = "http://www.w3.org/2000/svg";
const kept = { view: null, plan: null, path: [] };

/** A new maze is on its way: nothing to keep until it is explored. */
export function reset() {
  Object.assign(kept, { view: null, plan: null, path: [] });
  $("print-sheets").replaceChildren();
  render();
}

/** The exploration finished: `rooms` is every room it found ("row,col" → room), `path` the route. */
export function finished(view, began, rooms, path) {
  if (!began?.start) return;
  kept.view = view;
  kept.plan = planFrom(began, rooms);
  kept.path = path.length > 1 ? path : shortestPath(kept.plan);
  render();
}

function render() {
  const ready = Boolean(kept.plan?.exit);
  for (const id of ["heat", "download-svg", "download-png", "print"]) $(id).disabled = !ready;
  drawHeat();
}

/** The heat layer on the screen's maze (under the path), and its legend. */
function drawHeat() {
  const on = Boolean(kept.plan) && $("heat").checked;
  $("heat-legend").hidden = !on;
  const overlay = kept.view?.overlay;
  overlay?.querySelector(".heat")?.remove();
  if (!on || !overlay) return;
  const { steps, farthest } = distances(kept.plan);
  const layer = document.createElementNS(SVG_NS, "g");
  layer.setAttribute("class", "heat");
  layer.dataset.testid = "heat-layer";
  for (const [square, count] of steps) {
    const [row, col] = square.split(",").map(Number);
    const cell = document.createElementNS(SVG_NS, "rect");
    for (const [name, value] of Object.entries({ x: col, y: row, width: 1, height: 1,
      fill: heatColour(count / Math.max(1, farthest)), "data-steps": count })) cell.setAttribute(name, value);
    layer.append(cell);
  }
  overlay.prepend(layer);
  $("heat-far").textContent = formatNumber(farthest);
  $("heat-near").textContent = formatNumber(0);
  $("heat-scale").style.background = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map(heatColour).join(", ")})`;
  // A right-to-left page reads the scale from the right: its numbers swap sides with it.
}

// ---- files -----------------------------------------------------------------------------------------
function onScreen(palette = PALETTES.screen) {
  const path = $("show-path").checked ? kept.path : [];
  return shapes(kept.plan, { heat: $("heat").checked, path, palette });
}

function fileName(extension) {
  const { seed, width, height } = kept.plan;
  return `maze-${seed}-${width}x${height}${$("heat").checked ? "-heat" : ""}.${extension}`;
}

function saveSVG() {
  if (!kept.plan) return;
  download(new Blob([svgText(onScreen())], { type: "image/svg+xml" }), fileName("svg"));
}

async function savePNG() {
  if (!kept.plan) return;
  download(await pngBlob(onScreen()), fileName("png"));
}

// ---- print -----------------------------------------------------------------------------------------
/** Two sheets: the maze to solve with a pencil, then the same maze with its shortest route. */
function buildSheets() {
  const holder = $("print-sheets");
  if (!kept.plan) { holder.replaceChildren(); return; }
  const { seed, width, height } = kept.plan;
  const solution = shortestPath(kept.plan);
  const sheet = (title, picture, testid) => el("section", { class: "sheet", "data-testid": testid },
    el("h2", {}, title), svgElement(picture),
    el("p", { class: "sheet-legend" },
      el("span", { class: "key start", "aria-hidden": "true" }), ` ${t("view.start")} `,
      el("span", { class: "key exit", "aria-hidden": "true" }), ` ${t("view.exit")} `,
      el("span", { class: "key door", "aria-hidden": "true" }), ` ${t("view.door")}`));
  holder.replaceChildren(
    sheet(t("keep.sheetMaze", { seed: String(seed), width, height }), shapes(kept.plan, { palette: PALETTES.print }), "sheet-maze"),
    sheet(t("keep.sheetSolution", { steps: Math.max(0, solution.length - 1) }),
      shapes(kept.plan, { path: solution, palette: PALETTES.print }), "sheet-solution"));
}

$("heat").addEventListener("change", drawHeat);
$("download-svg").addEventListener("click", saveSVG);
$("download-png").addEventListener("click", savePNG);
$("print").addEventListener("click", () => { buildSheets(); window.print(); });
window.addEventListener("beforeprint", buildSheets);
onLanguageChange(() => { if ($("print-sheets").childElementCount) buildSheets(); });
render();
