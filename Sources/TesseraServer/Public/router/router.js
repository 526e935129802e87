// Rapid Router page, part 1: level select, the map, a first block editor, the Python tab and runs.
// The server runs every program (RouterKit); this page only edits programs and animates the events
// it gets back. Progress lives on the server under an anonymous player id kept in localStorage.
// Routing is the location hash: "" is the level select, "#level=ID" a level.
import { $, api, el, showMessage } from "/shared/api.js";
import { BlockEditor } from "./editor.js";
import { MapView } from "./map-view.js";
import { svgEl } from "./map-geometry.js";
import { Player } from "./player.js";
import { emptyProgram, sanitize } from "./program.js";
import { PYTHON_START, PythonEditor } from "./python-editor.js";

const PLAYER_KEY = "tessera.router.player";
const SPEED_KEY = "tessera.router.speed";
const programKey = (id) => `tessera.router.program.${id}`;

const state = {
  player: playerId(),
  episodes: [],
  custom: [],
  order: [], // every catalog level id, in play order
  progress: {}, // level id → {best, max, attempts, solved, seconds}
  level: null,
  mode: "blocks",
  openedAt: performance.now(),
  running: false,
  run: 0, // bumped by every Play, Stop and level change, so a late answer or animation is ignored
};

const map = new MapView($("map"));
const editor = new BlockEditor(
  { palette: $("palette"), program: $("program"), count: $("block-count"), deleteButton: $("delete-block"), clearButton: $("clear-program") },
  { onChange: () => { save(); clearResult(); }, say: (text, info = false) => say(text, info) },
);
const python = new PythonEditor({ textarea: $("python-code"), gutter: $("gutter"), backdrop: $("code-backdrop") }, () => save());
const player = new Player(map, { onEvent: showEvent, speed: () => $("speed").value });

function playerId() {
  let id = localStorage.getItem(PLAYER_KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (n) => alphabet[n % alphabet.length]).join("");
    localStorage.setItem(PLAYER_KEY, id);
  }
  return id;
}

function say(text, info = true) {
  showMessage($("message"), text, info);
}

// ---- level select -------------------------------------------------------------------------
async function loadCatalog() {
  const [catalog, progress] = await Promise.all([
    api("/api/router/episodes"),
    api(`/api/router/players/${encodeURIComponent(state.player)}/progress`),
  ]);
  state.episodes = catalog.episodes;
  state.custom = catalog.custom ?? [];
  state.order = catalog.episodes.flatMap((episode) => episode.levels.map((level) => level.id));
  state.progress = progress.levels ?? {};
}

async function refreshProgress() {
  try {
    const progress = await api(`/api/router/players/${encodeURIComponent(state.player)}/progress`);
    state.progress = progress.levels ?? {};
  } catch (error) {
    say(error.message, false);
  }
}

function isUnlocked(id) {
  const index = state.order.indexOf(id);
  if (index < 0) return true; // custom and imported levels are always open
  if (index === 0 || state.progress[id]) return true;
  return Boolean(state.progress[state.order[index - 1]]?.solved);
}

function stars(result) {
  if (!result?.solved || !result.max) return 0;
  const share = result.best / result.max;
  return share >= 1 ? 3 : share >= 0.5 ? 2 : 1;
}

/** A small padlock (drawn, since emoji fonts are not everywhere). */
function lockIcon() {
  return svgEl("svg", { viewBox: "0 0 16 16", class: "lock-icon", "aria-hidden": "true" },
    svgEl("path", { d: "M5,7V5a3,3 0 0 1 6,0v2", fill: "none", stroke: "currentColor", "stroke-width": 1.8 }),
    svgEl("rect", { x: 3, y: 7, width: 10, height: 8, rx: 1.5, fill: "currentColor" }));
}

