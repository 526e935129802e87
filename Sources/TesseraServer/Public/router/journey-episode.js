// The end-of-episode card: finishing the last level of an episode shows the episode's name, the
// stars earned in it, and the way on to the next episode (its name, summary and a button to its
// first level). After the last episode it says the course is finished. A modal <dialog>: it takes
// focus, Escape or "Stay here" closes it and focus goes back to the result card.
import { $, el } from "/shared/api.js";
import { rules } from "./rules.js";

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
    el("span", { text: `${earned} of ${max} stars` }));
}

/**
 * Opens the card for `episode` (from GET /api/router/episodes), after `progress` has this run in it.
 * `episodes`: every episode; `go(id)`: opens a level; `back()`: where focus goes when it closes.
 */
export function showEpisodeCard({ episode, episodes, progress, go, back }) {
  const dialog = $("episode-card");
  const index = episodes.indexOf(episode);
  const next = episodes[index + 1];
  const content = [];
  if (next) {
    const first = next.levels[0];
    content.push(
      el("p", { class: "episode-kicker", text: `Episode ${episode.number} complete` }),
      el("h2", { id: "episode-card-title", "data-testid": "episode-card-title", text: `You finished “${episode.name}”!` }),
      starLine(starsIn(episode.levels, progress)),
      el("div", { class: "episode-next", "data-testid": "episode-next-info" },
        el("p", { class: "episode-next-label", text: `Next: Episode ${next.number}` }),
        el("h3", { text: next.name }),
        el("p", { text: next.summary })),
      el("div", { class: "episode-actions" },
        el("button", { type: "button", class: "primary", "data-testid": "episode-next", text: `Start “${next.name}” ▸`,
          onclick: () => { dialog.close(); go(first.id); } }),
        el("button", { type: "button", "data-testid": "episode-stay", text: "Stay here", onclick: () => dialog.close() })));
  } else {
    const all = episodes.flatMap((each) => each.levels);
    content.push(
      el("p", { class: "episode-kicker", text: "The whole course" }),
      el("h2", { id: "episode-card-title", "data-testid": "episode-card-title", text: "You finished the course!" }),
      el("p", { text: `That was the last level of the last episode, “${episode.name}”. Every episode of Rapid Router is behind you.` }),
      starLine(starsIn(all, progress)),
      el("p", { class: "muted", text: "Go back for any stars you missed, or make a level of your own for your friends." }),
      el("div", { class: "episode-actions" },
        el("button", { type: "button", class: "primary", "data-testid": "episode-all-levels", text: "All levels",
          onclick: () => { dialog.close(); location.hash = ""; } }),
        el("a", { class: "button-link", href: "/router/designer.html", "data-testid": "episode-make-level", text: "✎ Make a level" }),
        el("button", { type: "button", "data-testid": "episode-stay", text: "Stay here", onclick: () => dialog.close() })));
  }
  dialog.dataset.last = String(!next);
  dialog.replaceChildren(el("div", { class: "episode-badge", "aria-hidden": "true", text: next ? String(episode.number) : "★" }), ...content);
  dialog.addEventListener("close", () => back(), { once: true });
  dialog.showModal();
  dialog.querySelector(".primary")?.focus();
}

/** Closes the card (a level change while it is open). */
export function closeEpisodeCard() {
  const dialog = $("episode-card");
  if (dialog.open) dialog.close();
}
