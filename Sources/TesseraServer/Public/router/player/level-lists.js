// The level select's stored levels: "My levels" (the ones this player made or imported, newest
// first) and "Shared with me" (shared with their class by a classmate or their teacher). Nobody
// else's levels are ever listed. A teacher sees the levels shared with their classes here too and
// can remove one: it is deleted for everyone, its maker included (moderation); a pupil's level that
// waits for their approval is marked so, with Approve and Reject (level-approval.js). The level list
// brings the first page of each; "Show more" fetches the next (GET /api/router/levels).
import { $, el, say } from "/shared/api.js";
import { t } from "../shared/i18n.js";
import { deleteLevel, listLevels } from "../shared/my-levels.js";
import { decideLevel } from "../shared/level-approval.js";

const PAGE = 20; // levels per page, as the server sends them
const summary = (level) => ({ id: level.id, name: level.name, maxScore: 0, blockly: true, python: false });

/** Fills both sections; `tile(summary, label)` draws a level tile (an `li`), `changed()` reloads the
 *  lists. More pages are appended to the arrays themselves, so a redraw keeps them. */
export function renderStoredLevels({ mine = [], shared = [] }, tile, changed) {
  const redraw = () => renderStoredLevels({ mine, shared }, tile, changed);
  $("custom-section").hidden = mine.length === 0;
  $("custom-levels").replaceChildren(...mine.map((level, index) =>
    tile(summary(level), level.source === "imported" ? `I${index + 1}` : `C${index + 1}`)));
  showMore($("custom-section"), "mine", mine, t("player.select.showMoreMine"), redraw);
  $("shared-section").hidden = shared.length === 0;
  $("shared-levels").replaceChildren(...shared.map((level, index) => {
    const item = tile(summary(level), `S${index + 1}`);
    const remove = level.mayDelete && !level.mine ? removeButton(level, changed) : "";
    if (level.waitingIn?.length) {
      // Beside its tile (two columns wide): the mark, then Approve, Reject and Remove.
      item.classList.add("waiting");
      item.append(approval(level, changed, remove));
    } else if (remove) item.append(remove);
    return item;
  }));
  showMore($("shared-section"), "shared", shared, t("player.select.showMoreShared"), redraw);
}

/** A "Show more" button under a section while the server may have another page. */
function showMore(section, scope, levels, label, redraw) {
  section.querySelector(".show-more")?.remove();
  if (levels.nextPage === undefined) levels.nextPage = levels.length >= PAGE ? 2 : null; // a fresh first page
  if (!levels.nextPage) return;
  section.append(el("button", {
    type: "button", class: "show-more", "data-testid": `more-${scope}`, text: label,
    onclick: async (event) => {
      event.currentTarget.disabled = true;
      try {
        const page = await listLevels(scope, levels.nextPage);
        const seen = new Set(levels.map((level) => level.id));
        levels.push(...page.levels.filter((level) => !seen.has(level.id)));
        levels.nextPage = page.next;
        const first = page.levels[0]?.id;
        redraw();
        say(t("player.select.moreLevels", { count: page.levels.length }), true);
        if (first) section.querySelector(`[data-testid="level-${CSS.escape(first)}"]`)?.focus();
      } catch (error) {
        say(error.message);
        redraw();
      }
    },
  }));
}

function removeButton(level, changed) {
  return el("button", {
    type: "button", class: "remove-shared", "data-testid": `remove-${level.id}`, text: t("player.select.remove"),
    "aria-label": t("player.select.removeLabel", { name: level.name }),
    onclick: async (event) => {
      const button = event.currentTarget;
      if (!window.confirm(t("player.select.removeConfirm", { name: level.name }))) return;
      button.disabled = true;
      try {
        await deleteLevel(level.id);
        say(t("player.select.removed", { name: level.name }), true);
        await changed();
        // Back to the list it was in, or, when that was the last one, to the top of the level select.
        ($("shared-section").hidden ? $("select-title") : $("shared-section")).focus({ preventScroll: true });
      } catch (error) {
        button.disabled = false;
        say(error.message);
      }
    },
  });
}

/** "Waiting for your approval", with Approve and Reject (for every class of theirs where it waits). */
function approval(level, changed, remove) {
  const button = (kind) => el("button", {
    type: "button", class: `decide-level ${kind}`, "data-testid": `${kind}-${level.id}`, text: t(`player.select.${kind}`),
    "aria-label": t(`player.select.${kind}Label`, { name: level.name }),
    onclick: async (event) => {
      const pressed = event.currentTarget;
      pressed.disabled = true;
      try {
        for (const classId of level.waitingIn) await decideLevel(classId, level.id, kind);
        say(t(kind === "approve" ? "player.select.approved" : "player.select.rejected", { name: level.name }), true);
        await changed();
        $("shared-section").focus({ preventScroll: true });
      } catch (error) {
        pressed.disabled = false;
        say(error.message);
      }
    },
  });
  return el("div", { class: "waiting-level", "data-testid": `waiting-${level.id}` },
    el("span", { class: "waiting-mark", text: t("player.select.waiting") }),
    el("span", { class: "decide-buttons" }, button("approve"), button("reject"), remove));
}
