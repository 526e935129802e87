// Puzzles that start with tiles given: the Difficulty choice (None, Easy, Medium, Hard) sent when a
// puzzle is made, the Daily puzzle button (a copy of the day's puzzle, the same for everyone, to
// play), how given tiles look (pinned: the server refuses to move them, and moves.js never lifts
// them), and the daily streak: the days in a row this browser finished the daily puzzle, kept in
// localStorage as {"last": "YYYY-MM-DD", "days": n} (UTC days, as the server names them).
import { $, api } from "/shared/api.js";

const STREAK = "pentomino:streak";
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day, or NaN. */
const dayNumber = (day) => (/^\d{4}-\d{2}-\d{2}$/.test(day ?? "") ? Date.parse(`${day}T00:00:00Z`) / DAY_MS : NaN);
const today = () => Math.floor(Date.now() / DAY_MS);

export function readStreak() {
  try {
    const saved = JSON.parse(localStorage.getItem(STREAK) ?? "null");
    const last = dayNumber(saved?.last);
    if (Number.isFinite(last) && Number.isInteger(saved.days) && saved.days > 0) return { last, days: saved.days, day: saved.last };
  } catch { /* unreadable: no streak */ }
  return null;
}

/** The streak after finishing the daily puzzle of `day`: one more if the last was the day before,
 *  the same if that day was already counted (or a later one was), else it starts again at 1. */
export function nextStreak(streak, day) {
  const number = dayNumber(day);
  if (!Number.isFinite(number)) return streak;
  if (streak && streak.last >= number) return streak;
  const days = streak && streak.last === number - 1 ? streak.days + 1 : 1;
  return { last: number, days, day };
}

/** `page` = { t, tell, show, say }: `show(puzzle)` opens a puzzle, `say(text)` shows the server's words. */
export function createDaily(page) {
  const { t, tell } = page;

  function showStreak() {
    const streak = readStreak();
    // A streak is alive while yesterday's or today's daily puzzle (UTC) was the last one finished.
    const alive = streak && streak.last >= today() - 1;
    $("streak").hidden = !alive;
    $("streak").textContent = alive ? t("streak", { count: streak.days }) : "";
    $("streak").dataset.days = alive ? String(streak.days) : "0";
  }

  return {
    /** What to send to make a new puzzle: the board, flips, and a difficulty if one is chosen. */
    body(board, flips) {
      const difficulty = $("difficulty").value;
      return difficulty ? { board, flips: true, difficulty } : { board, flips };
    },

    /** Shown after a new puzzle is made: which kind it is. */
    tellMade(puzzle, boardName) {
      if (puzzle.difficulty) tell("say.newMade", { board: boardName, difficulty: puzzle.difficulty }, true);
      else if (puzzle.daily) tell("say.daily", { date: puzzle.daily }, true);
      else return false;
      return true;
    },

    /** A copy of today's daily puzzle, to play. */
    async play() {
      try {
        const puzzle = await api("/api/pentomino/daily", { method: "POST" });
        page.show(puzzle);
        tell("say.daily", { date: puzzle.daily }, true);
      } catch (error) {
        page.say(error.message);
      }
    },

    /** Given tiles look pinned and say so; the difficulty choice follows the puzzle shown. */
    decorate(view, puzzle) {
      const given = new Map(puzzle.placements.filter((p) => p.given).map((p) => [p.tile, p]));
      for (const tile of view.tiles.values()) {
        const placement = given.get(tile.dataset.letter);
        tile.classList.toggle("given", !!placement);
        tile.dataset.given = String(!!placement);
        if (placement) tile.setAttribute("aria-label", t("givenTile", { tile: placement.tile, row: placement.row + 1, col: placement.col + 1 }));
      }
      $("difficulty").value = puzzle.difficulty ?? "";
    },

    /** The puzzle was just finished: a daily one counts for the streak. */
    solved(puzzle) {
      if (!puzzle.daily) return;
      const next = nextStreak(readStreak(), puzzle.daily);
      try {
        if (next) localStorage.setItem(STREAK, JSON.stringify({ last: next.day, days: next.days }));
      } catch { /* private mode: the streak is not kept */ }
      showStreak();
      tell("say.dailySolved", {}, true);
    },

    showStreak,
  };
}
