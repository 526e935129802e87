// How a class's pupils sign in (issue 37), on the class's page: typed passwords (a class code, a
// name and a generated password, on Rapid Router) or pictures, for the youngest (the class's own
// link /c/CODE, a tap on their name, then two pictures out of twelve). Changing it gives every
// pupil a new password of the new kind at once (PATCH /api/classes/{id} {"signIn"} answers them),
// so it asks first, then shows them once with the login cards to print, as adding pupils does.
// Also: a new password as the teacher sees it (two pictures, or the typed words).
import { api, el } from "/shared/api.js";
import { ask } from "/shared/ask.js";
import { rich, routerWords, sayText, t, tell, words } from "./i18n.js";
import { pictureImage, picturesInWords } from "./picture-art.js";

document.head.append(el("link", { rel: "stylesheet", href: "/classroom/class-sign-in.css" }));

const MODES = ["words", "pictures"]; // their words: classroom.signInMode.<mode>.label and .hint

/** The class's short link, printed on its picture cards: `${origin}/c/CODE`. */
export const classLink = (one, origin = location.origin) => `${origin}/c/${encodeURIComponent(one.code)}`;

/** A new password as the class's page shows it once: the two pictures (and their names), or the words. */
export function passwordShown(pupil) {
  if (!Array.isArray(pupil.pictures)) return [pupil.password ?? ""];
  const inWords = el("span", { class: "shown-picture-words" });
  rich(inWords, "signInMode.inOrder", () => picturesInWords(pupil.pictures));
  return [el("span", { class: "shown-pictures", "data-testid": "shown-pictures" },
    ...pupil.pictures.map((picture) => pictureImage(picture, { class: "shown-picture", "data-testid": "shown-picture", "data-picture": picture, alt: "" }))),
  inWords];
}

/**
 * The "How pupils sign in" setting for the class `view` shows (class-view.js's ClassView: its
 * `one`, `pupils`, `showPupils()` and `showPasswords()`): `how`, a line saying how pupils get in
 * (under the class code), and `choice`, the switch (below the pupils).
 */
export function signInSetting(view) {
  const how = el("p", { class: "muted how", "data-testid": "sign-in-how" });
  const radios = MODES.map((mode) => {
    const radio = el("input", { type: "radio", name: "sign-in-mode", value: mode, "data-testid": `sign-in-${mode}` });
    radio.addEventListener("change", () => { if (radio.checked) change(mode); });
    return [radio, el("label", { class: "sign-in-option" }, radio,
      el("span", {}, words("span", `signInMode.${mode}.label`, {}, { class: "option-label" }),
        words("span", `signInMode.${mode}.hint`, {}, { class: "hint" })))];
  });
  const choice = el("fieldset", { class: "card sign-in-choice", "data-testid": "sign-in-choice" },
    words("legend", "signInMode.title"), ...radios.map(([, label]) => label),
    words("p", "signInMode.note", {}, { class: "hint sign-in-note" }));

  function show() {
    const mode = view.one.signIn === "pictures" ? "pictures" : "words";
    for (const [radio] of radios) radio.checked = radio.value === mode;
    if (mode === "pictures") {
      const link = classLink(view.one);
      rich(how, "signInMode.howPictures",
        { link: el("a", { href: link, target: "_blank", rel: "noopener", class: "class-link", "data-testid": "class-link", text: link }) });
    } else {
      // Rapid Router's button, in its own words: the pupils press what this says.
      rich(how, "signInMode.howWords", () => ({ address: `${location.origin}/router/`, button: routerWords.button(), short: routerWords.buttonShort() }));
    }
  }

  async function change(mode) {
    const one = view.one;
    if (one.signIn === mode) return;
    const toPictures = mode === "pictures";
    const count = view.pupils.length;
    if (count > 0) {
      const ask_ = toPictures ? "signInMode.toPictures" : "signInMode.toWords";
      const sure = await ask({
        title: t(`${ask_}.title`, { name: one.name }),
        text: t(`${ask_}.text`, { count }),
        yes: t(`${ask_}.yes`), no: t("common.cancel"),
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
        view.showPasswords(pupils, toPictures ? "signInMode.picturePasswords" : "class.passwords.renewedAll", { name: one.name });
      } else {
        tell(toPictures ? "signInMode.nowPictures" : "signInMode.nowWords", { name: one.name }, true);
      }
    } catch (error) {
      show();
      sayText(error.message);
    } finally {
      for (const [radio] of radios) radio.disabled = false;
    }
  }

  show();
  return { how, choice, show };
}
