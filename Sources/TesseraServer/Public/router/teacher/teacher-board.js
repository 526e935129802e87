// The scoreboard table of the teacher's dashboard: a row per pupil, a column per level of the
// episode, a totals column and a totals row (GET /api/classes/{id}/scoreboard). A played cell is
// a button (click or Enter opens the pupil's program, teacher-program.js); a level nobody has
// played stays visibly empty rather than showing a 0, which would read as "tried and failed".
import { el } from "/shared/api.js";
import { rules } from "../shared/rules.js";
import { lockButton } from "./teacher-locks.js";
import { t } from "../shared/i18n.js";

/** "42 s", "3 min", "1 h 5 min": time spent, as a teacher reads it at a glance. */
export function duration(seconds) {
  const total = Math.round(Number(seconds) || 0);
  if (total < 60) return `${total} s`;
  const minutes = Math.round(total / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
}

/** "today 14:05", "yesterday 09:12", "3 Nov 10:00": when, in the teacher's own time zone. */
export function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  const day = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(new Date()) - day(date)) / 86_400_000);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `yesterday ${time}`;
  return `${date.toLocaleDateString(undefined, { day: "numeric", month: "short" })} ${time}`;
}

const plural = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

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
    el("th", { scope: "col", class: "pupil-col", text: "Pupil" }),
    ...board.levels.map((level) => {
      const locked = episodeLocked || hooks.locks.levels.includes(level.id);
      return el("th", { scope: "col", class: `level-col${locked ? " locked" : ""}`, "data-testid": `level-head-${level.id}`, "data-locked": String(locked) },
        // The level's name opens its menu: play it, its solution, the class's solutions (teacher-level-menu.js).
        el("button", { type: "button", class: "level-menu-button", "data-testid": `level-menu-${level.id}`, "aria-haspopup": "true", "aria-expanded": "false",
          "aria-controls": "level-menu", "aria-label": t("teacher.teaching.menu.open", { level: level.id, name: level.name }),
          onclick: (event) => hooks.levelMenu(level, event.currentTarget) },
        el("span", { class: "level-id", text: level.id }),
        el("span", { class: "level-title", text: level.name })),
        lockButton(level, { locked, byEpisode: episodeLocked, toggle: () => hooks.toggleLevel(level.id) }));
    }),
    el("th", { scope: "col", class: "total-col", text: "Total" }));

  const rows = board.pupils.map((pupil) => el("tr", { "data-testid": "pupil-row", "data-pupil": pupil.id },
    el("th", { scope: "row", class: "pupil-col", "data-testid": "pupil-name", text: pupil.name }),
    ...board.levels.map((level) => cell(pupil, level, hooks)),
    totalCell(pupil.total)));

  const totals = board.levelTotals ?? {};
  const count = board.pupils.length;
  const foot = el("tr", { class: "totals", "data-testid": "level-totals" },
    el("th", { scope: "row", class: "pupil-col", text: "Whole class" }),
    ...board.levels.map((level) => {
      const sums = totals[level.id] ?? { played: 0, solved: 0, attempts: 0, seconds: 0 };
      const label = `Level ${level.id}: ${sums.played} of ${count} played, ${sums.solved} solved, ${plural(sums.attempts, "attempt")}, ${duration(sums.seconds)} in all`;
      return el("td", { class: "level-total", "data-testid": `level-total-${level.id}`, title: label, "aria-label": label },
        el("span", { class: "line1", text: `${sums.solved}/${count} solved` }),
        el("span", { class: "line2", text: sums.played ? `${sums.played} played · ${plural(sums.attempts, "try", "tries")}` : "not played" }));
    }),
    el("td", { class: "total-col" }));

  table.replaceChildren(
    el("caption", { class: "visually-hidden", text: `${board.class.name}, episode ${board.episode.number}: ${board.episode.name}` }),
    el("thead", {}, head), el("tbody", {}, ...rows), count ? el("tfoot", {}, foot) : "");
}

function cell(pupil, level, hooks) {
  const result = pupil.levels?.[level.id];
  if (!result) {
    return el("td", { class: "score empty", "data-testid": `cell-${level.id}`, "data-played": "false", title: `${pupil.name} has not played level ${level.id} yet` },
      el("span", { class: "visually-hidden", text: "not played yet" }));
  }
  const max = result.max ?? level.max;
  const label = [
    `${pupil.name}, level ${level.id}: best ${result.best} out of ${max}`,
    result.solved ? plural(result.stars ?? 0, "star") : "not solved yet",
    plural(result.attempts ?? 0, "attempt"),
    `${duration(result.seconds)} spent`,
    result.lastPlayed ? `last played ${when(result.lastPlayed)}` : "",
  ].filter(Boolean).join(", ");
  const button = el("button", { type: "button", class: "cell-button", "data-testid": "cell-button", title: label, "aria-label": `${label}. Show the program.` },
    el("span", { class: "line1" }, el("span", { class: "best", "data-testid": "cell-best", text: `${result.best}/${max}` }), stars(result.stars)),
    el("span", { class: "line2", text: `${plural(result.attempts ?? 0, "try", "tries")} · ${duration(result.seconds)}` }));
  button.addEventListener("click", () => hooks.open(pupil, level, button));
  return el("td", { class: `score${result.solved ? " solved" : " tried"}`, "data-testid": `cell-${level.id}`, "data-played": "true", "data-solved": String(Boolean(result.solved)) }, button);
}

function totalCell(total) {
  const label = `${total.best} out of ${total.max} points, ${total.solved} solved, ${plural(total.stars ?? 0, "star")}, ${plural(total.attempts ?? 0, "attempt")}, ${duration(total.seconds)} spent`;
  return el("td", { class: "total-col total", "data-testid": "pupil-total", title: label, "aria-label": label },
    el("span", { class: "line1" }, el("strong", { text: `${total.best}/${total.max}` }), " ", el("span", { class: "star-count", text: `★ ${total.stars ?? 0}` })),
    el("span", { class: "line2", text: `${total.solved} solved · ${duration(total.seconds)}` }));
}
