// The move list and the replay of a finished game, from the game's own moves (page only): each move
// listed as who played where, and Back and Forward step the board through the game once it is over.
import { $, el } from "/shared/api.js";

/** The board after the first `count` moves, as the server's board is drawn (rows of "X", "O", ""). */
export function boardAfter(moves, count) {
  const board = [["", "", ""], ["", "", ""], ["", "", ""]];
  for (const move of moves.slice(0, count)) board[move.row][move.col] = move.marker;
  return board;
}

/** How many moves the board shows: all of them unless a finished game is being stepped through. */
export const shownMoves = (game, replay) => (game && replay !== null && game.status !== "playing" ? replay : game?.moves.length ?? 0);

/** Draws the list (the move on the board last marked) and the replay buttons. */
export function renderMoves(game, replay, t, label, playerFor) {
  const moves = game?.moves ?? [];
  const shown = shownMoves(game, replay);
  $("move-list").hidden = moves.length === 0;
  $("moves").replaceChildren(...moves.map((move, index) => el("li", {
    class: index === shown - 1 ? "current" : index >= shown ? "ahead" : "",
    text: t("moves.item", { player: label(playerFor(move.marker) ?? { name: move.marker, marker: move.marker }), square: t(`square.r${move.row}c${move.col}`) }),
  })));
  const finished = !!game && game.status !== "playing" && moves.length > 0;
  $("replay").hidden = !finished;
  if (!finished) return;
  $("replay-back").disabled = shown === 0;
  $("replay-forward").disabled = shown === moves.length;
  $("replay-position").textContent = t("replay.position", { shown, total: moves.length });
}

/** Back and Forward step a finished game's board one move (the whole game again at the end). */
export function wireReplay(state, render) {
  const step = (by) => {
    const total = state.game?.moves.length ?? 0;
    const next = Math.max(0, Math.min(total, shownMoves(state.game, state.replay) + by));
    state.replay = next === total ? null : next;
    render();
  };
  $("replay-back").addEventListener("click", () => step(-1));
  $("replay-forward").addEventListener("click", () => step(1));
}
