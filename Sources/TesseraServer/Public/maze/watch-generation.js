// "Watch it made": the generator's carving (GET /api/maze/carving — the kit records each run of
// tiles it opens, or walls for recursive division) replayed on a canvas with play/pause, one step at
// a time, and a speed slider. A canvas, not the explorer's grid of <img>: a 201×201 maze has some
// 20 000 steps, and a pixel per tile-unit redraws each in constant time. The maze watched is the one
// the form names: its seed, else the seed of the maze on screen (the address keeps it), else random.
//
// The algorithm select's one-line description (`maze.descriptions.<name>`) is said here too.
import { $, api, say } from "/shared/api.js";
import { formatNumber, onLanguageChange, scoped } from "/shared/words.js";
import { readOptions } from "./maze-options.js";

const { t, showTranslated } = scoped("maze");
const WALL = "#2f3948";
const OPEN = "#f4f1e8";
const CANVAS_PIXELS = 1000; // the canvas's own size along its longer side; CSS scales it to fit
const fields = Object.fromEntries(["seed", "width", "height", "algorithm", "latency", "strategy"].map((id) => [id, $(id)]));
const canvas = $("watch-canvas");
const play = $("watch-play");
const step = $("watch-step");
const speed = $("watch-speed");
const progress = $("watch-progress");
const about = $("algorithm-about");

const state = { carving: null, done: 0, playing: false, last: 0, owed: 0, scale: 1, loading: 0 };

/** Steps per second for the slider's 1…10: 5 doubling to 2 560, so a 201×201 maze takes seconds. */
const rate = () => 5 * 2 ** (Number(speed.value) - 1);

function describe() {
  about.textContent = t(`descriptions.${fields.algorithm.value}`);
}

function showProgress() {
  const total = state.carving?.steps.length ?? 0;
  progress.textContent = state.carving ? t("watch.progress", { done: formatNumber(state.done), total: formatNumber(total) }) : "";
  canvas.dataset.done = String(state.done);
  canvas.dataset.total = String(total);
}

function showPlaying(playing) {
  state.playing = playing;
  play.setAttribute("aria-pressed", String(playing));
  showTranslated(play, playing ? "watch.pause" : "watch.play");
}

function paintRun([fromRow, fromCol, toRow, toCol], colour) {
  const s = state.scale;
  const top = Math.min(fromRow, toRow), left = Math.min(fromCol, toCol);
  const context = canvas.getContext("2d");
  context.fillStyle = colour;
  context.fillRect(left * s, top * s, (Math.abs(toCol - fromCol) + 1) * s, (Math.abs(toRow - fromRow) + 1) * s);
}

/** Draws the starting grid: all wall, or (recursive division) an open field inside the outer wall. */
function paintInitial() {
  const { width, height, initial } = state.carving;
  const context = canvas.getContext("2d");
  context.fillStyle = WALL;
  context.fillRect(0, 0, canvas.width, canvas.height);
  if (initial !== "open") return;
  context.fillStyle = OPEN;
  context.fillRect(state.scale, state.scale, (width - 2) * state.scale, (height - 2) * state.scale);
  context.fillStyle = WALL;
  for (let row = 2; row < height - 1; row += 2) {
    for (let col = 2; col < width - 1; col += 2) context.fillRect(col * state.scale, row * state.scale, state.scale, state.scale);
  }
}

function advance(count) {
  const { steps, initial } = state.carving;
  const colour = initial === "open" ? WALL : OPEN;
  const end = Math.min(steps.length, state.done + count);
  for (; state.done < end; state.done += 1) paintRun(steps[state.done], colour);
  showProgress();
  if (state.done >= steps.length) showPlaying(false);
}

function frame(now) {
  if (!state.playing || !state.carving) return;
  state.owed += ((now - state.last) / 1000) * rate();
  state.last = now;
  const due = Math.floor(state.owed);
  state.owed -= due;
  if (due > 0) advance(due);
  if (state.playing) requestAnimationFrame(frame);
}

function start() {
  if (!state.carving) return;
  if (state.done >= state.carving.steps.length) { // at the end, Play starts over
    state.done = 0;
    paintInitial();
  }
  showPlaying(true);
  state.last = performance.now();
  state.owed = 1; // the first step shows at once
  requestAnimationFrame(frame);
}

/** The maze to watch: the form's options, with the seed and sides of the maze on screen for empty fields. */
function query() {
  const read = readOptions(fields);
  if (read.error) {
    read.error.input.setAttribute("aria-invalid", "true");
    say(t(read.error.key, read.error.args));
    return null;
  }
  const linked = new URLSearchParams(location.search);
  const params = new URLSearchParams({ algorithm: read.options.algorithm });
  for (const name of ["seed", "width", "height"]) {
    const value = read.options[name] ?? linked.get(name);
    if (value !== undefined && value !== null && value !== "") params.set(name, String(value));
  }
  return params;
}

async function open() {
  const params = query();
  if (!params) return;
  const ticket = ++state.loading;
  showPlaying(false);
  progress.textContent = t("watch.loading");
  let carving;
  try {
    carving = await api(`/api/maze/carving?${params}`);
  } catch (error) {
    if (ticket === state.loading) { progress.textContent = ""; say(error.message); }
    return;
  }
  if (ticket !== state.loading) return; // a newer request replaced this one
  state.carving = carving;
  state.done = 0;
  state.scale = Math.max(1, Math.floor(CANVAS_PIXELS / Math.max(carving.width, carving.height)));
  canvas.width = carving.width * state.scale;
  canvas.height = carving.height * state.scale;
  canvas.dataset.algorithm = carving.algorithm;
  canvas.dataset.seed = carving.seed;
  canvas.hidden = false;
  paintInitial();
  play.disabled = step.disabled = false;
  showProgress();
  start();
}

$("watch-open").addEventListener("click", open);
play.addEventListener("click", () => (state.playing ? showPlaying(false) : start()));
step.addEventListener("click", () => {
  if (!state.carving) return;
  showPlaying(false);
  if (state.done >= state.carving.steps.length) { state.done = 0; paintInitial(); }
  advance(1);
});
fields.algorithm.addEventListener("change", describe);
onLanguageChange(() => {
  describe();
  if (state.carving) showProgress();
});
showPlaying(false);
describe();
