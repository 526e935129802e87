// The first sign-in offer: a pupil who played on this browser before signing in (anonymous
// progress under the browser's own player id) and whose account has no progress yet is asked
// whether to keep those levels. Keep → POST /api/router/progress/claim merges them into the
// account (the server empties the anonymous record, so a second claim adds nothing). "No thanks"
// is remembered for that account in this browser, so the question never comes back for them.
import { api, say } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { t } from "../shared/i18n.js";

const declinedKey = (accountId) => `tessera.router.claim.declined.${accountId}`;

/**
 * Offers the claim when it fits. `user`: the signed-in account ({id, name, role});
 * `anonymous`: this browser's anonymous player id; `accountLevels`: the account's progress levels
 * (already fetched by the page); `claimed(progress)`: the account's progress after a claim.
 */
export async function offerClaim({ user, anonymous, accountLevels, claimed }) {
  if (user?.role !== "pupil" || Object.keys(accountLevels ?? {}).length > 0) return;
  if (localStorage.getItem(declinedKey(user.id))) return;
  let levels;
  try {
    levels = (await api(`/api/router/players/${encodeURIComponent(anonymous)}/progress`)).levels ?? {};
  } catch {
    return; // nothing to offer when this browser's own progress cannot be read
  }
  const played = Object.keys(levels).length;
  if (played === 0) return;
  // One question at a time: the sign-in dialog ("Signed in as …, Play") closes first.
  const dialog = document.querySelector("dialog[open]");
  if (dialog) await new Promise((resolve) => dialog.addEventListener("close", resolve, { once: true }));
  // Only a real "No thanks" is remembered: Escape or a tap beside the question just puts it off.
  let saidNo = false;
  const heardNo = (event) => { if (event.target.closest?.("[data-testid=ask-no]")) saidNo = true; };
  document.addEventListener("click", heardNo, true);
  const keep = await ask({
    title: t("player.claim.title"),
    text: t("player.claim.text", { count: played, name: user.name }),
    yes: t("player.claim.yes"), no: t("player.claim.no"),
  });
  document.removeEventListener("click", heardNo, true);
  if (!keep) {
    if (saidNo) {
      localStorage.setItem(declinedKey(user.id), "yes");
      say(t("player.claim.declined"), true);
    }
    return;
  }
  try {
    const progress = await api("/api/router/progress/claim", { method: "POST", body: { player: anonymous } });
    claimed(progress);
    say(t("player.claim.done", { count: played }), true);
  } catch (error) {
    say(t("player.claim.failed", { error: error.message }));
  }
}
