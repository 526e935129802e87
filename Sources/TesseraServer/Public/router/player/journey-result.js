// The journey around the levels, as a level and its result card show it: Previous and Next level
// (in the level's head and in the result), the hint offered after two failed runs on a level, "Now
// try it in Python" after a success with blocks where the level has Python, the end-of-episode card
// (journey-episode.js), and the fuel gauge only on levels that use fuel.
import { $, el, say } from "/shared/api.js";
import { t } from "../shared/i18n.js";
import { closeEpisodeCard, relabelEpisodeCard, showEpisodeCard } from "./journey-episode.js";
import { fitResult } from "./result-view.js";
import { offerKeepAnswer } from "./keep-answer.js";

/**
 * Fuel. The engine always counts it (every move, wait and horn uses one; VanSimulation), but the
 * tank only matters to a child when the level makes it small. So a level "uses fuel" when its
 * `maxFuel` is below the default tank of 50 (what the designer and the level scripts write when
 * the author says nothing about fuel), and the gauge shows only there. A run that empties a
 * default tank anyway (a program that wanders) shows the gauge from then on, beside the message.
 */
export const DEFAULT_FUEL = 50;
export const usesFuel = (level) => Number(level?.maxFuel) < DEFAULT_FUEL;

/** Failed runs on one level before the hint is offered. */
const HINT_AFTER = 2;

export class Journey {
  /** `page`: { state, setTab(tab) }. */
  constructor(page) {
    this.page = page;
    this.failures = 0;
    $("show-hint").addEventListener("click", () => this.showHint());
    $("try-python").addEventListener("click", () => this.tryPython());
    $("prev-level").addEventListener("click", () => this.go(this.where().previous));
    $("next-level").addEventListener("click", () => this.go(this.where().next));
  }

  get state() { return this.page.state; }

  go(id) { if (id) location.hash = `level=${encodeURIComponent(id)}`; }

  /** Where the open level sits in the course: its neighbours in playing order and its episode. */
  where() {
    const { state } = this;
    const id = state.level?.id;
    const index = state.order.indexOf(id);
    const episode = state.episodes.find((each) => each.levels.some((level) => level.id === id)) ?? null;
    const last = episode?.levels.at(-1)?.id === id;
    return {
      draft: state.level?.source === "draft", episode, lastOfEpisode: last, lastOfAll: last && state.order.at(-1) === id,
      previous: index > 0 ? state.order[index - 1] : null, next: index >= 0 ? state.order[index + 1] ?? null : null,
    };
  }

  /** A level was opened: counts start again, the gauge and the head's links follow the level. */
  enterLevel(level) {
    this.failures = 0;
    this.solvedBefore = Boolean(this.state.progress[level.id]?.solved); // so a first success here can finish the episode
    closeEpisodeCard();
    $("hint-offer").hidden = true;
    $("fuel-gauge").hidden = !usesFuel(level);
    const { previous, next } = this.where();
    for (const [id, target] of [["nav-prev", previous], ["nav-next", next]]) {
      $(id).hidden = !target;
      if (target) $(id).href = `#level=${encodeURIComponent(target)}`;
    }
    $("level-nav").hidden = !previous && !next;
    this.relabel();
  }

  /** The words this draws, in the page's language (again after a change of language). */
  relabel() {
    const { previous, next } = this.where();
    for (const [id, target, key] of [["nav-prev", previous, "navPreviousLabel"], ["nav-next", next, "navNextLabel"]]) {
      if (target) $(id).setAttribute("aria-label", t(`player.journey.${key}`, { id: target }));
    }
    if (this.shown && !$("result").hidden) $("result-finish").textContent = finishText(this.shown);
    relabelEpisodeCard();
  }

  /**
   * Fills the result card's journey parts for `result` (the run answer); returns the words to say
   * beyond the outcome and the button to focus.
   */
  decorate(result) {
    const { outcome, score } = result;
    const { state } = this;
    const level = state.level;
    const where = this.where();
    const success = outcome.success;
    if (!success) this.failures += 1;
    if (outcome.failure === "out_of_fuel") $("fuel-gauge").hidden = false;

    this.wasSolved = this.solvedBefore; // before this run
    if (success) this.solvedBefore = true;
    const finish = this.showFinish(success ? where : null);

    // After a success Previous and Next level are the ways on; after a failure Try again is, and the
    // card stays short so the map keeps its room (the level's head links to both levels anyway).
    $("prev-level").hidden = !success || !where.previous;
    $("next-level").hidden = !success || !where.next;
    $("try-again").classList.toggle("primary", !success);
    // Where there is no next level (the last one, a custom level) the way on is the level list;
    // at the end of an episode it is offered beside the next episode's first level.
    $("all-levels").hidden = !success || where.draft || (Boolean(where.next) && !where.lastOfEpisode);
    $("all-levels").classList.toggle("primary", success && !where.next);
    $("result-designer").hidden = !where.draft;
    offerKeepAnswer(success && where.draft);
    $("try-again").hidden = success && score.total === score.max && (Boolean(where.next) || !$("all-levels").hidden || where.draft);

    const offerHint = !success && this.failures >= HINT_AFTER && Boolean(level?.hint);
    $("hint-offer").hidden = !offerHint;
    $("offered-hint").hidden = true;
    $("show-hint").hidden = false;

    const python = success && state.mode === "blocks" && hasPython(level);
    $("python-nudge").hidden = !python;

    const words = [finish];
    if (offerHint) words.push($("hint-offer-words").textContent);
    if (python) words.push(t("player.journey.pythonNudgeSaid"));
    const order = success ? ["next-level", "all-levels", "result-designer", "try-again", "try-python"] : ["try-again"];
    return { words: words.filter(Boolean).join(" "), focus: order.map((id) => $(id)).find((button) => !button.hidden) };
  }

