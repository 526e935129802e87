// Every word the block editor shows or says (block labels, the words inside blocks, the palette,
// the block menu and the status messages about blocks) comes through here, from the catalogues
// (Rapid Router's "blocks" group: label.*, parts.*, conditions.*, name.*, menu.*, say.*, palette.*),
// in the page's language at the moment it is drawn or said. program.js and the
// block-*.js files read `LABELS.label.move_forwards`-style paths or call `words("say.pasted", …)`;
// neither keeps a word, so a change of language only needs the editor drawn again.
// (The English catalogue's router.blocks.label is also what scripts/router_level_texts.py checks lessons against.)
import { catalogue } from "/shared/words.js";
import { t } from "../shared/i18n.js";

const english = catalogue("en")?.messages?.router ?? {};
const isMessage = (node) => typeof node === "string";

/** A read-only view of the messages at `path` whose words are looked up (t) each time one is read.
 *  Its shape (which keys there are) is the English catalogue's, which every language shares. */
function view(node, path) {
  return new Proxy(node, {
    get(target, key) {
      if (typeof key !== "string" || !Object.hasOwn(target, key)) return undefined;
      const child = target[key];
      return isMessage(child) ? t(`${path}.${key}`) : view(child, `${path}.${key}`);
    },
    set() { return false; },
    deleteProperty() { return false; },
  });
}

export const LABELS = view(english.blocks ?? {}, "blocks");

/** The text at `path` ("say.pasted") in the page's language, with its {placeholders} filled from
 *  `values`; a message that depends on a number (palette.left, say.count) picks its form by {count}. */
export function words(path, values = {}) {
  return t(`blocks.${path}`, values);
}
