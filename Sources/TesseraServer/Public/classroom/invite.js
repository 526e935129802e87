// An invitation to a school: /classroom/?invite=TOKEN. Signed out, a note says so and the sign-up
// form carries the token (the new account joins at once). A signed-in teacher with no school is
// asked to join (the server names the school only once they have); one already in a school is told
// why they cannot, and the link stays unused for whoever it was meant for. Once the invitation is
// used or put aside, the token leaves the address.
import { $, api, el, say } from "/shared/api.js";

const ALREADY = "You already belong to a school, and a teacher belongs to one school at a time. " +
  "To move to this one, ask an admin of your school to remove you from it, then open the link again.";

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

/** Words for a refused join or sign-up from an invitation: what happened and what to do. */
export function inviteProblem(error) {
  if (error.code === "already_in_school") return ALREADY;
  if (error.code === "invite_not_found") {
    return "This invitation link does not work any more: each link works once, for 7 days. Ask your school's admin for a new one.";
  }
  return error.message;
}

/** What a sign-up from an invitation says once the account is made (`user.school` when joined). */
export function signedUpFromInvite(user) {
  dropInvite();
  if (user.school) say("Welcome! Your account is ready and you have joined your school: you will find it under “My school”.", true);
  else say("Your account is ready, but the invitation had been used or had expired, so you have not joined the school. Ask your school's admin for a new link.");
}

/**
 * The invitation panel in `section` for a signed-in teacher when the address carries one: Join
 * (POST /api/schools/join, then `joined(school)`), or put aside. `school` is the teacher's own, if any.
 */
export function showInvitation(section, user, school, { joined }) {
  const token = inviteToken();
  section.hidden = !token || user?.role !== "teacher";
  if (section.hidden) return false;
  const close = (words) => {
    dropInvite();
    section.hidden = true;
    section.replaceChildren();
    if (words) say(words, true);
    $("classes-title").focus();
  };
  const heading = el("h2", { id: "invitation-title", tabindex: "-1", "data-testid": "invitation-title" });
  const error = el("p", { class: "form-error", role: "alert", "data-testid": "join-error" });
  if (user.school) {
    heading.textContent = "This invitation is for a teacher with no school";
    section.replaceChildren(heading,
      el("p", { "data-testid": "invitation-text", text: `You already belong to ${school?.name ?? "a school"}, and a teacher belongs to one school at a time. ` +
        "To move, ask an admin of your school to remove you from it, then open the link again. If the link was meant for a colleague, pass it on: it has not been used." }),
      el("p", { class: "row" }, el("button", { type: "button", "data-testid": "close-invitation", text: "Close", onclick: () => close() })));
    return true;
  }
  heading.textContent = "You have been invited to join a school";
  const join = el("button", { type: "button", class: "primary", "data-testid": "join-school", text: "Join the school" });
  const later = el("button", { type: "button", "data-testid": "decline-invite", text: "Not now",
    onclick: () => close("You have not joined. The link keeps working until it expires, if you change your mind.") });
  join.addEventListener("click", async () => {
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
      say(`Welcome to ${made.name}! You will find its teachers under “My school”.`, true);
      $("school-title")?.focus();
    } catch (problem) {
      error.textContent = inviteProblem(problem);
      join.hidden = true;
      later.textContent = "Close";
      dropInvite();
      join.disabled = false;
    }
  });
  section.replaceChildren(heading,
    el("p", { "data-testid": "invitation-text", text: "A colleague sent you this link. Join the school to teach classes with its teachers. " +
      "The school's admins will see your classes, and can give you a new password if you ever forget yours. Your classes stay yours." }),
    el("p", { class: "row" }, join, later),
    error);
  return true;
}
