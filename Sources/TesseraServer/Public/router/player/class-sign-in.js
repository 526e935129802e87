// "I'm in a class": a pupil signs in on Rapid Router with the class code, their name and the
// password from their login card. Nobody has to: with no session cookie this module asks the
// server nothing and anonymous play is untouched. Who is signed in is announced with a
// `tessera:account` event on window (detail: the user, or null), which router.js follows: a
// signed-in player's progress is their account's, on any device. Its fixed words are marked for
// i18n.js (they change language by themselves); the button and the "Signed in as" words, which
// carry a name, are drawn again when the language changes. The server's refusals stay its own words.
import { $, api, el, whoIsSignedIn } from "/shared/api.js";
import { onLanguageChange, showTranslated, t, translated } from "../shared/i18n.js";

const WORDS = "player.classSignIn";

export function startClassSignIn(button) {
  let user = null;
  const dialog = el("dialog", { class: "class-dialog", "data-testid": "class-dialog", "aria-labelledby": "class-dialog-title" });
  document.body.append(dialog);

  // The long words on a wide screen, the short ones on a phone (class-sign-in.css), as the Sound button does.
  const label = () => button.replaceChildren(
    el("span", { class: "label long", text: user ? t(`${WORDS}.signedInAs`, { name: user.name }) : t(`${WORDS}.button`) }),
    el("span", { class: "label short", text: user ? user.name : t(`${WORDS}.buttonShort`) }));
  const show = (next) => {
    user = next;
    label();
    button.classList.toggle("signed-in", Boolean(user));
    button.dataset.user = user?.name ?? "";
    window.dispatchEvent(new CustomEvent("tessera:account", { detail: user }));
  };
  onLanguageChange(() => {
    label();
    const heading = dialog.querySelector("[data-testid=class-signed-in]");
    if (heading && user) heading.textContent = t(`${WORDS}.signedInAs`, { name: user.name });
  });

  function signInForm() {
    const field = (word, attributes) => {
      const input = el("input", { ...attributes, required: true, spellcheck: "false" });
      return [el("label", {}, translated("span", `${WORDS}.${word}`), input), input];
    };
    const [codeLabel, code] = field("code", { type: "text", name: "code", maxlength: "32", autocomplete: "off", autocapitalize: "characters", "data-testid": "class-code-input" });
    const [nameLabel, name] = field("name", { type: "text", name: "name", maxlength: "80", autocomplete: "username", "data-testid": "pupil-name-input" });
    const [passwordLabel, password] = field("password", { type: "password", name: "password", maxlength: "200", autocomplete: "current-password", "data-testid": "pupil-password-input" });
    const error = el("p", { class: "form-error", role: "alert", "data-testid": "class-sign-in-error" });
    const submit = translated("button", `${WORDS}.signIn`, { type: "submit", class: "primary", "data-testid": "class-sign-in-submit" });
    const form = el("form", { class: "class-form", novalidate: true },
      translated("h2", `${WORDS}.title`, { id: "class-dialog-title" }),
      translated("p", `${WORDS}.intro`, { class: "muted" }),
      codeLabel, nameLabel, passwordLabel, error,
      el("div", { class: "class-buttons" },
        translated("button", `${WORDS}.cancel`, { type: "button", "data-testid": "class-cancel", onclick: () => dialog.close() }), submit));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.replaceChildren();
      delete error.dataset.i18n;
      const body = { classCode: code.value.trim(), name: name.value.trim(), password: password.value.trim() };
      if (!body.classCode || !body.name || !body.password) {
        showTranslated(error, `${WORDS}.fillAll`);
        return;
      }
      submit.disabled = true;
      try {
        show((await api("/api/auth/login", { method: "POST", body })).user);
        signedIn();
      } catch (problem) {
        error.textContent = problem.message;
        password.select();
      } finally {
        submit.disabled = false;
      }
    });
    dialog.replaceChildren(form);
    code.focus();
  }

  function signedIn() {
    const signOut = translated("button", `${WORDS}.signOut`, { type: "button", "data-testid": "class-sign-out" });
    const close = translated("button", `${WORDS}.play`, { type: "button", class: "primary", "data-testid": "class-close", onclick: () => dialog.close() });
    const status = el("p", { class: "form-error", role: "alert" });
    signOut.addEventListener("click", async () => {
      try {
        await api("/api/auth/logout", { method: "POST" });
        show(null);
        dialog.close();
      } catch (problem) {
        status.textContent = problem.message;
      }
    });
    dialog.replaceChildren(el("div", { class: "class-form" },
      el("h2", { id: "class-dialog-title", "data-testid": "class-signed-in", text: t(`${WORDS}.signedInAs`, { name: user.name }) }),
      translated("p", `${WORDS}.${user.role === "teacher" ? "teacher" : "pupil"}`, { class: "muted" }),
      status,
      el("div", { class: "class-buttons" }, signOut, close)));
    close.focus();
  }

  button.addEventListener("click", () => {
    if (user) signedIn();
    else signInForm();
    dialog.showModal();
    dialog.querySelector(user ? "[data-testid=class-close]" : "input")?.focus();
  });
  dialog.addEventListener("close", () => button.focus());

  button.hidden = false;
  // With no session nothing is announced (anonymous play as before); an ended one announces null.
  whoIsSignedIn().then(({ user, ended }) => { if (user || ended) show(user); }, () => show(null));
}

startClassSignIn($("class-sign-in"));
