// "I'm in a class": a pupil signs in on Rapid Router with the class code, their name and the
// password from their login card. Nobody has to: with no session cookie this module asks the
// server nothing and anonymous play is untouched. Who is signed in is announced with a
// `tessera:account` event on window (detail: the user, or null), which router.js follows: a
// signed-in player's progress is their account's, on any device.
import { $, api, el, whoIsSignedIn } from "/shared/api.js";

export function startClassSignIn(button) {
  let user = null;
  const dialog = el("dialog", { class: "class-dialog", "data-testid": "class-dialog", "aria-labelledby": "class-dialog-title" });
  document.body.append(dialog);

  const show = (next) => {
    user = next;
    // The long words on a wide screen, the short ones on a phone (class-sign-in.css), as the Sound button does.
    button.replaceChildren(
      el("span", { class: "label long", text: user ? `Signed in as ${user.name}` : "I'm in a class" }),
      el("span", { class: "label short", text: user ? user.name : "My class" }));
    button.classList.toggle("signed-in", Boolean(user));
    button.dataset.user = user?.name ?? "";
    window.dispatchEvent(new CustomEvent("tessera:account", { detail: user }));
  };

  function signInForm() {
    const field = (label, attributes) => {
      const input = el("input", { ...attributes, required: true, spellcheck: "false" });
      return [el("label", {}, label, input), input];
    };
    const [codeLabel, code] = field("Class code", { type: "text", name: "code", maxlength: "32", autocomplete: "off", autocapitalize: "characters", "data-testid": "class-code-input" });
    const [nameLabel, name] = field("Your name", { type: "text", name: "name", maxlength: "80", autocomplete: "username", "data-testid": "pupil-name-input" });
    const [passwordLabel, password] = field("Password", { type: "password", name: "password", maxlength: "200", autocomplete: "current-password", "data-testid": "pupil-password-input" });
    const error = el("p", { class: "form-error", role: "alert", "data-testid": "class-sign-in-error" });
    const submit = el("button", { type: "submit", class: "primary", "data-testid": "class-sign-in-submit", text: "Sign in" });
    const form = el("form", { class: "class-form", novalidate: true },
      el("h2", { id: "class-dialog-title", text: "Sign in to your class" }),
      el("p", { class: "muted", text: "Type what is on the login card your teacher gave you." }),
      codeLabel, nameLabel, passwordLabel, error,
      el("div", { class: "class-buttons" },
        el("button", { type: "button", "data-testid": "class-cancel", text: "Cancel", onclick: () => dialog.close() }), submit));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      const body = { classCode: code.value.trim(), name: name.value.trim(), password: password.value.trim() };
      if (!body.classCode || !body.name || !body.password) {
        error.textContent = "Fill in all three: the class code, your name and your password.";
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
    const signOut = el("button", { type: "button", "data-testid": "class-sign-out", text: "Sign out" });
    const close = el("button", { type: "button", class: "primary", "data-testid": "class-close", text: "Play", onclick: () => dialog.close() });
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
      el("h2", { id: "class-dialog-title", "data-testid": "class-signed-in", text: `Signed in as ${user.name}` }),
      el("p", { class: "muted", text: user.role === "teacher" ? "You are signed in as a teacher." : "You are in your class. Have fun!" }),
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
