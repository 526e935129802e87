// "Solve it yourself": the person walks a maze against the clock, through the same API the
// explorer uses — a new maze (POST /api/maze/mazes, which says where the start is), then one room at
// a time by id, unlocking doors as they are walked into. Only what the API has answered is drawn:
// the rooms walked through, and faded, the rooms seen through an open side (asked for ahead, so a
// step costs no waiting). The clock starts with the first step and stops in the exit room.
//
// Meanwhile the server's explorer explores the same maze with the same latency (the explore stream,
// kept out of sight); at the end the finish panel (play-finish.js) sets the person's time and route
// beside the explorer's and the shortest possible, all drawn on the whole maze.
import { PlayView } from "./play-view.js";
import { listenForSteps } from "./play-input.js";
import { showFinish, hideFinish } from "./play-finish.js";
import { STEP, planFrom, shortestPath } from "./maze-plan.js";
import { exploreUrl, openExploration } from "./maze-stream.js";
import { readOptions } from "./maze-options.js";
import { $, api, say } from "/shared/api.js";
import { formatFixed as fixed, onLanguageChange, scoped } from "/shared/words.js";

const { t } = scoped("maze");
const RETRIES = 4; // the original latency gives up now and then (504): ask again
const QUEUE = 3; // steps a fast key repeat may get ahead of the answers

const view = new PlayView($("play-viewport"));
let game = null;
let explorer = null; // {key, began, rooms, end} for the maze last played

const fields = () => Object.fromEntries(["seed", "width", "height", "algorithm", "latency", "strategy"].map((id) => [id, $(id)]));

// ---- the API ---------------------------------------------------------------------------------------
async function ask(path, options, mine) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api(path, { ...options, headers: { "X-Maze-Latency": mine.latency } });
    } catch (error) {
      if (error.status !== 504 || attempt >= RETRIES || mine !== game) throw error;
    }
  }
}

/** A room by id, asked for once per game (an answer or a promise of one). */
function room(id, mine) {
  if (!mine.rooms.has(id)) {
    const asked = ask(`/api/maze/rooms/${encodeURIComponent(id)}`, {}, mine);
    asked.catch(() => mine.rooms.delete(id)); // a failed question may be asked again
    mine.rooms.set(id, asked);
  }
  return mine.rooms.get(id);
}

// ---- a game ----------------------------------------------------------------------------------------
async function begin(choice = {}) {
  const { options, error } = readOptions(fields());
  if (error) {
    error.input.setAttribute("aria-invalid", "true");
    error.input.focus();
    say(t(error.key, error.args));
    return;
  }
  if (!$("stop").disabled) $("stop").click(); // one exploration at a time: the page's gives way
  const wanted = { ...options, ...choice };
  quitGame();
  const mine = { latency: wanted.latency, strategy: wanted.strategy, rooms: new Map(), path: [], steps: 0,
    startedAt: 0, endedAt: 0, busy: false, queue: [], over: false, hint: "play.making" };
  game = mine;
  document.body.classList.add("playing");
  $("play").hidden = false;
  hideFinish();
  $("play-give-up").disabled = false;
  view.clear("play.making");
  hint("play.making");
  tickClock();
  try {
    const body = { seed: wanted.seed, width: wanted.width, height: wanted.height, algorithm: wanted.algorithm };
    const made = await ask("/api/maze/mazes", { method: "POST", body }, mine);
    if (mine !== game) return;
    mine.maze = made;
    const first = await room(made.id, mine);
    if (mine !== game) return;
    view.begin(made.width, made.height, made.start);
    mine.path = [[made.start.row, made.start.col]];
    enter(mine, first, made.start.row, made.start.col);
    hint("play.ready");
    watchExplorer(mine);
    $("play-viewport").focus({ preventScroll: true });
  } catch (failure) {
    if (mine === game) hint("play.failed", { reason: failure.message });
  }
}

/** Standing in `answer` at (row, col): draw it, glimpse the rooms next door, finish in the exit. */
function enter(mine, answer, row, col) {
  mine.here = { answer, row, col };
  view.reveal({ row, col, roomType: answer.type, tileUrl: answer.tileUrl }, true);
  view.place(row, col, mine.path);
  for (const [side, link] of Object.entries(answer.rooms ?? {})) {
    const [dr, dc] = STEP[side] ?? [0, 0];
    if (!link.room) continue; // behind a lock: unknown until the door is opened
    room(link.room, mine).then((next) => {
      if (mine === game) view.reveal({ row: row + dr, col: col + dc, roomType: next.type, tileUrl: next.tileUrl }, false);
    }, () => {});
  }
  if (answer.type === "EXIT") finish(mine, true);
}

