// The teachers' page: sign in or create an account, then "My classes" (new, rename, archive, and
// "My school": school-view.js) and, at #class=ID, one class (class-view.js). An invitation to a
// school (?invite=TOKEN) is in invite.js. Sessions are cookies the server sets; api() repeats the
// readable `tessera_csrf` cookie on every change. With no such cookie nobody is signed in, so the
// page asks the server nothing (a 401 would show as a console error in every signed-out visit).
import { $, api, el, say, whoIsSignedIn } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { showClass } from "./class-view.js";
import { formError, setBusy } from "./forms.js";
import { dropInvite, inviteProblem, inviteToken, showInvitation, showInviteNote, signedUpFromInvite } from "./invite.js";
import { names, SchoolPanel } from "./school-view.js";
import { showTwoStep } from "./two-step.js";

// `withWhom`: each class's other teachers' names (for a teacher in a school).
const state = { user: null, classes: [], withWhom: new Map() };

async function start() {
  let user = null;
  try {
    const who = await whoIsSignedIn();
    user = who.user;
    if (who.ended) say("You have been signed out. Sign in again to see your classes.", true);
  } catch (error) {
    say(error.message);
  }
  await signedInAs(user);
  document.body.dataset.ready = "true";
}

async function signedInAs(user) {
  state.user = user;
  $("who").hidden = !user;
  $("sign-out").hidden = !user;
  $("who-name").textContent = user?.name ?? "";
  $("signed-out").hidden = Boolean(user);
  $("pupil-here").hidden = user?.role !== "pupil";
  showInviteNote();
  if (user?.role === "teacher") await route();
  else {
    $("classes-view").hidden = true;
    $("class-view").hidden = true;
  }
}

// ---- signing in and out ------------------------------------------------------------------------
async function submitAuth(form, path, body) {
  formError(form, "");
  setBusy(form, true);
  try {
    const { user } = await api(path, { method: "POST", body });
    form.reset();
    $("sign-in-code").hidden = true;
    say("");
    if (body.invite) dropInvite(); // used: joined, or told why not (below)
    await signedInAs(user);
    if (body.invite) signedUpFromInvite(user);
    ($("invitation").hidden ? $("classes-title") : $("invitation-title")).focus();
  } catch (error) {
    if (error.code === "code_required" || error.code === "wrong_code") {
      // Two-step sign-in: the password was right; the same form asks for the app's code.
      $("sign-in-code").hidden = false;
      form.code.select();
      formError(form, error.message);
    } else if (body.invite && error.code === "invite_not_found") {
      dropInvite();
      formError(form, `${inviteProblem(error)} To make your account without joining a school, press Create account again.`);
    } else {
      formError(form, error.message);
    }
  } finally {
    setBusy(form, false);
  }
}

$("sign-in-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const email = form.email.value.trim();
  if (!email || !form.password.value) return formError(form, "Write your email and your password, then press Sign in.");
  const code = $("sign-in-code").hidden ? "" : form.code.value.trim();
  if (!$("sign-in-code").hidden && !code) return formError(form, "Type the code your authenticator app shows, then press Sign in.");
  submitAuth(form, "/api/auth/login", { email, password: form.password.value, ...(code ? { code } : {}) });
});

$("sign-up-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const name = form.name.value.trim();
  const email = form.email.value.trim();
  if (!name || !email) return formError(form, "Write your name and your email, then press Create account.");
  if (form.password.value.length < 10) {
    return formError(form, "Your password needs at least 10 characters; a short sentence you can remember works well.");
  }
  const invite = inviteToken();
  submitAuth(form, "/api/auth/teachers", { name, email, password: form.password.value, ...(invite ? { invite } : {}) });
});

$("sign-out").addEventListener("click", async () => {
  try {
    await api("/api/auth/logout", { method: "POST" });
    history.replaceState(null, "", location.pathname);
    await signedInAs(null);
    say("You are signed out.", true);
    $("sign-in-form").email.focus();
  } catch (error) {
    say(error.message);
  }
});

$("password-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  formError(form, "");
  if (form.new.value.length < 10) return formError(form, "The new password needs at least 10 characters.");
  setBusy(form, true);
  try {
    await api("/api/auth/password", { method: "PUT", body: { currentPassword: form.current.value, newPassword: form.new.value } });
    form.reset();
    form.closest("details").open = false;
    say("Your password is changed. Other browsers where you were signed in now need the new one.", true);
  } catch (error) {
    formError(form, error.message);
  } finally {
    setBusy(form, false);
  }
});

// ---- my classes --------------------------------------------------------------------------------
async function loadClasses() {
  const { classes } = await api("/api/classes");
  state.classes = classes;
  // Classes are shared only within a school: its teachers' classes may have other teachers.
  const me = state.user?.id;
  const others = state.user?.school ? await Promise.all(classes.map((one) =>
    api(`/api/classes/${encodeURIComponent(one.id)}/teachers`).then(({ teacher, coTeachers }) =>
      [teacher, ...coTeachers].filter((each) => each && each.id !== me).map((each) => each.name), () => []))) : [];
  state.withWhom = new Map(classes.map((one, index) => [one.id, others[index] ?? []]));
}

function showClasses() {
  const active = state.classes.filter((one) => !one.archived);
  const archived = state.classes.filter((one) => one.archived);
  $("class-list").replaceChildren(...active.map(classItem));
  $("archived-list").replaceChildren(...archived.map(classItem));
  $("no-classes").hidden = active.length > 0;
  $("archived").hidden = archived.length === 0;
  $("archived-summary").textContent = `Archived classes (${archived.length})`;
}

const pupilCount = (count) => (typeof count !== "number" ? "" : count === 1 ? "1 pupil" : `${count} pupils`);

