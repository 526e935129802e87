// An invitation to a school: /classroom/?invite=TOKEN. Signed out, a note says so and the sign-up
// form carries the token (the new account joins at once). A signed-in teacher with no school is
// asked to join (the server names the school only once they have); one already in a school is told
// why they cannot, and the link stays unused for whoever it was meant for. Once the invitation is
// used or put aside, the token leaves the address.
import { $, api, el } from "/shared/api.js";
import { release, show, tell, words } from "./i18n.js";

const DAYS = 7; // how long an invitation link works (SchoolKit's invitations)

/** The token in the address, if any. */
export function inviteToken() {
  return new URLSearchParams(location.search).get("invite")?.trim() || null;
}

/** Takes the token out of the address (and out of the browser's history entry). */
export function dropInvite() {
  const url = new URL(location.href);
  url.searchParams.delete("invite");
  history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  showInviteNote();
}

/** The note above the signed-out forms, shown while the address carries an invitation. */
export function showInviteNote() {
  $("invite-note").hidden = !inviteToken();
}

/** Puts in `node` the words for a refused join or sign-up from an invitation: what happened and
 *  what to do (ours, in the page's language), else the server's own words. */
export function showInviteProblem(node, error) {
  if (error.code === "already_in_school") return show(node, "invite.already");
  if (error.code === "invite_not_found") return show(node, "invite.gone", { days: DAYS });
  release(node);
  node.textContent = error.message;
  return node;
}

/** The message key (and arguments) for a sign-up whose invitation no longer works. */
export const INVITE_GONE_ON_SIGN_UP = ["invite.goneOnSignUp", { days: DAYS }];

/** What a sign-up from an invitation says once the account is made (`user.school` when joined). */
export function signedUpFromInvite(user) {
  dropInvite();
  if (user.school) tell("invite.welcome", {}, true);
  else tell("invite.notJoined");
}

/**
 * The invitation panel in `section` for a signed-in teacher when the address carries one: Join
 * (POST /api/schools/join, then `joined(school)`), or put aside. `school` is the teacher's own, if any.
 */
export function showInvitation(section, user, school, { joined }) {
  const token = inviteToken();
  section.hidden = !token || user?.role !== "teacher";
  if (section.hidden) return false;
  const close = (key) => {
    dropInvite();
    section.hidden = true;
    section.replaceChildren();
    if (key) tell(key, {}, true);
    $("classes-title").focus();
  };
  const heading = el("h2", { id: "invitation-title", tabindex: "-1", "data-testid": "invitation-title" });
  const error = el("p", { class: "form-error", role: "alert", "data-testid": "join-error" });
  if (user.school) {
    show(heading, "invite.notForYou.title");
    section.replaceChildren(heading,
      words("p", school?.name ? "invite.notForYou.text" : "invite.notForYou.textNoName", { school: school?.name ?? "" }, { "data-testid": "invitation-text" }),
      el("p", { class: "row" }, words("button", "common.close", {}, { type: "button", "data-testid": "close-invitation", onclick: () => close() })));
    return true;
  }
  show(heading, "invite.title");
  const join = words("button", "invite.join", {}, { type: "button", class: "primary", "data-testid": "join-school" });
  const later = words("button", "invite.notNow", {}, { type: "button", "data-testid": "decline-invite",
    onclick: () => close("invite.declined") });
  join.addEventListener("click", async () => {
    release(error);
    error.textContent = "";
    join.disabled = true;
    try {
      const made = await api("/api/schools/join", { method: "POST", body: { invite: token } });
      user.school = made.id;
      user.schoolAdmin = false;
      dropInvite();
      section.hidden = true;
      section.replaceChildren();
      await joined(made);
      tell("invite.joined", { school: made.name }, true);
      $("school-title")?.focus();
    } catch (problem) {
      showInviteProblem(error, problem);
      join.hidden = true;
      show(later, "common.close");
      dropInvite();
      join.disabled = false;
    }
  });
  section.replaceChildren(heading,
    words("p", "invite.text", {}, { "data-testid": "invitation-text" }),
    el("p", { class: "row" }, join, later),
    error);
  return true;
}
