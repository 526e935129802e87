// The login cards: one per pupil with the class, its code, the pupil's name and password, and where
// to sign in. The data comes from the classroom page through sessionStorage and is cleared once the
// cards are printed (or the teacher says they are done), so the passwords do not linger.
import { $, el, say } from "/shared/api.js";
import { CARDS_KEY } from "./cards-data.js";

function read() {
  try {
    const data = JSON.parse(sessionStorage.getItem(CARDS_KEY) ?? "null");
    return data && Array.isArray(data.pupils) ? data : null;
  } catch {
    return null;
  }
}

function card(data, pupil) {
  return el("li", { class: "login-card", "data-testid": "login-card" },
    el("p", { class: "card-class", "data-testid": "card-class", text: data.className }),
    el("p", { class: "card-field" }, el("span", { class: "card-label", text: "Class code" }),
      el("span", { class: "card-code", "data-testid": "card-code", text: data.code })),
    el("p", { class: "card-field" }, el("span", { class: "card-label", text: "Name" }),
      el("span", { class: "card-name", "data-testid": "card-name", text: pupil.name })),
    el("p", { class: "card-field" }, el("span", { class: "card-label", text: "Password" }),
      el("span", { class: "card-password", "data-testid": "card-password", text: pupil.password })),
    el("p", { class: "card-how", "data-testid": "card-how" }, "Go to ", el("strong", { text: `${data.origin}/router/` }),
      " and choose “I'm in a class”."));
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
// After the print dialog closes (printed or not, the browser does not say) the passwords go.
window.addEventListener("afterprint", () => forget("The cards went to the printer and the passwords are cleared from this page. You can close this tab."));
document.body.dataset.ready = "true";
