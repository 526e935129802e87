// Every word a page shows, in the person's language: the one runtime every page uses (issue 38).
// The words are data: one catalogue per language on the server (Sources/Languages/catalogues/<code>.json,
// served at GET /api/languages/{code}; the list at GET /api/languages), whose `messages` are nested
// objects of strings in a subset of ICU MessageFormat; a key is the dotted path to a string
// ("router.common.print"). The shared spec (and the cases both formatters must pass:
// Tests/Fixtures/words/messageformat-cases.json) is the contract with the server's formatter.
//
// - Message syntax: plain text; `{name}` (a number is formatted for the language); `{name, number}`;
//   `{name, plural, =0 {…} one {…} other {…}}` (exact `=N` first, then the language's CLDR category;
//   `#` in a branch is the number); `{name, select, a {…} other {…}}`. `''` is one apostrophe; a `'`
//   right before `{`, `}` (or `#` in a plural branch) quotes up to the next `'`; any other `'` is
//   just an apostrophe. A missing argument stays as written (`{name}`). Each message is parsed once.
// - Plural categories come from the catalogue's `language.plural` (CLDR rules, restricted to n, i, v,
//   %, =, !=, ranges, lists, and/or), so a new language needs no code. Numbers go through
//   Intl.NumberFormat with Latin digits (0–9) in every language.
// - The language: `?lang=` in the address, then the one chosen before (localStorage
//   "tessera.language", site-wide), then the browser's languages (exact code, then the same primary
//   subtag), else English. A language the server has no catalogue for (404) is passed over.
//   The catalogue is loaded by a top-level await, so `t()` is synchronous for every importer.
//   English is loaded beside any other language: a key the language lacks shows in English and is
//   reported once (console.warn, only on a developer's own machine); a key nobody has shows as itself.
// - `<html lang dir>` follow the catalogue's `language`. `setLanguage()` changes the language,
//   remembers it, translates the page's marked words again and sends `tessera:language` on window,
//   so each page redraws what it drew itself (`onLanguageChange`).
// - Fixed words live in the HTML (English, so a page without scripts still reads) and are marked with
//   full keys: `data-i18n="key"` replaces the element's content (text between backticks becomes
//   <code>), `data-i18n-attr="aria-label:key; title:key"` sets attributes, `data-i18n-css="--x:key"`
//   sets a custom property to the words as a CSS string (for `content:`). `scoped("router")` gives
//   the same functions with keys relative to `router.` (the marks it writes carry full keys).

const FALLBACK = "en";
/** Site-wide: every app reads the same choice. */
export const LANGUAGE_KEY = "tessera.language";

import { format, intlLocale, numberText } from "./message-format.js";

export { format, pluralCategory } from "./message-format.js";

// ---- the page's language ------------------------------------------------------------------------
const IN_BROWSER = typeof window !== "undefined" && typeof document !== "undefined";
const DEVELOPMENT = IN_BROWSER && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(location.hostname);
const warned = new Set();
function report(key, lang) {
  if (!DEVELOPMENT || warned.has(`${lang}:${key}`)) return;
  warned.add(`${lang}:${key}`);
  console.warn(`i18n: no "${lang}" message for "${key}"${lang === FALLBACK ? "" : "; English is shown"}.`);
}

/** A well-formed language code in its usual spelling ("pt-br" → "pt-BR"), else null. */
function canonical(code) {
  if (typeof code !== "string" || !code.trim()) return null;
  try {
    return Intl.getCanonicalLocales(code.trim())[0] ?? null;
  } catch {
    return null;
  }
}

const catalogues = new Map(); // code → Promise of its catalogue, or of null (none on the server)
function load(code) {
  let pending = catalogues.get(code);
  if (!pending) {
    pending = fetch(`/api/languages/${encodeURIComponent(code)}`, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((catalogue) => (catalogue && typeof catalogue.messages === "object" ? catalogue : null))
      .catch(() => null);
    pending.then((catalogue) => { if (catalogue) loaded.set(code, catalogue); else catalogues.delete(code); });
    catalogues.set(code, pending);
  }
  return pending;
}
const loaded = new Map(); // code → catalogue, once it is here

/** Loads the catalogue of `code` without switching to it: a promise of {language, messages}, or of
 *  null when the server has none. */
export const loadCatalogue = (code) => {
  const wanted = canonical(code);
  return wanted ? load(wanted) : Promise.resolve(null);
};

let listed = null;
/** The languages the server has: [{code, name, dir}] (asked once). */
export function languages() {
  listed ??= (IN_BROWSER ? fetch("/api/languages").then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
    : Promise.reject(new Error("no server")))
    .then((answer) => answer.languages)
    .catch(() => {
      listed = null; // asked again next time
      return [...loaded.values()].map(({ language }) => ({ code: language.code, name: language.name, dir: language.dir }));
    });
  return listed;
}

/** The first of the browser's languages the server has: same code, else same primary subtag. */
function browserChoice(available) {
  const codes = available.map((language) => language.code);
  const lower = codes.map((code) => code.toLowerCase());
  const wanted = IN_BROWSER ? (navigator.languages?.length ? navigator.languages : [navigator.language]) : [];
  for (const each of wanted.filter(Boolean)) {
    const code = String(each).toLowerCase();
    const exact = lower.indexOf(code);
    if (exact >= 0) return codes[exact];
    const primary = code.split("-")[0];
    const same = lower.indexOf(primary);
    if (same >= 0) return codes[same];
    const cousin = lower.findIndex((other) => other.split("-")[0] === primary);
    if (cousin >= 0) return codes[cousin];
  }
  return null;
}

function storedChoice() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null; // storage switched off
  }
}

