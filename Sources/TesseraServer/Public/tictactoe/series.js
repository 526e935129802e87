// A series of games between the same seats: the running score, Rematch after a game (the other
// mark moves first; online both players keep their seats, and the other player's page, watching the
// old game, is told a rematch is ready and follows with "Rematch?"), and Undo against the computer
// or at one device. The server keeps the score and the rules; this module shows and asks.
import { $, api } from "/shared/api.js";
import { isolated, showIsolated } from "/shared/words.js";

/** "Ann (X): 2 · Bob (O): 1 · Draws: 1", once a game of the series has finished. */
export function seriesText(game, t, label, playerFor) {
  if (!game?.series || game.series.games === 0) return "";
  const [x, o] = [playerFor("X"), playerFor("O")];
  return t("series.score", {
    x: isolated(x ? label(x) : "X"), o: isolated(o ? label(o) : "O"),
    winsX: game.series.wins.X, winsO: game.series.wins.O, draws: game.series.draws,
  });
}

/** Whether Undo has something of this page's player to take back. */
function canUndo(game) {
  if (!game || game.mode === "online" || game.rematch) return false;
  if (game.mode === "ai") return game.moves.some((move) => move.marker !== game.computer);
  return game.moves.length > 0;
}

/** Draws the score, Rematch (or "Rematch?" when the other player has already asked) and Undo. */
export function renderSeries(game, page) {
  const { t, label, playerFor, state } = page;
  const text = seriesText(game, t, label, playerFor);
  $("series").hidden = !text;
  showIsolated($("series"), text);
  const seated = game?.mode !== "online" || !!state.marker;
  const over = !!game && game.status !== "playing" && !game.waitingForOpponent;
  $("rematch").hidden = !(over && seated);
  $("rematch").textContent = t(game?.rematch && !page.askedRematch(game) ? "series.rematchAsked" : "series.rematch");
  $("undo").hidden = !canUndo(game);
}

/** Rematch: asks for the next game (or finds the one the other player started) and goes there. */
export async function rematch(page) {
  const { state, label, playerFor } = page;
  const game = state.game;
  if (!game) return;
  page.asked.add(game.id); // before asking: the old game's stream may bring the news first
  try {
    const next = await api(`/api/tictactoe/games/${encodeURIComponent(game.id)}/rematch`, { method: "POST", token: state.token });
    page.follow(next);
    // Said after follow(): the new game is the page's, so its players name who starts.
    page.tell("series.started", { player: () => label(playerFor(next.first)) }, true);
  } catch (error) {
    page.sayAsIs(error.message);
  }
}

/** Undo: the server takes back the last move (and the computer's reply). */
export async function undo(page) {
  const game = page.state.game;
  if (!game) return;
  try {
    const back = await api(`/api/tictactoe/games/${encodeURIComponent(game.id)}/undo`, { method: "POST" });
    if (page.state.game?.id !== back.id) return;
    page.show(back);
    page.tell("undo.done", {}, true);
  } catch (error) {
    page.sayAsIs(error.message);
  }
}
