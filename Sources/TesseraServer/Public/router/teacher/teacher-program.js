// The pupil's program for one level, opened from a scoreboard cell or the "Who needs me now" panel:
// their latest and their best run (GET /api/router/players/acct-<pupil>/programs/<level>) and their
// last 20 attempts, each of which can be fetched and shown (…/attempts/<n>); the blocks drawn
// read-only with the editor's own block view, the Python it means, the score and when, and a Replay
// that draws the level's map and plays that run's events again (map-view.js and player.js, as the
// game does). The same panel shows a level's own solution for the teacher (openSolution).
// Escape or × closes it and the keyboard goes back to where it came from. The words are the
// catalogues'; the level's name and the run's sentence are the server's, marked with their language
// (a pupil's saved run is replayed in the server's standard language: its answer takes no ?lang=).
import { api, el, textWithCode } from "/shared/api.js";
import { list, renderBlock, row } from "../blocks/block-view.js";
import { MapView } from "../map/map-view.js";
import { Player } from "../player/player.js";
import { BLOCKS, conditionChoices, sanitize } from "../blocks/program.js";
import { fixed, inPageLanguage, outOf, phrase, serverTextLanguage, serverName, SERVER_LANGUAGE, t, translatedAttributes, when } from "./teacher-words.js";

// Every condition a program can hold, so a read-only socket always has its option to show.
const EVERY_CONDITION = conditionChoices(Object.keys(BLOCKS).filter((type) => ["condition", "negate"].includes(BLOCKS[type].kind)).map((block) => ({ block })));
const LEVELS = new Map(); // "language level-id" → the level JSON (a promise), fetched once for the page

/** The level's JSON (its map, and its name in the page's language, with `lang`), fetched once per
 *  page and language. */
export function levelJSON(id) {
  const key = `${serverTextLanguage()} ${id}`;
  if (!LEVELS.has(key)) LEVELS.set(key, api(inPageLanguage(`/api/router/levels/${encodeURIComponent(id)}`)).catch((error) => { LEVELS.delete(key); throw error; }));
  return LEVELS.get(key);
}

/** What block-view.js needs from an editor, for drawing only: locked, nothing selects or changes. */
function viewer() {
  return {
    locked: true, choices: EVERY_CONDITION, toolbox: [], notes: new Map(), program: { blocks: [], procedures: [] },
    selKey: () => "", parseSel: () => ({}), select() {}, change: () => false, note() {},
  };
}

/** Draws `program` ({blocks, procedures?}, as a run request sends it) read-only into `node`. */
export function drawBlocks(node, program) {
  const view = viewer();
  view.program = sanitize(structuredClone(program));
  const start = row(view, "start", "start-block", el("span", { class: "block-icon", "aria-hidden": "true", text: "⚑" }), el("span", { text: t("blocks.label.start") }));
  const main = el("div", { class: "block start", "data-block-id": "start" }, start, list(view, view.program.blocks, "main"));
  node.replaceChildren(main, ...view.program.procedures.map((procedure) => renderBlock(view, procedure)));
  // Nothing here can be edited: the controls are shown, not used, and only the tree is in the Tab order.
  for (const control of node.querySelectorAll("input, select, button")) control.tabIndex = -1;
  node.querySelector(".row")?.setAttribute("tabindex", "0");
}

/** Python source as one span per line (a replay marks the running line). */
export function drawPython(node, text) {
  node.replaceChildren(...String(text ?? "").replace(/\n$/, "").split("\n").map((line) => el("span", { class: "py-line", text: line || " " })));
}

/** Marks the block or Python line `id` ("line:N" for Python) running, under `root`; null clears. */
export function markRunning(root, python, id) {
  for (const node of root.querySelectorAll(".running")) node.classList.remove("running");
  if (!id) return;
  const line = /^line:(\d+)$/.exec(id)?.[1];
  if (line) python?.children[Number(line) - 1]?.classList.add("running");
  else root.querySelector(`.block[data-block-id="${CSS.escape(id)}"]`)?.classList.add("running");
}

