// Maze page. The server generates a maze, explores it over its own HTTP API and streams each room
// it finds (maze-stream.js); this module keeps the page's state, wires the controls and hands
// rooms to the view (maze-view.js). Server text only ever reaches the page through textContent.
//
// Generating again while a maze loads: Generate is disabled during loading (so a double click
// cannot start two explorations by accident), and two buttons are enabled instead: "Restart"
// (stop this exploration and start one with the options in the form now) and "Stop". Every start
// bumps a generation counter; the old stream is closed (which cancels it on the server), the grid
// is cleared, and any message that still arrives from an older generation is ignored.
//
// Words: the catalogue's `maze.*` (Sources/Languages/catalogues/<code>/maze.json) through words.js;
// the HTML's English is marked (`data-i18n`) and translated at load. What this module writes itself
// is kept as a message key and its arguments (the status line, the figures, the maze's description),
// so a change of language says it all again. Numbers and seconds go through Intl for the language;
// the server's own reasons (a failed exploration) are shown as it sends them.
import { bestPossibleSeconds } from "./maze-bound.js";
import * as keep from "./maze-keep.js";
import { MazeView } from "./maze-view.js";
import { exploreUrl, openExploration } from "./maze-stream.js";
import { linkFor, prefill, readOptions } from "./maze-options.js";
import { $, say } from "/shared/api.js";
import { t as fullKeys, catalogue, formatFixed as fixed, formatNumber, language, onLanguageChange, scoped, translatePage } from "/shared/words.js";
import { setConnectionWordsFrom } from "/shared/connection.js";
import { mountLanguagePicker } from "/shared/language-picker.js";

const { t } = scoped("maze");
const fields = Object.fromEntries(["seed", "width", "height", "algorithm", "latency", "strategy"].map((id) => [id, $(id)]));
const STATS = [
  ["rooms", "rooms"], ["doors", "doors"], ["fetches", "fetches"], ["unlocks", "unlocks"],
  ["retries", "retries"], ["duplicatesAvoided", "duplicates"], ["seconds", "seconds"], ["valid", "valid"],
];

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
  said: null, // the status line's message: {key, args, info}
  stats: null, // the figures on show (the server's `stats`), and the best possible time
  best: null,
};

// ---- words ---------------------------------------------------------------------------------------

/** Says the message `key` (relative to `maze.`) in the status line; kept, to say again in a new language. */
function tell(key, args = {}, info = false) {
  state.said = { key, args, info };
  say(t(key, args), info);
}

function quiet() {
  state.said = null;
  say("");
}

// ---- status ------------------------------------------------------------------------------------
function showTime(seconds) {
  state.shownSeconds = seconds;
  $("time").textContent = t("panel.time", { seconds: fixed(seconds, 2) });
}

function tick() {
  if (!state.loading) return;
  showTime(state.began ? (performance.now() - state.startedAt) / 1000 : 0);
  requestAnimationFrame(tick);
}

function showStats(stats, best = null) {
  state.stats = stats;
  state.best = best;
  for (const [key, id] of STATS) {
    const value = stats?.[key];
    let text = value === undefined || value === null ? "—" : String(value);
    if (typeof value === "number") text = key === "seconds" ? fixed(value, 3) : formatNumber(value);
    if (key === "valid" && typeof value === "boolean") text = t(value ? "stats.yes" : "stats.no");
    $(`stats-${id}`).textContent = text;
  }
  $("stats-valid").dataset.valid = String(stats?.valid ?? "");
  $("stats-best").textContent = best === null ? "—" : fixed(best, 3);
}

/** The maze on screen: its seed, size and kind (the options it was made and explored with). */
function showIdentity(began) {
  $("maze-seed").textContent = began ? String(began.seed) : "—"; // a seed is a name: no separators
  $("maze-size").textContent = began ? t("panel.size", { width: began.width, height: began.height }) : "—";
  $("maze-kind").textContent = began
    ? t("panel.kind", { algorithm: began.algorithm, strategy: began.strategy, latency: began.latency }) : "";
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
    tell("status.copied", {}, true);
  } catch {
    tell("status.copyThis", { link }, true);
  }
}