const EMPTY = { language: { code: FALLBACK, name: "English", dir: "ltr", plural: { one: "i = 1 and v = 0" } }, messages: {} };
let current = EMPTY; // the page's catalogue
let english = EMPTY; // the fallback's

async function start() {
  languages(); // asked now, beside the catalogues
  load(FALLBACK);
  const asked = IN_BROWSER ? new URLSearchParams(location.search).get("lang") : null;
  let chosen = null;
  for (const code of [canonical(asked), canonical(storedChoice())]) {
    if (code && await load(code)) { chosen = code; break; }
  }
  if (!chosen) {
    const code = browserChoice(await languages());
    if (code && await load(code)) chosen = code;
  }
  chosen ??= FALLBACK;
  const [catalogue, fallback] = await Promise.all([load(chosen), load(FALLBACK)]);
  english = fallback ?? EMPTY;
  current = catalogue ?? english;
  if (catalogue) keepForOffline(catalogue);
  else if (!fallback) current = english = keptForOffline() ?? EMPTY; // the server is away: last visit's shared words
  if (!fallback) console.warn("i18n: the English words could not be loaded; keys are shown instead.");
  markDocument();
}

// A page opened while the server is away (served from the browser's cache, or only the API down)
// has no catalogue; the words every page needs then (the connection banner's, shared.*) are kept
// from the last visit, in the language it was in.
const OFFLINE_KEY = "tessera.words.offline";
function keepForOffline(catalogue) {
  try {
    localStorage.setItem(OFFLINE_KEY, JSON.stringify({ language: catalogue.language, messages: { shared: catalogue.messages.shared } }));
  } catch {
    // storage full or switched off: the banner shows signs instead
  }
}
function keptForOffline() {
  try {
    const kept = JSON.parse(localStorage.getItem(OFFLINE_KEY) ?? "null");
    return kept && typeof kept.messages === "object" && kept.language ? kept : null;
  } catch {
    return null;
  }
}

function markDocument() {
  if (!IN_BROWSER) return;
  document.documentElement.lang = language();
  document.documentElement.dir = direction();
}

/** The page's language code ("en", "es", "en-XA"…). */
export const language = () => current.language?.code ?? FALLBACK;
/** The page's writing direction: "ltr" or "rtl". */
export const direction = () => (current.language?.dir === "rtl" ? "rtl" : "ltr");
/** A loaded catalogue ({language, messages}), the page's by default; null if not loaded. Tests and
 *  modules that need the shape of a group of keys (block-labels.js) read it; words are read with t(). */
export const catalogue = (code = language()) => (code === language() ? current : loaded.get(code) ?? null);
/** Every catalogue loaded so far (the page's, English, and any other this page has used). */
export const loadedCatalogues = () => [...new Set([current, english, ...loaded.values()])].filter((each) => each !== EMPTY);

const lookup = (messages, key) =>
  key.split(".").reduce((node, part) => (node && typeof node === "object" ? node[part] : undefined), messages);

function formatIn(catalogue, message, args, key) {
  try {
    return format(message, args, { lang: catalogue.language.code, plural: catalogue.language.plural });
  } catch (error) {
    if (DEVELOPMENT) console.warn(`i18n: "${key}" in "${catalogue.language.code}" cannot be read: ${error.message}`);
    return message;
  }
}

// The message `key` in the page's language (else English, reported), formatted; `shown` when no
// language has it.
function translate(key, args, shown) {
  const own = lookup(current.messages, key);
  if (typeof own === "string") return formatIn(current, own, args, key);
  report(key, language());
  if (current !== english) {
    const fallback = lookup(english.messages, key);
    if (typeof fallback === "string") return formatIn(english, fallback, args, key);
    report(key, FALLBACK);
  }
  return shown;
}

/** The message `key` ("router.common.print") in the page's language, with `args` filled in. */
export const t = (key, args = {}) => translate(key, args ?? {}, key);

/** `n` as the page's language writes numbers (Latin digits). */
export const formatNumber = (n) => numberText(n, language());

/** A name people typed, isolated (FSI … PDI) for a sentence in any direction: a Latin name in an
 *  Arabic line keeps its own order and does not pull the numbers and words beside it along. */
export const isolated = (text) => `\u2068${text}\u2069`;

/** Shows TEXT in ELEMENT with each `isolated` part as a <bdi>, so the page's text (what a reader,
 *  a copy or a test sees) carries no invisible marks while the parts stay isolated. */