function levelTile(summary, label) {
  const result = state.progress[summary.id];
  const unlocked = isUnlocked(summary.id);
  const max = result?.max ?? summary.maxScore;
  const score = result ? `${result.best}/${max}` : max ? `–/${max}` : "";
  const earned = stars(result);
  const tile = el("button", {
    type: "button", class: `level-tile${result?.solved ? " solved" : ""}`, "data-testid": `level-${summary.id}`,
    "data-unlocked": String(unlocked), "data-solved": String(Boolean(result?.solved)), disabled: !unlocked,
    "aria-label": `${label}: ${summary.name}${unlocked ? "" : " (locked)"}${result ? `, best score ${result.best} out of ${max}` : ""}`,
    onclick: () => { location.hash = `level=${encodeURIComponent(summary.id)}`; },
  },
  el("span", { class: "level-number", text: label }),
  el("span", { class: "level-name", text: summary.name }),
  el("span", { class: "level-stars", "aria-hidden": "true", text: unlocked ? "★".repeat(earned) + "☆".repeat(3 - earned) : "" }, unlocked ? "" : lockIcon()),
  el("span", { class: "level-score", "data-testid": `score-${summary.id}`, text: score }));
  if (summary.python && !summary.blockly) tile.append(el("span", { class: "badge python", text: "Python" }));
  return el("li", {}, tile);
}

function renderSelect() {
  const cards = state.episodes.map((episode) => {
    const solved = episode.levels.filter((level) => state.progress[level.id]?.solved).length;
    return el("section", { class: "episode card", "data-testid": `episode-${episode.number}`, "aria-label": `Episode ${episode.number}: ${episode.name}` },
      el("h3", {}, el("span", { class: "episode-number", text: `Episode ${episode.number}` }), " ", episode.name,
        el("span", { class: "episode-progress muted", text: ` ${solved}/${episode.levels.length}` })),
      el("p", { class: "muted", text: episode.summary }),
      el("ol", { class: "level-grid" }, ...episode.levels.map((level) => levelTile(level, level.id))));
  });
  $("episodes").replaceChildren(...cards);
  $("custom-section").hidden = state.custom.length === 0;
  $("custom-levels").replaceChildren(...state.custom.map((level, index) =>
    levelTile({ id: level.id, name: level.name, maxScore: 0, blockly: true, python: false }, level.source === "imported" ? `I${index + 1}` : `C${index + 1}`)));
}

// ---- one level ----------------------------------------------------------------------------
async function openLevel(id) {
  if (state.order.length && !isUnlocked(id)) {
    say("That level is still locked: finish the one before it first.", false);
    showSelect();
    return;
  }
  let level;
  try {
    level = await api(`/api/router/levels/${encodeURIComponent(id)}`);
  } catch (error) {
    say(error.message, false);
    showSelect();
    return;
  }
  stopRun();
  state.level = level;
  state.openedAt = performance.now();
  $("select-view").hidden = true;
  $("level-view").hidden = false;
  $("to-levels").hidden = false;
  const number = state.order.includes(level.id) ? `Level ${level.id}: ` : "";
  $("level-title").textContent = number + level.name;
  document.title = `${number}${level.name} · Rapid Router · Tessera`;
  $("level-lesson").textContent = level.lesson || "Get the van to the house.";
  $("level-hint").textContent = level.hint || "Follow the road square by square.";
  $("level-hint").closest("details").hidden = !level.hint;
  $("level-hint").closest("details").open = false;

  const saved = readSaved(level.id);
  editor.load(level.toolbox, saved.program);
  python.value = saved.python ?? PYTHON_START;
  $("tab-blocks").hidden = !level.blocklyEnabled;
  $("tab-python").hidden = !level.pythonEnabled;
  const mode = level.blocklyEnabled && level.pythonEnabled ? (saved.mode ?? "blocks") : level.pythonEnabled ? "python" : "blocks";
  setMode(mode);
  resetMap();
  $("map").setAttribute("aria-label", describe(level));
  say(level.pythonEnabled && !level.blocklyEnabled ? "Write your program in Python, then press Play." : "Build your program under Start, then press Play.");
  $("level-title").focus?.();
}

