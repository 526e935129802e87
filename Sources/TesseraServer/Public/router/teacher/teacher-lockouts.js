// Pupils locked out by too many wrong passwords (their own typos, or someone guessing their name on
// another device), above the scoreboard with an Unlock button each: the teacher sees who is stuck
// at the door without leaving the dashboard. Asked again with every scoreboard refresh and every
// half minute (a failed sign-in sends no live event).
import { $, api, el, say } from "/shared/api.js";
import { t } from "./teacher-words.js";

let shown = null;

/** Draws the class's locked pupils into #locked-pupils (hidden when there are none). */
export async function showLockouts(classId) {
  shown = classId;
  let pupils;
  try {
    ({ pupils } = await api(`/api/classes/${encodeURIComponent(classId)}/pupils`));
  } catch {
    return; // the scoreboard says what went wrong; this strip just stays as it was
  }
  if (shown !== classId) return;
  const locked = pupils.filter((pupil) => pupil.locked);
  const box = $("locked-pupils");
  box.hidden = locked.length === 0;
  box.replaceChildren(
    el("strong", { text: t("teacher.lockouts.title", { count: locked.length }) }), " ",
    el("span", { class: "muted", text: t("teacher.lockouts.why") }),
    el("ul", { class: "locked-list" }, ...locked.map((pupil) => el("li", { "data-testid": "locked-pupil" },
      el("span", { text: pupil.name }), " ",
      el("button", { type: "button", "data-testid": "unlock-pupil", "aria-label": t("teacher.lockouts.unlockLabel", { name: pupil.name }), text: t("teacher.lockouts.unlock"),
        onclick: async () => {
          try {
            await api(`/api/classes/${encodeURIComponent(classId)}/pupils/${encodeURIComponent(pupil.id)}/unlock`, { method: "POST" });
            say(t("teacher.lockouts.unlocked", { name: pupil.name }), true);
          } catch (error) {
            say(error.message);
          }
          await showLockouts(classId);
        } })))));
}

setInterval(() => { if (shown && !document.hidden) showLockouts(shown); }, 30_000);
