// The level select in free play: every level opens for anyone, by its tile or straight from its
// address, with no progress needed. Only a teacher's lock (locks.js) closes a level, and only for
// that class's pupils. Progress guides instead of gating: done levels show a tick and their stars,
// and one level is marked "Next up" (`recommendedLevel`), with a "Carry on" link above the episodes.
import { $, el } from "/shared/api.js";
import { SERVER_LANGUAGE, t } from "../shared/i18n.js";
import { rules } from "../shared/rules.js";
import { lockedMessage, markLocks } from "./locks.js";
import { markGuides } from "./teaching.js";
import { renderStoredLevels } from "./level-lists.js";
import { svgEl } from "../map/map-geometry.js";

/** The language our texts came in (the server says; older answers were English). */
const langOf = (words) => words.lang ?? SERVER_LANGUAGE;

/**
 * The level we suggest: the first in playing order after the furthest one done; when that one is
 * the very last, the first not done; null when every level is done. A level the pupil's teacher
 * locked is never suggested (the next open one is).
 */
export function recommendedLevel(order, progress, episodes) {
  const open = (id) => !progress[id]?.solved && !lockedMessage(id, episodes);
  let furthest = -1;
  order.forEach((id, index) => { if (progress[id]?.solved) furthest = index; });
  return order.slice(furthest + 1).find(open) ?? order.find(open) ?? null;
}

/** A tick in a green circle (drawn, since emoji fonts are not everywhere). */
function tick() {
  return svgEl("svg", { viewBox: "0 0 20 20", class: "done-tick", "aria-hidden": "true", focusable: "false" },
    svgEl("circle", { cx: 10, cy: 10, r: 9, fill: "currentColor" }),
    svgEl("path", { d: "M5.5,10.5l3,3l6,-7", fill: "none", stroke: "#fff", "stroke-width": 2.4, "stroke-linecap": "round", "stroke-linejoin": "round" }));
}

/** One level's tile (an `li`); `next`: the recommended level's id. */
function levelTile(state, summary, label, next, ours = false) {
  const result = state.progress[summary.id];
  const solved = Boolean(result?.solved);
  const max = result?.max ?? summary.maxScore;
  const score = result ? `${result.best}/${max}` : max ? `–/${max}` : "";
  // The stars are the kit's (PlayerProgress): the server sends each level's and how many there are.
  const earned = result?.stars ?? 0;
  const unearned = Math.max(0, (rules.maxStars ?? earned) - earned);
  const isNext = summary.id === next;
  const words = [t("player.select.tile", { label, name: summary.name })];
  if (isNext) words.push(t("player.journey.nextUpLabel"));
  if (solved) words.push(t("player.select.tileDone", { earned, max: rules.maxStars ?? earned }));
  if (result) words.push(t("player.journey.bestScore", { best: result.best, max }));
  const tile = el("button", {
    type: "button", class: `level-tile${solved ? " solved" : ""}${isNext ? " next-up" : ""}`, "data-testid": `level-${summary.id}`,
    "data-solved": String(solved), "data-next": String(isNext), "aria-label": words.join(t("common.listSeparator")),
    onclick: () => { location.hash = `level=${encodeURIComponent(summary.id)}`; },
  },
  el("span", { class: "level-number", text: label }),
  el("span", { class: "level-name", text: summary.name, lang: ours ? langOf(summary) : false }),
  el("span", { class: "level-stars", "aria-hidden": "true", text: "★".repeat(earned) + "☆".repeat(unearned) }),
  el("span", { class: "level-score", "data-testid": `score-${summary.id}`, text: score }));
  if (solved) tile.append(tick());
  if (isNext) tile.append(el("span", { class: "next-badge", "data-testid": "next-up", "aria-hidden": "true", text: t("player.journey.nextUp") }));
  if (summary.python && !summary.blockly) tile.append(el("span", { class: "badge python", text: t("player.select.pythonBadge") }));
  return el("li", {}, tile);
}

/** Draws the episodes, the "Carry on" link and the stored levels; `reload()` fetches the stored lists again. */
export function renderSelect(state, reload) {
  const next = recommendedLevel(state.order, state.progress, state.episodes);
  const cards = state.episodes.map((episode) => {
    const solved = episode.levels.filter((level) => state.progress[level.id]?.solved).length;
    return el("section", { class: "episode card", "data-testid": `episode-${episode.number}`, "aria-label": t("player.select.episodeLabel", { number: episode.number, name: episode.name }) },
      el("h3", {}, el("span", { class: "episode-number", text: t("player.select.episode", { number: episode.number }) }), " ", el("span", { lang: langOf(episode), text: episode.name }),
        el("span", { class: "episode-progress muted", text: ` ${solved}/${episode.levels.length}` })),
      el("p", { class: "muted", text: episode.summary, lang: langOf(episode) }),
      el("ol", { class: "level-grid" }, ...episode.levels.map((level) => levelTile(state, level, level.id, next, true))));
  });
  $("episodes").replaceChildren(...cards);
  const carryOn = $("carry-on");
  const summary = state.episodes.flatMap((episode) => episode.levels).find((level) => level.id === next);
  carryOn.hidden = !summary;
  if (summary) {
    const started = Object.values(state.progress).some((each) => each?.solved);
    carryOn.textContent = t(started ? "player.journey.carryOn" : "player.journey.startHere", { id: summary.id, name: summary.name });
    carryOn.href = `#level=${encodeURIComponent(summary.id)}`;
  }
  markLocks(state.episodes);
  markGuides(state.episodes); // a teacher's "Lesson guide" links
  renderStoredLevels({ mine: state.custom, shared: state.shared }, (summary, label) => levelTile(state, summary, label, next), reload);
}
