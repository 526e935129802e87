// What the three printable pages share (print.html, certificates.html, guide.html): the page's
// language, the fixed words, the language picker, the Print buttons, and the address.
// - Language: `?lang=en|es` in the address wins (a teacher can hand out or bookmark a Spanish
//   guide), else the one the person chose on any Rapid Router page (i18n.js). Switching keeps the
//   address's `lang` in step, so reloading, printing again or sharing the link keeps the language.
// - Printing is the browser's own (window.print()): the pages are laid out for paper by print CSS
//   only (print.css and each page's sheet), and on screen they show the same sheets as paper.
// - `ready()` marks the page drawn (body[data-ready=true]), which the browser tests wait for.
import { $, say } from "/shared/api.js";
import { LANGUAGES, onLanguageChange, setLanguage, t, translatePage } from "../shared/i18n.js";
import { mountLanguagePicker } from "/shared/language-picker.js";

/** The address's query (?level=, ?class=, ?episode=, ?lang=). */
export const params = new URLSearchParams(location.search);

/** Sets up the page in its language and calls `redraw()` after every change of language. */
export function startPage(redraw) {
  const asked = params.get("lang");
  if (LANGUAGES.includes(asked)) setLanguage(asked);
  translatePage();
  // Where the player has it: leading the links on the right (router.css).
  const bar = document.querySelector("header.bar");
  mountLanguagePicker(bar, bar.querySelector(".bar-links"));
  for (const button of document.querySelectorAll("[data-print]")) button.addEventListener("click", () => window.print());
  onLanguageChange(async (lang) => {
    setAddress({ lang });
    document.body.dataset.ready = "false";
    await redraw();
  });
}

/** Changes the address's query in place (null removes a parameter), without a new history entry. */
export function setAddress(changes) {
  const url = new URL(location.href);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, String(value));
  }
  history.replaceState(null, "", url);
}

/** The page is drawn: its Print buttons work from now on. */
export function ready() {
  for (const button of document.querySelectorAll("[data-print]")) button.disabled = false;
  document.body.dataset.ready = "true";
}

/** Says a failure in the status line (the server's words, which a person can act on) and stops waiting. */
export function failed(error) {
  say(error?.message ?? String(error));
  ready();
}

/** Today's date, written out in the page's language ("27 November 2026", "27 de noviembre de 2026"),
 *  the way the browser's own region writes it when that is a region of the same language. */
export function today(lang) {
  const own = typeof navigator === "undefined" ? "" : String(navigator.language ?? "");
  const locale = own.toLowerCase().split("-")[0] === lang ? own : lang;
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric" }).format(new Date());
}

/** The tab's title (and a saved PDF's name): the message `key` with `values`. */
export function setTitle(key, values = {}) {
  document.title = t(key, values);
}

/** Shows or hides the element with `id`. */
export function show(id, visible = true) {
  $(id).hidden = !visible;
}