// ---- exploring ---------------------------------------------------------------------------------
function start() {
  const { options, error } = readOptions(fields);
  if (error) {
    error.input.setAttribute("aria-invalid", "true");
    error.input.focus();
    tell(error.key, error.args);
    return; // a running exploration, if any, carries on
  }
  closeStream();
  const generation = ++state.generation;
  Object.assign(state, { loading: true, began: null, startedAt: 0, seconds: 0, path: [], rooms: new Map() });
  view.clear("view.waiting");
  keep.reset();
  showStats(null);
  showTime(0);
  showIdentity(null);
  tell("status.asking", {}, true);
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
    showIdentity(message);
    view.begin(message.width, message.height, message.start);
    history.replaceState(null, "", linkFor(message));
    $("copy-link").disabled = false;
    revealDrawing();
    tell("status.exploring", { seed: String(message.seed) }, true);
  } else if (message.type === "room" && state.began) {
    if (view.addRoom(message)) {
      state.rooms.set(`${message.row},${message.col}`, message);
      $("stats-rooms").textContent = formatNumber(view.roomCount);
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
  if (!state.began) view.clear("view.noMaze");
  switch (message.type) {
    case "finished": {
      state.path = Array.isArray(message.path) ? message.path : [];
      view.setPath(state.path, $("show-path").checked);
      if (stats?.valid !== false) keep.finished(view, state.began, state.rooms, state.path);
      const steps = Math.max(0, state.path.length - 1);
      const rooms = stats?.rooms ?? view.roomCount;
      const best = bestPossibleSeconds(state.rooms, state.began?.start, state.began?.latency);
      showStats(stats ?? { rooms: view.roomCount }, best);
      const seconds = fixed(state.seconds, 2);
      if (stats?.valid === false) tell("status.invalid", { rooms });
      else if (best) tell("status.finishedWithBest", { rooms, seconds, best: fixed(best, 2), steps }, true);
      else tell("status.finished", { rooms, seconds, steps }, true);
      break;
    }
    case "failed":
      // The server's reason as it sends it (its words are moved to the catalogues separately).
      if (message.message) tell("status.failed", { reason: message.message });
      else tell("status.failed", { reason: t("status.noReason"), own: true });
      break;
    case "cancelled":
      tell("status.cancelled");
      break;
    default:
      if (message.message) {
        state.said = null; // the server's words (or the connection's), kept as they are
        say(message.message);
      } else tell("status.wrong");
  }
  if (state.began) view.describe("view.doneGrid", { width: state.began.width, height: state.began.height, rooms: view.roomCount });
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
  if (!state.began) view.clear("view.stopped");
  tell("status.stopped", { rooms: view.roomCount }, true);
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
    quiet();
  });
}
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && state.loading) stop();
});
window.addEventListener("pagehide", closeStream);

// ---- language ------------------------------------------------------------------------------------
// The marked words follow by themselves (words.js translates them); what this module wrote is said again.
onLanguageChange(() => {
  if (!state.loading) showTime(state.shownSeconds ?? 0);
  if (state.stats || state.best !== null) showStats(state.stats, state.best);
  showIdentity(state.began);
  view.relabel();
  if (state.said) {
    const { key, args } = state.said;
    // A reason from the server stays as it was sent; "no reason given" is ours.
    const again = key === "status.failed" && args.own ? { reason: t("status.noReason"), own: true } : args;
    tell(key, again, state.said.info);
  }
});
// The English in the HTML (and the banner's own English) stays when no catalogue could be loaded (the
// server is away): keys are no words.
if (Object.keys(catalogue()?.messages ?? {}).length) {
  translatePage();
  setConnectionWordsFrom(fullKeys);
}
mountLanguagePicker(document.querySelector("header.bar"));
showTime(0);

// A link to a maze (the address after any exploration, or a shared one) explores it again at once:
// the seed and size make the same maze, the other options the same exploration.
const linked = prefill(fields, new URLSearchParams(location.search));
render();
if (linked) start();
