// What Rapid Router shows a signed-in teacher, to teach with it: "Show solution" on a level (the
// dialog is solution.js, loaded only when a teacher presses it, so a pupil's or a visitor's page never
// asks for an answer) and a "Lesson guide" link on each episode of the level select (guide.html).
// Who is signed in comes from class-sign-in.js's `tessera:account` event, as teacher-link.js does.
import { $, el, say } from "/shared/api.js";
import { t, translated, translatedAttributes } from "../shared/i18n.js";
import { DRAFT_ID } from "../shared/test-drive.js";
import { svgEl } from "../map/map-geometry.js";

const WORDS = "player.teaching";
let teacher = false;
let page = null; // { level() → the open level, episodes() → the catalog's episodes }

// Its look travels with it (router.css is the game's): the teacher's things in one purple, apart from the child's.
const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  .show-solution { display: inline-flex; align-items: center; gap: .35rem; padding: .3rem .8rem; font-size: .9rem; font-weight: 700;
    color: #5b2f9a; background: #f3ecfc; border: 2px solid #8e5bd0; border-radius: .5rem; }
  .show-solution:hover { background: #e9dcfa; }
  .guide-link { display: inline-flex; align-items: center; gap: .3rem; min-height: 2rem; margin: 0 0 .6rem; font-size: .9rem; font-weight: 700;
    color: #5b2f9a; }
  .guide-link svg { width: 1.1em; height: 1.1em; }
  @media (pointer: coarse) { .show-solution, .guide-link { min-height: 2.75rem; } }
`);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

/** An open book, drawn (emoji fonts are not everywhere). */
const book = () => svgEl("svg", { viewBox: "0 0 20 16", "aria-hidden": "true", focusable: "false" },
  svgEl("path", { d: "M1 2.5c3-1.2 6-1 9 1v11c-3-2-6-2.2-9-1zM19 2.5c-3-1.2-6-1-9 1v11c3-2 6-2.2 9-1z", fill: "none", stroke: "currentColor",
    "stroke-width": 1.6, "stroke-linejoin": "round" }));

/** Adds "Lesson guide" to each drawn episode card of the level select (for a teacher; router.js's
 *  renderSelect draws the cards, and calls this after, as it calls markLocks). */
export function markGuides(episodes) {
  for (const old of document.querySelectorAll(".guide-link")) old.remove();
  if (!teacher) return;
  for (const episode of episodes) {
    const card = document.querySelector(`[data-testid="episode-${CSS.escape(String(episode.number))}"]`);
    card?.querySelector(".level-grid")?.before(el("a", {
      class: "guide-link", href: `/router/guide.html?episode=${encodeURIComponent(episode.number)}`, "data-testid": `guide-link-${episode.number}`,
      "aria-label": t(`${WORDS}.lessonGuideLabel`, { number: episode.number, name: episode.name }),
    }, book(), t(`${WORDS}.lessonGuide`)));
  }
}

/** Shows or hides the teacher's parts for the open level and the level select. */
function render() {
  const button = $("show-solution");
  if (button) button.hidden = !teacher || location.hash === `#${DRAFT_ID}`;
  if (page && !$("select-view").hidden) markGuides(page.episodes());
}

async function openSolution() {
  const level = page?.level();
  if (!teacher || !level) return;
  try {
    const { showSolution } = await import("./solution.js");
    await showSolution(level, $("level-title").textContent, $("show-solution"));
  } catch (error) {
    say(error.message);
  }
}

/** Wires the teacher's parts to the page: `level()` answers the open level, `episodes()` the catalog's episodes. */
export function startTeaching(hooks) {
  page = hooks;
  const button = translated("button", `${WORDS}.showSolution`, {
    type: "button", class: "show-solution", id: "show-solution", "data-testid": "show-solution", hidden: true,
    ...translatedAttributes(`title:${WORDS}.showSolutionTitle`),
  });
  button.addEventListener("click", openSolution);
  $("level-nav").before(button);
  render();
}

window.addEventListener("hashchange", render);
window.addEventListener("tessera:account", ({ detail: user }) => {
  teacher = user?.role === "teacher";
  render();
});
