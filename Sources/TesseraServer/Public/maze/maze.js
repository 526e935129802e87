// Maze page. The server generates a maze, explores it over its own HTTP API and streams each room
// it finds (maze-stream.js); this module keeps the page's state, wires the controls and hands
// rooms to the view (maze-view.js). Server text only ever reaches the page through textContent.
//
// Generating again while a maze loads: Generate is disabled during loading (so a double click
// cannot start two explorations by accident), and two buttons are enabled instead: "Restart"
// (stop this exploration and start one with the options in the form now) and "Stop". Every start
// bumps a generation counter; the old stream is closed (which cancels it on the server), the grid
// is cleared, and any message that still arrives from an older generation is ignored.
import { bestPossibleSeconds } from "./maze-bound.js";
import { MazeView } from "./maze-view.js";
import { exploreUrl, openExploration } from "./maze-stream.js";
import { linkFor, prefill, readOptions } from "./maze-options.js";
import { $, say } from "/shared/api.js";
const fields = Object.fromEntries(["seed", "width", "height", "algorithm", "latency", "strategy"].map((id) => [id, $(id)]));
const STATS = [
  ["rooms", "rooms"], ["doors", "doors"], ["fetches", "fetches"], ["unlocks", "unlocks"],
  ["retries", "retries"], ["duplicatesAvoided", "duplicates"], ["seconds", "seconds"], ["valid", "valid"],
];
const STRATEGY_NAMES = { eventDriven: "event-driven", levelSynchronous: "level by level" };

const view = new MazeView($("viewport"));
const state = {
  generation: 0,
  stream: null,
  loading: false,
  began: null, // the `began` message of the maze on screen
  startedAt: 0, // performance.now() when `began` arrived: the live clock counts from here
  seconds: 0, // the time shown once loading ends
  path: [],
  rooms: new Map(), // "row,col" → room message, for the best possible time
};

// ---- status ------------------------------------------------------------------------------------
function showTime(seconds) {
  $("time").textContent = `${seconds.toFixed(2)} s`;
}

function tick() {
  if (!state.loading) return;
  showTime(state.began ? (performance.now() - state.startedAt) / 1000 : 0);
  requestAnimationFrame(tick);
}

function showStats(stats) {
  for (const [key, id] of STATS) {
    const value = stats?.[key];
    let text = value === undefined || value === null ? "—" : String(value);
    if (key === "seconds" && typeof value === "number") text = value.toFixed(3);
    if (key === "valid" && typeof value === "boolean") text = value ? "yes" : "no";
    $(`stats-${id}`).textContent = text;
  }
  $("stats-valid").dataset.valid = String(stats?.valid ?? "");
  $("stats-best").textContent = "—";
}

function render() {
  $("generate").disabled = state.loading;
  $("restart").disabled = !state.loading;
  $("stop").disabled = !state.loading;
  $("loading").hidden = !state.loading;
  $("viewport").setAttribute("aria-busy", String(state.loading));
  $("show-path").disabled = state.loading || state.path.length < 2;
}

/**
 * On a phone the form fills the first screen and the drawing sits below it: when a maze begins,
 * scroll the drawing up to the top (once; the visitor may scroll away afterwards).
 */
function revealDrawing() {
  const box = $("viewport").getBoundingClientRect();
  if (box.top >= 0 && box.top + Math.min(box.height, 200) <= window.innerHeight) return;
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  $("viewport").scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
}

async function copyLink() {
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    say("Link copied. Anyone who opens it sees this same maze explored again.", true);
  } catch {
    say(`Copy this link to share the maze: ${link}`, true);
  }
}

// ---- exploring ---------------------------------------------------------------------------------
function start() {
  const { options, error } = readOptions(fields);
  if (error) {
    error.input.setAttribute("aria-invalid", "true");
    error.input.focus();
    say(error.text);
    return; // a running exploration, if any, carries on
  }
  closeStream();
  const generation = ++state.generation;
  Object.assign(state, { loading: true, began: null, startedAt: 0, seconds: 0, path: [], rooms: new Map() });
  view.clear("Waiting for the server…");
  showStats(null);
  showTime(0);
  for (const id of ["maze-seed", "maze-size", "maze-kind"]) $(id).textContent = id === "maze-kind" ? "" : "—";
  say("Asking the server for a new maze…", true);
  state.stream = openExploration(exploreUrl(options), {
    onMessage: (message) => { if (generation === state.generation) receive(message); },
    onEnd: (message) => { if (generation === state.generation) end(message); },
  });
  render();
  requestAnimationFrame(tick);
}

