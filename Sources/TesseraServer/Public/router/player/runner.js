// Running a program: Play, Step, Stop, Reset and the speed, the fuel gauge, the running and failing
// block marks, the sounds and the result card. The server runs the whole program at once
// (POST /api/router/levels/{id}/runs, or POST /api/router/runs with the level itself for the
// designer's test drive, which stores nothing); this only animates the events it answers with (player.js).
//
// - Play: run and animate to the end. While stepping, Play goes on at full speed.
// - Step: the first press runs the program and shows its first step; each press after that shows
//   one more (the block that ran stays highlighted). Pressing Step while it plays pauses it.
// - Stop: ends the animation where it is. Reset: puts the van back at the depot.
import { $, api, say, textWithCode } from "/shared/api.js";
import { inPageLanguage, serverTextLanguage, t } from "../shared/i18n.js";
import { Player } from "./player.js";
import { Sounds } from "./sounds.js";
import { draftBody } from "../shared/test-drive.js";
import { levelApi } from "../shared/my-levels.js";
import { fitResult } from "./result-view.js";

export class Runner {
  /** `page`: { state, map, editor, python, refreshProgress, journey (journey-result.js) }. */
  constructor(page) {
    this.page = page;
    this.state = page.state;
    this.sounds = new Sounds($("mute"));
    this.player = new Player(page.map, {
      onEvent: (event) => this.showEvent(event),
      speed: () => $("speed").value,
      onPause: () => this.paused(),
    });
  }

  get map() { return this.page.map; }
  get editor() { return this.page.editor; }
  get python() { return this.page.python; }

  setRunning(running) {
    this.state.running = running;
    this.renderButtons();
    this.editor.setLocked(running);
    this.python.setLocked(running);
  }

  renderButtons() {
    const { running } = this.state;
    const playing = running && this.player.playing;
    const paused = playing && this.player.paused;
    $("play").disabled = running && !paused;
    $("play").textContent = t(paused ? "player.run.goOn" : "player.run.play");
    $("step").disabled = running && !playing;
    $("stop").disabled = !running;
  }

  setFuel(percent) {
    const value = Math.max(0, Math.min(100, Math.round(percent)));
    $("fuel-fill").style.setProperty("width", `${value}%`);
    $("fuel").setAttribute("aria-valuenow", String(value));
    $("fuel").classList.toggle("low", value <= 25);
  }

  resetMap() {
    const level = this.state.level;
    if (!level) return;
    this.map.draw(level);
    this.setFuel(100);
    this.editor.highlight(null);
    this.editor.highlight(null, "failing");
    this.python.markRunning(null);
    this.clearResult();
  }

  clearResult() {
    $("result").hidden = true;
    $("message").classList.remove("heard-only"); // the card is gone: the line shows again
  }

  showEvent(event) {
    if (event.block) {
      const line = lineOf(event.block);
      if (line) this.python.markRunning(line); else this.editor.highlight(event.block);
    }
    if (typeof event.fuelPercent === "number") this.setFuel(event.fuelPercent);
    if (event.type === "horn") this.sounds.play("horn");
    else if (event.type === "deliver") this.sounds.play("chime");
    else if (event.type === "crash") this.sounds.play("crash");
    if (this.player.paused && typeof event.step === "number") $("step").dataset.step = String(event.step);
  }

  /** The player waits for the next Step. */
  paused() {
    this.renderButtons();
    say(t("player.run.stepDone", { step: $("step").dataset.step ?? "" }), true);
  }

  programBody() {
    const { mode } = this.state;
    return mode === "python" ? { python: this.python.value } : { blocks: this.editor.program.blocks, procedures: this.editor.program.procedures };
  }

  play() {
    if (this.state.running) {
      this.player.resume();
      this.renderButtons();
      say(t("player.run.onItsWay"), true);
      return;
    }
    this.start(false);
  }

  step() {
    if (!this.state.running) { this.start(true); return; }
    if (this.player.waiting) this.player.step();
    else this.player.pause();
    this.renderButtons();
  }

