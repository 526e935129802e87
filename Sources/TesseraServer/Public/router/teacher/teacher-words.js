// The teacher's dashboard's words (issue 38): every word from the catalogues' `router.teacher.*` (and
// a few other `router.*` keys with the same words), through /shared/words.js. Unlike the game's
// pages (router/shared/i18n.js writes numbers as a program writes them), the dashboard's numbers
// are a teacher's figures: counts, scores and times are written by Intl in the page's language
// (words.js's formatNumber/formatDate), and a plural still picks its form by the number.
// - `phrase(key, args)`: a message as nodes, where an argument may be an element (a link, or a level's
//   name marked with its language) put in its place, so a sentence is never cut into pieces.
// - `serverWords(tag, text, lang)`: words the server wrote (an episode's or level's name, a run's
//   sentence), marked with the language the answer says they are in; `serverName(text, lang)` the same
//   for a name inside one of our sentences (marked only where its language is not the page's).
// - The level list (GET /api/router/episodes?lang=) is the dashboard's source of our episodes' and
//   levels' names in the page's language (the scoreboard's answer names them in English):
//   `loadNames()` asks for it again after a change of language; `levelName(id, fallback)`.
import { api, el } from "/shared/api.js";
import * as words from "/shared/words.js";
import { inPageLanguage, list, serverTextLanguage, SERVER_LANGUAGE } from "../shared/i18n.js";

const router = words.scoped("router");

/** The message `key` (relative to `router.`) in the page's language; numbers written by Intl. */
export const t = (key, args = {}) => router.t(key, args);
/** Attributes named by messages, kept in the page's language by translatePage:
 *  `{...translatedAttributes("aria-label:key; title:key")}`. */
export const { translatedAttributes } = router;
/** An element's fixed words (`el(tag, {...fixed("key")})`), kept in the page's language by translatePage. */
export const fixed = (key) => ({ "data-i18n": `router.${key}`, text: t(key) });
export const { formatNumber, formatDate, language, onLanguageChange, translatePage } = words;
export { list, inPageLanguage, serverTextLanguage, SERVER_LANGUAGE };

// Private-use characters stand for the element arguments while the message is formatted.
const MARK = (index) => String.fromCharCode(0xE000 + index);
const MARKS = /([\uE000-\uE0FF])/u;

/** The message `key` as nodes: each argument that is a Node is put where the message says. */
export function phrase(key, args = {}) {
  const nodes = [];
  const texts = {};
  for (const [name, value] of Object.entries(args)) {
    if (value instanceof Node) {
      texts[name] = MARK(nodes.length);
      nodes.push(value);
    } else texts[name] = value;
  }
  if (!nodes.length) return [t(key, texts)];
  return t(key, texts).split(MARKS).filter(Boolean)
    .map((piece) => (piece.length === 1 && piece.charCodeAt(0) >= 0xE000 && piece.charCodeAt(0) < 0xE000 + nodes.length
      ? nodes[piece.charCodeAt(0) - 0xE000] : piece));
}

/** `text` the server wrote, in a `tag` marked with its language (`lang`; none for people's own words). */
export function serverWords(tag, text, lang, attributes = {}) {
  return el(tag, { ...attributes, text: text ?? "", lang: lang || false });
}

/** A name the server wrote, for a place in one of our sentences (`phrase`): in a <span> marked with
 *  its language when that is not the page's (the sentence around it says the page's), else as text. */
export const serverName = (text, lang) => (lang && lang !== language() ? serverWords("span", text, lang) : String(text ?? ""));

// ---- our episodes' and levels' names, in the page's language -------------------------------------
const names = { episodes: new Map(), levels: new Map(), asked: null };

/** Asks for the level list in the page's language: our episodes' and levels' names (and `lang`).
 *  Answers the whole list (its `rules` too), or null when it could not be fetched. */
export async function loadNames() {
  const asked = serverTextLanguage();
  names.asked = asked;
  let catalog;
  try {
    catalog = await api(inPageLanguage("/api/router/episodes"));
  } catch {
    return null; // the scoreboard's own (English) names are shown meanwhile
  }
  if (names.asked !== asked) return catalog; // the language changed again meanwhile
  names.episodes.clear();
  names.levels.clear();
  for (const episode of catalog.episodes ?? []) {
    names.episodes.set(episode.number, { name: episode.name, lang: episode.lang ?? SERVER_LANGUAGE });
    for (const level of episode.levels ?? []) names.levels.set(String(level.id), { name: level.name, lang: level.lang ?? SERVER_LANGUAGE });
  }
  return catalog;
}

/** Episode `number`'s name {name, lang}: the level list's, else `fallback` (the scoreboard's, English). */
export const episodeName = (number, fallback = "") =>
  names.episodes.get(number) ?? { name: fallback, lang: SERVER_LANGUAGE };

/** Level `id`'s name {name, lang}: ours from the level list; else `fallback` in `fallbackLang` (for a
 *  level people made, their own words: no lang). */
export function levelName(id, fallback = "", fallbackLang = false) {
  return names.levels.get(String(id)) ?? { name: fallback, lang: fallbackLang };
}

// ---- times ---------------------------------------------------------------------------------------
/** "42 s", "3 min", "1 h 5 min": time spent, as a teacher reads it at a glance. */
export function duration(seconds) {
  const total = Math.round(Number(seconds) || 0);
  if (total < 60) return t("teacher.time.seconds", { count: total });
  const minutes = Math.round(total / 60);
  if (minutes < 60) return t("teacher.teaching.activity.minutes", { count: minutes });
  return minutes % 60
    ? t("teacher.teaching.activity.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
    : t("teacher.time.hoursOnly", { count: Math.floor(minutes / 60) });
}

/** "today 14:05", "yesterday 09:12", "3 Nov 10:00": when, in the teacher's own time zone; with
 *  `{short: true}` today's time alone. */
export function when(iso, { short = false } = {}) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const time = formatDate(date, { hour: "2-digit", minute: "2-digit" });
  const day = (d) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(new Date()) - day(date)) / 86_400_000);
  if (days === 0) return short ? time : t("teacher.time.today", { time });
  if (days === 1) return t("teacher.time.yesterday", { time });
  return t("teacher.time.day", { date: formatDate(date, { day: "numeric", month: "short" }), time });
}


/** "20/20": a score out of its most (the numbers in the page's language). */
export const outOf = (score, most) => `${formatNumber(Number(score) || 0)}/${formatNumber(Number(most) || 0)}`;
