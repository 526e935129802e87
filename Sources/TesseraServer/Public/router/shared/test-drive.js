// The designer's Test drive: the player shows the draft the designer keeps in localStorage (the
// designer writes it on every change, under DRAFT_KEY) and runs programs on it with
// POST /api/router/runs, which stores nothing: no level, no progress. "Back to the designer"
// returns to the same draft, because the designer reads it back from the same place.

export const DRAFT_KEY = "tessera.router.designer";
/** The id the player files the draft's program under (localStorage), so it survives test drives. */
export const DRAFT_ID = "draft";
export const DESIGNER_URL = "/router/designer.html";

/** The draft level as the designer last left it, or null when there is none. */
export function readDraft() {
  try {
    const level = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? "null")?.level;
    if (!level || !Array.isArray(level.road) || !level.road.length) return null;
    return { ...level, id: DRAFT_ID, source: "draft" };
  } catch {
    return null;
  }
}

/** The id the draft is saved under in My levels, or null while it has never been saved. */
export function savedDraftID() {
  try {
    return JSON.parse(localStorage.getItem(DRAFT_KEY) ?? "null")?.saved?.id ?? null;
  } catch {
    return null;
  }
}

/** The level as POST /api/router/runs takes it: without the player's own `source` mark. */
export function draftBody(level) {
  const { source: _source, ...rest } = level;
  return rest;
}