export function showIsolated(element, text) {
  element.replaceChildren(...text.split(/(\u2068[^\u2068\u2069]*\u2069)/).filter(Boolean).map((part) => {
    if (!part.startsWith("\u2068")) return document.createTextNode(part);
    const bdi = document.createElement("bdi");
    bdi.textContent = part.slice(1, -1);
    return bdi;
  }));
}
/** `value` with exactly `digits` decimals, as the page's language writes it (Latin digits): "2.50", "2,50". */
const fixedFormats = new Map();
export function formatFixed(value, digits) {
  const key = `${language()}/${digits}`;
  if (!fixedFormats.has(key)) {
    fixedFormats.set(key, new Intl.NumberFormat(intlLocale(language()), { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  }
  return fixedFormats.get(key).format(value);
}
/** `date` (a Date, or what Date takes) written in the page's language (Intl.DateTimeFormat's `options`). */
export const formatDate = (date, options = {}) =>
  new Intl.DateTimeFormat(intlLocale(language()), options).format(date instanceof Date ? date : new Date(date));
/** `items` as one phrase in the page's language ("a, b and c"). */
export const list = (items, options = { type: "conjunction" }) =>
  new Intl.ListFormat(intlLocale(language()), options).format([...items].map(String));

// ---- marked words in the page -----------------------------------------------------------------
const started = IN_BROWSER ? start() : null; // the words are on their way while the rest loads
const dom = IN_BROWSER ? await import("/shared/api.js") : null;
// Every page's connection banner speaks the page's language (shared.connection.*), asked each time.
if (IN_BROWSER) (await import("/shared/connection.js")).setConnectionWordsFrom(t);
const pairs = (spec) => spec.split(";").map((pair) => pair.split(":").map((part) => part.trim())).filter(([name, key]) => name && key);

/** Puts the page's language into every marked element under `root` (see the top of this file). */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    const text = t(node.dataset.i18n);
    if (node.tagName === "TITLE") node.textContent = text;
    else node.replaceChildren(...dom.textWithCode(text));
  }
  for (const node of root.querySelectorAll("[data-i18n-attr]")) {
    for (const [attribute, key] of pairs(node.dataset.i18nAttr)) node.setAttribute(attribute, t(key));
  }
  // Words that CSS draws (`content:` of a ::after) come through custom properties, as CSS strings.
  for (const node of root.querySelectorAll("[data-i18n-css]")) {
    for (const [property, key] of pairs(node.dataset.i18nCss)) node.style.setProperty(property, JSON.stringify(t(key)));
  }
}

/** The functions that take keys, with keys relative to `prefix` ("router" → "router.…"): marks they
 *  write carry full keys, so the one translatePage keeps every app's words in the page's language.
 *  A key no language has shows as it was asked for. */
export function scoped(prefix) {
  const full = (key) => (prefix ? `${prefix}.${key}` : key);
  const tr = (key, args = {}) => translate(full(key), args ?? {}, key);
  return {
    t: tr,
    translatePage,
    /** A new element whose words are the message `key`, marked so `translatePage` keeps it in the
     *  page's language (for fixed words a script draws: no redraw needed when the language changes). */
    translated: (tag, key, attributes = {}) => dom.el(tag, { ...attributes, "data-i18n": full(key) }, ...dom.textWithCode(tr(key))),
    /** Makes `node`'s words the message `key`, kept in the page's language as `translated` keeps its own. */
    showTranslated(node, key) {
      node.dataset.i18n = full(key);
      node.replaceChildren(...dom.textWithCode(tr(key)));
    },
    /** Attributes named by messages, marked the same way: `{...translatedAttributes("aria-label:key; title:key")}`. */
    translatedAttributes(spec) {
      const marks = pairs(spec);
      const attributes = { "data-i18n-attr": marks.map(([name, key]) => `${name}:${full(key)}`).join("; ") };
      for (const [name, key] of marks) attributes[name] = tr(key);
      return attributes;
    },
  };
}

export const { translated, showTranslated, translatedAttributes } = scoped("");

// ---- changing language ----------------------------------------------------------------------------
/** Switches the page to `code` and remembers it; pages redraw on `tessera:language`. Answers true
 *  when the language changed, false when it was the page's already or the server has no such language. */
export async function setLanguage(code) {
  const wanted = canonical(code);
  if (!wanted) return false;
  if (wanted === language()) {
    remember(wanted);
    return false;
  }
  const [catalogue, fallback] = await Promise.all([load(wanted), load(FALLBACK)]);
  if (!catalogue) return false;
  remember(wanted);
  if (fallback) english = fallback;
  if (catalogue === current) return false;
  current = catalogue;
  markDocument();
  translatePage();
  window.dispatchEvent(new CustomEvent("tessera:language", { detail: language() }));
  return true;
}

function remember(code) {
  try {
    localStorage.setItem(LANGUAGE_KEY, code);
  } catch { /* not remembered, but this page still switches */ }
}

/** Calls `redraw(code)` after every change of language. */
export function onLanguageChange(redraw) {
  window.addEventListener("tessera:language", (event) => redraw(event.detail));
}

await started;