async function step(side) {
  const mine = game;
  if (!mine?.here || mine.over) return;
  if (mine.busy) {
    if (mine.queue.length < QUEUE) mine.queue.push(side);
    return;
  }
  if (!mine.startedAt) { mine.startedAt = performance.now(); hint("play.going"); }
  const link = mine.here.answer.rooms?.[side];
  if (!link) { view.bump(side); return; }
  mine.busy = true;
  try {
    let id = link.room;
    if (link.lock) {
      hint("play.unlocking");
      id = (await ask("/api/maze/unlock", { method: "POST", body: { lock: link.lock } }, mine)).id;
      if (mine === game && !mine.over) hint("play.going");
    }
    const next = await room(id, mine);
    if (mine !== game || mine.over) return;
    const [dr, dc] = STEP[side];
    const row = mine.here.row + dr, col = mine.here.col + dc;
    mine.steps += 1;
    mine.path.push([row, col]);
    enter(mine, next, row, col);
  } catch (failure) {
    if (mine === game) hint("play.failed", { reason: failure.message });
  } finally {
    mine.busy = false;
    if (mine === game && mine.queue.length && !mine.over) step(mine.queue.shift());
  }
}

function finish(mine, won) {
  if (mine.over) return;
  mine.over = true;
  mine.won = won;
  mine.queue = [];
  mine.endedAt = performance.now();
  if (!mine.startedAt) mine.startedAt = mine.endedAt;
  hint(won ? "play.won" : "play.gaveUp");
  $("play-give-up").disabled = true;
  showResults();
}

// ---- the explorer, out of sight ------------------------------------------------------------------------
function watchExplorer(mine) {
  const { seed, width, height, algorithm } = mine.maze;
  const key = [seed, width, height, algorithm, mine.latency, mine.strategy].join(" ");
  if (explorer?.key === key && explorer.end?.type === "finished") return; // the same maze again: its answer holds
  explorer?.stream?.close();
  const mineToo = { key, began: null, rooms: new Map(), end: null };
  explorer = mineToo;
  const url = exploreUrl({ seed, width, height, algorithm, latency: mine.latency, strategy: mine.strategy });
  mineToo.stream = openExploration(url, {
    onMessage: (message) => {
      if (message.type === "began") mineToo.began = message;
      else if (message.type === "room") mineToo.rooms.set(`${message.row},${message.col}`, message);
    },
    onEnd: (message) => {
      mineToo.end = message;
      mineToo.stream = null;
      if (game?.over && explorer === mineToo) showResults();
    },
  });
}

function showResults() {
  const mine = game;
  if (!mine?.over) return;
  const done = explorer?.end?.type === "finished" && explorer.began ? explorer : null;
  const plan = done ? planFrom(done.began, done.rooms) : null;
  const routes = {
    you: mine.path,
    explorer: done && Array.isArray(done.end.path) ? done.end.path : null,
    shortest: plan ? shortestPath(plan) : null,
  };
  if (done) view.showAll([...done.rooms.values()]);
  view.setRoutes(routes);
  showFinish({
    won: mine.won,
    seconds: (mine.endedAt - mine.startedAt) / 1000,
    steps: mine.steps,
    explorer: done ? { steps: Math.max(0, routes.explorer.length - 1), seconds: done.end.stats?.seconds ?? null }
      : { pending: !explorer?.end },
    shortest: routes.shortest?.length ? routes.shortest.length - 1 : null,
  });
}

// ---- the page around it ------------------------------------------------------------------------------
function hint(key, args = {}) {
  if (game) game.hint = { key, args };
  $("play-hint").textContent = t(key, args);
  $("play-hint").dataset.state = key.split(".").pop();
}

function tickClock() {
  const mine = game;
  if (!mine) return;
  const end = mine.over ? mine.endedAt : performance.now();
  const seconds = mine.startedAt ? (end - mine.startedAt) / 1000 : 0;
  $("play-time").textContent = t("panel.time", { seconds: fixed(seconds, 1) });
  $("play-steps").textContent = t("play.steps", { steps: mine.steps });
  if (!mine.over) requestAnimationFrame(tickClock);
}

function quitGame() {
  if (game) game.over = true;
  game = null;
}

function leave() {
  quitGame();
  explorer?.stream?.close();
  explorer = null;
  document.body.classList.remove("playing");
  $("play").hidden = true;
  $("solve").focus();
}

listenForSteps($("play-viewport"), { active: () => Boolean(game?.here && !game.over), onStep: step });
$("solve").addEventListener("click", () => begin());
$("play-give-up").addEventListener("click", () => { if (game?.here) finish(game, false); });
$("play-quit").addEventListener("click", leave);
$("play-again").addEventListener("click", () => {
  const maze = game?.maze;
  begin(maze ? { seed: maze.seed, width: maze.width, height: maze.height, algorithm: maze.algorithm } : {});
});
$("play-new").addEventListener("click", () => {
  const maze = game?.maze;
  begin(maze ? { seed: undefined, width: maze.width, height: maze.height, algorithm: maze.algorithm } : {});
});
$("play-back").addEventListener("click", leave);
document.addEventListener("keydown", (event) => { if (event.key === "Escape" && game && !game.over) leave(); });
window.addEventListener("pagehide", () => explorer?.stream?.close());
onLanguageChange(() => {
  if (!game) return;
  if (game.hint?.key) hint(game.hint.key, game.hint.args);
  if (game.over) { tickClock(); showResults(); }
});
