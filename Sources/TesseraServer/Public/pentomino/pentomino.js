// Pentominoes page: state, server calls, controls and wiring (the moves themselves are in
// moves.js). The server keeps the puzzle and applies every rule; the page predicts the rules
// (geometry.js, a copy of the kit's) so a drop lands at once, then sends the change. Changes go to the server one at a time and the last answer wins; after an
// error the page shows the message and reloads the puzzle, so it always ends as the server has it.
// User text only ever reaches the page through textContent. Its words are the catalogue's
// `pentomino.*` (words.js; the English in index.html is the no-script fallback); what the status
// line said from the catalogue is said again when the language changes, the server's own error
// messages are shown as they come.
import { $, api, say as sayText } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { setConnectionWordsFrom } from "/shared/connection.js";
import { mountLanguagePicker } from "/shared/language-picker.js";
import * as words from "/shared/words.js";
import { BoardView } from "./board-view.js";
import { waysLeft } from "./ways-left.js";
import { installDrag } from "./drag.js";
import { installKeyboard } from "./keyboard.js";
import { computeLayout } from "./layout.js";
import * as geo from "./geometry.js";
import { createGame, path } from "./moves.js";
import { createUndo } from "./undo.js";
import { installBoardEditor } from "./board-editor.js";
import { createDaily } from "./daily.js";

const { t, translatePage } = words.scoped("pentomino");

// ---- the status line -----------------------------------------------------------------------------
let said = null; // what the status line says from the catalogue ({key, args, info}), or null

/** Says the message `pentomino.<key>` in the status line (said again in a new language: an argument
 *  that is a function is asked again then). */
function tell(key, args = {}, info = false) {
  said = { key, args, info };
  sayText(t(key, argsNow(args)), info);
}

/** `args` with each function (words that depend on the language: a board's name) called now. */
const argsNow = (args) => Object.fromEntries(Object.entries(args).map(([name, value]) => [name, typeof value === "function" ? value() : value]));

/** Says `text` as it is (the server's own words, or nothing: ""). */
function say(text, info = false) {
  said = null;
  sayText(text, info);
}

const state = {
  catalog: {}, letters: [], boards: [],
  puzzle: null, // as the server has it, plus changes still on their way
  orient: {}, // letter → orientation index of each tile at home (kept in this browser)
  layout: null,
  floating: null, // the tile being dragged (pointer) or held (keyboard)
  target: null, // where the floating tile would land
  selected: null,
};

// ---- timer -------------------------------------------------------------------------------------
function elapsedMs() {
  const puzzle = state.puzzle;
  if (!puzzle) return 0;
  const start = Date.parse(puzzle.createdAt);
  const end = puzzle.solvedAt ? Date.parse(puzzle.solvedAt) : Date.now();
  return Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, end - start) : 0;
}

