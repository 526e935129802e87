// "Are you sure?" inside the page: a modal <dialog> with two plain buttons. window.confirm is
// avoided on purpose: it blocks the page, looks different everywhere, and some browsers (and
// headless test runs) dismiss it on their own. showModal() gives the focus trap and Escape.
import { el } from "/shared/api.js";

let open = null; // the question being asked, if any: a second one waits for no one

// Its look is in tessera.css; this adds that a word longer than the dialog (a long word in some
// language) breaks instead of running out of it. Added once, with the first question.
let styled = false;
function style() {
  if (styled) return;
  styled = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync("dialog.ask h2, dialog.ask p { overflow-wrap: break-word; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/**
 * Asks a yes/no question. Resolves true for `yes`, false for `no`, Escape or a click outside.
 * The words are the page's, in its language (`t(…)`); the dialog lives in the page, so it carries
 * the page's lang and dir.
 * The focus starts on `no` (the safe answer) and goes back where it was afterwards.
 */
export function ask({ title, text, yes, no }) {
  if (open) return Promise.resolve(false);
  style();
  const before = document.activeElement;
  const heading = el("h2", { id: "ask-title", text: title });
  const body = el("p", { id: "ask-text", text });
  const yesButton = el("button", { type: "button", class: "primary", "data-testid": "ask-yes", text: yes });
  const noButton = el("button", { type: "button", "data-testid": "ask-no", text: no });
  const dialog = el("dialog", {
    class: "ask", "data-testid": "ask", "aria-labelledby": "ask-title", "aria-describedby": "ask-text",
  }, heading, body, el("div", { class: "ask-buttons" }, noButton, yesButton));
  document.body.append(dialog);
  open = new Promise((resolve) => {
    const finish = (answer) => {
      if (dialog.open) dialog.close();
      dialog.remove();
      open = null;
      if (before?.isConnected) before.focus({ preventScroll: true });
      resolve(answer);
    };
    yesButton.addEventListener("click", () => finish(true));
    noButton.addEventListener("click", () => finish(false));
    dialog.addEventListener("cancel", (event) => { event.preventDefault(); finish(false); });
    // A click on the backdrop lands on the dialog element itself, outside its box.
    dialog.addEventListener("click", (event) => {
      const box = dialog.getBoundingClientRect();
      const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (event.target === dialog && !inside) finish(false);
    });
  });
  dialog.showModal();
  noButton.focus();
  return open;
}
