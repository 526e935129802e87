// The coach: on request, each empty square says what it leads to with best play from both sides
// (win, draw or lose, as a colour, a word and a number of moves), and after a game the review line
// names the first move that threw away a win or a draw. The server's kit does the thinking
// (GET …/analysis); this module asks when the game changes and draws what it said.
import { $, api, el } from "/shared/api.js";

const analyses = new Map(); // "id@version" → the server's answer, so a redraw does not ask again
let asked = null; // the "id@version" asked for last: an older answer arriving late is dropped

const keyOf = (game) => `${game.id}@${game.version}`;

/** Whether the coach may say anything about `game` now: online only once the game is over. */
export const coachAllowed = (game) => !!game && !game.waitingForOpponent && (game.mode !== "online" || game.status !== "playing");

/** The analysis of `game` when it has arrived, else null (and it is asked for; `redraw` runs when it comes). */
export function analysisOf(game, redraw) {
  if (!coachAllowed(game)) return null;
  const key = keyOf(game);
  if (analyses.has(key)) return analyses.get(key);
  if (asked !== key) {
    asked = key;
    api(`/api/tictactoe/games/${encodeURIComponent(game.id)}/analysis`)
      .then((answer) => {
        if (analyses.size > 64) analyses.clear(); // a long evening of games stays small
        analyses.set(key, answer);
        if (asked === key) redraw();
      })
      .catch(() => { if (asked === key) asked = null; }); // the coach stays quiet; the next change asks again
  }
  return null;
}

/** Marks the empty cells with the coach's words, or clears them (`on` false or no analysis yet). */
export function markCells(cells, game, analysis, on, t) {
  const marks = new Map((on && analysis ? analysis.squares : []).map((square) => [`${square.row},${square.col}`, square]));
  for (const cell of cells) {
    const [row, col] = [Number(cell.dataset.row), Number(cell.dataset.col)];
    const square = marks.get(`${row},${col}`);
    cell.classList.remove("coach-win", "coach-draw", "coach-loss");
    if (!square || game.board[row][col] !== "") continue;
    cell.classList.add(`coach-${square.result}`);
    cell.replaceChildren(
      el("span", { class: "coach-word", text: t("coach.result", { result: square.result }) }),
      el("span", { class: "coach-moves", text: t("coach.moves", { moves: square.moves }) }),
    );
    cell.setAttribute("aria-label", t("coach.cell", { row: row + 1, col: col + 1, result: square.result, moves: square.moves }));
  }
}

/** The review line after a finished game, in the catalogue's words (empty while the game is on). */
export function reviewText(game, analysis, t, label, playerFor) {
  if (!game || game.status === "playing" || !analysis) return "";
  const review = analysis.review;
  if (!review) return t("review.none");
  const square = (row, col) => t(`square.r${row}c${col}`);
  const other = review.marker === "X" ? "O" : "X";
  const args = {
    move: review.move,
    player: label(playerFor(review.marker)),
    other: label(playerFor(other)),
    square: square(review.row, review.col),
    better: square(review.better[0], review.better[1]),
  };
  const key = review.reason === "other" ? (review.had === "win" ? "review.otherWin" : "review.otherDraw") : `review.${review.reason}`;
  return t(key, args);
}

/** Draws the coach's part of the page: the toggle, the legend, the marks and the review line. */
export function renderCoach({ game, on, cells, t, label, playerFor, redraw }) {
  const allowed = coachAllowed(game);
  const finished = !!game && game.status !== "playing";
  // The review is asked for after every finished game; the marks only while the coach is on.
  const analysis = allowed && (on || finished) ? analysisOf(game, redraw) : null;
  $("coach").setAttribute("aria-pressed", String(on));
  $("coach").hidden = !game || game.waitingForOpponent;
  $("coach-legend").hidden = !(on && game && game.status === "playing");
  $("coach-legend").textContent = game?.mode === "online" ? t("coach.onlineLater") : t("coach.legend");
  if (game) markCells(cells, game, analysis, on && allowed, t);
  const review = reviewText(game, analysis, t, label, playerFor);
  $("review").hidden = !review;
  $("review").textContent = review;
}
