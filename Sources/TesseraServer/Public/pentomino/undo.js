// Undo and redo. Every change a person makes to what lies on the board (a tile placed, moved, turned
// or flipped where it lies, taken off, a hint, Reset) is kept as the tiles it changed, each with its
// placement before and after (null: at home). Undoing is one more change of the board: it is shown
// at once and sent through the same queue as any move (DELETE, then POST, of each tile), so the
// server keeps the board as it is now and a reload finds it so. A new change forgets what could be
// redone; another puzzle, or an error (the page then shows the board as the server has it, which
// the lists may no longer match), forgets both. The lists live in this tab only.
// The buttons stay focusable when there is nothing to do (aria-disabled, not disabled), so a
// keyboard user pressing Undo until the start keeps their place and hears "Nothing to undo".
import { $, api } from "/shared/api.js";
import { path } from "./moves.js";

const LIMIT = 500; // more changes than a game of twelve tiles needs

/** `page` = { state, render, tell, enqueue } as for moves.js; `game` = createGame's answer. */
export function createUndo(game, page) {
  const { state, render, tell, enqueue } = page;
  const done = [];
  const undone = [];
  const mac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

  /** A change just made by the person: it can be undone, and nothing undone can be redone after it. */
  function record(change) {
    if (!change.changes.length) return;
    done.push(change);
    if (done.length > LIMIT) done.shift();
    undone.length = 0;
  }

  function forget() {
    done.length = 0;
    undone.length = 0;
  }

  const playing = () => !!state.puzzle && !state.puzzle.solved;
  const canUndo = () => playing() && done.length > 0;
  const canRedo = () => playing() && undone.length > 0;

  /** Puts each changed tile where `side` ("before" or "after") of `change` has it. */
  function apply(change, side) {
    const moves = change.changes.map((c) => ({ letter: c.letter, now: game.placementOf(c.letter), to: c[side] }));
    let puzzle = state.puzzle;
    for (const { letter, now, to } of moves) {
      if (to) puzzle = game.withTile(puzzle, letter, game.orientOfPlacement(to), to.row, to.col);
      else if (now) {
        puzzle = game.withoutTile(puzzle, letter);
        game.setHomeOrientation(letter, game.orientOfPlacement(now)); // home the way it lay, as sendHome
      }
    }
    state.puzzle = puzzle;
    render();
    enqueue(async (id) => {
      let answer = null;
      // Every tile off first, then on: tiles trading squares (a Reset undone) never overlap.
      for (const { letter, now } of moves) {
        if (now) answer = await api(path(id, `/placements/${letter}`), { method: "DELETE" });
      }
      for (const { letter, to } of moves) {
        if (!to) continue;
        answer = await api(path(id, "/placements"), {
          method: "POST", body: { tile: letter, quarterTurns: to.quarterTurns, flipped: to.flipped, row: to.row, col: to.col },
        });
      }
      return answer;
    });
  }

  /** What the status line says after an undo or redo: what it was, and where the tile is now. */
  function announce(key, change, side) {
    const first = change.changes[0];
    const lies = first[side];
    const now = change.kind === "reset" ? "count" : lies ? "board" : "home";
    tell(key, {
      action: change.kind, tile: first.letter, now, row: lies ? lies.row + 1 : "", col: lies ? lies.col + 1 : "",
      count: state.puzzle.placements.length,
    }, true);
  }

  function step(from, to, side, key, none) {
    if (!playing()) {
      if (state.puzzle?.solved) tell("say.solvedPlayAgain", {}, true);
      return;
    }
    game.cancel(); // a tile being carried goes back first: the undo is of the board, not of the carry
    const change = from.pop();
    if (!change) return tell(none, {}, true);
    to.push(change);
    apply(change, side);
    announce(key, change, side);
  }

  const undo = () => step(done, undone, "before", "say.undone", "say.nothingToUndo");
  const redo = () => step(undone, done, "after", "say.redone", "say.nothingToRedo");

  /** The buttons' state and titles (with the keys of this computer); called on every render. */
  function show(t) {
    for (const [id, can] of [["undo", canUndo()], ["redo", canRedo()]]) {
      const button = $(id);
      const title = t(`controls.${id}Title`, { mac: mac ? "yes" : "no" });
      // render() runs on every pointer move of a drag: touch the buttons only when they change.
      if (button.getAttribute("aria-disabled") !== String(!can)) button.setAttribute("aria-disabled", String(!can));
      if (button.title !== title) button.title = title;
    }
  }

  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  // Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (⌘ on a Mac); by the key's place, so a keyboard
  // of another script (Arabic, Cyrillic) works too. A text field keeps its own undo.
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    if (event.target.matches?.("input[type=text], input[type=search], textarea, [contenteditable]")) return;
    const z = event.code === "KeyZ" || event.key === "z" || event.key === "Z";
    const y = event.code === "KeyY" || event.key === "y" || event.key === "Y";
    if (z && !event.shiftKey) {
      event.preventDefault();
      undo();
    } else if ((z && event.shiftKey) || (y && !event.shiftKey)) {
      event.preventDefault();
      redo();
    }
  });

  return { record, forget, undo, redo, show };
}