export class ProgramPanel {
  constructor() {
    this.title = el("h2", { id: "program-title", "data-testid": "program-title" });
    this.close = el("button", { type: "button", class: "close-panel", "data-testid": "program-close", text: "×",
      ...translatedAttributes("aria-label:teacher.teaching.projector.close; title:player.teaching.closeTitle") });
    this.latestButton = el("button", { type: "button", "data-testid": "show-latest", "aria-pressed": "true", ...fixed("teacher.program.latest") });
    this.bestButton = el("button", { type: "button", "data-testid": "show-best", "aria-pressed": "false", ...fixed("teacher.program.best") });
    this.choice = el("div", { class: "run-choice", role: "group", ...translatedAttributes("aria-label:teacher.program.which") }, this.latestButton, this.bestButton);
    this.attemptList = el("ol", { class: "attempt-list", "data-testid": "attempts" });
    this.attempts = el("section", { class: "attempts", "aria-labelledby": "attempts-title", hidden: true },
      el("h3", { id: "attempts-title", ...fixed("teacher.teaching.attempts.title") }), this.attemptList);
    this.summary = el("p", { class: "run-summary", "data-testid": "run-summary" });
    this.outcome = el("p", { class: "run-outcome", "data-testid": "run-outcome" });
    this.blocks = el("div", { class: "program read-only", role: "tree", "aria-label": t("teacher.program.blocksLabel"), "data-testid": "program-blocks" });
    this.blocksNote = el("p", { class: "muted", "data-testid": "blocks-note", hidden: true });
    this.python = el("pre", { class: "pyview-code", "data-testid": "program-python", tabindex: "0", ...translatedAttributes("aria-label:teacher.program.pythonLabel") });
    this.mapBox = el("div", { class: "map-box", role: "img", "data-testid": "replay-map", ...translatedAttributes("aria-label:teacher.teaching.projector.map") });
    this.replayButton = el("button", { type: "button", class: "primary", "data-testid": "replay", ...fixed("player.teaching.replay") });
    this.replayStatus = el("p", { class: "replay-status muted", "data-testid": "replay-status", role: "status", "aria-live": "polite" });
    this.dialog = el("dialog", { class: "program-dialog", "data-testid": "program-dialog", "aria-labelledby": "program-title" },
      el("div", { class: "panel-head" }, this.title, this.close),
      this.choice, this.attempts, this.summary, this.outcome,
      el("div", { class: "panel-columns" },
        el("section", { class: "panel-program", ...translatedAttributes("aria-label:teacher.program.program") },
          el("h3", fixed("player.teaching.blocks")), this.blocksNote, this.blocks, el("h3", fixed("player.teaching.python")), this.python),
        el("section", { class: "panel-replay", ...translatedAttributes("aria-label:teacher.teaching.projector.replayArea") },
          this.mapBox, el("div", { class: "replay-bar" }, this.replayButton, this.replayStatus))));
    document.body.append(this.dialog);
    this.map = new MapView(this.mapBox);
    this.player = new Player(this.map, { onEvent: (event) => markRunning(this.dialog, this.python, event.block), speed: () => "normal" });
    this.close.addEventListener("click", () => this.dialog.close());
    this.latestButton.addEventListener("click", () => this.choose("latest"));
    this.bestButton.addEventListener("click", () => this.choose("best"));
    this.replayButton.addEventListener("click", () => this.replay());
    this.dialog.addEventListener("close", () => {
      this.player.stop();
      this.asked += 1; // a late answer for this panel is ignored
      this.returnFocus?.();
    });
    this.asked = 0;
  }

  /** The page's language changed: an open panel is asked for again, in the new language. */
  relanguage() {
    if (!this.dialog.open || !this.opened) return;
    const [how, ...args] = this.opened;
    this[how](...args, this.returnFocus);
  }

  /** Empties the panel under `title` and opens it; the number of this request, to drop late answers. */
  reset(title, returnFocus) {
    this.returnFocus = returnFocus;
    this.player.stop();
    this.title.replaceChildren(...title);
    this.saved = null;
    this.run = null;
    this.summary.textContent = t("teacher.program.fetching");
    this.outcome.replaceChildren();
    this.blocks.replaceChildren();
    this.python.replaceChildren();
    this.mapBox.replaceChildren();
    this.attemptList.replaceChildren();
    this.attempts.hidden = true;
    this.blocksNote.hidden = true;
    this.replayStatus.textContent = "";
    this.replayButton.disabled = true;
    if (!this.dialog.open) this.dialog.showModal();
    this.close.focus();
    return ++this.asked;
  }

