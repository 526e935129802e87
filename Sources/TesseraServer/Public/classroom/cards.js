// The login cards: one per pupil with the class, its code, the pupil's name and password, and where
// to sign in. A picture class's pupil (one with `pictures`) gets a picture card instead: the class's
// short link (/c/CODE) printed large, her name, and her two pictures large and numbered in order.
// The data comes from the classroom page through sessionStorage and stays until the teacher
// presses Done (a print dialog closing says nothing of whether it printed, so it clears nothing:
// Print again works). The card speaks the pupils' page's words in its language (Rapid
// Router's messages), so "press “I'm in a class”" names the button the pupil really sees.
import { $, el, say } from "/shared/api.js";
import { language, t } from "/router/shared/i18n.js";
import { CARDS_KEY } from "./cards-data.js";
import { pictureImage } from "./picture-art.js";

const WORDS = "player.classSignIn";

function read() {
  try {
    const data = JSON.parse(sessionStorage.getItem(CARDS_KEY) ?? "null");
    return data && Array.isArray(data.pupils) ? data : null;
  } catch {
    return null;
  }
}

function card(data, pupil) {
  const field = (word, testid, text) => el("p", { class: "card-field" }, el("span", { class: "card-label", text: t(`${WORDS}.${word}`) }),
    el("span", { class: `card-${testid.slice(5)}`, "data-testid": testid, text }));
  return el("li", { class: "login-card", "data-testid": "login-card", lang: language() },
    el("p", { class: "card-class", "data-testid": "card-class", text: data.className }),
    field("code", "card-code", data.code),
    field("name", "card-name", pupil.name),
    field("password", "card-password", pupil.password),
    el("p", { class: "card-how", "data-testid": "card-how",
      text: t(`${WORDS}.cardHow`, { address: `${data.origin}/router/`, button: t(`${WORDS}.button`), short: t(`${WORDS}.buttonShort`) }) }));
}

// The short link as the class's page prints it: the server's address, then /c/CODE in large letters.
function pictureCard(data, pupil) {
  const link = `${data.origin}/c/${encodeURIComponent(data.code)}`;
  return el("li", { class: "login-card picture-card", "data-testid": "login-card", lang: language() },
    el("p", { class: "card-class", "data-testid": "card-class", text: data.className }),
    el("p", { class: "card-link-line" }, el("span", { class: "card-label", text: t(`${WORDS}.pictureLink`) }),
      el("span", { class: "card-link", "data-testid": "card-link" }, el("span", { class: "card-origin", text: data.origin }),
        el("span", { class: "card-short", text: link.slice(data.origin.length) }))),
    el("p", { class: "card-field" }, el("span", { class: "card-label", text: t(`${WORDS}.name`) }),
      el("span", { class: "card-name", "data-testid": "card-name", text: pupil.name })),
    el("p", { class: "card-label card-pictures-label", text: t(`${WORDS}.pictures`) }),
    el("ol", { class: "card-pictures", "data-testid": "card-pictures" }, ...pupil.pictures.map((picture) =>
      el("li", { class: "card-picture", "data-testid": "card-picture", "data-picture": picture },
        pictureImage(picture, { alt: "" }), el("span", { class: "card-picture-name", lang: "en", text: picture })))),
    el("p", { class: "card-how", "data-testid": "card-how", text: t(`${WORDS}.pictureHow`) }));
}

function forget(words) {
  sessionStorage.removeItem(CARDS_KEY);
  $("login-cards").replaceChildren();
  $("print").disabled = true;
  $("forget").disabled = true;
  $("cards-help").hidden = true;
  say(words, true);
}

const data = read();
if (data) {
  $("login-cards").replaceChildren(...data.pupils.map((pupil) => (Array.isArray(pupil.pictures) ? pictureCard : card)(data, pupil)));
  document.title = `Login cards for ${data.className} · Tessera`;
} else {
  forget("No cards to print. Login cards are made when you add pupils or give one a new password: go back to the Classroom and do that first.");
}
$("print").addEventListener("click", () => window.print());
$("forget").addEventListener("click", () => forget("The passwords are cleared from this page. You can close this tab."));
document.body.dataset.ready = "true";