function classItem(one) {
  const title = el("h3", { class: "class-name" }, el("a", { href: `#class=${encodeURIComponent(one.id)}`, "data-testid": "open-class", text: one.name }));
  const code = el("p", { class: "class-code" }, el("span", { class: "code-label", text: "Class code " }),
    el("span", { class: "code", "data-testid": "class-code", text: one.code }));
  const count = el("p", { class: "muted count", "data-testid": "pupil-count", text: pupilCount(one.pupilCount) });
  const others = state.withWhom.get(one.id) ?? [];
  const together = others.length ? el("p", { class: "with-whom", "data-testid": "class-with" }, "With ",
    el("strong", { text: names(others) }), one.mine === false ? el("span", { class: "badge", text: "you co-teach it" }) : "") : "";
  const buttons = el("div", { class: "item-buttons" });
  if (one.archived) {
    buttons.append(el("button", { type: "button", "data-testid": "unarchive", text: "Bring back", onclick: () => setArchived(one, false) }));
  } else {
    buttons.append(
      el("a", { class: "button primary", href: `#class=${encodeURIComponent(one.id)}`, "data-testid": "open-class-button", text: "Open" }),
      el("a", { class: "button", href: `/router/teacher.html#class=${encodeURIComponent(one.id)}`, "data-testid": "scoreboard-link",
        "aria-label": `Scoreboard of ${one.name}`, text: "Scoreboard" }),
      el("button", { type: "button", "data-testid": "rename", text: "Rename", onclick: () => startRename(item, one) }),
      el("button", { type: "button", "data-testid": "archive", text: "Archive", onclick: () => setArchived(one, true) }));
  }
  const item = el("li", { class: "card class-item", "data-testid": "class-item", "data-class-id": one.id }, title, code, count, together, buttons);
  return item;
}

function startRename(item, one) {
  const input = el("input", { type: "text", name: "name", maxlength: "80", value: one.name, required: true, "data-testid": "rename-name" });
  const form = el("form", { class: "row rename", novalidate: true },
    el("label", {}, "New name", input),
    el("button", { type: "submit", class: "primary", "data-testid": "rename-save", text: "Save" }),
    el("button", { type: "button", "data-testid": "rename-cancel", text: "Cancel", onclick: () => { form.remove(); item.querySelector("[data-testid=rename]").focus(); } }),
    el("p", { class: "form-error", role: "alert" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return formError(form, "Write the class's new name, then press Save.");
    try {
      await api(`/api/classes/${encodeURIComponent(one.id)}`, { method: "PATCH", body: { name } });
      say(`The class is now called ${name}.`, true);
      await refreshClasses();
    } catch (error) {
      formError(form, error.message);
    }
  });
  item.querySelector(".rename")?.remove();
  item.append(form);
  input.select();
}

async function setArchived(one, archived) {
  if (archived) {
    const sure = await ask({
      title: `Archive ${one.name}?`,
      text: "Its pupils will not be able to sign in until you bring the class back. Nothing is deleted.",
      yes: "Archive", no: "Keep it",
    });
    if (!sure) return;
  }
  try {
    await api(`/api/classes/${encodeURIComponent(one.id)}`, { method: "PATCH", body: { archived } });
    say(archived ? `${one.name} is archived: you will find it under “Archived classes”.` : `${one.name} is back: its pupils can sign in again.`, true);
    await refreshClasses();
    (archived ? $("new-class-name") : $("class-list").querySelector(`[data-class-id="${CSS.escape(one.id)}"] a`))?.focus();
  } catch (error) {
    say(error.message);
  }
}

async function refreshClasses() {
  await loadClasses();
  showClasses();
}

$("new-class-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  formError(form, "");
  const name = form.name.value.trim();
  if (!name) return formError(form, "Give the class a name first, like 5B.");
  setBusy(form, true);
  try {
    const made = await api("/api/classes", { method: "POST", body: { name } });
    form.reset();
    say(`${made.name} is ready. Its code is ${made.code}. Open it to add pupils.`, true);
    await refreshClasses();
    $("class-list").querySelector(`[data-class-id="${CSS.escape(made.id)}"] a`)?.focus();
  } catch (error) {
    formError(form, error.message);
  } finally {
    setBusy(form, false);
  }
});

// ---- routing: "" is my classes, #class=ID one class ----------------------------------------------
async function route() {
  if (state.user?.role !== "teacher") return;
  const id = /^#class=(.+)$/.exec(location.hash)?.[1];
  try {
    await loadClasses();
  } catch (error) {
    if (error.status === 401) {
      // The session ended elsewhere (a password change, 30 days unused): back to the forms.
      await signedInAs(null);
      say("You have been signed out. Sign in again to see your classes.", true);
    } else {
      say(error.message);
    }
    return;
  }
  const one = id && state.classes.find((each) => each.id === decodeURIComponent(id));
  $("classes-view").hidden = Boolean(one);
  $("class-view").hidden = !one;
  if (one) {
    await showClass($("class-view"), one, state.classes, state.user);
  } else {
    if (id) say("That class is not among yours. Here are your classes.");
    showClasses();
    showTwoStep($("two-step"));
    const school = await schoolPanel().show();
    showInvitation($("invitation"), state.user, school, { joined: schoolChanged });
  }
}

// "My school" below the classes; what it changes (a class given away or coming back) shows in both.
let panel = null;
function schoolPanel() {
  if (panel?.user !== state.user) panel = new SchoolPanel($("school"), state.user, { changed: schoolChanged, classes: () => state.classes });
  return panel;
}

async function schoolChanged() {
  await refreshClasses();
  await schoolPanel().show();
}

window.addEventListener("hashchange", () => { say(""); route(); });

start();