function receive(message) {
  if (message.type === "began") {
    state.began = message;
    state.startedAt = performance.now();
    $("maze-seed").textContent = String(message.seed);
    $("maze-size").textContent = `${message.width} × ${message.height}`;
    $("maze-kind").textContent = `· ${message.algorithm} · ${STRATEGY_NAMES[message.strategy] ?? message.strategy} · ${message.latency} latency`;
    view.begin(message.width, message.height, message.start);
    history.replaceState(null, "", linkFor(message));
    $("copy-link").disabled = false;
    revealDrawing();
    say(`Exploring maze ${message.seed}…`, true);
  } else if (message.type === "room" && state.began) {
    if (view.addRoom(message)) {
      state.rooms.set(`${message.row},${message.col}`, message);
      $("stats-rooms").textContent = String(view.roomCount);
    }
  }
}

function end(message) {
  state.stream = null;
  state.loading = false;
  const stats = message.stats;
  state.seconds = typeof stats?.seconds === "number" ? stats.seconds
    : state.began ? (performance.now() - state.startedAt) / 1000 : 0;
  showTime(state.seconds);
  showStats(stats ?? { rooms: view.roomCount });
  if (!state.began) view.clear("No maze.");
  switch (message.type) {
    case "finished": {
      state.path = Array.isArray(message.path) ? message.path : [];
      view.setPath(state.path, $("show-path").checked);
      const steps = Math.max(0, state.path.length - 1);
      const rooms = stats?.rooms ?? view.roomCount;
      const best = bestPossibleSeconds(state.rooms, state.began?.start, state.began?.latency);
      $("stats-best").textContent = best === null ? "—" : best.toFixed(3);
      const bestText = best ? ` (the best possible is ${best.toFixed(2)} s)` : "";
      if (stats?.valid === false) say(`Explored ${rooms} rooms, but the result failed the server's checks.`);
      else say(`Explored all ${rooms} rooms in ${state.seconds.toFixed(2)} s${bestText}. The exit is ${steps} steps from the start.`, true);
      break;
    }
    case "failed":
      say(`The exploration failed: ${message.message ?? "no reason given"}.`);
      break;
    case "cancelled":
      say("The server cancelled the exploration.");
      break;
    default:
      say(message.message ?? "Something went wrong.");
  }
  if (state.began) view.describe(`Maze of ${state.began.width} by ${state.began.height} tiles, ${view.roomCount} rooms shown`);
  render();
}

function closeStream() {
  state.stream?.close();
  state.stream = null;
}

function stop() {
  if (!state.loading) return;
  closeStream();
  state.generation++; // anything still in flight belongs to the stopped exploration
  state.loading = false;
  state.seconds = state.began ? (performance.now() - state.startedAt) / 1000 : 0;
  showTime(state.seconds);
  if (!state.began) view.clear("Stopped.");
  say(`Stopped after ${view.roomCount} rooms.`, true);
  render();
}

// ---- wiring ------------------------------------------------------------------------------------
$("options").addEventListener("submit", (event) => {
  event.preventDefault();
  if (!state.loading) start();
});
$("restart").addEventListener("click", start);
$("stop").addEventListener("click", stop);
$("show-path").addEventListener("change", () => view.setPath(state.path, $("show-path").checked));
$("fit").addEventListener("change", () => view.setFit($("fit").checked));
$("copy-link").addEventListener("click", copyLink);
for (const input of Object.values(fields)) {
  input.addEventListener("input", () => {
    if (input.getAttribute("aria-invalid") !== "true") return;
    input.removeAttribute("aria-invalid");
    say("");
  });
}
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && state.loading) stop();
});
window.addEventListener("pagehide", closeStream);

// A link to a maze (the address after any exploration, or a shared one) explores it again at once:
// the seed and size make the same maze, the other options the same exploration.
const linked = prefill(fields, new URLSearchParams(location.search));
render();
if (linked) start();
