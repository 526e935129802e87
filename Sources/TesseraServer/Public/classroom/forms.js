// Small helpers the classroom's forms share: the error line next to a form and a busy submit
// button. An error is either our words (a message key: what to do next, in the page's language) or
// the server's words, shown as they come (a 429 already says how long to wait).
import { release, show } from "./i18n.js";

/** Shows `text` (the server's words) in the form's own error line; "" clears it. */
export function formError(form, text) {
  const line = form.querySelector(".form-error");
  if (!line) return;
  release(line);
  line.textContent = text;
}

/** Shows our message `key` (with `args`) in the form's error line, kept in the page's language. */
export function formWords(form, key, args = {}) {
  const line = form.querySelector(".form-error");
  if (line) show(line, key, args);
}

/** Disables the form's submit button while its request is on the way (no double submits). */
export function setBusy(form, busy) {
  for (const button of form.querySelectorAll("button[type=submit]")) button.disabled = busy;
}
