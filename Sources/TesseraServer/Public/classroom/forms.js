// Small helpers the classroom's forms share: the error line next to a form and a busy submit
// button. Errors are the server's own words (a 429 already says how long to wait).

/** Shows `text` (the server's words, or what to do next) in the form's own error line; "" clears it. */
export function formError(form, text) {
  const line = form.querySelector(".form-error");
  if (line) line.textContent = text;
}

/** Disables the form's submit button while its request is on the way (no double submits). */
export function setBusy(form, busy) {
  for (const button of form.querySelectorAll("button[type=submit]")) button.disabled = busy;
}
