// A teacher's locks, as their pupil meets them on the level select: a signed-in pupil's progress
// carries "locked": {episodes, levels, message} (absent for anyone else). Locked episodes and
// levels get a padlock and the teacher's message (a whole episode also "Locked by your teacher" in
// its title); choosing one says the message beside its episode instead of opening it, and a run the
// server refuses (403 level_locked) shows the server's message (runner.js).
// Anonymous players and teachers never get locks, so for them this changes nothing: in free play
// (journey-select.js) a teacher's lock is the only thing that closes a level.
import { el, say } from "/shared/api.js";
import { allTranslations, t } from "../shared/i18n.js";
import { svgEl } from "../map/map-geometry.js";

let locked = null; // {episodes: [numbers], levels: [ids], message} or null
const teachersNote = new WeakMap(); // a lock note saying a level's words → what it said before

// The look of the marks travels with the module that adds them (router.css is the game's).
const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  .level-tile.teacher-locked { background: #f4efe4; border-color: #d8b77a; border-style: dashed; cursor: not-allowed; }
  .level-tile.teacher-locked:hover { background: #f4efe4; border-color: #b35f00; }
  .level-tile.teacher-locked .level-number { color: #8a6a3a; }
  .teacher-lock { color: #9a5b00; }
  .episode-locked { display: flex; align-items: center; gap: .3rem; width: fit-content; margin-top: .3rem; padding: .1rem .6rem; border-radius: 999px;
    background: #7a3f00; color: #fff; font-size: .8rem; font-weight: 700; letter-spacing: .02em; }
  .episode-locked .teacher-lock { color: #ffd79a; }
  .teacher-lock-note .lock-icon { flex: none; }
  .teacher-lock-note.said { border: 2px solid #b35f00; background: #fffaf0; color: #5a2f00; scroll-margin: 1rem; }
  .teacher-lock-note { display: flex; align-items: center; gap: .4rem; margin: .2rem 0 .6rem; padding: .35rem .6rem; border-radius: .45rem;
    background: #fff4e0; color: #7a3f00; font-size: .9rem; font-weight: 600; }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

/** Takes the `locked` part of a progress answer (or its absence). */
export function useLocks(value) {
  locked = value && (value.episodes?.length || value.levels?.length)
    ? { episodes: value.episodes ?? [], levels: (value.levels ?? []).map(String), message: value.message || null }
    : null;
}

/** What to say when level `id` (in `episodes`, the catalog) is locked for this pupil, else null. */
export function lockedMessage(id, episodes) {
  if (!locked) return null;
  const episode = episodes.find((each) => each.levels.some((level) => level.id === id));
  return locked.levels.includes(id) || (episode && locked.episodes.includes(episode.number)) ? whyLocked(id) : null;
}

// One level's words (the progress message speaks of "these", for a list of them).
const whyLocked = (id) => t("player.locks.level", { id });
// The server's words are our usual sentence (RouterKit's ClassLocks.pupilMessage, in English): ours
// in the page's language instead. Other words (a teacher's own, one day) stay as written.
const teachersWords = () => (locked.message && !allTranslations("player.locks.default").includes(locked.message)
  ? locked.message : t("player.locks.default"));

function padlock() {
  return svgEl("svg", { viewBox: "0 0 16 16", class: "lock-icon teacher-lock", "aria-hidden": "true" },
    svgEl("path", { d: "M5,7V5a3,3 0 0 1 6,0v2", fill: "none", stroke: "currentColor", "stroke-width": 1.8 }),
    svgEl("rect", { x: 3, y: 7, width: 10, height: 8, rx: 1.5, fill: "currentColor" }));
}

/**
 * Marks the drawn level select (router.js's renderSelect) with the locks: each locked tile gets
 * the padlock and says why, and an episode with locks shows the message under its title. Tiles
 * stay focusable, so a child who taps one hears why it does not open (see `guard`).
 */
export function markLocks(episodes) {
  for (const episode of episodes) {
    const card = document.querySelector(`[data-testid="episode-${CSS.escape(String(episode.number))}"]`);
    if (!card) continue;
    const whole = Boolean(locked?.episodes.includes(episode.number));
    const some = episode.levels.filter((level) => lockedMessage(level.id, episodes));
    card.dataset.locked = String(whole);
    if (whole) card.querySelector("h3")?.append(el("span", { class: "episode-locked", "data-testid": "episode-locked" }, padlock(), t("player.teaching.lockedByTeacher")));
    if (some.length) {
      // The teacher's words as they are for a whole episode; for single levels, which ones.
      const ids = some.map((level) => level.id).join(t("common.listSeparator"));
      const text = whole ? teachersWords() : t("player.locks.some", { count: some.length, message: teachersWords().replace(/[.!]\s*$/, ""), ids });
      card.querySelector("h3")?.after(el("p", { class: "teacher-lock-note", "data-testid": "lock-note" }, padlock(), " ", text));
    }
    for (const level of some) {
      const tile = card.querySelector(`[data-testid="level-${CSS.escape(level.id)}"]`);
      if (!tile) continue;
      tile.dataset.teacherLocked = "true";
      tile.classList.add("teacher-locked");
      tile.setAttribute("aria-disabled", "true");
      tile.setAttribute("aria-label", t("player.locks.tileLabel", { label: tile.getAttribute("aria-label") }));
      tile.querySelector(".level-stars")?.replaceChildren(padlock());
    }
  }
}

/** Catches a click on a locked tile before the tile's own handler opens it (capture phase on `container`);
 *  `episodes()`: the catalog's episodes now. */
export function guard(container, episodes) {
  container.addEventListener("click", (event) => {
    const tile = event.target.closest?.(".level-tile.teacher-locked");
    if (!tile || !container.contains(tile)) return;
    event.stopPropagation();
    event.preventDefault();
    sayBeside(tile.dataset.testid.replace(/^level-/, ""), episodes());
  }, true);
}

/**
 * Says why level `id` is locked beside its episode in the drawn level select (where the child's
 * eyes and finger are, even far down a phone's list): in place of the episode's lock note, scrolled
 * into view; the status line says it too, heard only, for screen readers. A note that said another
 * level's words before goes back to the teacher's. Outside our episodes, the status line shows it.
 */
export function sayBeside(id, episodes) {
  const why = lockedMessage(id, episodes) ?? whyLocked(id);
  for (const note of document.querySelectorAll(".teacher-lock-note.said")) {
    note.classList.remove("said");
    note.replaceChildren(...teachersNote.get(note));
  }
  const episode = episodes.find((each) => each.levels.some((level) => level.id === id));
  const note = episode && document.querySelector(`[data-testid="episode-${CSS.escape(String(episode.number))}"] .teacher-lock-note`);
  if (!note) { say(why); return; }
  teachersNote.set(note, [...note.childNodes]);
  note.classList.add("said");
  note.replaceChildren(padlock(), " ", el("span", { "data-testid": "lock-said", "data-level": id, text: why }));
  note.scrollIntoView({ block: "nearest", behavior: "instant" });
  say(why, false, { seen: false });
}
