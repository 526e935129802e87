// The end-of-episode card: solving the last unsolved level of an episode (journey-result.js) shows
// the episode's name, the stars earned in it, and the way on to the next episode (its name, summary
// and a button to its first level). After the last episode it says the course is finished, once
// every level of every episode is solved. A modal <dialog>: it takes focus, Escape or "Stay here"
// closes it and focus goes back to the result card.
import { $, el } from "/shared/api.js";
import { t } from "../shared/i18n.js";
import { rules } from "../shared/rules.js";

/** Stars earned in `levels` (summaries) and how many there are to earn. */
function starsIn(levels, progress) {
  const each = rules.maxStars ?? 3;
  const earned = levels.reduce((sum, level) => sum + Math.min(each, progress[level.id]?.stars ?? 0), 0);
  return { earned, max: each * levels.length };
}

/** A big star row for sighted readers; the words beside it say the same for everyone. */
function starLine({ earned, max }) {
  return el("p", { class: "episode-stars", "data-testid": "episode-stars" },
    el("span", { class: "big-star", "aria-hidden": "true", text: "★" }),
    el("span", { text: t("player.journey.stars", { earned, max }) }));
}

let shown = null; // what the open card shows, to draw it again in another language

/** The card's content for `shown`'s episode (the episodes' names and summaries are the server's). */
function draw({ episode, episodes, progress, go }) {
  const dialog = $("episode-card");
  const next = episodes[episodes.indexOf(episode) + 1];
  const words = "player.journey";
  const content = [];
  // The last episode finishes the course only when every level of every episode is solved.
  const all = episodes.flatMap((each) => each.levels);
  const courseDone = all.every((level) => progress[level.id]?.solved);
  if (!next && !courseDone) {
    content.push(
      el("p", { class: "episode-kicker", text: t(`${words}.episodeComplete`, { number: episode.number }) }),
      el("h2", { id: "episode-card-title", "data-testid": "episode-card-title", text: t(`${words}.episodeFinished`, { name: episode.name }) }),
      starLine(starsIn(episode.levels, progress)),
      el("div", { class: "episode-actions" },
        el("button", { type: "button", class: "primary", "data-testid": "episode-all-levels", text: t("player.result.allLevels"),
          onclick: () => { dialog.close(); location.hash = ""; } }),
        el("button", { type: "button", "data-testid": "episode-stay", text: t(`${words}.stayHere`), onclick: () => dialog.close() })));
  } else if (next) {
    const first = next.levels[0];
    content.push(
      el("p", { class: "episode-kicker", text: t(`${words}.episodeComplete`, { number: episode.number }) }),
      el("h2", { id: "episode-card-title", "data-testid": "episode-card-title", text: t(`${words}.episodeFinished`, { name: episode.name }) }),
      starLine(starsIn(episode.levels, progress)),
      el("div", { class: "episode-next", "data-testid": "episode-next-info" },
        el("p", { class: "episode-next-label", text: t(`${words}.nextEpisode`, { number: next.number }) }),
        el("h3", { text: next.name }),
        el("p", { text: next.summary })),
      el("div", { class: "episode-actions" },
        el("button", { type: "button", class: "primary", "data-testid": "episode-next", text: t(`${words}.startEpisode`, { name: next.name }),
          onclick: () => { dialog.close(); go(first.id); } }),
        el("button", { type: "button", "data-testid": "episode-stay", text: t(`${words}.stayHere`), onclick: () => dialog.close() })));
  } else {
    content.push(
      el("p", { class: "episode-kicker", text: t(`${words}.wholeCourse`) }),
      el("h2", { id: "episode-card-title", "data-testid": "episode-card-title", text: t(`${words}.courseFinished`) }),
      el("p", { text: t(`${words}.courseFinishedText`, { name: episode.name }) }),
      starLine(starsIn(all, progress)),
      el("p", { class: "muted", text: t(`${words}.courseFinishedNext`) }),
      el("div", { class: "episode-actions" },
        el("button", { type: "button", class: "primary", "data-testid": "episode-all-levels", text: t("player.result.allLevels"),
          onclick: () => { dialog.close(); location.hash = ""; } }),
        el("a", { class: "button-link", href: "/router/designer.html", "data-testid": "episode-make-level", text: t("player.select.makeLevel") }),
        el("button", { type: "button", "data-testid": "episode-stay", text: t(`${words}.stayHere`), onclick: () => dialog.close() })));
  }
  dialog.dataset.last = String(!next && courseDone);
  dialog.replaceChildren(el("div", { class: "episode-badge", "aria-hidden": "true", text: next || !courseDone ? String(episode.number) : "★" }), ...content);
}

/**
 * Opens the card for `episode` (from GET /api/router/episodes), after `progress` has this run in it.
 * `episodes`: every episode; `go(id)`: opens a level; `back()`: where focus goes when it closes.
 */
export function showEpisodeCard({ episode, episodes, progress, go, back }) {
  const dialog = $("episode-card");
  shown = { episode, episodes, progress, go };
  draw(shown);
  dialog.addEventListener("close", () => { shown = null; back(); }, { once: true });
  dialog.showModal();
  dialog.querySelector(".primary")?.focus();
}

/** The open card again in the page's language, with the focus on the same button. */
export function relabelEpisodeCard() {
  const dialog = $("episode-card");
  if (!shown || !dialog.open) return;
  const focused = dialog.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
  draw(shown);
  (focused ? dialog.querySelector(`[data-testid="${focused}"]`) : null)?.focus();
}

/** The episodes again in another language (GET /api/router/episodes?lang=): an open card shows their new words. */
export function useEpisodeWords(episodes) {
  if (!shown) return;
  const episode = episodes.find((each) => each.number === shown.episode.number);
  if (episode) shown = { ...shown, episode, episodes };
  relabelEpisodeCard();
}

/** Closes the card (a level change while it is open). */
export function closeEpisodeCard() {
  const dialog = $("episode-card");
  if (dialog.open) dialog.close();
}
