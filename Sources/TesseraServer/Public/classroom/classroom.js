// The teachers' page: sign in or create an account, then "My classes" (new, rename, archive, and
// "My school": school-view.js) and, at #class=ID, one class (class-view.js). An invitation to a
// school (?invite=TOKEN) is in invite.js. Sessions are cookies the server sets; api() repeats the
// readable `tessera_csrf` cookie on every change. With no such cookie nobody is signed in, so the
// page asks the server nothing (a 401 would show as a console error in every signed-out visit).
// Every word here is the catalogues' `classroom.*` (i18n.js); the language picker sits in the top bar.
import { $, api, el, whoIsSignedIn } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { showClass } from "./class-view.js";
import { formError, formWords, setBusy } from "./forms.js";
import { rich, richElement, routerWords, sayText, show, t, tell, words } from "./i18n.js";
import { dropInvite, INVITE_GONE_ON_SIGN_UP, inviteToken, showInvitation, showInviteNote, signedUpFromInvite } from "./invite.js";
import { names, SchoolPanel } from "./school-view.js";
import { showTwoStep } from "./two-step.js";
import { mountLanguagePicker } from "/shared/language-picker.js";

// `withWhom`: each class's other teachers' names (for a teacher in a school).
const state = { user: null, classes: [], withWhom: new Map() };

// The words around elements: who is signed in, and the links to Rapid Router (its button named in
// its own words, so the note says what the pupil will see).
const rapidRouter = () => el("a", { href: "/router/", text: "Rapid Router" });
rich($("who"), "page.signedInAs", { name: $("who-name") });
rich($("pupil-note"), "welcome.pupilNote", () => ({ link: rapidRouter(), button: routerWords.button() }));
rich($("pupil-here-text"), "page.pupilHere", () => ({ link: rapidRouter() }));
mountLanguagePicker(document.querySelector("header.bar"), $("who"));

async function start() {
  let user = null;
  try {
    const who = await whoIsSignedIn();
    user = who.user;
    if (who.ended) tell("page.ended", {}, true);
  } catch (error) {
    sayText(error.message);
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
    sayText("");
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
      formWords(form, ...INVITE_GONE_ON_SIGN_UP);
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
  if (!email || !form.password.value) return formWords(form, "signIn.fillIn");
  const code = $("sign-in-code").hidden ? "" : form.code.value.trim();
  if (!$("sign-in-code").hidden && !code) return formWords(form, "signIn.fillInCode");
  submitAuth(form, "/api/auth/login", { email, password: form.password.value, ...(code ? { code } : {}) });
});

$("sign-up-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const name = form.name.value.trim();
  const email = form.email.value.trim();
  if (!name || !email) return formWords(form, "signUp.fillIn");
  if (form.password.value.length < 10) return formWords(form, "signUp.tooShort", { count: 10 });
  const invite = inviteToken();
  submitAuth(form, "/api/auth/teachers", { name, email, password: form.password.value, ...(invite ? { invite } : {}) });
});

$("sign-out").addEventListener("click", async () => {
  try {
    await api("/api/auth/logout", { method: "POST" });
    history.replaceState(null, "", location.pathname);
    await signedInAs(null);
    tell("page.signedOut", {}, true);
    $("sign-in-form").email.focus();
  } catch (error) {
    sayText(error.message);
  }
});