  /** `pupil`'s title on `level` ({id, name, lang}): the level's name marked with its language. */
  static titleOf(pupil, level) {
    return level.name
      ? phrase("teacher.program.title", { pupil: pupil.name, level: level.id, name: serverName(level.name, level.lang) })
      : phrase("teacher.program.titleNoName", { pupil: pupil.name, level: level.id });
  }

  /** Opens the panel for `pupil` ({id, name}) and `level` ({id, name, lang}); `returnFocus()` afterwards. */
  async open(pupil, level, returnFocus) {
    this.opened = ["open", pupil, level];
    const asked = this.reset(ProgramPanel.titleOf(pupil, level), returnFocus);
    this.pupil = pupil;
    this.level = level;
    this.choice.hidden = false;
    this.blocks.setAttribute("aria-label", t("teacher.program.blocksLabel"));
    try {
      const [saved, map] = await Promise.all([
        api(`/api/router/players/acct-${encodeURIComponent(pupil.id)}/programs/${encodeURIComponent(level.id)}`),
        levelJSON(level.id),
      ]);
      if (asked !== this.asked) return;
      this.saved = saved;
      this.mapLevel = map;
      // Our level's name as the level says it in the page's language.
      if (map.lang) this.title.replaceChildren(...ProgramPanel.titleOf(pupil, { ...level, name: map.name ?? level.name, lang: map.lang }));
      this.listAttempts(saved.attempts ?? []);
      this.choose(saved.latest ? "latest" : "best");
    } catch (error) {
      if (asked !== this.asked) return;
      this.summary.textContent = error.status === 404 ? t("teacher.program.gone") : t("teacher.program.failed", { message: error.message });
    }
  }

  /** Opens the level's own solution (a teacher's answer key): blocks, Python and a replay. */
  async openSolution(level, returnFocus) {
    this.opened = ["openSolution", level];
    const title = (name, lang) => phrase("teacher.teaching.solution.title", { level: level.id, name: serverName(name ?? "", lang) });
    const asked = this.reset(title(level.name, level.lang), returnFocus);
    this.choice.hidden = true;
    this.attempts.hidden = true;
    this.blocks.setAttribute("aria-label", t("teacher.teaching.solution.blocks"));
    try {
      const lang = serverTextLanguage(); // the run's sentence comes in the language it was asked in
      const [answer, map] = await Promise.all([api(inPageLanguage(`/api/router/levels/${encodeURIComponent(level.id)}/solution`)), levelJSON(level.id)]);
      if (asked !== this.asked) return;
      this.mapLevel = map;
      this.title.replaceChildren(...title(map.name ?? level.name, map.name ? map.lang : level.lang));
      const run = { program: answer.program ?? { python: answer.python }, python: answer.python, blocks: answer.blockCount, result: answer.run, lang };
      this.show(run, t("teacher.teaching.solution.summary"));
      this.dialog.dataset.view = "solution";
    } catch (error) {
      if (asked !== this.asked) return;
      this.summary.textContent = error.status === 404 ? t("teacher.teaching.solution.none") : t("teacher.teaching.solution.failed", { message: error.message });
    }
  }

  /** The attempts, newest first: a button each (when, score, ✔/✘), which shows that run. */
  listAttempts(attempts) {
    this.attempts.hidden = attempts.length === 0;
    this.attemptList.replaceChildren(...attempts.map((attempt) => {
      const time = when(attempt.at);
      const score = outOf(attempt.score, attempt.max);
      const label = t(attempt.success ? "teacher.teaching.attempts.delivered" : "teacher.teaching.attempts.failed", { time, score, count: Number(attempt.blocks ?? 0) });
      const button = el("button", { type: "button", class: "attempt", "data-testid": "attempt", "data-n": String(attempt.n), "data-success": String(Boolean(attempt.success)),
        "aria-pressed": "false", "aria-label": label, title: label },
      el("span", { class: "mark", "aria-hidden": "true", text: attempt.success ? "✔" : "✘" }),
      el("span", { class: "attempt-time", text: when(attempt.at, { short: true }) }),
      el("span", { class: "attempt-score", text: score }));
      button.addEventListener("click", () => this.chooseAttempt(attempt, button));
      return el("li", {}, button);
    }));
  }

