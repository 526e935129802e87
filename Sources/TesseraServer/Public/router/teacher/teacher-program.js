// The pupil's program for one level, opened from a scoreboard cell or the "Who needs me now" panel:
// their latest and their best run (GET /api/router/players/acct-<pupil>/programs/<level>) and their
// last 20 attempts, each of which can be fetched and shown (…/attempts/<n>); the blocks drawn
// read-only with the editor's own block view, the Python it means, the score and when, and a Replay
// that draws the level's map and plays that run's events again (map-view.js and player.js, as the
// game does). The same panel shows a level's own solution for the teacher (openSolution).
// Escape or × closes it and the keyboard goes back to where it came from.
import { api, el, textWithCode } from "/shared/api.js";
import { list, renderBlock, row } from "../blocks/block-view.js";
import { MapView } from "../map/map-view.js";
import { Player } from "../player/player.js";
import { BLOCKS, conditionChoices, sanitize } from "../blocks/program.js";
import { when } from "./teacher-board.js";
import { inPageLanguage, t } from "../shared/i18n.js";

// Every condition a program can hold, so a read-only socket always has its option to show.
const EVERY_CONDITION = conditionChoices(Object.keys(BLOCKS).filter((type) => ["condition", "negate"].includes(BLOCKS[type].kind)).map((block) => ({ block })));
const LEVELS = new Map(); // level id → the level JSON (a promise), fetched once for the page