function clock(ms) {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

function tick() {
  const running = !!state.puzzle && !state.puzzle.solved;
  $("timer").textContent = clock(elapsedMs());
  $("timer").dataset.running = String(running);
}

// ---- server queue ------------------------------------------------------------------------------
let chain = Promise.resolve();
let pending = 0;

/** Runs `operation(id)` after the changes already sent; its answer (a puzzle) is shown if it is the last. */
function enqueue(operation, { resync = true } = {}) {
  const id = state.puzzle.id;
  pending++;
  chain = chain.then(() => operation(id)).then(
    (puzzle) => { pending--; if (puzzle) accept(puzzle); },
    (error) => {
      pending--;
      undo.forget(); // the board is reloaded as the server has it: the undo lists may not fit it
      say(error.message);
      if (resync && state.puzzle?.id === id) enqueue((same) => api(path(same)), { resync: false });
    });
}

function accept(puzzle) {
  if (!state.puzzle || state.puzzle.id !== puzzle.id || pending > 0) return;
  const wasSolved = state.puzzle.solved;
  state.puzzle = puzzle;
  if (puzzle.solved && !wasSolved) {
    say("");
    view.board.classList.add("celebrate");
  }
  render();
  if (puzzle.solved && !wasSolved) daily.solved(puzzle);
}

// ---- layout and rendering ----------------------------------------------------------------------
let view = null;
let editor = null; // "Draw a board" (board-editor.js), once the boards are known

/** New sizes or a new puzzle: everything jumps to its place without sliding there. */
function relayout() {
  if (!state.puzzle) return;
  const stageElement = $("stage");
  stageElement.classList.add("instant");
  requestAnimationFrame(() => requestAnimationFrame(() => stageElement.classList.remove("instant")));
  const top = stageElement.getBoundingClientRect().top + window.scrollY;
  const height = Math.max(240, window.innerHeight - top - 12);
  state.layout = computeLayout(stageElement.clientWidth, height, state.puzzle.rows, state.puzzle.cols);
}

const page = {
  state, stage: $("stage"), render, say, tell, enqueue, view: () => view, record: (change) => undo.record(change),
};
const game = createGame(page);
const undo = createUndo(game, page);
const ways = waysLeft($("ways-left"), t);
const daily = createDaily({ t, tell, say, show: (puzzle) => show(puzzle) });
const {
  canPlay, cancel, turn, floatingPose, updateTarget, placementOf, withoutTile, setHomeOrientation, loadOrientations,
} = game;

function render() {
  const puzzle = state.puzzle;
  if (!puzzle || !state.layout || !view) return;
  updateTarget();
  const floating = state.floating ? { ...state.floating, ...floatingPose() } : null;
  const shown = floating && placementOf(floating.letter) ? withoutTile(puzzle, floating.letter) : puzzle;
  view.render({
    puzzle: shown, layout: state.layout, orient: state.orient, floating, target: state.target, selected: state.selected,
  });
  daily.decorate(view, puzzle);
  editor?.sync(puzzle.board);
  $("board-size").value = puzzle.board;
  $("no-flip").checked = !puzzle.flips;
  $("flip").hidden = !puzzle.flips;
  $("flip").disabled = !puzzle.flips;
  $("solved").hidden = !puzzle.solved;
  $("solved-detail").textContent = puzzle.solved ? t("solvedDetail", { time: clock(elapsedMs()) }) : "";
  $("hint").disabled = puzzle.solved;
  undo.show(t);
  ways.refresh(puzzle);
  if (!puzzle.solved) view.board.classList.remove("celebrate");
  tick();
}

// ---- buttons -----------------------------------------------------------------------------------
function acted(kind) {
  const letter = state.floating?.letter ?? state.selected;
  if (!letter) return tell("say.chooseTile", {}, true);
  if (!state.floating && !canPlay()) return;
  turn(letter, kind);
}

function hint() {
  if (!canPlay()) return;
  cancel();
  tell("say.lookingForHint", {}, true);
  enqueue(async (id) => {
    const answer = await api(path(id, "/hint"));
    if (!answer.hint) {
      if (answer.solvable) tell("say.nothingToHint", {}, true);
      else if (state.puzzle.placements.length === 0) tell("say.noSolutionWithoutFlips");
      else {
        // A dead end: name the tiles in the way (the fewest to take off), and show them.
        const stuck = await api(path(id, "/stuck"));
        if (stuck.remove.length) {
          tell("say.stuck", { count: stuck.remove.length, tiles: words.list(stuck.remove) });
          for (const letter of stuck.remove) view.flash(letter);
        } else tell("say.noSolutionFromHere");
      }
      return null;
    }
    const h = answer.hint;
    const puzzle = await api(path(id, "/placements"), {
      method: "POST", body: { tile: h.tile, quarterTurns: h.quarterTurns, flipped: h.flipped, row: h.row, col: h.col },
    });
    setHomeOrientation(h.tile, geo.orientationIndex(h.quarterTurns, h.flipped));
    const placed = puzzle.placements.find((p) => p.tile === h.tile);
    if (placed) undo.record({ kind: "place", changes: [{ letter: h.tile, before: null, after: placed }] });
    tell("say.hint", { tile: h.tile }, true);
    view.flash(h.tile);
    return puzzle;
  });
}

function reset() {
  if (!state.puzzle) return;
  cancel();
  // Reset after solving is playing again: nothing before it is worth undoing back to.
  if (state.puzzle.solved) undo.forget();
  else undo.record({ kind: "reset", changes: state.puzzle.placements.filter((p) => !p.given).map((p) => ({ letter: p.tile, before: p, after: null })) });
  state.puzzle = { ...withAll(state.puzzle), solved: false, solvedAt: null, createdAt: new Date().toISOString() };
  tell("say.cleared", {}, true);
  render();
  enqueue((id) => api(path(id, "/reset"), { method: "POST" }));
}

/** The puzzle with every tile home but the given ones, as a reset leaves it. */
function withAll(puzzle) {
  const copy = { ...puzzle, placements: puzzle.placements.filter((p) => p.given) };
  copy.grid = geo.gridOf(copy);
  return copy;
}

function show(puzzle) {
  undo.forget();
  state.puzzle = puzzle;
  state.floating = null;
  state.target = null;
  loadOrientations(puzzle);
  history.replaceState(null, "", `?puzzle=${encodeURIComponent(puzzle.id)}`);
  // Coming back to the page without the address (the home page's link) resumes this puzzle.
  try {
    localStorage.setItem(LAST, puzzle.id);
  } catch { /* private mode: only the address keeps it */ }
  relayout();
  render();
}

/** A new puzzle of the board and flips chosen (or `choice`), then `note` ({key, args}) is said. */
async function newPuzzle(note = null, choice = {}) {
  const board = choice.board ?? ($("board-size").value || "6x10");
  const flips = choice.flips ?? !$("no-flip").checked;
  cancel();
  try {
    const puzzle = await api("/api/pentomino/puzzles", { method: "POST", body: daily.body(board, flips) });
    show(puzzle);
    if (note) tell(note.key, note.args, true);
    else if (!daily.tellMade(puzzle, () => boardLabel(board))) {
      tell("say.newPuzzle", { board: () => boardLabel(board), flips: flips ? "yes" : "no" }, true);
    }
  } catch (error) {
    say(error.message);
    if (state.puzzle) render();
  }
}

function boardLabel(id) {
  const drawn = editor?.label(id);
  if (drawn) return drawn;
  const board = state.boards.find((b) => b.id === id);
  if (!board) return id;
  // Each board has its own name: five are 8 × 8 with holes in different places.
  return t(`boardNames.${id}`);
}

/** Board, "No flipping" or difficulty changed, or the daily puzzle asked for: a new puzzle (`start`),
 *  once the person agrees to leave their tiles. */
async function choose(start = newPuzzle) {
  const puzzle = state.puzzle;
  const placed = puzzle && !puzzle.solved ? puzzle.placements.filter((p) => !p.given).length : 0;
  if (placed > 0) {
    cancel();
    const sure = await ask({
      title: t("askNew.title"), text: t("askNew.text", { count: placed }), yes: t("askNew.yes"), no: t("askNew.no"),
    });
    if (!sure) {
      render(); // the board and "No flipping" go back to what this puzzle is
      return;
    }
  }
  await start();
}

// ---- start -------------------------------------------------------------------------------------
const LAST = "pentomino:last";

function lastPuzzle() {
  try {
    return localStorage.getItem(LAST);
  } catch {
    return null;
  }
}

async function start() {
  let tiles;
  let boards;
  try {
    [{ tiles }, { boards }] = await Promise.all([api("/api/pentomino/tiles"), api("/api/pentomino/boards")]);
  } catch (error) {
    tell("say.cannotLoad", { reason: error.message });
    return;
  }
  for (const tile of tiles) {
    state.catalog[tile.letter] = { letter: tile.letter, distinct: tile.distinct, orientations: tile.orientations.map((o) => o.cells) };
    state.letters.push(tile.letter);
  }
  state.boards = boards;
  for (const board of boards) {
    const option = document.createElement("option");
    option.value = board.id;
    $("board-size").append(option);
  }
  editor = installBoardEditor({ select: $("board-size"), play: () => choose() });
  nameBoards();
  view = new BoardView($("stage"), state.catalog);
  installDrag(game);
  installKeyboard(game);

  const inAddress = new URLSearchParams(location.search).get("puzzle");
  const id = inAddress ?? lastPuzzle();
  if (!id) return newPuzzle();
  let puzzle;
  try {
    puzzle = await api(path(id));
  } catch (error) {
    const gone = error.status === 404 || error.status === 400;
    return newPuzzle(gone ? { key: "say.goneNew", args: {} } : { key: "say.cannotOpenNew", args: { reason: error.message } });
  }
  // Back from elsewhere to a puzzle already solved: a fresh one of the same kind is more fun.
  if (puzzle.solved && !inAddress) {
    return newPuzzle({ key: "say.welcomeBackNew", args: {} }, { board: puzzle.board, flips: puzzle.flips });
  }
  show(puzzle);
  tell(puzzle.solved ? "say.isSolved" : "say.asYouLeftIt", {}, true);
}

/** The board sizes' names in the page's language. */
function nameBoards() {
  for (const option of $("board-size").options) option.textContent = boardLabel(option.value);
}

// A new language: the marked words follow by themselves (words.js); the rest is drawn again.
words.onLanguageChange(() => {
  nameBoards();
  ways.redraw();
  daily.showStreak();
  render();
  if (said) sayText(t(said.key, argsNow(said.args)), said.info);
});
setConnectionWordsFrom(words.t);
// Opened while the server was away, the page has no catalogue: its English stays, and once the
// server is back (the banner says so) the page starts again with its words.
if (words.loadedCatalogues().length) translatePage();
else window.addEventListener("tessera:reconnected", () => setTimeout(() => location.reload(), 2600), { once: true });
mountLanguagePicker(document.querySelector("header.bar"));

$("board-size").addEventListener("change", () => choose());
$("no-flip").addEventListener("change", () => choose());
$("difficulty").addEventListener("change", () => choose());
$("daily").addEventListener("click", () => choose(daily.play));
daily.showStreak();
$("rotate").addEventListener("click", () => acted("clockwise"));
$("flip").addEventListener("click", () => acted("flip"));
$("hint").addEventListener("click", hint);
$("reset").addEventListener("click", reset);
// Any change of the stage's width (window, scroll bar, zoom) lays the board out again.
let stageWidth = 0;
new ResizeObserver(() => {
  const width = $("stage").clientWidth;
  if (width === stageWidth) return;
  stageWidth = width;
  relayout();
  render();
}).observe($("stage"));
window.addEventListener("resize", () => { relayout(); render(); });
setInterval(tick, 250);
start();
