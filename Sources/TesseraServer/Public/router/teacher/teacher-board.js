// The scoreboard table of the teacher's dashboard: a row per pupil, a column per level of the
// episode, a totals column and a totals row (GET /api/classes/{id}/scoreboard). A played cell is
// a button (click or Enter opens the pupil's program, teacher-program.js); a level nobody has
// played stays visibly empty rather than showing a 0, which would read as "tried and failed".
// The board's levels and episode carry their names in the page's language, each with its `lang`
// (teacher.js); counts, scores and times are written in the page's language (teacher-words.js).
import { el } from "/shared/api.js";
import { rules } from "../shared/rules.js";
import { lockButton } from "./teacher-locks.js";
import { duration, formatNumber, list, outOf, phrase, serverName, serverWords, t, when } from "./teacher-words.js";

export { duration, when } from "./teacher-words.js";

function stars(earned) {
  const most = rules.maxStars ?? 3;
  const got = Math.max(0, Math.min(most, earned ?? 0));
  return el("span", { class: "stars", "aria-hidden": "true" }, el("span", { class: "got", text: "★".repeat(got) }), "☆".repeat(most - got));
}

/**
 * Draws `board` (the scoreboard JSON) into `table`. `hooks`: open(pupil, level, cell) for a played
 * cell, locks (the class's {episodes, levels}), toggleLevel(levelId), levelMenu(level, button) for a head.
 */
export function renderBoard(table, board, hooks) {
  const episodeLocked = hooks.locks.episodes.includes(board.episode.number);
  const head = el("tr", {},
    el("th", { scope: "col", class: "pupil-col", text: t("teacher.board.pupil") }),
    ...board.levels.map((level) => {
      const locked = episodeLocked || hooks.locks.levels.includes(level.id);
      return el("th", { scope: "col", class: `level-col${locked ? " locked" : ""}`, "data-testid": `level-head-${level.id}`, "data-locked": String(locked) },
        // The level's name opens its menu: play it, its solution, the class's solutions (teacher-level-menu.js).
        el("button", { type: "button", class: "level-menu-button", "data-testid": `level-menu-${level.id}`, "aria-haspopup": "true", "aria-expanded": "false",
          "aria-controls": "level-menu", "aria-label": t("teacher.teaching.menu.open", { level: level.id, name: level.name }),
          onclick: (event) => hooks.levelMenu(level, event.currentTarget) },
        el("span", { class: "level-id", text: level.id }),
        serverWords("span", level.name, level.lang, { class: "level-title" })),
        lockButton(level, { locked, byEpisode: episodeLocked, toggle: () => hooks.toggleLevel(level.id) }));
    }),
    el("th", { scope: "col", class: "total-col", text: t("teacher.board.total") }));

  const rows = board.pupils.map((pupil) => el("tr", { "data-testid": "pupil-row", "data-pupil": pupil.id },
    el("th", { scope: "row", class: "pupil-col", "data-testid": "pupil-name", text: pupil.name }),
    ...board.levels.map((level) => cell(pupil, level, hooks)),
    totalCell(pupil.total)));

  const totals = board.levelTotals ?? {};
  const count = board.pupils.length;
  const foot = el("tr", { class: "totals", "data-testid": "level-totals" },
    el("th", { scope: "row", class: "pupil-col", text: t("teacher.board.wholeClass") }),
    ...board.levels.map((level) => {
      const sums = totals[level.id] ?? { played: 0, solved: 0, attempts: 0, seconds: 0 };
      const label = t("teacher.board.levelTotal", { level: level.id, played: sums.played, count, solved: sums.solved, attempts: sums.attempts, time: duration(sums.seconds) });
      return el("td", { class: "level-total", "data-testid": `level-total-${level.id}`, title: label, "aria-label": label },
        el("span", { class: "line1", text: t("teacher.board.solvedOf", { solved: sums.solved, count }) }),
        el("span", { class: "line2", text: sums.played ? t("teacher.board.playedTries", { played: sums.played, count: sums.attempts }) : t("teacher.board.notPlayed") }));
    }),
    el("td", { class: "total-col" }));

  table.replaceChildren(
    el("caption", { class: "visually-hidden" }, ...phrase("teacher.board.caption",
      { class: board.class.name, number: board.episode.number, name: serverName(board.episode.name, board.episode.lang) })),
    el("thead", {}, head), el("tbody", {}, ...rows), count ? el("tfoot", {}, foot) : "");
}

function cell(pupil, level, hooks) {
  const result = pupil.levels?.[level.id];
  if (!result) {
    return el("td", { class: "score empty", "data-testid": `cell-${level.id}`, "data-played": "false", title: t("teacher.board.notPlayedTitle", { name: pupil.name, level: level.id }) },
      el("span", { class: "visually-hidden", text: t("teacher.board.notPlayedYet") }));
  }
  const max = result.max ?? level.max;
  const label = list([
    t("teacher.board.best", { name: pupil.name, level: level.id, best: result.best, max }),
    result.solved ? t("teacher.board.stars", { count: result.stars ?? 0 }) : t("teacher.board.notSolved"),
    t("teacher.board.attempts", { count: result.attempts ?? 0 }),
    t("teacher.board.spent", { time: duration(result.seconds) }),
    ...(result.lastPlayed ? [t("teacher.board.lastPlayed", { when: when(result.lastPlayed) })] : []),
  ].filter(Boolean));
  // What pressing it does is the button's description (the name is already a sentence of sentences).
  const button = el("button", { type: "button", class: "cell-button", "data-testid": "cell-button", title: label, "aria-label": label,
    "aria-description": t("teacher.board.showProgram") },
    el("span", { class: "line1" }, el("span", { class: "best", "data-testid": "cell-best", text: outOf(result.best, max) }), stars(result.stars)),
    el("span", { class: "line2", text: t("teacher.board.tries", { count: result.attempts ?? 0, time: duration(result.seconds) }) }));
  button.addEventListener("click", () => hooks.open(pupil, level, button));
  return el("td", { class: `score${result.solved ? " solved" : " tried"}`, "data-testid": `cell-${level.id}`, "data-played": "true", "data-solved": String(Boolean(result.solved)) }, button);
}

function totalCell(total) {
  const label = list([
    t("teacher.board.points", { best: total.best, max: total.max }),
    t("teacher.board.solvedCount", { count: total.solved }),
    t("teacher.board.stars", { count: total.stars ?? 0 }),
    t("teacher.board.attempts", { count: total.attempts ?? 0 }),
    t("teacher.board.spent", { time: duration(total.seconds) }),
  ]);
  return el("td", { class: "total-col total", "data-testid": "pupil-total", title: label, "aria-label": label },
    el("span", { class: "line1" }, el("strong", { text: outOf(total.best, total.max) }), " ", el("span", { class: "star-count", text: `★ ${formatNumber(total.stars ?? 0)}` })),
    el("span", { class: "line2", text: t("teacher.board.solvedTime", { count: total.solved, time: duration(total.seconds) }) }));
}
