// The classroom's words (issue 38): a thin layer over /shared/words.js with keys relative to the
// catalogues' `classroom.` part (Sources/Languages/catalogues/<code>/classroom.json), for the
// teachers' page, the login cards and the picture sign-in page.
// - Fixed words in the HTML carry `data-i18n="classroom.…"` (English stays there for a page without
//   scripts); translatePage() puts them in the page's language now and words.js does again on a change.
// - Words a script writes are kept in the page's language by `keep(node, draw)`: `draw(node)` runs now
//   and again after every change of language, for as long as the node lives. `words`, `labelled`,
//   `rich`, `tell` and `formWords` (forms.js) are built on it, so a teacher who switches language
//   mid-way keeps what is on screen (new passwords shown once included), in the new language.
// - The server's own sentences (API errors) are shown as they come (`sayText`): they are not ours.
// - The language picker and the "can't reach the server" banner are every page's (/shared/, `shared.*`).
// - The pupils' words on Rapid Router (its "I'm in a class" button, its sign-in form's labels) come
//   from the router's own keys (`router.…`), so what a card or a hint names is what the pupil sees.
import * as shared from "/shared/words.js";
import { el, say, textWithCode } from "/shared/api.js";
import { setConnectionWordsFrom } from "/shared/connection.js";

const area = shared.scoped("classroom");

/** The message `key` (relative to `classroom.`) in the page's language, with `args` filled in. */
export const { t } = area;
export const { language, formatDate, onLanguageChange, translatePage } = shared;

/** `items` as one phrase in the page's language ("A, B and C"). */
export const list = (items) => shared.list(items);

/** Rapid Router's words a pupil reads there, named on our pages so both say the same. */
export const routerWords = {
  button: () => shared.t("router.player.classSignIn.button"),
  buttonShort: () => shared.t("router.player.classSignIn.buttonShort"),
  code: () => shared.t("router.player.classSignIn.code"),
  name: () => shared.t("router.player.classSignIn.name"),
  password: () => shared.t("router.player.classSignIn.password"),
};

// ---- words a script writes, kept in the page's language ----------------------------------------------
const draws = new WeakMap(); // node → its draw function
const kept = new Set(); // WeakRefs to the nodes in `draws` (a WeakMap cannot be walked)

/** Draws `node`'s words with `draw(node)` now and after every change of language; answers `node`. */
export function keep(node, draw) {
  if (!draws.has(node)) kept.add(new WeakRef(node));
  draws.set(node, draw);
  draw(node);
  return node;
}

/** `node`'s words are no longer ours to redraw (it now shows the server's words, or someone's data). */
export function release(node) {
  draws.delete(node);
}

onLanguageChange(() => {
  for (const ref of kept) {
    const node = ref.deref();
    const draw = node && draws.get(node);
    if (draw) draw(node);
    else kept.delete(ref);
  }
});

/** Puts the message `key` with `args` in `node` (backticks make <code>), kept in the page's language. */
export function show(node, key, args) {
  return keep(node, (target) => target.replaceChildren(...textWithCode(t(key, args))));
}

/** A new element whose text is the message `key` with `args`, kept in the page's language;
 *  `attributes` as for el(), and `labels` as for labelled(). */
export function words(tag, key, args = {}, attributes = {}, labels = null) {
  const node = el(tag, attributes);
  keep(node, (target) => {
    target.replaceChildren(...textWithCode(t(key, args)));
    if (labels) for (const [name, labelKey] of Object.entries(labels)) target.setAttribute(name, t(labelKey, args));
  });
  return node;
}

/** Sets `node`'s attributes from messages ({ "aria-label": key }) with `args`, kept in the page's
 *  language; answers `node`. (For an element whose text is someone's data, or drawn elsewhere.) */
export function labelled(node, labels, args = {}) {
  const draw = () => { for (const [name, key] of Object.entries(labels)) node.setAttribute(name, t(key, args)); };
  // A second function on the same node must not replace its text's: both go into one draw.
  const before = draws.get(node);
  return keep(node, before ? () => { before(node); draw(); } : draw);
}

// A placeholder no message contains: an element's place in a message, while it is formatted.
const SLOT = (index) => `\u{F0000}${index}\u{F0001}`;
const SLOTS = /\u{F0000}(\d+)\u{F0001}/u;

/** The nodes of message `key` where `args` may hold elements (a link, a <strong> with a name): the
 *  message is written around them, so a language puts them wherever its sentence needs them. */
export function richNodes(key, args = {}) {
  const nodes = [];
  const textArgs = {};
  for (const [name, value] of Object.entries(args)) {
    if (value instanceof Node) {
      textArgs[name] = SLOT(nodes.length);
      nodes.push(value);
    } else {
      textArgs[name] = value;
    }
  }
  const parts = t(key, textArgs).split(SLOTS);
  return parts.map((part, index) => (index % 2 ? nodes[Number(part)] : part)).filter((part) => part !== "");
}

/** Fills `node` with message `key` around the elements in `args` (richNodes), kept in the page's
 *  language; `args` may be a function answering them (drawn again with each language). */
export function rich(node, key, args = {}) {
  return keep(node, (target) => target.replaceChildren(...richNodes(key, typeof args === "function" ? args() : args)));
}

/** A new element holding message `key` around the elements in `args` (see rich). */
export function richElement(tag, key, args = {}, attributes = {}) {
  return rich(el(tag, attributes), key, args);
}

// ---- the status line ------------------------------------------------------------------------------------
/** Says message `key` in the page's status line (`info`: news rather than a problem), kept in the
 *  page's language until something else is said; `args` may be a function answering them. */
export function tell(key, args = {}, info = false) {
  const line = document.getElementById("message");
  keep(line, () => say(t(key, typeof args === "function" ? args() : args), info));
}

/** Says the server's own words (or clears the line with ""), as they come. */
export function sayText(text, info = false) {
  release(document.getElementById("message"));
  say(text, info);
}

// ---- the page's fixed words ---------------------------------------------------------------------------
// The banner shown when the server can't be reached speaks the page's language (`shared.connection.*`).
setConnectionWordsFrom(shared.t);

translatePage();