/** The map in words, for screen readers (x from the left, y from the bottom, as in the lessons). */
function describe(level) {
  const names = { N: "north (up)", E: "east (right)", S: "south (down)", W: "west (left)" };
  const at = (square) => `(${square[0]}, ${square[1]})`;
  const houses = level.destinations.map(at).join(", ");
  const parts = [`Map: the van starts at ${at(level.road[0].coordinate)} facing ${names[level.originHeading]}`,
    `${level.destinations.length === 1 ? "the house is at" : "houses at"} ${houses}`, `${level.road.length} road squares`];
  if (level.trafficLights.length) parts.push(`${level.trafficLights.length} traffic light${level.trafficLights.length === 1 ? "" : "s"}`);
  const cows = level.cows.reduce((sum, group) => sum + group.potentialCoordinates.length, 0);
  if (cows) parts.push(`${cows} cow${cows === 1 ? "" : "s"} on the road`);
  return parts.join(", ") + ".";
}

function readSaved(id) {
  try {
    const saved = JSON.parse(localStorage.getItem(programKey(id)) ?? "null") ?? {};
    return { program: sanitize(saved.program), python: typeof saved.python === "string" ? saved.python : null, mode: saved.mode };
  } catch {
    return { program: emptyProgram(), python: null };
  }
}

function save() {
  if (!state.level) return;
  localStorage.setItem(programKey(state.level.id), JSON.stringify({ program: editor.program, python: python.value, mode: state.mode }));
}

function setMode(mode) {
  state.mode = mode;
  $("tab-blocks").setAttribute("aria-selected", String(mode === "blocks"));
  $("tab-python").setAttribute("aria-selected", String(mode === "python"));
  $("tab-blocks").tabIndex = mode === "blocks" ? 0 : -1;
  $("tab-python").tabIndex = mode === "python" ? 0 : -1;
  $("blocks-panel").hidden = mode !== "blocks";
  $("python-panel").hidden = mode !== "python";
  save();
}

function showSelect() {
  stopRun();
  state.level = null;
  $("select-view").hidden = false;
  $("level-view").hidden = true;
  $("to-levels").hidden = true;
  document.title = "Rapid Router · Tessera";
  renderSelect();
}

// ---- running ------------------------------------------------------------------------------
function setRunning(running) {
  state.running = running;
  $("play").disabled = running;
  $("stop").disabled = !running;
  editor.setLocked(running);
  python.setLocked(running);
}

function setFuel(percent) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  $("fuel-fill").style.setProperty("width", `${value}%`);
  $("fuel").setAttribute("aria-valuenow", String(value));
  $("fuel").classList.toggle("low", value <= 25);
}

function resetMap() {
  if (!state.level) return;
  map.draw(state.level);
  setFuel(100);
  editor.highlight(null);
  editor.highlight(null, "failing");
  python.markRunning(null);
  clearResult();
}

function clearResult() {
  $("result").hidden = true;
}

function lineOf(block) {
  const match = /^line:(\d+)$/.exec(block ?? "");
  return match ? Number(match[1]) : null;
}

function showEvent(event) {
  if (event.block) {
    const line = lineOf(event.block);
    if (line) python.markRunning(line); else editor.highlight(event.block);
  }
  if (typeof event.fuelPercent === "number") setFuel(event.fuelPercent);
}

function programBody() {
  return state.mode === "python" ? { python: python.value } : { blocks: editor.program.blocks, procedures: editor.program.procedures };
}

async function play() {
  if (!state.level || state.running) return;
  stopRun();
  resetMap();
  const level = state.level;
  const seconds = Math.min(86_400, Math.max(0, (performance.now() - state.openedAt) / 1000));
  state.openedAt = performance.now();
  const run = ++state.run;
  setRunning(true);
  say("The van is on its way…");
  let result;
  try {
    result = await api(`/api/router/levels/${encodeURIComponent(level.id)}/runs`, {
      method: "POST", body: { program: programBody(), player: state.player, seconds: secondsForServer(seconds) },
    });
  } catch (error) {
    if (run !== state.run) return;
    setRunning(false);
    say(error.message, false);
    const line = /^Line (\d+):/.exec(error.message)?.[1];
    if (line && state.mode === "python") python.markError(Number(line));
    return;
  }
  if (run !== state.run) return;
  refreshProgress();
  const finished = await player.play(result.events);
  if (run !== state.run || state.level !== level) return;
  setRunning(false);
  editor.highlight(null);
  python.markRunning(null);
  if (!finished) return;
  showResult(result);
}