  async chooseAttempt(attempt, button) {
    const asked = this.asked;
    this.player.stop();
    this.summary.textContent = t("teacher.program.fetching");
    try {
      const run = await api(`/api/router/players/acct-${encodeURIComponent(this.pupil.id)}/programs/${encodeURIComponent(this.level.id)}/attempts/${attempt.n}`);
      if (asked !== this.asked) return;
      this.press(button);
      this.show({ at: attempt.at, ...run }, t("teacher.teaching.attempts.heading"));
    } catch (error) {
      if (asked !== this.asked) return;
      this.summary.textContent = t("teacher.program.failed", { message: error.message });
    }
  }

  /** Marks `button` (Latest, Best or an attempt) as the run shown. */
  press(button) {
    for (const one of [this.latestButton, this.bestButton, ...this.attemptList.querySelectorAll("button")]) one.setAttribute("aria-pressed", String(one === button));
  }

  /** Shows the latest or the best run. */
  choose(which) {
    this.press(which === "latest" ? this.latestButton : this.bestButton);
    this.latestButton.disabled = !this.saved?.latest;
    this.bestButton.disabled = !this.saved?.best;
    this.show(this.saved?.[which], t(which === "latest" ? "teacher.program.latest" : "teacher.program.best"));
  }

  /** Draws `run` (a saved run: program, python, blocks, result), headed `heading`. */
  show(run, heading) {
    this.player.stop();
    this.run = run;
    delete this.dialog.dataset.view;
    if (this.mapLevel) this.map.draw(this.mapLevel);
    this.replayStatus.textContent = "";
    if (!run) {
      // Runs are kept only while the pupil is signed in; older or anonymous play has scores but no program.
      this.summary.textContent = t("teacher.program.notKept");
      this.outcome.replaceChildren();
      this.blocks.replaceChildren();
      this.blocksNote.hidden = true;
      this.python.replaceChildren();
      this.replayButton.disabled = true;
      return;
    }
    const score = run.result?.score;
    const blocks = Number(run.blocks ?? run.result?.blockCount ?? 0);
    this.summary.textContent = [
      heading,
      score ? t("player.teaching.score", { total: score.total, max: score.max }) : "",
      t("player.teaching.blockCount", { count: blocks }),
      run.at ? when(run.at) : "",
    ].filter(Boolean).join(" · ");
    const outcome = run.result?.outcome;
    this.outcome.dataset.success = String(Boolean(outcome?.success));
    // The game's own words for the run ("Delivered! …", or what went wrong), with a mark to see it at a glance.
    this.outcome.replaceChildren(...(outcome ? [el("span", { class: "mark", "aria-hidden": "true", text: outcome.success ? "✔ " : "✘ " }),
      el("span", { lang: run.lang ?? SERVER_LANGUAGE }, ...textWithCode(outcome.message ?? ""))] : []));
    const program = run.program ?? {};
    const isBlocks = Array.isArray(program.blocks);
    this.blocksNote.hidden = isBlocks;
    this.blocksNote.textContent = t(program.python !== undefined ? "teacher.program.inPython" : "teacher.program.inBlockly");
    this.blocks.hidden = !isBlocks;
    if (isBlocks) drawBlocks(this.blocks, program);
    drawPython(this.python, program.python ?? run.python ?? "");
    this.replayButton.disabled = !this.mapLevel || !Array.isArray(run.result?.events);
  }

  async replay() {
    const run = this.run;
    if (!run || !this.mapLevel) return;
    this.map.draw(this.mapLevel);
    this.replayStatus.textContent = t("teacher.program.replaying");
    this.replayStatus.dataset.state = "playing";
    const finished = await this.player.play(run.result.events ?? []);
    markRunning(this.dialog, this.python, null);
    if (!finished) return;
    const outcome = run.result.outcome ?? {};
    for (const square of outcome.delivered ?? []) this.map.markDelivered(square);
    this.replayStatus.dataset.state = "done";
    this.replayStatus.textContent = t(outcome.success ? "teacher.program.delivered" : "teacher.program.notDelivered");
  }
}
