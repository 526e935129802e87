// Rapid Router's two languages. Every word a page shows comes from one message file per language
// (messages/en.json, messages/es.json) through `t(key, params)`.
// - The files are data (JSON modules), with the same keys and the same {placeholders};
//   E2E/test_router_i18n.py checks every language against English. Keys are grouped by page:
//   common.* (both pages), designer.*, player.* and blocks.*, the block editor's words in
//   block-labels.js's shape (label: on a block; name: the palette's longer names; parts,
//   conditions, ops, compare, menu, say, palette), then groups and toolbox: the designer's toolbox.
// - The Spanish is written for children of 8 to 12 and their teachers. Python's keywords and
//   `my_van`'s methods stay in English, as in the original.
//
// - The language is the one the person chose (remembered in localStorage), else the browser's when
//   it is Spanish, else English. `setLanguage()` changes it, keeps <html lang> right, translates the
//   page's fixed words again (`translatePage`) and sends `tessera:language` on window, so each page
//   redraws what it drew itself (`onLanguageChange`).
// - Fixed words live in the HTML (English, so a page without scripts still reads) and are marked:
//   `data-i18n="key"` replaces the element's content (text between backticks becomes <code>), and
//   `data-i18n-attr="aria-label:key; title:key"` sets attributes.
// - A value with a count is {"one": …, "other": …}, chosen by Intl.PluralRules for {count}.
// - A key the language lacks falls back to English and is reported once (console.warn, only on a
//   developer's own machine); a key nobody has shows as itself.
// Both files are imported up front: they are small, and `t()` never has to wait for one.
import en from "./messages/en.json" with { type: "json" };
import es from "./messages/es.json" with { type: "json" };
import { el, textWithCode } from "/shared/api.js";
import { setConnectionWords } from "/shared/connection.js";

const MESSAGES = { en, es };
export const LANGUAGES = Object.keys(MESSAGES);
const FALLBACK = "en";
/** Site-wide, not Rapid Router's own: the next app to speak Spanish reads the same choice. */
export const LANGUAGE_KEY = "tessera.language";

const DEVELOPMENT = typeof location !== "undefined" && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(location.hostname);
const warned = new Set();

function chosen() {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (LANGUAGES.includes(stored)) return stored;
  } catch { /* storage switched off: fall through to the browser's language */ }
  const browser = typeof navigator === "undefined" ? "" : String(navigator.language ?? "").toLowerCase();
  return browser.startsWith("es") ? "es" : FALLBACK;
}

let current = chosen();
let plurals = new Intl.PluralRules(current);
if (typeof document !== "undefined") document.documentElement.lang = current;

/** The language of the words the server writes (our levels' names, lessons and hints, run messages):
 *  elements showing them say so (lang), so a screen reader reads them right on a Spanish page. */
export const SERVER_LANGUAGE = "en";

/** The page's language: "en" or "es". */
export const language = () => current;

/** `path` asking the server for our levels' words (names, lessons, hints, episodes) in the page's
 *  language: `?lang=` (the answer says which language each text is really in, as `lang`). English is
 *  the server's standard and needs none, so an English page asks at the same addresses as ever. */
export const inPageLanguage = (path) =>
  current === FALLBACK ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(current)}`;

const lookup = (messages, key) =>
  key.split(".").reduce((node, part) => (node && typeof node === "object" ? node[part] : undefined), messages);
const isMessage = (value) => typeof value === "string" || (value && typeof value === "object" && typeof value.other === "string");

function report(key, lang) {
  if (!DEVELOPMENT || warned.has(`${lang}:${key}`)) return;
  warned.add(`${lang}:${key}`);
  console.warn(`i18n: no "${lang}" message for "${key}"${lang === FALLBACK ? "" : "; English is shown"}.`);
}

/** The message `key` in the page's language, with {placeholders} filled from `params`. */
export function t(key, params = {}) {
  let value = lookup(MESSAGES[current], key);
  if (!isMessage(value)) {
    report(key, current);
    value = lookup(MESSAGES[FALLBACK], key);
    if (!isMessage(value)) {
      if (current !== FALLBACK) report(key, FALLBACK);
      return key;
    }
  }
  if (typeof value === "object") {
    const count = Number(params.count);
    value = (Number.isFinite(count) && value[plurals.select(count)]) || value.other;
  }
  return value.replace(/\{(\w+)\}/g, (whole, name) => (params[name] === undefined || params[name] === null ? whole : String(params[name])));
}

/** `key`'s message in every language (e.g. to tell a default name from one a person typed). */
export const allTranslations = (key) => LANGUAGES.map((lang) => lookup(MESSAGES[lang], key)).filter((value) => typeof value === "string");

/** `items` as one phrase ("a, b, c"), with the language's separator. */
export const list = (items) => items.join(t("common.listSeparator"));

/** Puts the page's language into every marked element under `root` (see the top of this file). */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const text = t(node.dataset.i18n);
    if (node.tagName === "TITLE") node.textContent = text;
    else node.replaceChildren(...textWithCode(text));
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [attribute, key] = pair.split(":").map((part) => part.trim());
      if (attribute && key) node.setAttribute(attribute, t(key));
    }
  }
  // Words that CSS draws (`content:` of a ::after) come through custom properties, as CSS strings.
  for (const node of root.querySelectorAll("[data-i18n-css]")) {
    for (const pair of node.dataset.i18nCss.split(";")) {
      const [property, key] = pair.split(":").map((part) => part.trim());
      if (property && key) node.style.setProperty(property, JSON.stringify(t(key)));
    }
  }
}

/** A new element whose words are the message `key`, marked so `translatePage` keeps it in the page's
 *  language (for fixed words a script draws: no redraw needed when the language changes). */
export const translated = (tag, key, attributes = {}) =>
  el(tag, { ...attributes, "data-i18n": key }, ...textWithCode(t(key)));

/** Makes `node`'s words the message `key`, kept in the page's language as `translated` keeps its own. */
export function showTranslated(node, key) {
  node.dataset.i18n = key;
  node.replaceChildren(...textWithCode(t(key)));
}

/** Attributes named by messages, marked the same way: `{...translatedAttributes("aria-label:key; title:key")}`. */
export function translatedAttributes(spec) {
  const attributes = { "data-i18n-attr": spec };
  for (const pair of spec.split(";")) {
    const [attribute, key] = pair.split(":").map((part) => part.trim());
    if (attribute && key) attributes[attribute] = t(key);
  }
  return attributes;
}

/** Switches the page to `lang` and remembers it; pages redraw on `tessera:language`. */
export function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) return false;
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch { /* not remembered, but this page still switches */ }
  if (lang === current) return false;
  current = lang;
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  translatePage();
  window.dispatchEvent(new CustomEvent("tessera:language", { detail: lang }));
  return true;
}

/** Calls `redraw(lang)` after every change of language. */
export function onLanguageChange(redraw) {
  window.addEventListener("tessera:language", (event) => redraw(event.detail));
}

// The banner shown when the server can't be reached (shared/connection.js) speaks the page's language.
setConnectionWords({
  unreachable: () => t("common.connection.unreachable"),
  retryingIn: (seconds) => t("common.connection.retryingIn", { seconds }),
  retrying: () => t("common.connection.retrying"),
  back: () => t("common.connection.back"),
  tryNow: () => t("common.connection.tryNow"),
});