  async start(stepping) {
    const { state } = this;
    if (!state.level || state.running) return;
    this.stop(false);
    this.resetMap();
    const level = state.level;
    const seconds = Math.min(86_400, Math.max(0, (performance.now() - state.openedAt) / 1000));
    state.openedAt = performance.now();
    const run = ++state.run;
    delete $("step").dataset.step;
    this.setRunning(true);
    this.sounds.play("engine");
    const unit = this.state.mode === "python" ? "Line" : "Block";
    say(t(stepping ? `player.run.stepByStep${unit}` : "player.run.onItsWay"), true);
    const draft = level.source === "draft";
    // The server words the run's ending, its score and any problem with the program in the page's
    // language (?lang=); the card remembers which, so it can say so (lang) after a change of language.
    const asked = serverTextLanguage();
    let result;
    try {
      result = draft
        ? await api(inPageLanguage("/api/router/runs"), { method: "POST", body: { level: draftBody(level), program: this.programBody() } })
        : await levelApi(inPageLanguage(`/api/router/levels/${encodeURIComponent(level.id)}/runs`), { // a private level runs for its owner
          method: "POST", body: { program: this.programBody(), player: state.player, seconds: Math.round(seconds * 1000) / 1000 },
        });
    } catch (error) {
      if (run !== state.run) return;
      this.setRunning(false);
      // A level the teacher locked says so in the page's language; other refusals are the server's
      // words, in the page's language too ("Line 3:" / "Línea 3:").
      say(error.code === "level_locked" ? t("player.locks.run") : error.message);
      const line = /^(?:Line|Línea) (\d+):/.exec(error.message)?.[1];
      if (line && state.mode === "python") this.python.markError(Number(line));
      return;
    }
    if (run !== state.run) return;
    if (state.mode === "python") this.python.showOutput(result.output); // what print() wrote, in the console
    if (!draft) this.page.refreshProgress();
    const playing = this.player.play(result.events, { stepping });
    this.renderButtons();
    const finished = await playing;
    if (run !== state.run || state.level !== level) return;
    this.setRunning(false);
    this.editor.highlight(null);
    this.python.markRunning(null);
    if (!finished) return;
    this.showResult(result, asked);
  }

  /** Ends a run where it is (`announce`: say so). */
  stop(announce = true) {
    this.player.stop();
    if (this.state.running) {
      this.state.run += 1;
      this.setRunning(false);
      this.editor.highlight(null);
      this.python.markRunning(null);
      if (announce) say(t("player.run.stopped"), true);
    }
  }

  /** `asked`: the language the server was asked to word `result` in. */
  showResult(result, asked) {
    const { outcome, score } = result;
    for (const square of outcome.delivered ?? []) this.map.markDelivered(square);
    const failing = outcome.failingBlock;
    if (!outcome.success && failing) {
      const line = lineOf(failing);
      if (line) this.python.markError(line); else this.editor.highlight(failing, "failing");
    }
    if (outcome.success) this.sounds.play("jingle");
    $("result").dataset.success = String(outcome.success);
    const title = this.labelResult(result, this.state.mode);
    $("result-message").replaceChildren(...textWithCode(outcome.message));
    // A later change of language leaves the server's sentence as it was (the run is not asked
    // again: the van has already driven); its lang says which language it is in.
    $("result-message").lang = asked;
    // Previous/Next, the end of an episode, the hint offer and "Now try it in Python" (journey-result.js).
    const { words, focus } = this.page.journey.decorate(result);
    $("result").hidden = false;
    // The status line is the live region: it says the result once for screen readers, and is
    // hidden from sight while the card shows the same words (so they never appear twice).
    say([title, outcome.message, words].filter(Boolean).join(" "), outcome.success, { seen: false });
    // Then, with the status line out of the way: the card in sight with the map, or at least where the van stopped.
    fitResult();
    focus?.focus({ preventScroll: true });
    this.page.journey.after(result);
  }

  /** The result card's own words for `result` of a run in `mode` (the server's message is left as it is);
   *  answers the title. */
  labelResult(result, mode) {
    this.shown = { result, mode };
    const { outcome, score } = result;
    const title = t(outcome.success ? (score.total === score.max ? "player.result.fullMarks" : "player.result.delivered") : "player.result.ohNo");
    $("result-title").textContent = title;
    $("route-score").textContent = scoreText(score.route, score.routeMax);
    $("algorithm-score").textContent = scoreText(score.algorithm, score.algorithmMax);
    $("total-score").textContent = `${score.total}/${score.max}`;
    // The block count means nothing for a Python program (it is always 0 there).
    const note = mode === "python" ? score.message : t("player.result.scoreNote", { message: score.message, count: result.blockCount });
    $("score-note").textContent = outcome.success ? note : "";
    return title;
  }

  /** A new language: the buttons, the sound button and an open result card say it again. */
  relabel() {
    this.renderButtons();
    this.sounds.render();
    if (this.shown && !$("result").hidden) this.labelResult(this.shown.result, this.shown.mode);
  }
}

function lineOf(block) {
  const match = /^line:(\d+)$/.exec(block ?? "");
  return match ? Number(match[1]) : null;
}

function scoreText(value, max) {
  return max ? `${value}/${max}` : t("player.result.notScored");
}
