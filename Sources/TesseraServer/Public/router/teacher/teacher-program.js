// The pupil's program for one level, opened from a scoreboard cell: their latest and their best
// run (GET /api/router/players/acct-<pupil>/programs/<level>), the blocks drawn read-only with the
// editor's own block view, the Python it means, the score and when, and a Replay that draws the
// level's map and plays that run's events again (map-view.js and player.js, as the game does).
// Escape or × closes it and the keyboard goes back to the cell it came from.
import { api, el, textWithCode } from "/shared/api.js";
import { list, renderBlock, row } from "../blocks/block-view.js";
import { MapView } from "../map/map-view.js";
import { Player } from "../player/player.js";
import { BLOCKS, conditionChoices, sanitize } from "../blocks/program.js";
import { when } from "./teacher-board.js";

// Every condition a program can hold, so a read-only socket always has its option to show.
const EVERY_CONDITION = conditionChoices(Object.keys(BLOCKS).filter((type) => ["condition", "negate"].includes(BLOCKS[type].kind)).map((block) => ({ block })));

/** What block-view.js needs from an editor, for drawing only: locked, nothing selects or changes. */
function viewer() {
  return {
    locked: true, choices: EVERY_CONDITION, toolbox: [], notes: new Map(), program: { blocks: [], procedures: [] },
    selKey: () => "", parseSel: () => ({}), select() {}, change: () => false, note() {},
  };
}

function drawBlocks(node, program) {
  const view = viewer();
  view.program = program;
  const start = row(view, "start", "start-block", el("span", { class: "block-icon", "aria-hidden": "true", text: "⚑" }), el("span", { text: "Start" }));
  const main = el("div", { class: "block start", "data-block-id": "start" }, start, list(view, program.blocks, "main"));
  node.replaceChildren(main, ...program.procedures.map((procedure) => renderBlock(view, procedure)));
  // Nothing here can be edited: the controls are shown, not used, and only the tree is in the Tab order.
  for (const control of node.querySelectorAll("input, select, button")) control.tabIndex = -1;
  node.querySelector(".row")?.setAttribute("tabindex", "0");
}

export class ProgramPanel {
  constructor() {
    this.levels = new Map(); // level id → the level JSON, fetched once
    this.title = el("h2", { id: "program-title", "data-testid": "program-title" });
    this.close = el("button", { type: "button", class: "close-panel", "data-testid": "program-close", "aria-label": "Close", title: "Close (Esc)", text: "×" });
    this.latestButton = el("button", { type: "button", "data-testid": "show-latest", "aria-pressed": "true", text: "Latest run" });
    this.bestButton = el("button", { type: "button", "data-testid": "show-best", "aria-pressed": "false", text: "Best run" });
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
      el("div", { class: "run-choice", role: "group", "aria-label": "Which run" }, this.latestButton, this.bestButton),
      this.summary, this.outcome,
      el("div", { class: "panel-columns" },
        el("section", { class: "panel-program", "aria-label": "Program" },
          el("h3", { text: "Blocks" }), this.blocksNote, this.blocks, el("h3", { text: "Python" }), this.python),
        el("section", { class: "panel-replay", "aria-label": "Replay" },
          this.mapBox, el("div", { class: "replay-bar" }, this.replayButton, this.replayStatus))));
    document.body.append(this.dialog);
    this.map = new MapView(this.mapBox);
    this.player = new Player(this.map, { onEvent: (event) => this.highlight(event.block), speed: () => "normal" });
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

  /** Opens the panel for `pupil` ({id, name}) and `level` ({id, name}); `returnFocus()` afterwards. */
  async open(pupil, level, returnFocus) {
    const asked = ++this.asked;
    this.returnFocus = returnFocus;
    this.player.stop();
    this.title.textContent = `${pupil.name} · Level ${level.id}: ${level.name}`;
    this.saved = null;
    this.summary.textContent = "Fetching the program…";
    this.outcome.replaceChildren();
    this.blocks.replaceChildren();
    this.python.replaceChildren();
    this.mapBox.replaceChildren();
    this.replayStatus.textContent = "";
    this.replayButton.disabled = true;
    if (!this.dialog.open) this.dialog.showModal();
    this.close.focus();
    try {
      const [saved, map] = await Promise.all([
        api(`/api/router/players/acct-${encodeURIComponent(pupil.id)}/programs/${encodeURIComponent(level.id)}`),
        this.level(level.id),
      ]);
      if (asked !== this.asked) return;
      this.saved = saved;
      this.mapLevel = map;
      this.choose(saved.latest ? "latest" : "best");
    } catch (error) {
      if (asked !== this.asked) return;
      this.summary.textContent = error.status === 404
        ? "This program is not available: the pupil may have left the class."
        : `The program could not be fetched: ${error.message}`;
    }
  }

  async level(id) {
    if (!this.levels.has(id)) this.levels.set(id, await api(`/api/router/levels/${encodeURIComponent(id)}`));
    return this.levels.get(id);
  }

  /** Shows the latest or the best run. */
  choose(which) {
    this.player.stop();
    this.which = which;
    this.latestButton.setAttribute("aria-pressed", String(which === "latest"));
    this.bestButton.setAttribute("aria-pressed", String(which === "best"));
    const run = this.saved?.[which];
    this.latestButton.disabled = !this.saved?.latest;
    this.bestButton.disabled = !this.saved?.best;
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
      which === "latest" ? "Latest run" : "Best run",
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
    if (isBlocks) drawBlocks(this.blocks, sanitize(structuredClone(program)));
    const text = (program.python ?? run.python ?? "").replace(/\n$/, "");
    this.python.replaceChildren(...text.split("\n").map((line) => el("span", { class: "py-line", text: line || " " })));
    this.replayButton.disabled = !this.mapLevel || !Array.isArray(run.result?.events);
  }

  highlight(id) {
    for (const node of this.dialog.querySelectorAll(".running")) node.classList.remove("running");
    if (!id) return;
    const line = /^line:(\d+)$/.exec(id)?.[1];
    if (line) this.python.children[Number(line) - 1]?.classList.add("running");
    else this.blocks.querySelector(`.block[data-block-id="${CSS.escape(id)}"]`)?.classList.add("running");
  }

  async replay() {
    const run = this.saved?.[this.which];
    if (!run || !this.mapLevel) return;
    this.map.draw(this.mapLevel);
    this.replayStatus.textContent = "Replaying the run…";
    this.replayStatus.dataset.state = "playing";
    const finished = await this.player.play(run.result.events ?? []);
    this.highlight(null);
    if (!finished) return;
    const outcome = run.result.outcome ?? {};
    for (const square of outcome.delivered ?? []) this.map.markDelivered(square);
    this.replayStatus.dataset.state = "done";
    this.replayStatus.textContent = outcome.success ? "The replay is over: the van delivered." : "The replay is over: the van did not deliver.";
  }
}
