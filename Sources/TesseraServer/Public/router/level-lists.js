// The level select's stored levels: "My levels" (the ones this player made or imported, newest
// first) and "Shared with me" (shared with their class by a classmate or their teacher). Nobody
// else's levels are ever listed. A teacher sees the levels shared with their classes here too and
// can remove one: it is deleted for everyone, its maker included (moderation).
import { $, el, say } from "/shared/api.js";
import { deleteLevel } from "./my-levels.js";

const summary = (level) => ({ id: level.id, name: level.name, maxScore: 0, blockly: true, python: false });

/** Fills both sections; `tile(summary, label)` draws a level tile (an `li`), `changed()` reloads the lists. */
export function renderStoredLevels({ mine = [], shared = [] }, tile, changed) {
  $("custom-section").hidden = mine.length === 0;
  $("custom-levels").replaceChildren(...mine.map((level, index) =>
    tile(summary(level), level.source === "imported" ? `I${index + 1}` : `C${index + 1}`)));
  $("shared-section").hidden = shared.length === 0;
  $("shared-levels").replaceChildren(...shared.map((level, index) => {
    const item = tile(summary(level), `S${index + 1}`);
    if (level.mayDelete && !level.mine) item.append(removeButton(level, changed));
    return item;
  }));
}

function removeButton(level, changed) {
  return el("button", {
    type: "button", class: "remove-shared", "data-testid": `remove-${level.id}`, text: "Remove",
    "aria-label": `Remove “${level.name}” for everyone`,
    onclick: async (event) => {
      const button = event.currentTarget;
      if (!window.confirm(`Remove “${level.name}”? It will be deleted for everyone, including the pupil who made it.`)) return;
      button.disabled = true;
      try {
        await deleteLevel(level.id);
        say(`Removed “${level.name}”.`, true);
        await changed();
        $("shared-section").focus({ preventScroll: true });
      } catch (error) {
        button.disabled = false;
        say(error.message);
      }
    },
  });
}
