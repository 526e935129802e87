// The finish panel of "solve it yourself": the person's time and steps, then the three routes drawn
// on the maze — theirs, the explorer's and the shortest possible — each with its step count (and the
// explorer's time, with the same latency). Its fixed words are in index.html (data-i18n); what
// changes is written here from the catalogue's `maze.play.*`.
import { $ } from "/shared/api.js";
import { formatFixed as fixed, scoped } from "/shared/words.js";

const { t } = scoped("maze");

export function hideFinish() {
  $("play-finish").hidden = true;
}

/**
 * `result`: {won, seconds, steps, explorer: {steps, seconds} | {pending}, shortest: steps | null}.
 */
export function showFinish(result) {
  const panel = $("play-finish");
  const wasHidden = panel.hidden;
  panel.hidden = false;
  panel.dataset.won = String(result.won);
  $("finish-heading").textContent = t(result.won ? "play.wonHeading" : "play.gaveUpHeading");
  $("finish-time").textContent = t("play.yourTime", { seconds: fixed(result.seconds, 1) });
  $("route-you-count").textContent = t("play.steps", { steps: result.steps });
  const { explorer } = result;
  $("route-explorer-count").textContent = explorer.steps !== undefined
    ? (explorer.seconds === null ? t("play.steps", { steps: explorer.steps })
      : t("play.stepsIn", { steps: explorer.steps, seconds: fixed(explorer.seconds, 2) }))
    : t(explorer.pending ? "play.explorerBusy" : "play.explorerMissing");
  $("route-shortest-count").textContent = result.shortest === null
    ? t(explorer.pending ? "play.explorerBusy" : "play.explorerMissing") : t("play.steps", { steps: result.shortest });
  const verdict = result.won && result.shortest !== null
    ? (result.steps === result.shortest ? "play.perfect" : "play.extra") : null;
  $("finish-verdict").textContent = verdict ? t(verdict, { extra: result.steps - (result.shortest ?? 0) }) : "";
  if (wasHidden) {
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    panel.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
    $("play-again").focus({ preventScroll: true });
  }
}
