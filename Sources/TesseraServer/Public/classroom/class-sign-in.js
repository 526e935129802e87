// How a class's pupils sign in (issue 37), on the class's page: typed passwords (a class code, a
// name and a generated password, on Rapid Router) or pictures, for the youngest (the class's own
// link /c/CODE, a tap on their name, then two pictures out of twelve). Changing it gives every
// pupil a new password of the new kind at once (PATCH /api/classes/{id} {"signIn"} answers them),
// so it asks first, then shows them once with the login cards to print, as adding pupils does.
// Also: a new password as the teacher sees it (two pictures, or the typed words).
import { api, el, say } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { pictureImage, picturesInWords } from "./picture-art.js";

document.head.append(el("link", { rel: "stylesheet", href: "/classroom/class-sign-in.css" }));

const MODES = {
  words: { label: "Typed passwords", hint: "a class code, their name and a password" },
  pictures: { label: "Pictures (for the youngest)", hint: "their name and two pictures, no typing" },
};

/** The class's short link, printed on its picture cards: `${origin}/c/CODE`. */
export const classLink = (one, origin = location.origin) => `${origin}/c/${encodeURIComponent(one.code)}`;

/** A new password as the class's page shows it once: the two pictures (and their names), or the words. */
export function passwordShown(pupil) {
  if (!Array.isArray(pupil.pictures)) return [pupil.password ?? ""];
  return [el("span", { class: "shown-pictures", "data-testid": "shown-pictures" },
    ...pupil.pictures.map((picture) => pictureImage(picture, { class: "shown-picture", "data-testid": "shown-picture", "data-picture": picture, alt: "" }))),
  el("span", { class: "shown-picture-words", text: picturesInWords(pupil.pictures) })];
}

/**
 * The "How pupils sign in" setting for the class `view` shows (class-view.js's ClassView: its
 * `one`, `pupils`, `showPupils()` and `showPasswords()`): `how`, a line saying how pupils get in
 * (under the class code), and `choice`, the switch (below the pupils).
 */
export function signInSetting(view) {
  const how = el("p", { class: "muted how", "data-testid": "sign-in-how" });
  const radios = Object.entries(MODES).map(([mode, { label, hint }]) => {
    const radio = el("input", { type: "radio", name: "sign-in-mode", value: mode, "data-testid": `sign-in-${mode}` });
    radio.addEventListener("change", () => { if (radio.checked) change(mode); });
    return [radio, el("label", { class: "sign-in-option" }, radio,
      el("span", {}, el("span", { class: "option-label", text: label }), el("span", { class: "hint", text: hint })))];
  });
  const choice = el("fieldset", { class: "card sign-in-choice", "data-testid": "sign-in-choice" },
    el("legend", { text: "How pupils sign in" }), ...radios.map(([, label]) => label),
    el("p", { class: "hint sign-in-note", text: "Changing this gives every pupil a new password, so print new login cards." }));

  function show() {
    const mode = view.one.signIn === "pictures" ? "pictures" : "words";
    for (const [radio] of radios) radio.checked = radio.value === mode;
    if (mode === "pictures") {
      const link = classLink(view.one);
      how.replaceChildren("Pupils open ",
        el("a", { href: link, target: "_blank", rel: "noopener", class: "class-link", "data-testid": "class-link", text: link }),
        " (it is on their login cards), tap their name, then their two pictures. They go straight to Rapid Router.");
    } else {
      how.replaceChildren(`Pupils go to ${location.origin}/router/, press “I'm in a class” (“My class” on a phone) and type this code, their name and their password.`);
    }
  }

  async function change(mode) {
    const one = view.one;
    if (one.signIn === mode) return;
    const toPictures = mode === "pictures";
    const count = view.pupils.length;
    if (count > 0) {
      const sure = await ask({
        title: toPictures ? `Pictures for ${one.name}?` : `Typed passwords for ${one.name}?`,
        text: `${count === 1 ? "Your pupil gets" : `All ${count} pupils get`} a new password at once, `
          + (toPictures ? "two pictures each, " : "to type, ")
          + "and the old ones stop working, so everyone needs a new login card. You will see the new passwords only once.",
        yes: toPictures ? "Switch to pictures" : "Switch to typed passwords", no: "Cancel",
      });
      if (!sure) return show();
    }
    for (const [radio] of radios) radio.disabled = true;
    try {
      const changed = await api(`/api/classes/${encodeURIComponent(one.id)}`, { method: "PATCH", body: { signIn: mode } });
      one.signIn = changed.signIn;
      show();
      const pupils = changed.pupils ?? [];
      if (pupils.length > 0) {
        view.pupils = pupils.map((pupil) => ({ ...pupil, password: null, pictures: undefined }));
        view.showPupils();
        view.showPasswords(pupils, toPictures ? `Picture passwords for ${one.name}` : `New passwords for ${one.name}`);
      } else {
        say(toPictures ? `${one.name} signs in with pictures now: add pupils to get their cards.`
          : `${one.name} signs in with typed passwords now.`, true);
      }
    } catch (error) {
      show();
      say(error.message);
    } finally {
      for (const [radio] of radios) radio.disabled = false;
    }
  }

  show();
  return { how, choice, show };
}