/** The level's JSON (its map, and its name in the page's language), fetched once per page. */
export function levelJSON(id) {
  if (!LEVELS.has(id)) LEVELS.set(id, api(inPageLanguage(`/api/router/levels/${encodeURIComponent(id)}`)).catch((error) => { LEVELS.delete(id); throw error; }));
  return LEVELS.get(id);
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
    this.close = el("button", { type: "button", class: "close-panel", "data-testid": "program-close", "aria-label": "Close", title: "Close (Esc)", text: "×" });
    this.latestButton = el("button", { type: "button", "data-testid": "show-latest", "aria-pressed": "true", text: "Latest run" });
    this.bestButton = el("button", { type: "button", "data-testid": "show-best", "aria-pressed": "false", text: "Best run" });
    this.choice = el("div", { class: "run-choice", role: "group", "aria-label": "Which run" }, this.latestButton, this.bestButton);
    this.attemptList = el("ol", { class: "attempt-list", "data-testid": "attempts" });
    this.attempts = el("section", { class: "attempts", "aria-labelledby": "attempts-title", hidden: true },
      el("h3", { id: "attempts-title", text: t("teacher.teaching.attempts.title") }), this.attemptList);
    this.summary = el("p", { class: "run-summary", "data-testid": "run-summary" });
    this.outcome = el("p", { class: "run-outcome", "data-testid": "run-outcome" });
    this.blocks = el("div", { class: "program read-only", role: "tree", "aria-label": "The pupil's blocks (read only)", "data-testid": "program-blocks" });
    this.blocksNote = el("p", { class: "muted", "data-testid": "blocks-note", hidden: true });
    this.python = el("pre", { class: "pyview-code", "data-testid": "program-python", "aria-label": "The program in Python (read only)", tabindex: "0" });
    this.mapBox = el("div", { class: "map-box", role: "img", "data-testid": "replay-map", "aria-label": "The level's map" });
    this.replayButton = el("button", { type: "button", class: "primary", "data-testid": "replay", text: "▶ Replay" });
    this.replayStatus = el("p", { class: "replay-status muted", "data-testid": "replay-status", role: "status", "aria-live": "polite" });
    this.dialog = el("dialog", { class: "program-dialog", "data-testid": "program-dialog", "aria-labelledby": "program-title" },
      el("div", { class: "panel-head" }, this.title, this.close),
      this.choice, this.attempts, this.summary, this.outcome,
      el("div", { class: "panel-columns" },
        el("section", { class: "panel-program", "aria-label": "Program" },
          el("h3", { text: "Blocks" }), this.blocksNote, this.blocks, el("h3", { text: "Python" }), this.python),
        el("section", { class: "panel-replay", "aria-label": "Replay" },
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

  /** Empties the panel under `title` and opens it; the number of this request, to drop late answers. */
  reset(title, returnFocus) {
    this.returnFocus = returnFocus;
    this.player.stop();
    this.title.textContent = title;
    this.saved = null;
    this.run = null;
    this.summary.textContent = "Fetching the program…";
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

  /** Opens the panel for `pupil` ({id, name}) and `level` ({id, name}); `returnFocus()` afterwards. */
  async open(pupil, level, returnFocus) {
    const asked = this.reset(`${pupil.name} · Level ${level.id}${level.name ? `: ${level.name}` : ""}`, returnFocus);
    this.pupil = pupil;
    this.level = level;
    this.choice.hidden = false;
    this.blocks.setAttribute("aria-label", "The pupil's blocks (read only)");
    try {
      const [saved, map] = await Promise.all([
        api(`/api/router/players/acct-${encodeURIComponent(pupil.id)}/programs/${encodeURIComponent(level.id)}`),
        levelJSON(level.id),
      ]);
      if (asked !== this.asked) return;
      this.saved = saved;
      this.mapLevel = map;
      this.listAttempts(saved.attempts ?? []);
      this.choose(saved.latest ? "latest" : "best");
    } catch (error) {
      if (asked !== this.asked) return;
      this.summary.textContent = error.status === 404
        ? "This program is not available: the pupil may have left the class."
        : `The program could not be fetched: ${error.message}`;
    }
  }

  /** Opens the level's own solution (a teacher's answer key): blocks, Python and a replay. */
  async openSolution(level, returnFocus) {
    const asked = this.reset(t("teacher.teaching.solution.title", { level: level.id, name: level.name ?? "" }), returnFocus);
    this.choice.hidden = true;
    this.attempts.hidden = true;
    this.blocks.setAttribute("aria-label", t("teacher.teaching.solution.blocks"));
    try {
      const [answer, map] = await Promise.all([api(`/api/router/levels/${encodeURIComponent(level.id)}/solution`), levelJSON(level.id)]);
      if (asked !== this.asked) return;
      this.mapLevel = map;
      this.title.textContent = t("teacher.teaching.solution.title", { level: level.id, name: map.name ?? level.name ?? "" });
      const run = { program: answer.program ?? { python: answer.python }, python: answer.python, blocks: answer.blockCount, result: answer.run };
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
      const score = `${attempt.score}/${attempt.max}`;
      const label = t(attempt.success ? "teacher.teaching.attempts.delivered" : "teacher.teaching.attempts.failed", { time, score, count: Number(attempt.blocks ?? 0) });
      const button = el("button", { type: "button", class: "attempt", "data-testid": "attempt", "data-n": String(attempt.n), "data-success": String(Boolean(attempt.success)),
        "aria-pressed": "false", "aria-label": label, title: label },
      el("span", { class: "mark", "aria-hidden": "true", text: attempt.success ? "✔" : "✘" }),
      el("span", { class: "attempt-time", text: time.replace(/^today /, "") }),
      el("span", { class: "attempt-score", text: score }));
      button.addEventListener("click", () => this.chooseAttempt(attempt, button));
      return el("li", {}, button);
    }));
  }

  async chooseAttempt(attempt, button) {
    const asked = this.asked;
    this.player.stop();
    this.summary.textContent = "Fetching the program…";
    try {
      const run = await api(`/api/router/players/acct-${encodeURIComponent(this.pupil.id)}/programs/${encodeURIComponent(this.level.id)}/attempts/${attempt.n}`);
      if (asked !== this.asked) return;
      this.press(button);
      this.show({ at: attempt.at, ...run }, t("teacher.teaching.attempts.heading"));
    } catch (error) {
      if (asked !== this.asked) return;
      this.summary.textContent = `The program could not be fetched: ${error.message}`;
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
    this.show(this.saved?.[which], which === "latest" ? "Latest run" : "Best run");
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
      this.summary.textContent = "No program was kept for this level: it is saved only for runs made while the pupil was signed in.";
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
      score ? `score ${score.total}/${score.max}` : "",
      `${blocks} block${blocks === 1 ? "" : "s"}`,
      run.at ? when(run.at) : "",
    ].filter(Boolean).join(" · ");
    const outcome = run.result?.outcome;
    this.outcome.dataset.success = String(Boolean(outcome?.success));
    // The game's own words for the run ("Delivered! …", or what went wrong), with a mark to see it at a glance.
    this.outcome.replaceChildren(...(outcome ? [el("span", { class: "mark", "aria-hidden": "true", text: outcome.success ? "✔ " : "✘ " }), ...textWithCode(outcome.message ?? "")] : []));
    const program = run.program ?? {};
    const isBlocks = Array.isArray(program.blocks);
    this.blocksNote.hidden = isBlocks;
    this.blocksNote.textContent = program.python !== undefined ? "Written in Python, not with blocks." : "Made in the original Blockly editor: its Python is below.";
    this.blocks.hidden = !isBlocks;
    if (isBlocks) drawBlocks(this.blocks, program);
    drawPython(this.python, program.python ?? run.python ?? "");
    this.replayButton.disabled = !this.mapLevel || !Array.isArray(run.result?.events);
  }

  async replay() {
    const run = this.run;
    if (!run || !this.mapLevel) return;
    this.map.draw(this.mapLevel);
    this.replayStatus.textContent = "Replaying the run…";
    this.replayStatus.dataset.state = "playing";
    const finished = await this.player.play(run.result.events ?? []);
    markRunning(this.dialog, this.python, null);
    if (!finished) return;
    const outcome = run.result.outcome ?? {};
    for (const square of outcome.delivered ?? []) this.map.markDelivered(square);
    this.replayStatus.dataset.state = "done";
    this.replayStatus.textContent = outcome.success ? "The replay is over: the van delivered." : "The replay is over: the van did not deliver.";
  }
}
