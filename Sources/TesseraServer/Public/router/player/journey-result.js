// The journey around the levels, as a level and its result card show it: Previous and Next level
// (in the level's head and in the result), the hint offered after two failed runs on a level, "Now
// try it in Python" after a success with blocks where the level has Python, the end-of-episode card
// (journey-episode.js), and the fuel gauge only on levels that use fuel.
import { $, el, say } from "/shared/api.js";
import { t } from "../shared/i18n.js";
import { closeEpisodeCard, relabelEpisodeCard, showEpisodeCard } from "./journey-episode.js";

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

    this.shown = success ? where : null;
    const finish = success ? finishText(where) : "";
    $("result-finish").textContent = finish;
    $("result-finish").hidden = !finish;

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

  /** After the card is shown: the end of an episode opens its card, with this run's stars counted. */
  async after(result) {
    const where = this.where();
    if (!result.outcome.success || where.draft || !where.lastOfEpisode || !where.episode) return;
    const level = this.state.level;
    await this.page.refreshProgress();
    if (this.state.level !== level) return; // the child went elsewhere meanwhile
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
    // The card grew: the map gives up the new height too (router.css, runner.js).
    $("result").parentElement.style.setProperty("--result-room", `${Math.ceil($("result").getBoundingClientRect().height) + 12}px`);
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

/** What finishing this level means beyond itself: the end of an episode, or of every level. */
function finishText({ episode, lastOfEpisode, lastOfAll }) {
  if (lastOfAll) return t("player.result.lastOfAll");
  if (lastOfEpisode && episode) return t("player.result.lastOfEpisode", { number: episode.number, name: episode.name });
  return "";
}
