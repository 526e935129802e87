// Locks on the teacher's dashboard: a whole episode, or single levels, closed for one class
// (GET/PUT /api/classes/{id}/locks, {"episodes":[2],"levels":["14"]}). The class's pupils then see
// them locked on Rapid Router (locks.js) and the server refuses their runs there; anyone else
// still plays them. A PUT sends the whole set, so the page always holds what the server stored.
// A lesson is set up in one step ("Open episodes 1 to N, lock the rest": one PUT, the level locks
// kept), and the episode picker says which episodes are locked.
import { api, el, say } from "/shared/api.js";
import { svgEl } from "../map/map-geometry.js";
import { list, t } from "./teacher-words.js";

/** A padlock, shut or open (drawn, since emoji fonts are not everywhere). */
export function padlock(shut) {
  return svgEl("svg", { viewBox: "0 0 16 16", class: "padlock", "aria-hidden": "true" },
    svgEl("path", { d: shut ? "M5,7V5a3,3 0 0 1 6,0v2" : "M5,7V5a3,3 0 0 1 5.8,-1", fill: "none", stroke: "currentColor", "stroke-width": 1.8 }),
    svgEl("rect", { x: 3, y: 7, width: 10, height: 8, rx: 1.5, fill: "currentColor" }));
}

/** The small toggle in a level's column head. */
export function lockButton(level, { locked, byEpisode, toggle }) {
  const words = t(byEpisode ? "teacher.locks.levelWithEpisode" : locked ? "teacher.locks.unlockLevel" : "teacher.locks.lockLevel", { level: level.id });
  return el("button", {
    type: "button", class: `level-lock${locked ? " locked" : ""}`, "data-testid": `lock-level-${level.id}`, "aria-pressed": String(locked),
    "aria-label": words, title: words, disabled: byEpisode, onclick: toggle,
  }, padlock(locked), el("span", { text: t(locked ? "teacher.locks.locked" : "teacher.locks.lock") }));
}

export class ClassLocks {
  /** `nodes`: {button, state}; `changed()` redraws the board after a change. */
  constructor(nodes, changed) {
    this.nodes = nodes;
    this.changed = changed;
    this.classId = null;
    this.episode = null;
    this.locks = { episodes: [], levels: [] };
    nodes.button.addEventListener("click", () => this.toggleEpisode());
    this.drawButton(false); // in the page's language before the first board
  }

  /** The episode's toggle, saying what pressing it does. */
  drawButton(locked) {
    this.nodes.button.setAttribute("aria-pressed", String(locked));
    this.nodes.button.replaceChildren(padlock(locked), el("span", { text: t(locked ? "teacher.locks.unlockEpisode" : "teacher.locks.lockEpisode") }));
    this.nodes.button.classList.toggle("locked", locked);
  }

  async load(classId) {
    this.classId = classId;
    this.locks = { episodes: [], levels: [] };
    try {
      this.locks = normal(await api(`/api/classes/${encodeURIComponent(classId)}/locks`));
    } catch (error) {
      say(t("teacher.locks.readFailed", { message: error.message }));
    }
  }

  /** Shows the episode's lock as the board is drawn for `episode` ({number, name}) and its `levels`. */
  show(episode, levels) {
    this.episode = episode;
    const locked = this.locks.episodes.includes(episode.number);
    this.drawButton(locked);
    const some = levels.filter((level) => this.locks.levels.includes(level.id)).map((level) => level.id);
    this.nodes.state.textContent = locked ? t("teacher.locks.episodeLocked", { number: episode.number })
      : some.length ? t("teacher.locks.levelsLocked", { count: some.length, levels: list(some), number: episode.number })
        : t("teacher.locks.episodeOpen", { number: episode.number });
    this.nodes.state.classList.toggle("locked", locked);
  }

  toggleEpisode() {
    const number = this.episode?.number;
    if (number === undefined) return;
    const locked = this.locks.episodes.includes(number);
    const episodes = locked ? this.locks.episodes.filter((each) => each !== number) : [...this.locks.episodes, number].sort((a, b) => a - b);
    this.save({ ...this.locks, episodes }, t(locked ? "teacher.locks.episodeOpened" : "teacher.locks.episodeClosed", { number }), this.nodes.button);
  }

  /** Opens episodes 1…`last` and locks the rest of `numbers` (every episode's number), in one PUT. */
  openUpTo(last, numbers, button) {
    const episodes = numbers.filter((number) => number > last).sort((a, b) => a - b);
    const done = episodes.length ? t("teacher.teaching.setup.done", { last, first: last + 1, end: Math.max(...numbers) }) : t("teacher.teaching.setup.doneAll", { last });
    this.save({ ...this.locks, episodes }, done, button);
  }

  /** Marks the locked episodes in the episode picker (`options`: its <option>s, value = number). */
  markEpisodes(options, episodes) {
    for (const option of options) {
      const episode = episodes.find((one) => String(one.number) === option.value);
      if (!episode) continue;
      const locked = this.locks.episodes.includes(episode.number);
      const text = t(locked ? "teacher.teaching.setup.lockedOption" : "teacher.board.episodeOption", { number: episode.number, name: episode.name });
      if (option.textContent !== text) option.textContent = text;
      option.dataset.locked = String(locked);
    }
  }

  toggleLevel(id) {
    const locked = this.locks.levels.includes(id);
    const levels = locked ? this.locks.levels.filter((each) => each !== id) : [...this.locks.levels, id];
    this.save({ ...this.locks, levels }, t(locked ? "teacher.locks.levelOpened" : "teacher.locks.levelClosed", { level: id }), null, id);
  }

  async save(next, done, focusNode, levelId) {
    const classId = this.classId;
    try {
      const stored = normal(await api(`/api/classes/${encodeURIComponent(classId)}/locks`, { method: "PUT", body: next }));
      if (classId !== this.classId) return;
      this.locks = stored;
      say(done, true);
    } catch (error) {
      say(t("teacher.locks.failed", { message: error.message }));
    }
    this.changed();
    // The board was drawn again: the keyboard carries on from the toggle it pressed.
    if (levelId) document.querySelector(`[data-testid="lock-level-${CSS.escape(levelId)}"]`)?.focus();
    else focusNode?.focus();
  }
}

function normal(locks) {
  return { episodes: Array.isArray(locks?.episodes) ? locks.episodes : [], levels: Array.isArray(locks?.levels) ? locks.levels.map(String) : [] };
}
