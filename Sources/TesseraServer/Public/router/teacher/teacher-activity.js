// "Who needs me now", beside the scoreboard: each pupil's state from GET /api/classes/{id}/activity
// (stuck, playing, done for today, not signed in), stuck pupils first in red with the level, how
// many failed tries and for how long. The dashboard's live stream (teacher.js) calls `refreshSoon()`
// on every run of the class, and the panel asks again every half minute by itself, so "for 4 min"
// stays true while nobody runs anything. A stuck or playing pupil opens their program on that level.
// A screen reader hears only news (someone newly stuck), not every redraw. Our levels' names are the
// level list's, in the page's language and marked with theirs (teacher-words.js); a level a person
// made keeps its own name.
import { $, api, el } from "/shared/api.js";
import { inPageLanguage, levelName, list, phrase, serverName, t } from "./teacher-words.js";

// How long a burst of runs is gathered before the activity is asked for again (ms): short, since a
// stuck pupil should show within a second of her third failed run.
const GATHER = 80;
// The clock of "for N min" and states that change with time alone (playing → done after 15 minutes).
const EVERY = 30_000;

/** "under a minute", "4 min", "1 h 5 min": how long, from milliseconds. */
function lasting(ms) {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return t("teacher.teaching.activity.underMinute");
  if (minutes < 60) return t("teacher.teaching.activity.minutes", { count: minutes });
  return t("teacher.teaching.activity.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

export class ActivityPanel {
  /** `open(pupil, level, returnFocus)` shows a pupil's program on a level (the program panel). */
  constructor(open) {
    this.open = open;
    this.classId = null;
    this.data = null;
    this.asked = 0;
    this.timer = null;
    this.stuck = null; // ids of the pupils shown stuck, to announce only the newly stuck
    this.list = $("activity-list");
    this.counts = $("activity-counts");
    this.news = $("activity-news");
    setInterval(() => { if (this.classId && !document.hidden) this.load(); }, EVERY);
    document.addEventListener("visibilitychange", () => { if (this.classId && !document.hidden) this.load(); });
  }

  /** Follows another class (null: none). */
  async follow(classId) {
    this.classId = classId;
    this.data = null;
    this.stuck = null;
    this.list.replaceChildren();
    this.counts.textContent = "";
    if (classId) await this.load();
  }

  /** The page's language changed: asked again (the level names come in the new language). */
  relanguage() {
    if (this.data) this.draw();
    if (this.classId) this.load();
  }

  /** A pupil ran a program: ask again, once for a burst of runs. */
  refreshSoon() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.load();
    }, GATHER);
  }

  async load() {
    const asked = ++this.asked;
    const classId = this.classId;
    try {
      const data = await api(inPageLanguage(`/api/classes/${encodeURIComponent(classId)}/activity`));
      if (asked !== this.asked || classId !== this.classId) return;
      // The server's clock says how long; this page's clock only adds the time since it answered.
      this.data = { ...data, offset: Date.parse(data.at) - Date.now() };
      this.draw();
    } catch (error) {
      if (asked !== this.asked) return;
      this.counts.textContent = t("teacher.teaching.activity.failed", { message: error.message });
    }
  }

  draw() {
    const pupils = this.data?.pupils ?? [];
    const now = Date.now() + this.data.offset;
    const by = (state) => pupils.filter((pupil) => pupil.state === state);
    const [stuck, playing, done, away] = ["stuck", "playing", "done", "away"].map(by);
    this.counts.replaceChildren(...[["stuck", stuck], ["playing", playing], ["done", done], ["away", away]].map(([state, some]) =>
      el("span", { class: `count count-${state}${some.length ? " some" : ""}`, "data-testid": `activity-count-${state}`, text: t(`teacher.teaching.activity.count.${state}`, { count: some.length }) })));
    const focused = document.activeElement?.closest?.("[data-testid=activity-pupil]")?.dataset.pupil;
    this.list.replaceChildren(
      ...stuck.map((pupil) => this.row(pupil, now)),
      ...playing.map((pupil) => this.row(pupil, now)),
      ...(done.length ? [this.names("done", done)] : []),
      ...(away.length ? [this.names("away", away)] : []),
      ...(pupils.length ? [] : [el("li", { class: "muted", text: t("teacher.teaching.activity.noPupils") })]));
    if (focused) this.list.querySelector(`[data-pupil="${CSS.escape(focused)}"] button`)?.focus();
    this.announce(stuck);
  }

  /** A stuck or playing pupil: a button that opens their program on the level (when there is one). */
  row(pupil, now) {
    const since = pupil.since ? lasting(now - Date.parse(pupil.since)) : null;
    const name = pupil.level ? levelName(pupil.level, pupil.levelName ?? "") : null;
    const level = name ? t("teacher.teaching.activity.level", { level: pupil.level, name: name.name }) : null;
    const stuck = pupil.state === "stuck";
    const detail = stuck
      ? [t("teacher.teaching.activity.failures", { count: pupil.failures ?? 0 }), since && t("teacher.teaching.activity.for", { time: since })]
      : [since && t("teacher.teaching.activity.for", { time: since })];
    const words = [
      el("span", { class: "who" }, el("strong", { class: "name", "data-testid": "activity-name", text: pupil.name }),
        el("span", { class: `state state-${pupil.state}`, "data-testid": "activity-state", text: t(`teacher.teaching.activity.state.${pupil.state}`) })),
      level ? el("span", { class: "where", "data-testid": "activity-level" }, ...phrase("teacher.teaching.activity.level", { level: pupil.level, name: serverName(name.name, name.lang) }))
        : el("span", { class: "where muted", text: t("teacher.teaching.activity.choosing") }),
      el("span", { class: "how", "data-testid": "activity-detail", text: detail.filter(Boolean).join(" · ") }),
    ];
    const item = el("li", { class: `activity-pupil ${pupil.state}`, "data-testid": "activity-pupil", "data-state": pupil.state, "data-pupil": pupil.id, "data-name": pupil.name });
    if (!pupil.level) item.append(el("div", { class: "activity-card" }, ...words));
    else {
      const label = list([pupil.name, t(`teacher.teaching.activity.state.${pupil.state}`), level, ...detail].filter(Boolean));
      item.append(el("button", { type: "button", class: "activity-card", "aria-label": label, "aria-description": t("teacher.board.showProgram"),
        onclick: () => this.open({ id: pupil.id, name: pupil.name }, { id: pupil.level, ...name },
          () => this.list.querySelector(`[data-pupil="${CSS.escape(pupil.id)}"] button`)?.focus()) }, ...words));
    }
    return item;
  }

  /** Done for today, or not signed in: one line of names (they need nothing now). */
  names(state, pupils) {
    return el("li", { class: `activity-names ${state}`, "data-testid": `activity-${state}` },
      el("span", { class: `state state-${state}`, text: t(`teacher.teaching.activity.state.${state}`) }),
      el("ul", { class: "name-list" }, ...pupils.map((pupil) =>
        el("li", { "data-testid": "activity-pupil", "data-state": state, "data-pupil": pupil.id, "data-name": pupil.name, text: pupil.name }))));
  }

  /** Says who is newly stuck (not on the first drawing of a class: the list itself shows that). */
  announce(stuck) {
    const ids = new Set(stuck.map((pupil) => pupil.id));
    const fresh = this.stuck ? stuck.filter((pupil) => !this.stuck.has(pupil.id)) : [];
    this.stuck = ids;
    if (fresh.length) {
      this.news.textContent = fresh.map((pupil) => t("teacher.teaching.activity.newlyStuck", { name: pupil.name, level: pupil.level })).join(" ");
    }
  }
}
