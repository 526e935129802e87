// The login cards: one per pupil with the class, its code, the pupil's name and password, and where
// to sign in. The data comes from the classroom page through sessionStorage and stays until the
// teacher presses Done (a print dialog closing says nothing of whether it printed, so it clears
// nothing: Print again works). The card speaks the pupils' page's words in its language (Rapid
// Router's messages), so "press “I'm in a class”" names the button the pupil really sees.
import { $, el, say } from "/shared/api.js";
import { language, t } from "/router/shared/i18n.js";
import { CARDS_KEY } from "./cards-data.js";

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
  $("login-cards").replaceChildren(...data.pupils.map((pupil) => card(data, pupil)));
  document.title = `Login cards for ${data.className} · Tessera`;
} else {
  forget("No cards to print. Login cards are made when you add pupils or give one a new password: go back to the Classroom and do that first.");
}
$("print").addEventListener("click", () => window.print());
$("forget").addEventListener("click", () => forget("The passwords are cleared from this page. You can close this tab."));
document.body.dataset.ready = "true";
