// Keeping the designer's draft across a test drive and back: the level (and whether it is saved as
// it is) in localStorage, where the player's Test drive reads it; undo and redo in this tab's
// sessionStorage. Storage that is full or switched off loses only the draft, never the page.
import { fromLevel, toLevel } from "./designer-model.js";
import { DRAFT_KEY } from "../shared/test-drive.js";

const HISTORY_KEY = "tessera.router.designer.history";

const signatureOf = (state) => JSON.stringify(toLevel(state.draft));

export function storeDraft(state) {
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ level: toLevel(state.draft), saved: state.saved }));
  } catch { /* a full or disabled storage only loses the draft */ }
}

/** Undo survives a test drive and back (this tab only), with the draft it belongs to. Written when
 *  the page is left, not on every change: the history is up to 100 copies of the level. */
export function storeHistory(state) {
  try {
    sessionStorage.setItem(HISTORY_KEY, JSON.stringify({ signature: signatureOf(state), undo: state.undo, redo: state.redo }));
  } catch { /* only undo is lost */ }
}

/** Puts the stored draft (and its undo history, if it is still this draft's) into `state`; false when there is none. */
export function restoreDraft(state) {
  try {
    const stored = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? "null");
    if (!stored?.level) return false;
    state.draft = fromLevel(stored.level);
    state.saved = stored.saved?.id ? stored.saved : null;
    const history = JSON.parse(sessionStorage.getItem(HISTORY_KEY) ?? "null");
    if (history?.signature === signatureOf(state) && Array.isArray(history.undo) && Array.isArray(history.redo)) {
      state.undo = history.undo.filter((entry) => typeof entry === "string").slice(-100);
      state.redo = history.redo.filter((entry) => typeof entry === "string").slice(-100);
    }
    return true;
  } catch {
    return false;
  }
}
