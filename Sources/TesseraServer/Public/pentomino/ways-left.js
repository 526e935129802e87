// How many ways the board can still be finished, shown after every change. The server answers from
// the board's whole solution list when tiles may flip (at once), and counts with the solver
// otherwise, stopping at LIMIT: beyond it the line says there are too many to count.
import { api } from "/shared/api.js";

const LIMIT = 100000;

export function waysLeft(node, t) {
  let asked = 0; // answers to older questions are dropped: only the newest board is shown
  let shownFor = null;
  let answer = null;
  const draw = () => {
    node.textContent = answer ? t("waysLeft", { count: answer.solutions, complete: answer.complete ? "yes" : "no" }) : "";
    node.dataset.count = answer ? String(answer.solutions) : "";
  };
  return {
    /** Asks again if the tiles on the server's board changed since the last answer. */
    refresh(puzzle) {
      const key = JSON.stringify([puzzle.id, puzzle.flips, puzzle.placements]);
      if (key === shownFor) return;
      shownFor = key;
      const ask = ++asked;
      api(`/api/pentomino/puzzles/${encodeURIComponent(puzzle.id)}/solutions?limit=${LIMIT}`).then((counted) => {
        if (ask !== asked) return;
        answer = counted;
        draw();
      }).catch(() => {
        if (ask !== asked) return;
        answer = null; // busy or away: say nothing rather than something stale
        shownFor = null;
        draw();
      });
    },
    /** The same answer in the page's new language. */
    redraw: draw,
  };
}