$("password-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  formError(form, "");
  if (form.new.value.length < 10) return formWords(form, "account.tooShort", { count: 10 });
  setBusy(form, true);
  try {
    await api("/api/auth/password", { method: "PUT", body: { currentPassword: form.current.value, newPassword: form.new.value } });
    form.reset();
    form.closest("details").open = false;
    tell("account.changed", {}, true);
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
  show($("archived-summary"), "classes.archived", { count: archived.length });
}

function classItem(one) {
  const title = el("h3", { class: "class-name" }, el("a", { href: `#class=${encodeURIComponent(one.id)}`, "data-testid": "open-class", text: one.name }));
  const code = el("p", { class: "class-code" }, words("span", "classes.code", {}, { class: "code-label" }), " ",
    el("span", { class: "code", "data-testid": "class-code", text: one.code }));
  const count = typeof one.pupilCount === "number"
    ? words("p", "classes.pupils", { count: one.pupilCount }, { class: "muted count", "data-testid": "pupil-count" })
    : el("p", { class: "muted count", "data-testid": "pupil-count" });
  const others = state.withWhom.get(one.id) ?? [];
  const together = others.length ? richElement("p", one.mine === false ? "classes.withCoTeaching" : "classes.with",
    () => ({ names: el("strong", { text: names(others) }), badge: words("span", "classes.coTeachBadge", {}, { class: "badge" }) }),
    { class: "with-whom", "data-testid": "class-with" }) : "";
  const buttons = el("div", { class: "item-buttons" });
  if (one.archived) {
    buttons.append(words("button", "classes.bringBack", {}, { type: "button", "data-testid": "unarchive", onclick: () => setArchived(one, false) }));
  } else {
    buttons.append(
      words("a", "classes.open", {}, { class: "button primary", href: `#class=${encodeURIComponent(one.id)}`, "data-testid": "open-class-button" }),
      words("a", "classes.scoreboard", { name: one.name }, { class: "button", href: `/router/teacher.html#class=${encodeURIComponent(one.id)}`,
        "data-testid": "scoreboard-link" }, { "aria-label": "classes.scoreboardOf" }),
      words("button", "classes.rename", {}, { type: "button", "data-testid": "rename", onclick: () => startRename(item, one) }),
      words("button", "classes.archive", {}, { type: "button", "data-testid": "archive", onclick: () => setArchived(one, true) }));
  }
  const item = el("li", { class: "card class-item", "data-testid": "class-item", "data-class-id": one.id }, title, code, count, together, buttons);
  return item;
}

function startRename(item, one) {
  const input = el("input", { type: "text", name: "name", maxlength: "80", value: one.name, required: true, "data-testid": "rename-name" });
  const form = el("form", { class: "row rename", novalidate: true },
    el("label", {}, words("span", "classes.newNameLabel"), input),
    words("button", "classes.save", {}, { type: "submit", class: "primary", "data-testid": "rename-save" }),
    words("button", "common.cancel", {}, { type: "button", "data-testid": "rename-cancel", onclick: () => { form.remove(); item.querySelector("[data-testid=rename]").focus(); } }),
    el("p", { class: "form-error", role: "alert" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return formWords(form, "classes.renameEmpty");
    try {
      await api(`/api/classes/${encodeURIComponent(one.id)}`, { method: "PATCH", body: { name } });
      tell("classes.renamed", { name }, true);
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
      title: t("classes.archiveAsk.title", { name: one.name }),
      text: t("classes.archiveAsk.text"),
      yes: t("classes.archiveAsk.yes"), no: t("classes.archiveAsk.no"),
    });
    if (!sure) return;
  }
  try {
    await api(`/api/classes/${encodeURIComponent(one.id)}`, { method: "PATCH", body: { archived } });
    tell(archived ? "classes.archivedNow" : "classes.back", { name: one.name }, true);
    await refreshClasses();
    (archived ? $("new-class-name") : $("class-list").querySelector(`[data-class-id="${CSS.escape(one.id)}"] a`))?.focus();
  } catch (error) {
    sayText(error.message);
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
  if (!name) return formWords(form, "classes.nameFirst");
  setBusy(form, true);
  try {
    const made = await api("/api/classes", { method: "POST", body: { name } });
    form.reset();
    tell("classes.made", { name: made.name, code: made.code }, true);
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
      tell("page.ended", {}, true);
    } else {
      sayText(error.message);
    }
    return;
  }
  const one = id && state.classes.find((each) => each.id === decodeURIComponent(id));
  $("classes-view").hidden = Boolean(one);
  $("class-view").hidden = !one;
  if (one) {
    await showClass($("class-view"), one, state.classes, state.user);
  } else {
    if (id) tell("classes.notYours");
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

window.addEventListener("hashchange", () => { sayText(""); route(); });

start();
