// The rules RouterKit owns (a level's limits, a program's name length, the stars a level can earn),
// as the server sends them in the level list's `rules` (GET /api/router/episodes). The pages check
// and word their messages by these numbers instead of keeping copies that could drift from the kit.
// Until they arrive every limit is unknown (undefined): checks that need one wait for the server.
import { api } from "/shared/api.js";

export const rules = { level: null, program: null, maxStars: null };

/** Keeps the rules of a level list the page has loaded anyway. */
export function useRules(sent) {
  if (sent && typeof sent === "object") Object.assign(rules, sent);
  return rules;
}

/** Loads the rules for a page that does not otherwise need the level list (the designer). */
export async function loadRules() {
  return useRules((await api("/api/router/episodes")).rules);
}
