// A level's answer, for a signed-in teacher (teaching.js loads this module only when a teacher asks,
// so a pupil's browser never fetches it, nor the answer: GET /api/router/levels/{id}/solution answers
// 404 to anyone else anyway). A modal dialog shows the solution's blocks read-only and its Python, drawn
// as the teacher's dashboard draws a pupil's program (teacher-program.js), and replays its run on the
// level's own map (map-view.js and player.js, as the game plays a run). Escape or × closes it and the
// keyboard goes back to the Show solution button.
import { $, el, textWithCode } from "/shared/api.js";
import { inPageLanguage, onLanguageChange, t, translated, translatedAttributes } from "../shared/i18n.js";
import { levelApi } from "../shared/my-levels.js";
import { MapView } from "../map/map-view.js";
import { Player } from "./player.js";
import { drawBlocks, drawPython, markRunning } from "../teacher/teacher-program.js";

const WORDS = "player.teaching";

// Its look travels with it, as the page loads it only for a teacher (blocks.css and router.css draw the blocks and lines).
const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  dialog.solution-dialog { border: none; border-radius: .75rem; padding: 1rem 1.25rem 1.25rem; width: min(68rem, calc(100vw - 1rem));
    max-height: calc(100dvh - 1rem); box-shadow: 0 1rem 2.5rem rgba(29, 36, 51, .35); }
  dialog.solution-dialog::backdrop { background: rgba(29, 36, 51, .5); }
  .solution-head { display: flex; align-items: flex-start; gap: 1rem; }
  .solution-heading { flex: 1; min-width: 0; }
  .solution-head h2 { margin: 0; font-size: 1.25rem; overflow-wrap: anywhere; }
  .solution-head .close-solution { padding: 0 .6rem; font-size: 1.5rem; line-height: 1.4; border: 0; background: transparent; color: var(--muted); min-height: 2.75rem; }
  .solution-kicker { margin: 0 0 .15rem; font-size: .75rem; font-weight: 800; letter-spacing: .05em; text-transform: uppercase; color: #8e5bd0; }
  .solution-summary { margin: .2rem 0 .8rem; color: var(--muted); }
  .solution-columns { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr); gap: 1rem; align-items: start; }
  .solution-program h3 { margin: .2rem 0 .4rem; font-size: 1rem; }
  .solution-program .program { min-height: 4rem; max-height: 20rem; overflow: auto; margin-bottom: .8rem; }
  .solution-program .program .row { cursor: default; }
  .solution-program .pyview-code { min-height: 4rem; max-height: 14rem; }
  .py-line.running { background: #d8f3e0; }
  .solution-replay .map-box svg { max-height: min(30rem, calc(100dvh - 12rem)); }
  .solution-bar { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem .8rem; margin-top: .6rem; }
  .solution-bar button { min-height: 2.75rem; padding: .4rem 1rem; font-weight: 700; }
  .solution-bar p { margin: 0; }
  @media (max-width: 760px) {
    dialog.solution-dialog { padding: .75rem; }
    .solution-columns { grid-template-columns: minmax(0, 1fr); }
    .solution-replay { order: -1; }
  }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

class SolutionDialog {
  constructor() {
    this.title = el("h2", { id: "solution-title", "data-testid": "solution-title" });
    this.close = el("button", { type: "button", class: "close-solution", "data-testid": "solution-close", text: "×",
      ...translatedAttributes(`aria-label:${WORDS}.close; title:${WORDS}.closeTitle`) });
    this.summary = el("p", { class: "solution-summary", "data-testid": "solution-summary" });
    this.blocksNote = translated("p", `${WORDS}.pythonOnly`, { class: "muted", "data-testid": "solution-python-only", hidden: true });
    this.blocks = el("div", { class: "program read-only", role: "tree", "data-testid": "solution-blocks", ...translatedAttributes(`aria-label:${WORDS}.blocksLabel`) });
    this.python = el("pre", { class: "pyview-code", tabindex: "0", "data-testid": "solution-python", ...translatedAttributes(`aria-label:${WORDS}.pythonLabel`) });
    this.mapBox = el("div", { class: "map-box", role: "img", "data-testid": "solution-map", ...translatedAttributes(`aria-label:${WORDS}.mapLabel`) });
    this.replayButton = translated("button", `${WORDS}.replay`, { type: "button", class: "primary", "data-testid": "solution-replay" });
    this.status = el("p", { class: "muted", role: "status", "aria-live": "polite", "data-testid": "solution-status" });
    this.dialog = el("dialog", { class: "solution-dialog", "data-testid": "solution-dialog", "aria-labelledby": "solution-title" },
      el("div", { class: "solution-head" },
        el("div", { class: "solution-heading" }, translated("p", `${WORDS}.kicker`, { class: "solution-kicker" }), this.title), this.close),
      this.summary,
      el("div", { class: "solution-columns" },
        el("section", { class: "solution-program", ...translatedAttributes(`aria-label:${WORDS}.program`) },
          translated("h3", `${WORDS}.blocks`), this.blocksNote, this.blocks, translated("h3", `${WORDS}.python`), this.python),
        el("section", { class: "solution-replay", ...translatedAttributes(`aria-label:${WORDS}.replayLabel`) },
          this.mapBox, el("div", { class: "solution-bar" }, this.replayButton, this.status))));
    document.body.append(this.dialog);
    this.map = new MapView(this.mapBox);
    this.player = new Player(this.map, { onEvent: (event) => markRunning(this.dialog, this.python, event.block), speed: () => $("speed")?.value ?? "normal" });
    this.close.addEventListener("click", () => this.dialog.close());
    this.replayButton.addEventListener("click", () => this.replay());
    this.dialog.addEventListener("close", () => {
      this.player.stop();
      this.asked += 1; // a late answer for a closed dialog is not shown
      this.back?.focus();
    });
    this.asked = 0;
    onLanguageChange(() => this.relabel());
  }

  /** Opens the dialog for `level` (the open level's JSON, as the game drew it) and `title` (its name on the page). */
  async open(level, title, back) {
    const asked = ++this.asked;
    Object.assign(this, { level, levelTitle: title, back, answer: null, state: "loading" });
    this.player.stop();
    this.blocks.replaceChildren();
    this.python.replaceChildren();
    this.blocksNote.hidden = true;
    this.map.draw(level);
    this.replayButton.disabled = true;
    this.relabel();
    if (!this.dialog.open) this.dialog.showModal();
    this.close.focus();
    try {
      const answer = await levelApi(inPageLanguage(`/api/router/levels/${encodeURIComponent(level.id)}/solution`));
      if (asked !== this.asked) return;
      this.answer = answer;
      this.show(answer);
      this.replay();
    } catch (error) {
      if (asked !== this.asked) return;
      this.state = error.status === 404 ? "missing" : "failed";
      this.error = error.message;
      this.relabel();
    }
  }

  show(answer) {
    const isBlocks = Array.isArray(answer.program?.blocks);
    this.blocks.hidden = !isBlocks;
    this.blocksNote.hidden = isBlocks;
    if (isBlocks) drawBlocks(this.blocks, { procedures: [], ...answer.program });
    drawPython(this.python, answer.python);
    this.replayButton.disabled = !Array.isArray(answer.run?.events);
  }

  /** Plays the solution's run on the map from the start (again). */
  async replay() {
    const run = this.answer?.run;
    if (!run) return;
    const asked = this.asked;
    this.map.draw(this.level);
    this.state = "playing";
    this.relabel();
    const finished = await this.player.play(run.events ?? []);
    markRunning(this.dialog, this.python, null);
    if (!finished || asked !== this.asked) return;
    for (const square of run.outcome?.delivered ?? []) this.map.markDelivered(square);
    this.state = "done";
    this.relabel();
  }

  /** The words that carry the level, counts or the state, in the page's language. */
  relabel() {
    this.title.textContent = this.levelTitle ?? "";
    const answer = this.answer;
    const score = answer?.run?.score;
    this.summary.textContent = answer
      ? [answer.program ? t(`${WORDS}.blockCount`, { count: answer.blockCount ?? 0 }) : t(`${WORDS}.pythonProgram`),
        score ? t(`${WORDS}.score`, { total: score.total, max: score.max }) : ""].filter(Boolean).join(" · ")
      : t(`${WORDS}.${this.state === "missing" ? "missing" : this.state === "failed" ? "failed" : "loading"}`, { error: this.error ?? "" });
    this.status.dataset.state = this.state;
    const outcome = answer?.run?.outcome;
    this.status.replaceChildren(...(this.state === "playing" ? [t(`${WORDS}.replaying`)]
      : this.state === "done" ? textWithCode(outcome?.message ?? t(`${WORDS}.replayDone`)) : []));
  }
}

let dialog = null;

/** Shows `level`'s solution (see the top of this file); `back`: the button focus returns to. */
export function showSolution(level, title, back) {
  dialog ??= new SolutionDialog();
  return dialog.open(level, title, back);
}
