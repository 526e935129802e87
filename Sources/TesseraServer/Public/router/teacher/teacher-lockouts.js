// Pupils locked out by too many wrong passwords (their own typos, or someone guessing their name on
// another device), above the scoreboard with an Unlock button each: the teacher sees who is stuck
// at the door without leaving the dashboard. Asked again with every scoreboard refresh and every
// half minute (a failed sign-in sends no live event).
import { $, api, el, say } from "/shared/api.js";

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
    el("strong", { text: locked.length === 1 ? "Locked out: " : `${locked.length} pupils locked out: ` }),
    el("span", { class: "muted", text: "too many wrong passwords on a device they have not used before. " }),
    el("ul", { class: "locked-list" }, ...locked.map((pupil) => el("li", { "data-testid": "locked-pupil" },
      el("span", { text: pupil.name }), " ",
      el("button", { type: "button", "data-testid": "unlock-pupil", "aria-label": `Unlock ${pupil.name}`, text: "Unlock",
        onclick: async () => {
          try {
            await api(`/api/classes/${encodeURIComponent(classId)}/pupils/${encodeURIComponent(pupil.id)}/unlock`, { method: "POST" });
            say(`${pupil.name} can sign in again.`, true);
          } catch (error) {
            say(error.message);
          }
          await showLockouts(classId);
        } })))));
}

setInterval(() => { if (shown && !document.hidden) showLockouts(shown); }, 30_000);
