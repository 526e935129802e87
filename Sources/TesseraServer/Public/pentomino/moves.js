// The moves a person makes (drag.js and keyboard.js call them through the returned object):
// lift, carry, drop, turn and flip tiles. Each change is shown at once on a local copy of the
// puzzle and then sent to the server through `enqueue`, whose answer replaces the copy; each change
// to the board is also handed to `page.record` (undo.js keeps them for Undo and Redo).
import { api } from "/shared/api.js";
import * as geo from "./geometry.js";

export const path = (id, rest = "") => `/api/pentomino/puzzles/${encodeURIComponent(id)}${rest}`;

/** `page` = { state, stage, render, say, tell, enqueue, view(), record(change) }: `say(text)` shows
 *  text as it is ("" clears the line), `tell(key, args, info)` the catalogue's message
 *  `pentomino.<key>`; `record({kind, changes: [{letter, before, after}]})` is told of each change to
 *  the board (placements before and after, null when at home). */
export function createGame(page) {
  const { state, render, say, tell, enqueue } = page;

  // ---- local copies of a puzzle with one tile moved (shown until the server answers) -----------
  const cellsOf = (letter, orient) => state.catalog[letter].orientations[orient];
  const placementOf = (letter) => state.puzzle?.placements.find((p) => p.tile === letter) ?? null;
  const orientOfPlacement = (p) => geo.orientationIndex(p.quarterTurns, p.flipped);

  function withoutTile(puzzle, letter) {
    const copy = { ...puzzle, placements: puzzle.placements.filter((p) => p.tile !== letter) };
    copy.grid = geo.gridOf(copy);
    return copy;
  }

  function withTile(puzzle, letter, orient, row, col) {
    const placement = {
      tile: letter, quarterTurns: geo.quarterTurnsOf(orient), flipped: geo.isFlipped(orient), row, col,
      cells: geo.cellsAt(cellsOf(letter, orient), row, col),
    };
    const placements = [...puzzle.placements.filter((p) => p.tile !== letter), placement]
      .sort((a, b) => state.letters.indexOf(a.tile) - state.letters.indexOf(b.tile));
    const copy = { ...puzzle, placements };
    copy.grid = geo.gridOf(copy);
    return copy;
  }

  function floatingPose() {
    const floating = state.floating;
    const layout = state.layout;
    if (floating.keyboard) return { x: layout.board.x + floating.col * layout.cell, y: layout.board.y + floating.row * layout.cell };
    return { x: floating.x, y: floating.y };
  }

  function updateTarget() {
    const floating = state.floating;
    if (!floating) {
      state.target = null;
      return;
    }
    const { x, y } = floatingPose();
    const layout = state.layout;
    const board = geo.boardModel(state.puzzle, floating.letter);
    state.target = geo.nearestDrop(board, floating.letter, cellsOf(floating.letter, floating.orient),
      x - layout.board.x, y - layout.board.y, layout.cell);
  }

  function canPlay() {
    if (!state.puzzle || !page.view()) return false;
    if (state.puzzle.solved) {
      tell("say.solvedPlayAgain", {}, true);
      return false;
    }
    return true;
  }

  /** A tile placed when the puzzle was made (`given`) stays where it is: says so, and true. */
  function pinned(letter) {
    if (!placementOf(letter)?.given) return false;
    tell("say.givenTile", { tile: letter }, true);
    page.view().refuse(letter);
    return true;
  }

  function select(letter) {
    if (state.selected === letter) return;
    state.selected = letter;
    render();
  }

  function lift(letter, fields) {
    const placement = placementOf(letter);
    state.floating = {
      letter, orient: placement ? orientOfPlacement(placement) : state.orient[letter], from: placement, ...fields,
    };
    state.selected = letter;
    say("");
    render();
    return true;
  }

  function liftWithPointer(letter, grab, pointerType) {
    if (!canPlay() || pinned(letter)) return false;
    return lift(letter, { pointer: true, pointerType, grab, x: 0, y: 0 });
  }

  function moveFloating(x, y) {
    if (!state.floating?.pointer) return;
    state.floating.x = x;
    state.floating.y = y;
    render();
  }

  /** Rows and columns the held tile's origin may take: its filled cells on the board if they fit. */
  function heldRange(letter, orient) {
    const box = geo.extent(cellsOf(letter, orient));
    const { rows, cols } = state.puzzle;
    const strict = { rowMin: -box.top, rowMax: rows - 1 - box.bottom, colMin: -box.left, colMax: cols - 1 - box.right };
    if (strict.rowMin > strict.rowMax) [strict.rowMin, strict.rowMax] = [-box.bottom, rows - 1 - box.top];
    if (strict.colMin > strict.colMax) [strict.colMin, strict.colMax] = [-box.right, cols - 1 - box.left];
    return strict;
  }

  function clampHeld() {
    const floating = state.floating;
    if (!floating?.keyboard) return;
    const range = heldRange(floating.letter, floating.orient);
    floating.row = Math.min(Math.max(floating.row, range.rowMin), range.rowMax);
    floating.col = Math.min(Math.max(floating.col, range.colMin), range.colMax);
  }

  /** Picks a tile up with the keyboard: where it lies, or else at the first place it fits. */
  function hold(letter) {
    if (pinned(letter)) return;
    const placement = placementOf(letter);
    let start = placement ? { row: placement.row, col: placement.col } : null;
    if (!start) {
      const orient = state.orient[letter];
      const range = heldRange(letter, orient);
      const board = geo.boardModel(state.puzzle, letter);
      for (let r = range.rowMin; r <= range.rowMax && !start; r++) {
        for (let c = range.colMin; c <= range.colMax && !start; c++) {
          if (geo.canPlace(board, letter, cellsOf(letter, orient), r, c)) start = { row: r, col: c };
        }
      }
      start ??= { row: range.rowMin, col: range.colMin };
    }
    lift(letter, { keyboard: true, ...start });
    tell("say.pickedUp", { tile: letter, flips: state.puzzle.flips ? "yes" : "no" }, true);
  }

  function moveHeld(dRow, dCol) {
    const floating = state.floating;
    if (!floating?.keyboard) return;
    floating.row += dRow;
    floating.col += dCol;
    clampHeld();
    render();
  }

  function drop() {
    const floating = state.floating;
    if (!floating) return;
    updateTarget();
    const target = state.target;
    const refusal = target ? null : refusalOf(floating);
    state.floating = null;
    state.target = null;
    if (target) {
      place(floating.letter, floating.orient, target.row, target.col, floating.from);
    } else if (refusal) {
      // Let go over the board where it cannot lie: it goes back where it came from, with a shake
      // and the reason, rather than silently vanishing from where the person meant to put it.
      if (!floating.from) setHomeOrientation(floating.letter, floating.orient);
      render();
      tell(refusal.key, refusal.args);
      page.view().refuse(floating.letter);
    } else if (floating.from) {
      sendHome(floating.letter, floating.orient);
    } else {
      setHomeOrientation(floating.letter, floating.orient);
      render();
    }
    if (floating.keyboard) page.view().tile(floating.letter).focus({ preventScroll: true });
  }

  /**
   * Why a tile let go with the pointer over the board (the grabbed square is over it) cannot lie
   * there, said plainly ({key, args} of a message); null when it was let go away from the board,
   * which means "take it off".
   */
  function refusalOf(floating) {
    if (!floating.pointer) return null;
    const { x, y } = floatingPose();
    const layout = state.layout;
    const [bx, by] = [x - layout.board.x, y - layout.board.y];
    const [px, py] = [bx + (floating.grab?.x ?? 0), by + (floating.grab?.y ?? 0)];
    const { rows, cols } = state.puzzle;
    if (px < 0 || py < 0 || px >= cols * layout.cell || py >= rows * layout.cell) return null;
    const board = geo.boardModel(state.puzzle, floating.letter);
    const why = geo.obstacle(board, cellsOf(floating.letter, floating.orient),
      Math.round(by / layout.cell), Math.round(bx / layout.cell));
    if (why === "outside") return { key: "say.sticksOut", args: {} };
    if (why === "hole") return { key: "say.isHole", args: {} };
    if (why) return { key: "say.takenBy", args: { tile: why } };
    return { key: "say.noRoomThere", args: { tile: floating.letter } };
  }

  function cancel() {
    const floating = state.floating;
    if (!floating) return;
    state.floating = null;
    state.target = null;
    if (!floating.from) setHomeOrientation(floating.letter, floating.orient);
    render();
  }

  /** Puts a tile on the board; `kind` is what the person did, for Undo ("turn", "flip"), else
   *  it is a placement from home or a move. */
  function place(letter, orient, row, col, from, kind = null) {
    const canonical = geo.canonical(state.catalog[letter], orient);
    setHomeOrientation(letter, orient);
    const current = placementOf(letter);
    if (current && current.row === row && current.col === col
        && geo.canonical(state.catalog[letter], orientOfPlacement(current)) === canonical) {
      render();
      return;
    }
    state.puzzle = withTile(state.puzzle, letter, canonical, row, col);
    page.record({ kind: kind ?? (current ? "move" : "place"), changes: [{ letter, before: current, after: placementOf(letter) }] });
    render();
    enqueue(async (id) => {
      if (from) await api(path(id, `/placements/${letter}`), { method: "DELETE" });
      return api(path(id, "/placements"), {
        method: "POST",
        body: { tile: letter, quarterTurns: geo.quarterTurnsOf(canonical), flipped: geo.isFlipped(canonical), row, col },
      });
    });
  }

  function sendHome(letter, orient = null) {
    const placement = placementOf(letter);
    if (!placement || pinned(letter)) return;
    setHomeOrientation(letter, orient ?? orientOfPlacement(placement));
    state.puzzle = withoutTile(state.puzzle, letter);
    page.record({ kind: "remove", changes: [{ letter, before: placement, after: null }] });
    render();
    enqueue((id) => api(path(id, `/placements/${letter}`), { method: "DELETE" }));
  }

  const turned = { clockwise: geo.rotatedClockwise, anticlockwise: geo.rotatedAnticlockwise, flip: geo.mirrored };

  function orientationOf(letter) {
    if (state.floating?.letter === letter) return state.floating.orient;
    const placement = placementOf(letter);
    return placement ? orientOfPlacement(placement) : state.orient[letter];
  }

  /** Turns or flips a tile: the one held, one at home, or one on the board if it has room there. */
  function turn(letter, kind) {
    if (kind === "flip" && !flipsAllowed()) return false;
    return orientTo(letter, turned[kind](orientationOf(letter)), kind);
  }

  function orientTo(letter, orient, kind) {
    const floating = state.floating;
    if (floating?.letter === letter) {
      floating.orient = orient;
      clampHeld();
    } else if (placementOf(letter)) {
      if (pinned(letter)) return false;
      const placement = placementOf(letter);
      const board = geo.boardModel(state.puzzle, letter);
      if (!geo.canPlace(board, letter, cellsOf(letter, orient), placement.row, placement.col)) {
        tell("say.noRoomToTurn", { kind: kind === "flip" ? "flip" : "turn", tile: letter });
        return false;
      }
      place(letter, orient, placement.row, placement.col, placement, kind === "flip" ? "flip" : "turn");
    } else {
      setHomeOrientation(letter, orient);
    }
    render();
    page.view().animateTurn(letter, kind);
    return true;
  }

  function flipsAllowed() { return !!state.puzzle?.flips; }

  function setHomeOrientation(letter, orient) {
    state.orient[letter] = orient;
    try {
      localStorage.setItem(`pentomino:orient:${state.puzzle.id}`, JSON.stringify(state.orient));
    } catch { /* private mode: orientations are just not kept */ }
  }

  function loadOrientations(puzzle) {
    let saved = {};
    try {
      saved = JSON.parse(localStorage.getItem(`pentomino:orient:${puzzle.id}`) ?? "{}") ?? {};
    } catch { saved = {}; }
    for (const letter of state.letters) {
      const value = saved[letter];
      const ok = Number.isInteger(value) && value >= 0 && value < 8 && (puzzle.flips || value < 4);
      state.orient[letter] = ok ? value : 0;
    }
  }

  return {
    state, stage: page.stage, get view() { return page.view(); },
    say, tell, canPlay, select, liftWithPointer, moveFloating, hold, moveHeld, drop, cancel, sendHome,
    turn, orientTo, orientationOf, flipsAllowed,
    // for the page itself
    floatingPose, updateTarget, placementOf, withTile, withoutTile, orientOfPlacement, setHomeOrientation, loadOrientations,
  };
}
