// Rapid Router's words: a thin wrapper over /shared/words.js (the runtime every page uses) that keeps
// the functions the router's modules have always imported, with keys relative to Rapid Router's
// part of each catalogue (`t("common.print")` is the catalogue's `router.common.print`).
// - The words are data: Sources/Languages/catalogues/<code>/router.json (the `router.*` keys), served at
//   /api/languages/{code}; E2E/test_router_i18n.py checks every language against English. Keys are
//   grouped by page: common.* (every page), designer.*, player.*, print.*, teacher.* and blocks.*,
//   the block editor's words in block-labels.js's shape (label: on a block; name: the palette's
//   longer names; parts, conditions, ops, compare, menu, say, palette), then groups and toolbox: the
//   designer's toolbox. A message with a count is an ICU plural: `{count, plural, one {…} other {…}}`.
// - The Spanish is written for children of 8 to 12 and their teachers. Python's keywords and
//   `my_van`'s methods stay in English, as in the original.
// - Choosing the language, `<html lang dir>`, the marked words (`data-i18n`, `data-i18n-attr`,
//   `data-i18n-css`, which carry full keys: "router.common.print"), a key a language lacks (English,
//   reported once on a developer's machine) and `tessera:language`: see words.js.
import * as words from "/shared/words.js";

const router = words.scoped("router");
const FALLBACK = "en";

/** The message `key` (relative to `router.`) in the page's language, with `params` filled in.
 *  Numbers are written as the router always wrote them (1000000, 2.5: as a program writes them, not
 *  "1,000,000"); a plural still picks its form by the number. */
export const t = (key, params = {}) => router.t(key, plainNumbers(params));
export const { translated, showTranslated, translatedAttributes } = router;

function plainNumbers(params) {
  if (!params || !Object.values(params).some((value) => typeof value === "number")) return params;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === "number" ? String(value) : value]));
}
export const { translatePage, onLanguageChange, language, LANGUAGE_KEY } = words;

/** Site-wide languages the server has ({code, name, dir}), asked once at load. */
const AVAILABLE = await words.languages();
/** The codes of the languages the server has ("en", "es", …). */
export const LANGUAGES = AVAILABLE.map((each) => each.code);
/** A language's name in its own words ("Español"), as the server's list says. */
export const languageName = (code) => AVAILABLE.find((each) => each.code === code)?.name
  ?? words.catalogue(code)?.language?.name ?? code;

/** The language of the words the server writes when it has none of the page's (the page marks them
 *  with `lang`, so a screen reader reads them right). */
export const SERVER_LANGUAGE = "en";

/** `path` asking the server for our levels' words (names, lessons, hints, episodes, run messages) in
 *  the page's language: `?lang=` (the server speaks every catalogue's language; the answer says which
 *  language each text is really in, as `lang`). English is the server's standard and needs none, so an
 *  English page asks at the same addresses as ever. */
export const inPageLanguage = (path) => (serverTextLanguage() === FALLBACK
  ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(serverTextLanguage())}`);

/** The language `inPageLanguage` asks the server's words in: the page's. */
export const serverTextLanguage = () => language();

const lookup = (messages, key) =>
  key.split(".").reduce((node, part) => (node && typeof node === "object" ? node[part] : undefined), messages);

/** `key`'s message in every language this page has loaded (always English and the page's language,
 *  and any it was in before; e.g. to tell a default name from one a person typed). The first call
 *  also loads the server's other languages in the background, for the calls after it. */
export function allTranslations(key) {
  for (const code of LANGUAGES) words.loadCatalogue(code);
  return [...new Set(words.loadedCatalogues().map((catalogue) => lookup(catalogue.messages, `router.${key}`)))]
    .filter((value) => typeof value === "string");
}

/** `items` as one phrase ("a, b, c"), with the language's separator. */
export const list = (items) => items.join(t("common.listSeparator"));

/** Switches the page to `lang` and remembers it (a promise: true when the language changed); pages
 *  redraw on `tessera:language`. */
export const setLanguage = (lang) => words.setLanguage(lang);

