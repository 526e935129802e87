// Where the result card leaves the map, at the moment a child reads it (result.css draws the card).
// The card sits under the run controls, never over the map. Rather than shrinking the map to make
// room for the card (on a 1024×768 tablet that took more than half of its area), the map gives up
// only what the window cannot give: the card's room below the map is measured (--below-map), and the
// page scrolls just enough to bring the card into sight with the whole map above it, the level's
// head going up out of sight. Where map and card cannot both fit (a phone with a tall card), the
// square where the van stopped stays in sight instead, and the card's top with it.
import { $ } from "/shared/api.js";

const MARGIN = 8; // px kept clear at the window's edges

/** Measures the room the card and the controls take below the map (CSS sizes the map from it). */
function measure() {
  const svg = $("map").querySelector("svg");
  const stage = $("result").parentElement;
  if (!svg) return;
  const box = $("map").getBoundingClientRect();
  const drawn = svg.getBoundingClientRect();
  // What is not the map's drawing: the map box's frame above and below it, and everything under it in the stage.
  const below = stage.getBoundingClientRect().bottom - drawn.bottom + (drawn.top - box.top) + 2 * MARGIN;
  stage.style.setProperty("--below-map", `${Math.ceil(below)}px`);
}

/** Scrolls (at once: the van has just stopped, and a slow slide would make the map wander) by the least
 *  that shows the card's bottom, never past the top of what must stay in sight. */
function bringIntoView() {
  const map = $("map").getBoundingClientRect();
  const card = $("result").getBoundingClientRect();
  const van = $("map").querySelector("[data-testid=van]")?.getBoundingClientRect();
  const fits = card.bottom - map.top + 2 * MARGIN <= innerHeight;
  const keep = fits || !van ? map : van;
  let by = Math.min(Math.max(0, card.bottom + MARGIN - innerHeight), keep.top - MARGIN);
  by = Math.max(by, keep.bottom + MARGIN - innerHeight); // what is kept never ends below the window either
  if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: "instant" });
}

/** The card has just opened, or grew (a hint shown in it): room for it, then into sight. */
export function fitResult() {
  measure();
  bringIntoView();
}

// A turned tablet or a resized window: the room again, where the page is.
window.addEventListener("resize", () => { if (!$("result").hidden) measure(); });