// Time spent on the level, to the millisecond.
function secondsForServer(seconds) {
  return Math.round(seconds * 1000) / 1000;
}

function stopRun() {
  player.stop();
  if (state.running) {
    state.run += 1;
    setRunning(false);
    editor.highlight(null);
    python.markRunning(null);
    say("Stopped. Press Reset to put the van back, or Play to run again.");
  }
}

function scoreText(value, max) {
  return max ? `${value}/${max}` : "not scored";
}

function showResult(result) {
  const { outcome, score } = result;
  for (const square of outcome.delivered ?? []) map.markDelivered(square);
  const failing = outcome.failingBlock;
  if (!outcome.success && failing) {
    const line = lineOf(failing);
    if (line) python.markError(line); else editor.highlight(failing, "failing");
  }
  $("result").dataset.success = String(outcome.success);
  // Keep the end of the journey visible: the card docks away from where the van stopped.
  $("result").classList.toggle("at-bottom", outcome.position[1] >= 4);
  $("result-title").textContent = outcome.success ? (score.total === score.max ? "Full marks!" : "Delivered!") : "Oh no!";
  $("result-message").textContent = outcome.message;
  $("route-score").textContent = scoreText(score.route, score.routeMax);
  $("algorithm-score").textContent = scoreText(score.algorithm, score.algorithmMax);
  $("total-score").textContent = `${score.total}/${score.max}`;
  $("score-note").textContent = outcome.success ? `${score.message} (${result.blockCount} block${result.blockCount === 1 ? "" : "s"})` : "";
  const next = nextLevelId();
  $("next-level").hidden = !outcome.success || !next;
  $("try-again").hidden = outcome.success && score.total === score.max && Boolean(next);
  $("result").hidden = false;
  say(outcome.success ? "Delivered!" : outcome.message, outcome.success);
  (outcome.success && next ? $("next-level") : $("try-again")).focus({ preventScroll: true });
}

function nextLevelId() {
  const index = state.order.indexOf(state.level?.id);
  return index >= 0 ? state.order[index + 1] ?? null : null;
}

// ---- wiring -------------------------------------------------------------------------------
$("play").addEventListener("click", play);
$("stop").addEventListener("click", () => { stopRun(); });
$("reset").addEventListener("click", () => { stopRun(); resetMap(); say("Back at the depot."); });
$("try-again").addEventListener("click", () => { resetMap(); $("play").focus(); });
$("close-result").addEventListener("click", () => { clearResult(); $("play").focus(); });
$("result").addEventListener("keydown", (event) => { if (event.key === "Escape") { clearResult(); $("play").focus(); } });
$("next-level").addEventListener("click", () => {
  const next = nextLevelId();
  if (next) location.hash = `level=${encodeURIComponent(next)}`;
});
$("tab-blocks").addEventListener("click", () => setMode("blocks"));
$("tab-python").addEventListener("click", () => setMode("python"));
for (const tab of [$("tab-blocks"), $("tab-python")]) {
  tab.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const other = tab === $("tab-blocks") ? $("tab-python") : $("tab-blocks");
    if (other.hidden) return;
    other.click();
    other.focus();
  });
}
$("speed").value = localStorage.getItem(SPEED_KEY) ?? "normal";
$("speed").addEventListener("change", () => localStorage.setItem(SPEED_KEY, $("speed").value));
$("to-levels").addEventListener("click", (event) => { event.preventDefault(); location.hash = ""; });

async function route() {
  const id = /^#level=(.+)$/.exec(location.hash)?.[1];
  if (id) await openLevel(decodeURIComponent(id));
  else showSelect();
}

window.addEventListener("hashchange", async () => {
  if (!location.hash) await refreshProgress();
  route();
});

try {
  await loadCatalog();
  await route();
  document.body.dataset.ready = "true";
} catch (error) {
  say(error.message, false);
}
