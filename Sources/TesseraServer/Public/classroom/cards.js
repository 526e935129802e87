// The login cards: one per pupil with the class, its code, the pupil's name and password, and where
// to sign in. A picture class's pupil (one with `pictures`) gets a picture card instead: the class's
// short link (/c/CODE) printed large, her name, and her two pictures large and numbered in order.
// The data comes from the classroom page through sessionStorage and stays until the teacher
// presses Done (a print dialog closing says nothing of whether it printed, so it clears nothing:
// Print again works). A card is in the page's language (the picker above the cards; not printed).
// What it names on Rapid Router — the “I'm in a class” button and the sign-in form's labels — comes
// from Rapid Router's own keys (router.player.classSignIn.*), so the card says what the pupil sees.
import { $, el } from "/shared/api.js";
import { keep, language, routerWords, t, tell, words } from "./i18n.js";
import { mountLanguagePicker } from "/shared/language-picker.js";
import { CARDS_KEY } from "./cards-data.js";
import { pictureImage, pictureName } from "./picture-art.js";

function read() {
  try {
    const data = JSON.parse(sessionStorage.getItem(CARDS_KEY) ?? "null");
    return data && Array.isArray(data.pupils) ? data : null;
  } catch {
    return null;
  }
}

/** A card's words, kept in the page's language: its `lang` follows too. */
const inLanguage = (node) => keep(node, (card) => { card.lang = language(); });

/** A label the pupil finds again on Rapid Router's sign-in form: the router's own words. */
const routerLabel = (word) => keep(el("span", { class: "card-label" }), (node) => { node.textContent = routerWords[word](); });

function card(data, pupil) {
  const field = (word, testid, text) => el("p", { class: "card-field" }, routerLabel(word),
    el("span", { class: `card-${testid.slice(5)}`, "data-testid": testid, text }));
  const how = keep(el("p", { class: "card-how", "data-testid": "card-how" }), (node) => {
    node.textContent = t("cards.how", { address: `${data.origin}/router/`, button: routerWords.button(), short: routerWords.buttonShort() });
  });
  return inLanguage(el("li", { class: "login-card", "data-testid": "login-card" },
    el("p", { class: "card-class", "data-testid": "card-class", text: data.className }),
    field("code", "card-code", data.code),
    field("name", "card-name", pupil.name),
    field("password", "card-password", pupil.password),
    how));
}

// The short link as the class's page prints it: the server's address, then /c/CODE in large letters.
function pictureCard(data, pupil) {
  const link = `${data.origin}/c/${encodeURIComponent(data.code)}`;
  return inLanguage(el("li", { class: "login-card picture-card", "data-testid": "login-card" },
    el("p", { class: "card-class", "data-testid": "card-class", text: data.className }),
    el("p", { class: "card-link-line" }, words("span", "cards.pictureLink", {}, { class: "card-label" }),
      el("span", { class: "card-link", "data-testid": "card-link" }, el("span", { class: "card-origin", text: data.origin }),
        el("span", { class: "card-short", text: link.slice(data.origin.length) }))),
    el("p", { class: "card-field" }, words("span", "cards.pictureName", {}, { class: "card-label" }),
      el("span", { class: "card-name", "data-testid": "card-name", text: pupil.name })),
    words("p", "cards.pictures", {}, { class: "card-label card-pictures-label" }),
    el("ol", { class: "card-pictures", "data-testid": "card-pictures" }, ...pupil.pictures.map((picture) =>
      el("li", { class: "card-picture", "data-testid": "card-picture", "data-picture": picture },
        pictureImage(picture, { alt: "" }),
        keep(el("span", { class: "card-picture-name" }), (node) => { node.textContent = pictureName(picture); })))),
    words("p", "cards.pictureHow", {}, { class: "card-how", "data-testid": "card-how" })));
}

function forget(key) {
  sessionStorage.removeItem(CARDS_KEY);
  $("login-cards").replaceChildren();
  $("print").disabled = true;
  $("forget").disabled = true;
  $("cards-help").hidden = true;
  tell(key, {}, true);
}

mountLanguagePicker(document.querySelector("header.bar"));
const data = read();
const title = document.querySelector("title");
if (data) {
  $("login-cards").replaceChildren(...data.pupils.map((pupil) => (Array.isArray(pupil.pictures) ? pictureCard : card)(data, pupil)));
  delete title.dataset.i18n; // the class's name is in it: drawn here in each language
  keep(title, (node) => { node.textContent = t("cards.page.titleClass", { name: data.className }); });
} else {
  forget("cards.none");
}
$("print").addEventListener("click", () => window.print());
$("forget").addEventListener("click", () => forget("cards.cleared"));
document.body.dataset.ready = "true";