  /**
   * How many levels are still unsolved, by this player's progress, with `solved` (the level just
   * finished) counted as solved whether or not the progress has heard of its run yet: in `episode`,
   * and in the whole course. Null outside our episodes (a stored level, a test drive).
   */
  left(episode, solved) {
    if (!episode) return null;
    const { progress, episodes } = this.state;
    const open = (levels) => levels.filter((level) => level.id !== solved && !progress[level.id]?.solved).length;
    return { episode: open(episode.levels), course: open(episodes.flatMap((each) => each.levels)) };
  }

  /**
   * The card's line on what this success means for the episode (`where`; null: none), from this
   * player's progress as the page has it now; answers the words. The episode is complete when this
   * run solved its last unsolved level, or on its last level once all are solved.
   */
  showFinish(where) {
    const left = where && !where.draft ? this.left(where.episode, this.state.level?.id) : null;
    this.shown = where ? { ...where, left, completes: left?.episode === 0 && (!this.wasSolved || where.lastOfEpisode) } : null;
    const finish = this.shown ? finishText(this.shown) : "";
    $("result-finish").textContent = finish;
    $("result-finish").hidden = !finish;
    return finish;
  }

  /**
   * After the card is shown, with the progress fetched again (the run is in it, and so is anything
   * solved elsewhere meanwhile): the line again, and finishing an episode opens its card.
   */
  async after(result) {
    const where = this.where();
    if (!result.outcome.success || where.draft || !where.episode) return;
    const level = this.state.level;
    await this.page.refreshProgress();
    if (this.state.level !== level || $("result").hidden) return; // the child went elsewhere meanwhile
    const said = $("result-finish").textContent;
    if (this.showFinish(where) !== said) fitResult(); // a line more or less: room for the card again
    if (!this.shown?.completes) return;
    showEpisodeCard({
      episode: where.episode, episodes: this.state.episodes, progress: this.state.progress,
      go: (id) => this.go(id),
      back: () => (["next-level", "all-levels", "try-again"].map((id) => $(id)).find((button) => !button.hidden) ?? $("play")).focus(),
    });
  }

  showHint() {
    const hint = this.state.level?.hint ?? "";
    $("offered-hint").textContent = hint;
    $("offered-hint").hidden = false;
    $("show-hint").hidden = true;
    fitResult(); // the card grew: room for it, and its end in sight (result-view.js)
    $("offered-hint").focus({ preventScroll: true });
    say(t("player.journey.hintSaid", { hint }), true, { seen: false });
  }

  tryPython() {
    const level = this.state.level;
    this.page.setTab(level?.pythonEnabled ? "python" : "pyview");
    $(level?.pythonEnabled ? "python-code" : "tab-pyview").focus();
    say(t(level?.pythonEnabled ? "player.journey.pythonEditorHere" : "player.journey.pythonViewHere"), true);
  }
}

/** A level with a Python view, or with Python beside blocks. */
export const hasPython = (level) => Boolean(level && level.blocklyEnabled && (level.pythonViewEnabled || level.pythonEnabled));

/**
 * What finishing this level means beyond itself, by this player's progress: the whole course or the
 * episode finished (only when every level of it is solved, whatever order they were played in), or,
 * on an episode's last level, how many of its levels are still to do.
 */
function finishText({ episode, lastOfEpisode, lastOfAll, left, completes }) {
  if (!episode || !left) return "";
  if (left.course === 0 && lastOfAll) return t("player.result.lastOfAll");
  if (left.course === 0 && completes) return t("player.teaching.courseDone");
  if (left.episode === 0 && completes) return t("player.teaching.episodeDone", { name: episode.name });
  if (lastOfEpisode) return t("player.teaching.levelsLeft", { count: left.episode });
  return "";
}
